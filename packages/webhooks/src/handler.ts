import {
  createLogger,
  createMemoryDedupeStore,
  type DedupeStore,
  type Logger,
  ValidationError,
  WebhookVerificationError,
} from '@learnkit/core';
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

/**
 * The dedupe store the handler takes: core's {@link DedupeStore} (`claim`, and `release` to un-claim the id of a
 * delivery whose function threw, so the platform's retry runs it again).
 *
 * @deprecated Use `DedupeStore` from `@learnkit/core`, which now has the optional `release` itself.
 */
export type WebhookDedupeStore = DedupeStore;

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
  /** Replay tolerance in seconds. Default 300. */
  toleranceSec?: number | undefined;
  /** Clock in ms (default `Date.now`). */
  now?: (() => number) | undefined;
  /** Accept `on` keys that are not catalogue types (types newer than this SDK). Default false. */
  allowUnknownEventTypes?: boolean | undefined;
  /** Where refused deliveries and failed handlers are logged (redacted). Default: none, or the console with `LEARNKIT_LOG`. */
  logger?: Logger | false | undefined;
}

/** A web-standard request handler: Next.js route handlers, Hono (`c.req.raw`), Bun, Deno, workers. */
export type WebhookRequestHandler = (request: Request) => Promise<Response>;

/** Default time a handled event id is remembered: twice the platform's retry window of about 24 hours. */
export const DEFAULT_DEDUPE_TTL_MS = 48 * 3_600_000;
// Ids whose handler failed, for custom stores without `release` (or whose release failed); bounded.
const MAX_FAILED = 10_000;

const json = (status: number, body: unknown, headers?: Record<string, string>) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

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
 * skips an event id it has already handled, and runs the function of the event's type. Answers:
 * - 200 when handled, already handled (`duplicate`), or not handled by any function (acknowledged);
 * - 401 when verification fails (bad or missing signature, stale or future timestamp);
 * - 400 when the signature holds but the payload does not fit its type (retrying would not help);
 * - 405 for a method other than POST;
 * - 500 when the function throws or the dedupe store fails, so the platform retries; the event's claim is
 *   released, so the retry runs the function again.
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
  const ttlMs = options.dedupeTtlMs ?? DEFAULT_DEDUPE_TTL_MS;
  const log = createLogger(options.logger);
  const failed = new Set<string>();
  const handlers = on as Record<
    string,
    ((event: WebhookEvent, context: WebhookHandlerContext) => unknown) | undefined
  >;

  const rememberFailed = (id: string) => {
    failed.add(id);
    if (failed.size > MAX_FAILED) failed.delete(failed.values().next().value as string);
  };

  return async function handleWebhook(request: Request): Promise<Response> {
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed' }, { allow: 'POST' });
    let event: WebhookEvent;
    try {
      const body = new Uint8Array(await request.arrayBuffer());
      event = await verifyWebhook({ body, headers: request.headers, secret, toleranceSec, now });
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        log?.warn({ reason: error.reason }, `webhook delivery refused: ${error.message}`);
        // The reason only: the message may describe this server's configuration.
        return json(error.reason === 'invalid_payload' ? 400 : 401, { error: error.reason });
      }
      log?.error({ error }, 'webhook delivery could not be read');
      return json(500, { error: 'internal_error' });
    }

    const fn = handlers[event.type] ?? onUnhandled;
    const fields = { id: event.id, type: event.type };
    if (!fn) return json(200, { received: true, handled: false });

    if (store) {
      let claimed: boolean;
      try {
        claimed = await store.claim(event.id, ttlMs);
      } catch (error) {
        log?.error(
          { ...fields, error },
          'webhook dedupe store failed; answering 500 so the platform retries',
        );
        return json(500, { error: 'dedupe_store_failed' });
      }
      if (!claimed) {
        // A claim left by a failed run of this process that the store could not release: run it again.
        if (!failed.delete(event.id)) return json(200, { received: true, duplicate: true });
      }
    }

    try {
      await fn(event, { request });
    } catch (error) {
      log?.error(
        { ...fields, error },
        `webhook handler for ${event.type} threw; answering 500 so the platform retries`,
      );
      if (store) {
        if (store.release) {
          try {
            await store.release(event.id);
          } catch (releaseError) {
            log?.error(
              { ...fields, error: releaseError },
              'webhook dedupe store could not release the event id',
            );
            rememberFailed(event.id);
          }
        } else rememberFailed(event.id);
      }
      return json(500, { error: 'handler_failed' });
    }
    return json(200, { received: true });
  };
}
