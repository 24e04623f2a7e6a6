/** The claim names of LTI 1.3 core (IMS Learning Tools Interoperability Core 1.3, section 5.3 and 5.4). */
export const LTI_CLAIM = Object.freeze({
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
});

/** The message types a launch endpoint accepts: a resource link launch and a deep-linking request. */
export const LTI_MESSAGE_TYPES: readonly string[] = Object.freeze([
  'LtiResourceLinkRequest',
  'LtiDeepLinkingRequest',
]);

/** The only LTI version this package verifies. */
export const LTI_VERSION = '1.3.0';

/** The course or section a launch came from (`https://purl.imsglobal.org/spec/lti/claim/context`). */
export interface LaunchContext {
  readonly id: string;
  readonly label?: string | undefined;
  readonly title?: string | undefined;
  readonly type?: readonly string[] | undefined;
}

/** The link the student followed (`https://purl.imsglobal.org/spec/lti/claim/resource_link`). */
export interface LaunchResourceLink {
  readonly id: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
}

/** A verified launch: who the student is, where they came from, and every claim of the token. */
export interface Launch {
  /** The student's platform id, the token's `sub`: the activity's and every Caliper event's actor. */
  readonly platformUserId: string;
  /** The token's issuer (`iss`). */
  readonly issuer: string;
  readonly email?: string | undefined;
  readonly name?: string | undefined;
  readonly givenName?: string | undefined;
  readonly familyName?: string | undefined;
  /** LTI role URIs (empty when the token has none). */
  readonly roles: readonly string[];
  readonly context?: LaunchContext | undefined;
  readonly resourceLink?: LaunchResourceLink | undefined;
  readonly deploymentId?: string | undefined;
  readonly targetLinkUri?: string | undefined;
  /** `LtiResourceLinkRequest` or `LtiDeepLinkingRequest`; undefined for a platform that sends no LTI claims. */
  readonly messageType?: string | undefined;
  /** Every claim of the verified token, as sent. */
  readonly claims: Readonly<Record<string, unknown>>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function contextOf(value: unknown): LaunchContext | undefined {
  const found = record(value);
  const id = text(found?.id);
  if (!found || id === undefined) return undefined;
  const type = Array.isArray(found.type) ? found.type.filter((t) => typeof t === 'string') : undefined;
  return { id, label: text(found.label), title: text(found.title), type };
}

function resourceLinkOf(value: unknown): LaunchResourceLink | undefined {
  const found = record(value);
  const id = text(found?.id);
  if (!found || id === undefined) return undefined;
  return { id, title: text(found.title), description: text(found.description) };
}

/** The typed view of a verified token's claims (`sub` and `iss` already checked to be strings). */
export function launchOf(claims: Record<string, unknown>): Launch {
  const roles = claims[LTI_CLAIM.roles];
  return Object.freeze({
    platformUserId: claims.sub as string,
    issuer: claims.iss as string,
    email: text(claims.email),
    name: text(claims.name),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    roles: Array.isArray(roles) ? roles.filter((role) => typeof role === 'string') : [],
    context: contextOf(claims[LTI_CLAIM.context]),
    resourceLink: resourceLinkOf(claims[LTI_CLAIM.resourceLink]),
    deploymentId: text(claims[LTI_CLAIM.deploymentId]),
    targetLinkUri: text(claims[LTI_CLAIM.targetLinkUri]),
    messageType: text(claims[LTI_CLAIM.messageType]),
    claims: Object.freeze({ ...claims }),
  });
}
