import {
  createMemoryDedupeStore,
  type DedupeStore,
  type Logger,
  ValidationError,
  WebhookVerificationError,
} from '@learnkit/core';
import {
  createLogger,
  type NodeAdaptable,
  PayloadTooLargeError,
  readBodyWithLimit,
} from '@learnkit/core/internal';
import { WEBHOOK_NODE_OPTIONS } from './adapters/node';
import {
  isWebhookEventType,
  type KnownWebhookEvent,
  type WebhookEvent,
  type WebhookEventType,
} from './events';
import { secretsOf } from './internal/secrets';
import type { WebhookSecret } from './signing-secret';
import { verifyWebhook } from './verify';

/** What a handler of one event type receives besides the event. */
export interface WebhookHandlerContext {
  /** The delivery's request (its body is already read). */
  request: Request;
}

/** One function per event type; each gets that type's event, typed. */
export type WebhookHandlers = {
  [K in WebhookEventType]?: (event: KnownWebhookEvent<K>, context: WebhookHandlerContext) => unknown;
};

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /** The subscription's signing secret, or `[newSecret, oldSecret]` during a rotation window. */
  secret: WebhookSecret | readonly WebhookSecret[];
  /** The function to run per event type. */
  on: WebhookHandlers;
  /** Runs for an event with no function in `on` (including types newer than this SDK). Default: acknowledge. */
  onUnhandled?: ((event: WebhookEvent, context: WebhookHandlerContext) => unknown) | undefined;
  /**
   * Remembers handled event ids so redeliveries run a handler once. Default: an in-memory store (10,000 ids)
   * per handler; pass `createRedisDedupeStore(redis)` when several processes receive deliveries; `false` for none.
   * A custom store should implement `release(id)`: the handler calls it when a function throws, so the
   * platform's retry runs the function again. Without `release` the handler falls back to remembering failed
   * ids in this process, which another process receiving the retry does not know about.
   */
  dedupe?: DedupeStore | false | undefined;
  /** How long a handled id is remembered, in ms. Default 48 h (the platform retries for about 24 h). */
  dedupeTtlMs?: number | undefined;
  /**
   * Largest delivery body read, in bytes; a larger one gets 413 before more is read (by its
   * `Content-Length`, or as it streams). Default 1 MiB, the limit of `toNodeListener` too.
   */
  maxBodyBytes?: number | undefined;
  /** Replay tolerance in seconds. Default 300. */
  toleranceSec?: number | undefined;
  /** Clock in ms (default `Date.now`). */
  now?: (() => number) | undefined;
  /** Accept `on` keys that are not catalogue types (types newer than this SDK). Default false. */
  allowUnknownEventTypes?: boolean | undefined;
  /** Where refused deliveries and failed handlers are logged (redacted). Default: none, or the console with `LEARNKIT_LOG`. */
  logger?: Logger | false | undefined;
}

/**
 * A web-standard request handler: Next.js route handlers, Hono (`c.req.raw`), Bun, Deno, workers; and Node through
 * `toNodeListener`, with the listener options it carries.
 */
export type WebhookRequestHandler = ((request: Request) => Promise<Response>) & NodeAdaptable;

/** Default time a handled delivery id is remembered: twice the platform's retry window of about 24 hours. */
export const DEFAULT_WEBHOOK_DEDUPE_TTL_MS = 48 * 3_600_000;
/** Default largest delivery body, in bytes (1 MiB): an envelope holds references only, so this is generous. */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
// How long a claim holds while its function runs, in a store that can complete claims: shorter than the platform's
// first retry (10 min), so a delivery whose process died mid-way runs again on that retry
// (docs/decisions.md#d-webhook-ack-after-handled).
const CLAIM_LEASE_MS = 5 * 60_000;
// What a copy of a delivery being handled in another process gets a response: retryable, never a 2xx (any other 4xx
// would end the delivery on the platform).
const IN_FLIGHT_RETRY_AFTER_S = '60';
// Ids whose handler failed, for custom stores without `release` (or whose release failed); bounded.
const MAX_FAILED = 10_000;

/** A response of the handler, kept as data so that copies of one delivery can each get a Response of it. */
interface CannedResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const rawResponse = (
  status: number,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): CannedResponse => (headers ? { status, body, headers } : { status, body });

const respond = ({ status, body, headers }: CannedResponse) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const json = (status: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
  respond(rawResponse(status, body, headers));

function checkOptions(options: WebhookHandlerOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new ValidationError('createWebhookHandler needs { secret, on }');
  }
  const issues: { path: (string | number)[]; message: string }[] = [];
  try {
    secretsOf(options.secret);
  } catch {
    // The handler is configured once, at start-up: one ValidationError names every problem, the secret's too.
    issues.push({
      path: ['secret'],
      message: "must be the subscription's signingSecret (or a rotation list)",
    });
  }
  if (typeof options.on !== 'object' || options.on === null) {
    issues.push({
      path: ['on'],
      message: "must be an object of functions by event type, e.g. { 'enrollment.created': fn }",
    });
  } else {
    for (const [type, fn] of Object.entries(options.on)) {
      if (typeof fn !== 'function') issues.push({ path: ['on', type], message: 'must be a function' });
      else if (!options.allowUnknownEventTypes && !isWebhookEventType(type)) {
        issues.push({
          path: ['on', type],
          message:
            'is not an event type of the catalogue (a typo?); pass allowUnknownEventTypes: true for a type newer than this SDK',
        });
      }
    }
  }
  if (options.onUnhandled !== undefined && typeof options.onUnhandled !== 'function') {
    issues.push({ path: ['onUnhandled'], message: 'must be a function' });
  }
  const ttl = options.dedupeTtlMs;
  if (ttl !== undefined && (!Number.isFinite(ttl) || ttl <= 0)) {
    issues.push({ path: ['dedupeTtlMs'], message: `must be a positive number of ms (got ${String(ttl)})` });
  }
  const max = options.maxBodyBytes;
  if (max !== undefined && !(Number.isInteger(max) && max > 0)) {
    issues.push({
      path: ['maxBodyBytes'],
      message: `must be a positive whole number of bytes (got ${String(max)})`,
    });
  }
  const store = options.dedupe;
  if (store !== undefined && store !== false && typeof store?.claim !== 'function') {
    issues.push({
      path: ['dedupe'],
      message: 'must be a DedupeStore (an object with claim(id, ttlMs)) or false',
    });
  }
  if (issues.length) throw new ValidationError(issues);
}

/**
 * Creates a web-standard handler for deliveries: it reads the raw body, verifies the signature and timestamp,
 * skips an event id it has already handled, and runs the function of the event's type. Responds:
 * - 200 when handled, already handled (`duplicate`), or not handled by any function (acknowledged);
 * - 401 when verification fails (bad or missing signature, stale or future timestamp);
 * - 400 when the signature holds but the payload does not fit its type (retrying would not help);
 * - 405 for a method other than POST;
 * - 413 for a body over `maxBodyBytes` (1 MiB), before more of it is read;
 * - 500 when the function throws or the dedupe store fails, so the platform retries; the event's claim is
 *   released, so the retry runs the function again;
 * - for a copy of a delivery still being handled: in this process, the first copy's response once it is known; in
 *   another process (a shared store), 503 with `Retry-After`, so it is acknowledged only once handled.
 *
 * @example
 * const handler = createWebhookHandler({
 *   secret: process.env.LEARNKIT_WEBHOOK_SECRET!,
 *   on: { 'enrollment.created': async (event) => enroll(event.data.enrollmentId) },
 * });
 * export const POST = handler; // Next.js route handler
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookRequestHandler {
  checkOptions(options);
  const { secret, on, onUnhandled, toleranceSec, now } = options;
  const store: DedupeStore | undefined =
    options.dedupe === false
      ? undefined
      : (options.dedupe ?? createMemoryDedupeStore({ maxEntries: 10_000 }));
  // A store that can complete claims holds a claim as a short lease while the function runs, and can tell a copy
  // being handled elsewhere from one handled.
  const leases = typeof store?.complete === 'function' && typeof store.status === 'function';
  const ttlMs = options.dedupeTtlMs ?? DEFAULT_WEBHOOK_DEDUPE_TTL_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = createLogger(options.logger);
  const failed = new Set<string>();
  // Deliveries being handled in this process, by event id: a copy waits for the first one's response.
  const inFlight = new Map<string, Promise<CannedResponse>>();
  const handlers = on as Record<
    string,
    ((event: WebhookEvent, context: WebhookHandlerContext) => unknown) | undefined
  >;
  // Own properties only: an event type named `constructor` or `__proto__` must not find Object's
  // (docs/decisions.md#d-own-property-lookups).
  const handlerOf = (type: string) => (Object.hasOwn(handlers, type) ? handlers[type] : undefined);

  const rememberFailed = (id: string) => {
    failed.add(id);
    if (failed.size > MAX_FAILED) failed.delete(failed.values().next().value as string);
  };

  /** Un-claims `id` after its function failed, so the platform's retry runs it again. */
  async function releaseClaim(id: string, fields: Record<string, unknown>): Promise<void> {
    if (!store) return;
    if (!store.release) return rememberFailed(id);
    try {
      await store.release(id);
    } catch (releaseError) {
      log?.error({ ...fields, error: releaseError }, 'webhook dedupe store could not release the event id');
      rememberFailed(id);
    }
  }

  /** Claims the event, runs its function, and records the outcome in the store. */
  async function handle(
    event: WebhookEvent,
    fn: (event: WebhookEvent, context: WebhookHandlerContext) => unknown,
    request: Request,
  ): Promise<CannedResponse> {
    const fields = { id: event.id, type: event.type };
    if (store) {
      let claimed: boolean;
      try {
        claimed = await store.claim(event.id, leases ? CLAIM_LEASE_MS : ttlMs);
        // A claim left by a failed run of this process that the store could not release: run it again.
        if (!claimed && failed.delete(event.id)) claimed = true;
        if (!claimed && leases && (await store.status?.(event.id)) !== 'handled') {
          // Claimed by another process and not handled yet (or its claim just lapsed): acknowledge nothing now.
          log?.info(
            fields,
            'webhook delivery is being handled elsewhere; responding with 503 so the platform retries',
          );
          return rawResponse(503, { error: 'in_flight' }, { 'retry-after': IN_FLIGHT_RETRY_AFTER_S });
        }
      } catch (error) {
        log?.error(
          { ...fields, error },
          'webhook dedupe store failed; responding with 500 so the platform retries',
        );
        return rawResponse(500, { error: 'dedupe_store_failed' });
      }
      if (!claimed) return rawResponse(200, { received: true, duplicate: true });
    }

    try {
      await fn(event, { request });
    } catch (error) {
      log?.error(
        { ...fields, error },
        `webhook handler for ${event.type} threw; responding with 500 so the platform retries`,
      );
      await releaseClaim(event.id, fields);
      return rawResponse(500, { error: 'handler_failed' });
    }
    if (store && leases) {
      try {
        await store.complete?.(event.id, ttlMs);
      } catch (error) {
        // Handled all the same: the lease lapses by itself and a later copy runs again (at least once).
        log?.error({ ...fields, error }, 'webhook dedupe store could not mark the event id handled');
      }
    }
    return rawResponse(200, { received: true });
  }

  // Served from Node by core's toNodeListener with these (docs/decisions.md#d-one-node-listener).
  return Object.assign(handleWebhook, { nodeListenerOptions: WEBHOOK_NODE_OPTIONS });

  async function handleWebhook(request: Request): Promise<Response> {
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' }, { allow: 'POST' });
    let event: WebhookEvent;
    try {
      // The same capped reader as toNodeListener's (docs/decisions.md#d-capped-body-reader).
      const body = await readBodyWithLimit(request.body, maxBodyBytes, request.headers.get('content-length'));
      event = await verifyWebhook({ body, headers: request.headers, secret, toleranceSec, now });
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        log?.warn({ maxBodyBytes }, 'webhook delivery refused: body over maxBodyBytes');
        return json(413, { error: 'body_too_large' });
      }
      if (error instanceof WebhookVerificationError) {
        log?.warn({ reason: error.reason }, `webhook delivery refused: ${error.message}`);
        // The reason only: the message may describe this server's configuration.
        return json(error.reason === 'invalid_payload' ? 400 : 401, { error: error.reason });
      }
      log?.error({ error }, 'webhook delivery could not be read');
      return json(500, { error: 'internal_error' });
    }

    const fn = handlerOf(event.type) ?? onUnhandled;
    if (!fn) return json(200, { received: true, handled: false });

    // A copy of a delivery this process is handling gets that delivery's response, once there is one: never a 2xx
    // before the event was handled (docs/decisions.md#d-webhook-ack-after-handled).
    if (!store) return respond(await handle(event, fn, request));
    const running = inFlight.get(event.id);
    if (running) {
      const first = await running;
      return first.status === 200 ? json(200, { received: true, duplicate: true }) : respond(first);
    }
    const outcome = handle(event, fn, request);
    inFlight.set(event.id, outcome);
    try {
      return respond(await outcome);
    } finally {
      inFlight.delete(event.id);
    }
  }
}
