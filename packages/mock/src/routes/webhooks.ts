import { isWebhookEventType, type WebhookEventType } from '../catalogue.js';
import { currentSecret } from '../deliveries.js';
import { badRequest, HttpError, notFound } from '../internal/http-error.js';
import { randomId } from '../internal/random.js';
import { noContent } from '../internal/responses.js';
import type { OperationContext, OperationId, OperationRoutes } from '../operations/dispatch.js';
import type { StoredSubscription } from '../state.js';
import { base64url } from '../tokens.js';

type WebhookOperation = Extract<OperationId, `${string}WebhookSubscription${string}`>;

/**
 * The owner a call acts as: the caller's auth client, or (developer tool) the application's own auth client; and
 * whether it owns a subscription, a live one of `appId` made through the same path (403 without the grant).
 */
function ownerOf(context: OperationContext<WebhookOperation>, appId: string) {
  const { state } = context.core;
  const { principal } = context;
  // The developer-tool path: an SSO token, no scopes, the user grant on the application. A client token needs the
  // operation's scope (`context.client` checks it: 403 otherwise) and its tenant the grant.
  const developer = principal.kind === 'developer';
  const clientId = developer ? state.applications.get(appId)?.clientId : context.client.clientId;
  const granted = developer
    ? principal.developer.manageWebhooks.has(appId)
    : state.tenants.get(context.client.tenantId)?.manageWebhooks.has(appId);
  if (!clientId || !granted)
    throw new HttpError(403, `Missing grant app:manage_webhooks on urn:app:${appId}`);
  const via: StoredSubscription['via'] = developer ? 'developer' : 'client';
  const owns = (subscription: StoredSubscription) =>
    subscription.applicationId === appId &&
    subscription.deletedAt === null &&
    subscription.ownerClientId === clientId &&
    subscription.via === via;
  /** The subscription `id` when it exists and belongs to this owner; otherwise the same 404 either way. */
  const owned = (id: string) => {
    const subscription = state.subscriptions.get(id);
    if (!subscription || !owns(subscription)) throw notFound('Subscription not found.');
    return subscription;
  };
  return { clientId, via, owns, owned };
}

/** RFC 3986's characters of a URI, each `%` starting a two-digit hex escape. */
const URI_TEXT = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

/** A user-info part in the authority: an `@` before the path, query or fragment begins. */
const AUTHORITY_USERINFO = /^https:\/\/[^/?#]*@/;

/**
 * Why a subscription URL is refused (HTTPS with a domain name; no IP address, no credentials), or undefined: a
 * rule of the platform the schema's `format: uri` cannot state (docs/decisions.md#d-mock-business-rules-in-handlers).
 */
function urlProblem(value: string): string | undefined {
  if (!value.startsWith('https://')) return 'url must be an https:// URL';
  // The text itself must be a URI (RFC 3986), as later returns echo it under `format: uri`: WHATWG's parser
  // would take a space, a backslash or a NUL and encode it (docs/decisions.md#d-mock-hostile-input).
  if (!URI_TEXT.test(value))
    return 'url must be a URI (RFC 3986): percent-encode spaces, quotes, backslashes and control characters';
  if (!URL.canParse(value)) return 'url is not a valid URL';
  const url = new URL(value);
  // `https://@host` and `https://:@host` have an empty user and password, yet a user-info part all the same.
  if (url.username || url.password || AUTHORITY_USERINFO.test(value))
    return 'url must not embed credentials (user:pass@); deliveries are authenticated by their signature';
  const host = url.hostname;
  if (host.startsWith('[')) return 'url must use a domain name, not an IPv6 address';
  // The URL parser normalises decimal, octal and hex forms (https://2130706433/) to dotted IPv4.
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return 'url must use a domain name, not an IPv4 address';
  const labels = host.split('.');
  if (labels.length < 2 || !/^[a-z][a-z0-9-]*$/i.test(labels[labels.length - 1]!))
    return 'url must use a domain name';
  return undefined;
}

/**
 * The message for event types outside the catalogue, naming each, where a body's `eventTypes` holds such strings:
 * clients show it as is (docs/decisions.md#d-mock-business-rules-in-handlers).
 */
function unknownEventTypes(body: unknown): string | undefined {
  const types = (body as { eventTypes?: unknown } | null)?.eventTypes;
  if (!Array.isArray(types)) return undefined;
  const unknown = types.filter((entry) => typeof entry === 'string' && !isWebhookEventType(entry));
  return unknown.length > 0 ? `Unknown webhook event types: ${[...new Set(unknown)].join(', ')}` : undefined;
}

const newSecret = () => {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return `whsec_${base64url(String.fromCharCode(...bytes))}`;
};

/** A subscription as list, get and update show it (never the secret). */
function view(subscription: StoredSubscription) {
  const { id, url, eventTypes, status, dateCreated } = subscription;
  return { id, url, eventTypes, status, dateCreated };
}

/** The business messages of an update refused by its schema: unknown event types, or the platform-only status. */
function explainUpdate(body: unknown): string | undefined {
  if ((body as { status?: unknown } | null)?.status === 'disabled')
    return 'status disabled is set only by the platform; use active or paused';
  return unknownEventTypes(body);
}

/** The six subscription operations; the developer-tool path is the same paths with a developer SSO token. */
export const handlers: OperationRoutes = {
  createWebhookSubscription: {
    explain: unknownEventTypes,
    handle: async (context, { sourcedApplicationId: appId }) => {
      const owner = ownerOf(context, appId);
      const body = await context.body();
      const problem = urlProblem(body.url);
      if (problem) throw badRequest(problem);
      const { core } = context;
      const subscription: StoredSubscription = {
        id: randomId(),
        applicationId: appId,
        url: body.url,
        eventTypes: [...new Set(body.eventTypes as WebhookEventType[])],
        status: 'active',
        dateCreated: core.iso(),
        ownerClientId: owner.clientId,
        via: owner.via,
        secrets: [{ secret: newSecret(), createdAt: core.clock.now(), validUntil: null }],
        deletedAt: null,
        disabledAt: null,
      };
      core.state.subscriptions.set(subscription.id, subscription);
      return context.json(201, { ...view(subscription), signingSecret: currentSecret(subscription) });
    },
  },

  listWebhookSubscriptions: (context, { sourcedApplicationId: appId }) => {
    const mine = [...context.core.state.subscriptions.values()].filter(ownerOf(context, appId).owns);
    return context.json(200, mine.map(view));
  },

  getWebhookSubscription: (context, { sourcedApplicationId, subscriptionId }) =>
    context.json(200, view(ownerOf(context, sourcedApplicationId).owned(subscriptionId))),

  updateWebhookSubscription: {
    explain: explainUpdate,
    handle: async (context, { sourcedApplicationId, subscriptionId }) => {
      const subscription = ownerOf(context, sourcedApplicationId).owned(subscriptionId);
      const body = await context.body();
      // Everything is checked before anything changes, so a refused update leaves the subscription as it was.
      const problem = body.url === undefined ? undefined : urlProblem(body.url);
      if (problem) throw badRequest(problem);
      if (body.url !== undefined) subscription.url = body.url;
      if (body.eventTypes) subscription.eventTypes = [...new Set(body.eventTypes as WebhookEventType[])];
      const previous = subscription.status;
      if (body.status) subscription.status = body.status;
      if (previous === 'disabled' && subscription.status !== 'disabled') subscription.disabledAt = null;
      if (previous === 'paused' && subscription.status === 'active')
        context.core.deliveries.resume(subscription);
      return context.json(200, view(subscription));
    },
  },

  deleteWebhookSubscription: (context, { sourcedApplicationId, subscriptionId }) => {
    const subscription = ownerOf(context, sourcedApplicationId).owned(subscriptionId);
    subscription.deletedAt = context.core.clock.now();
    context.core.deliveries.dropAll(subscription);
    return noContent();
  },

  rotateWebhookSubscriptionSecret: (context, { sourcedApplicationId, subscriptionId }) => {
    const subscription = ownerOf(context, sourcedApplicationId).owned(subscriptionId);
    const { core } = context;
    const now = core.clock.now();
    // Every older secret stays valid for the rotation window at most (one rotated out earlier keeps its sooner end).
    const until = now + core.options.rotationWindowMs;
    for (const secret of subscription.secrets)
      secret.validUntil = Math.min(secret.validUntil ?? until, until);
    subscription.secrets.push({ secret: newSecret(), createdAt: now, validUntil: null });
    return context.json(200, { ...view(subscription), signingSecret: currentSecret(subscription) });
  },
};
