/** The claim names of LTI 1.3 core (IMS Learning Tools Interoperability Core 1.3, section 5.3 and 5.4). */
export const LTI_CLAIM: Readonly<{
  /** `LtiResourceLinkRequest` or `LtiDeepLinkingRequest`. */
  messageType: string;
  /** `1.3.0`. */
  version: string;
  /** The deployment of the tool on the platform. */
  deploymentId: string;
  /** Where the launch should land. */
  targetLinkUri: string;
  /** The link the student followed: `{ id, title?, description? }`. */
  resourceLink: string;
  /** LTI role URIs. */
  roles: string;
  /** The course or section: `{ id, label?, title?, type? }`. */
  context: string;
}> = Object.freeze({
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
  /** The context's id on the platform. */
  readonly id: string;
  /** A short label, such as a course code. */
  readonly label?: string | undefined;
  /** The context's title. */
  readonly title?: string | undefined;
  /** Context type URIs (course offering, group, ...). */
  readonly type?: readonly string[] | undefined;
}

/** The link the student followed (`https://purl.imsglobal.org/spec/lti/claim/resource_link`). */
export interface LaunchResourceLink {
  /** The link's id on the platform. */
  readonly id: string;
  /** The link's title. */
  readonly title?: string | undefined;
  /** The link's description. */
  readonly description?: string | undefined;
}

/** A verified launch: who the student is, where they came from, and every claim of the token. */
export interface Launch {
  /** The student's platform id, the token's `sub`: the activity's and every Caliper event's actor. */
  readonly platformUserId: string;
  /** The token's issuer (`iss`). */
  readonly issuer: string;
  /** The student's email (`email`), when the platform sends it. */
  readonly email?: string | undefined;
  /** The student's full name (`name`). */
  readonly name?: string | undefined;
  /** The student's given name (`given_name`). */
  readonly givenName?: string | undefined;
  /** The student's family name (`family_name`). */
  readonly familyName?: string | undefined;
  /** LTI role URIs (empty when the token has none). */
  readonly roles: readonly string[];
  /** The course or section the launch came from (LTI `context`). */
  readonly context?: LaunchContext | undefined;
  /** The link the student followed (LTI `resource_link`). */
  readonly resourceLink?: LaunchResourceLink | undefined;
  /** The tool's deployment on the platform (LTI `deployment_id`). */
  readonly deploymentId?: string | undefined;
  /** Where the launch should land (LTI `target_link_uri`). */
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
