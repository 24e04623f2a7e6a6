import {
  ApiPromise,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type RequestOptions,
  ValidationError,
} from '@learnkit/core';
import { isHttpClient, type ValidationIssue } from '@learnkit/core/internal';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './events';
import { CATALOGUE_VERSION, SETTABLE_STATUSES, type WebhookSubscription } from './generated/catalogue';
import { SigningSecret } from './signing-secret';

export type { WebhookSubscription, WebhookSubscriptionStatus } from './generated/catalogue';

/** A subscription as create and rotate-secret return it: with its signing secret, which never prints itself. */
export interface WebhookSubscriptionWithSecret extends WebhookSubscription {
  /** The HMAC key of deliveries; `signingSecret.reveal()` gives the string (with its `whsec_` prefix). */
  signingSecret: SigningSecret;
}

/** What `create` takes. */
export interface CreateSubscriptionInput<T extends string = WebhookEventType> {
  /** The consumer endpoint: `https://` with a domain name; no IP address, no `user:pass@`. */
  url: string;
  /** At least one catalogue event type. */
  eventTypes: readonly T[];
}

/** What `update` takes: only the members given change. */
export interface UpdateSubscriptionInput<T extends string = WebhookEventType> {
  /** A new consumer endpoint: `https://` with a domain name; no IP address, no `user:pass@`. */
  url?: string | undefined;
  /** The event types to deliver from now on: at least one catalogue type. */
  eventTypes?: readonly T[] | undefined;
  /** `active` or `paused`. `disabled` is set only by the platform (after a delivery's retries ran out). */
  status?: 'active' | 'paused' | undefined;
}

/** Per-call settings: abort signal, timeout, deadline, retries (the idempotency of each operation is fixed). */
export type SubscriptionCallOptions = Pick<
  RequestOptions,
  'signal' | 'timeoutMs' | 'deadlineMs' | 'retry' | 'headers'
>;

/** Per-call settings of create and update, which validate event types. */
export interface SubscriptionWriteOptions extends SubscriptionCallOptions {
  /** Accept event types that are not in this SDK's catalogue (types newer than the SDK). Default false. */
  allowUnknownEventTypes?: boolean | undefined;
}

/** The six subscription operations of an application (`sourcedApplicationId`). */
export interface SubscriptionsClient {
  /**
   * Registers an HTTPS endpoint for event types. The response is the only one (with `rotateSecret`) that holds
   * the `signingSecret`. Not retried after the request may have arrived (only on connection refused or 429).
   */
  create(
    appId: string,
    input: CreateSubscriptionInput,
    options?: SubscriptionWriteOptions,
  ): ApiPromise<WebhookSubscriptionWithSecret>;
  /**
   * `create` for event types newer than this SDK's catalogue: with `allowUnknownEventTypes: true` any
   * non-empty string passes the SDK's check, and the platform refuses (400) a type it does not know.
   */
  create(
    appId: string,
    input: CreateSubscriptionInput<string>,
    options: SubscriptionWriteOptions & { allowUnknownEventTypes: true },
  ): ApiPromise<WebhookSubscriptionWithSecret>;
  /** The caller's own subscriptions of the application, without secrets. */
  list(appId: string, options?: SubscriptionCallOptions): ApiPromise<WebhookSubscription[]>;
  /** One subscription, without secret (`NotFoundError` also when another client owns it). */
  get(appId: string, id: string, options?: SubscriptionCallOptions): ApiPromise<WebhookSubscription>;
  /** Changes the members given: `url`, `eventTypes`, `status` (`active` or `paused`). */
  update(
    appId: string,
    id: string,
    patch: UpdateSubscriptionInput,
    options?: SubscriptionWriteOptions,
  ): ApiPromise<WebhookSubscription>;
  /**
   * `update` for event types newer than this SDK's catalogue: with `allowUnknownEventTypes: true` any
   * non-empty string passes the SDK's check, and the platform refuses (400) a type it does not know.
   */
  update(
    appId: string,
    id: string,
    patch: UpdateSubscriptionInput<string>,
    options: SubscriptionWriteOptions & { allowUnknownEventTypes: true },
  ): ApiPromise<WebhookSubscription>;
  /** Deletes the subscription (irreversible; no further deliveries). Not retried after the request may have arrived. */
  delete(appId: string, id: string, options?: SubscriptionCallOptions): ApiPromise<void>;
  /**
   * Issues a new signing secret. The old one keeps verifying for a rotation window: verify with
   * `[newSecret, oldSecret]` until it ends. Not retried after the request may have arrived.
   */
  rotateSecret(
    appId: string,
    id: string,
    options?: SubscriptionCallOptions,
  ): ApiPromise<WebhookSubscriptionWithSecret>;
}

/** Options of {@link createSubscriptionsClient} (besides the HTTP client). */
export interface SubscriptionsClientOptions {
  /** Default of `allowUnknownEventTypes` for every call. */
  allowUnknownEventTypes?: boolean | undefined;
}

const COLLECTION = '/webhooks/1.0/{sourcedApplicationId}/subscriptions';
const ITEM = `${COLLECTION}/{subscriptionId}`;
const ROTATE = `${ITEM}/rotate-secret`;

/** The untyped view of `HttpClient.call` this client uses (paths and bodies are checked here instead). */
interface LooseHttp {
  call(
    method: string,
    path: string,
    init: { params: { path: Record<string, string> }; body?: unknown; options?: RequestOptions },
  ): ApiPromise<unknown>;
}

// The per-call options of a call given none, shared (never written to): docs/decisions.md#d-no-options-no-allocation.
const READ: RequestOptions = Object.freeze({ idempotent: true });
const WRITE: RequestOptions = Object.freeze({ idempotent: false });

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const TLD = /^[a-z][a-z0-9-]*$/i;

/** Why `value` is not a subscription URL the platform accepts, or undefined. */
function subscriptionUrlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `must be a string (got ${value === null ? 'null' : typeof value})`;
  if (!value.startsWith('https://')) {
    return `must start with https:// (got ${JSON.stringify(value.slice(0, 60))}); the platform delivers only over HTTPS`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is not a valid URL (${JSON.stringify(value.slice(0, 60))})`;
  }
  if (url.username || url.password)
    return 'must not embed credentials (user:pass@); deliveries are authenticated by their signature';
  const host = url.hostname;
  if (host.startsWith('[')) return `must use a domain name, not the IPv6 address ${host}`;
  // The URL parser turns decimal, octal and hex forms (https://2130706433/) into dotted IPv4.
  if (IPV4.test(host)) return `must use a domain name, not the IPv4 address ${host}`;
  const labels = host.split('.');
  if (labels.length < 2 || !TLD.test(labels[labels.length - 1] as string)) {
    return `must use a public domain name such as hooks.example.com (got ${host}); for local testing use a tunnel`;
  }
  return undefined;
}

function checkId(issues: ValidationIssue[], name: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push({
      path: [name],
      message: `must be a non-empty string (got ${JSON.stringify(value) ?? String(value)})`,
    });
  }
}

/** The path parameters of a call on one subscription; a problem is noted for each id that is not usable. */
function itemPath(issues: ValidationIssue[], appId: string, id: string): Record<string, string> {
  checkId(issues, 'appId', appId);
  checkId(issues, 'id', id);
  return { sourcedApplicationId: appId, subscriptionId: id };
}

function checkEventTypes(issues: ValidationIssue[], value: unknown, allowUnknown: boolean): void {
  if (!Array.isArray(value) || value.length === 0) {
    issues.push({
      path: ['eventTypes'],
      message: 'must hold at least one event type, e.g. ["enrollment.created"]',
    });
    return;
  }
  value.forEach((type, index) => {
    if (typeof type !== 'string' || type === '') {
      issues.push({ path: ['eventTypes', index], message: 'must be an event type string' });
    } else if (!allowUnknown && !isWebhookEventType(type)) {
      issues.push({
        path: ['eventTypes', index],
        message:
          `"${type}" is not in the event catalogue (${CATALOGUE_VERSION}) this SDK knows${suggest(type)}; ` +
          'for a type newer than the SDK pass { allowUnknownEventTypes: true }',
      });
    }
  });
}

/** ` (did you mean "x"?)` for a near miss of a catalogue type. */
function suggest(type: string): string {
  let best: string | undefined;
  let bestDistance = 3;
  for (const known of WEBHOOK_EVENT_TYPES) {
    const d = distance(type, known);
    if (d < bestDistance) {
      bestDistance = d;
      best = known;
    }
  }
  return best ? ` (did you mean "${best}"?)` : '';
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        previous + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      previous = current;
    }
  }
  return row[b.length] as number;
}

function checkMembers(issues: ValidationIssue[], input: object, allowed: readonly string[]): void {
  for (const key of Object.keys(input)) {
    if (!allowed.includes(key)) {
      issues.push({
        path: [key],
        message: `is not a member the platform accepts here (allowed: ${allowed.join(', ')})`,
      });
    }
  }
}

function checkStatus(issues: ValidationIssue[], status: unknown): void {
  if (status === 'disabled') {
    issues.push({
      path: ['status'],
      message:
        "cannot be set to 'disabled': only the platform disables a subscription (when a delivery's retries run out); " +
        "use 'paused' to hold deliveries or 'active' to re-enable it",
    });
  } else if (!(SETTABLE_STATUSES as readonly unknown[]).includes(status)) {
    issues.push({
      path: ['status'],
      message: `must be ${SETTABLE_STATUSES.map((s) => `'${s}'`).join(' or ')} (got ${JSON.stringify(status)})`,
    });
  }
}

/** A delete responds with 204: the call resolves with nothing. */
const nothing = (): void => undefined;

function withSecret(value: unknown): WebhookSubscriptionWithSecret {
  const subscription = value as WebhookSubscription & { signingSecret?: unknown };
  const secret = subscription?.signingSecret;
  if (typeof secret !== 'string') return subscription as WebhookSubscriptionWithSecret;
  // The secret string lives only in the SigningSecret's private field, so logging the result never shows it.
  return { ...subscription, signingSecret: new SigningSecret(secret) };
}

/**
 * The webhook subscription operations over a LearnKit HTTP client (or the options to build one). Input is
 * checked before anything is sent (`ValidationError` naming the field); idempotency follows docs/decisions.md#d-retries:
 * `get`, `list` and `update` are retried on transient failures, `create`, `delete` and `rotateSecret` only where
 * the request surely never arrived (connection refused) or on 429.
 *
 * @example
 * const subscriptions = createSubscriptionsClient(createHttpClient({ baseUrl, auth: clientCredentials({ ... }) }));
 * const sub = await subscriptions.create('app-123', { url: 'https://hooks.example.com/lk', eventTypes: ['enrollment.created'] });
 * await saveSecret(sub.signingSecret.reveal());
 */
export function createSubscriptionsClient<Paths extends {}>(
  http: HttpClient<Paths> | HttpClientOptions,
  clientOptions: SubscriptionsClientOptions = {},
): SubscriptionsClient {
  const client = (isHttpClient(http) ? http : createHttpClient(http)) as unknown as LooseHttp;
  const allowUnknownDefault = clientOptions.allowUnknownEventTypes ?? false;

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    params: Record<string, string>,
    idempotent: boolean,
    options: SubscriptionWriteOptions | undefined,
    body?: unknown,
  ) => {
    let request: RequestOptions;
    if (options === undefined) request = idempotent ? READ : WRITE;
    else {
      const { allowUnknownEventTypes: _ignored, ...callOptions } = options;
      request = { ...callOptions, idempotent };
    }
    return client.call(
      method,
      path,
      body === undefined
        ? { params: { path: params }, options: request }
        : { params: { path: params }, body, options: request },
    );
  };

  return {
    create: (appId: string, input: CreateSubscriptionInput<string>, options?: SubscriptionWriteOptions) =>
      ApiPromise.guard(() => {
        const issues: ValidationIssue[] = [];
        checkId(issues, 'appId', appId);
        if (typeof input !== 'object' || input === null) {
          issues.push({ path: [], message: 'create needs { url, eventTypes }' });
        } else {
          checkMembers(issues, input, ['url', 'eventTypes']);
          const problem = subscriptionUrlProblem(input.url);
          if (problem) issues.push({ path: ['url'], message: problem });
          checkEventTypes(issues, input.eventTypes, options?.allowUnknownEventTypes ?? allowUnknownDefault);
        }
        if (issues.length) throw new ValidationError(issues);
        const body = { url: input.url, eventTypes: [...input.eventTypes] };
        return send('POST', COLLECTION, { sourcedApplicationId: appId }, false, options, body).map(
          withSecret,
        );
      }),

    list: (appId: string, options?: SubscriptionCallOptions) =>
      ApiPromise.guard(() => {
        const issues: ValidationIssue[] = [];
        checkId(issues, 'appId', appId);
        if (issues.length) throw new ValidationError(issues);
        return send('GET', COLLECTION, { sourcedApplicationId: appId }, true, options) as ApiPromise<
          WebhookSubscription[]
        >;
      }),

    get: (appId: string, id: string, options?: SubscriptionCallOptions) =>
      ApiPromise.guard(() => {
        const issues: ValidationIssue[] = [];
        const path = itemPath(issues, appId, id);
        if (issues.length) throw new ValidationError(issues);
        return send('GET', ITEM, path, true, options) as ApiPromise<WebhookSubscription>;
      }),

    update: (
      appId: string,
      id: string,
      patch: UpdateSubscriptionInput<string>,
      options?: SubscriptionWriteOptions,
    ) =>
      ApiPromise.guard(() => {
        const issues: ValidationIssue[] = [];
        const path = itemPath(issues, appId, id);
        const body: Record<string, unknown> = {};
        if (typeof patch !== 'object' || patch === null) {
          issues.push({
            path: [],
            message: 'update needs an object of the members to change: { url?, eventTypes?, status? }',
          });
        } else {
          checkMembers(issues, patch, ['url', 'eventTypes', 'status']);
          if (patch.url !== undefined) {
            const problem = subscriptionUrlProblem(patch.url);
            if (problem) issues.push({ path: ['url'], message: problem });
            body.url = patch.url;
          }
          if (patch.eventTypes !== undefined) {
            checkEventTypes(issues, patch.eventTypes, options?.allowUnknownEventTypes ?? allowUnknownDefault);
            // Copied only when it is an array: anything else is already an issue, refused below.
            if (Array.isArray(patch.eventTypes)) body.eventTypes = [...patch.eventTypes];
          }
          if (patch.status !== undefined) {
            checkStatus(issues, patch.status);
            body.status = patch.status;
          }
        }
        if (issues.length) throw new ValidationError(issues);
        // PUT with the same members gives the same result: idempotent, retried like a read.
        return send('PUT', ITEM, path, true, options, body) as ApiPromise<WebhookSubscription>;
      }),

    delete: (appId: string, id: string, options?: SubscriptionCallOptions) =>
      ApiPromise.guard(() => {
        const issues: ValidationIssue[] = [];
        const path = itemPath(issues, appId, id);
        if (issues.length) throw new ValidationError(issues);
        return send('DELETE', ITEM, path, false, options).map(nothing);
      }),

    rotateSecret: (appId: string, id: string, options?: SubscriptionCallOptions) =>
      ApiPromise.guard(() => {
        const issues: ValidationIssue[] = [];
        const path = itemPath(issues, appId, id);
        if (issues.length) throw new ValidationError(issues);
        return send('POST', ROTATE, path, false, options).map(withSecret);
      }),
  } as SubscriptionsClient;
}
