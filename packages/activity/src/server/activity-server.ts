import {
  ApiPromise,
  createMemoryDedupeStore,
  type DedupeStore,
  type Hooks,
  type Logger,
  ValidationError,
} from '@learnkit/core';
import type { RawResponse } from '@learnkit/core/internal';
import type { LearnkitConfig } from '../config/types';
import type { CaliperClient } from './caliper-client';
import type { ConfigInit } from './config';
import { type ActivityRequestHandler, createActivityHandler, type GetUser } from './handler';
import type { ClientInit } from './http';
import { type ActivityQueue, type ActivityQueueSettings, enqueuerOf, queueOver } from './queue/queue';
import { checkRecord, type RecordOptions, type RecordParams, type RecordResult } from './record';
import { recordEventId, recordEvents } from './record-events';
import { serverContext } from './server-context';
import type { ResolveUserId } from './users';

export { DEFAULT_USER_CACHE_TTL_MS } from './server-context';

/** Default time an activity event id is remembered as sent: 30 days (stored windows can come back days later). */
export const DEFAULT_ACTIVITY_DEDUPE_TTL_MS = 30 * 24 * 3_600_000;

/** Options of {@link createActivityServer}. */
export interface ActivityServerOptions {
  /**
   * The transport, shared with the rest of the SDK: the `LearnKit` you hold (`new LearnKit()`), a core HTTP client
   * (`createHttpClient`), `{ http, baseUrl }`, or the options to build one. Needs scopes `events.write` (Caliper)
   * and `roster.readonly` (users, gradebook).
   */
  client: ClientInit;
  /**
   * `learnkit.config.json` as an object, or a path (relative to the working directory) or file URL. Default:
   * `learnkit.config.json` in `process.cwd()`, read on first use and checked with the schema's rules.
   */
  config?: ConfigInit | undefined;
  /** Who sent a request to `.handler` (your session or token check); `null`/`undefined` responds with 401. */
  getUser?: GetUser | undefined;
  /**
   * Remembers the event ids the platform accepted so resends get a response without sending again: core's
   * `DedupeStore`, the webhook handler's interface. Default an in-memory store of 100,000 ids; with several
   * processes a shared one, `createRedisDedupeStore(redis, { prefix: 'learnkit:activity:' })` from
   * `@learnkit/core`; `false` for none (the platform still dedupes by id). Stores should implement `release`; with
   * `complete` and `status` too (core's stores have them), a claim is a 5-minute lease while the events are sent,
   * and a copy that meets ids another process is still sending gets 503, so the tracker sends it again.
   */
  dedupe?: DedupeStore | false | undefined;
  /** How long an accepted id is remembered (default 30 days). */
  dedupeTtlMs?: number | undefined;
  /** Finds a user's rostering id when `platformId` is missing (default: OneRoster users by exact email). */
  resolveUserId?: ResolveUserId | undefined;
  /** How long an id found by email is cached (default 10 minutes; 0 disables the cache). */
  userCacheTtlMs?: number | undefined;
  /**
   * The platform's base URL, which actor ids (`<baseUrl>/rostering/1.0/users/<id>`) start with. Default the
   * `baseUrl` of `client` when it is a `LearnKit`, `{ http, baseUrl }` or options; required when `client` is an HTTP
   * client.
   */
  baseUrl?: string | undefined;
  /** The Caliper client to send with (default one over `client`); share it with `lk.caliper`. */
  caliper?: CaliperClient | undefined;
  /** Clock in ms (default `Date.now`): completion times, caches. */
  now?: (() => number) | undefined;
  /** Where failed upstream calls of the handler are logged. Default none, or the console with `LEARNKIT_LOG`. */
  logger?: Logger | false | undefined;
  /**
   * Puts what the browser tracker posts on a durable queue: `{ store }` and the settings of `.queue(...)`. The handler
   * then responds with 202 once the store holds a body's events, and workers (`handlerQueue.startWorker()` or
   * `learnkit-activity-worker`) send the events of many learners in each Caliper request
   * (docs/activity.md#the-handler-on-the-queue). Without it, each body is sent as it comes.
   */
  queue?: ActivityQueueSettings | undefined;
  /** `onQueue` is given to the queues made with `.queue(...)` (the umbrella passes its `hooks`). */
  hooks?: Pick<Hooks, 'onQueue'> | undefined;
}

/** The server side of activity tracking. */
export interface ActivityServer {
  /**
   * Sends a completion (ActivityEvent `Completed`) for a user, and a TimeSpentEvent when `time` is given (only
   * when the front end used `time: false`: otherwise time is counted twice). `pctComplete` is computed by
   * decision 10 when `masteredUnits` is given without it. Bad input is a `ValidationError`, nothing sent.
   *
   * @example
   * await server.record({
   *   user: { email: 'ada@example.com' },
   *   activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
   *   metrics: { xpEarned: 12, totalQuestions: 10, correctQuestions: 8, masteredUnits: 1 },
   * });
   */
  record(params: RecordParams, options?: RecordOptions): ApiPromise<RecordResult>;
  /**
   * The endpoint the browser tracker posts to: `(request) => Promise<Response>`. Mount it as a Next.js route
   * handler, in Hono (`c.req.raw`), or in Express/Node with `toNodeListener`. Needs `getUser`.
   */
  readonly handler: ActivityRequestHandler;
  /**
   * The queue behind `.handler` when `queue` was given, else undefined: run its workers (`startWorker()`, or
   * `learnkit-activity-worker` on a module exporting it), `flush()`, `closeAndFlush()` on SIGTERM, `stats()`.
   *
   * @example
   * const activity = createActivityServer({ client, getUser, queue: { store: createRedisQueueStore(redis) } });
   * await activity.handlerQueue?.startWorker();
   */
  readonly handlerQueue: ActivityQueue | undefined;
  /** The Caliper client events go through. */
  readonly caliper: CaliperClient;
  /** The checked configuration (loaded on first use). */
  config(): Promise<LearnkitConfig>;
  /**
   * A durable, batched queue over this server's transport, configuration and roster look-ups: `queue.record(...)`
   * stores what `record` would send, workers send it in batches (docs/activity.md#the-activity-queue).
   *
   * @example
   * const queue = server.queue({ store: createRedisQueueStore(redis) });
   * await queue.startWorker();
   * await queue.record({ user, activity, metrics });
   */
  queue(settings: ActivityQueueSettings): ActivityQueue;
}

/** The queue behind the handler, with the `add` the handler stores through. */
function handlerQueueOf(base: ReturnType<typeof serverContext>, options: ActivityServerOptions) {
  if (typeof options.queue !== 'object' || options.queue === null)
    throw new ValidationError([
      {
        path: ['queue'],
        message: 'must be { store, batch?, retry? }: e.g. { store: createRedisQueueStore(redis) }',
      },
    ]);
  return queueOver(base, { hooks: options.hooks, ...options.queue });
}

const ms = (name: string, value: unknown, issues: { path: string[]; message: string }[]) => {
  if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
    issues.push({ path: [name], message: `must be a number of ms >= 0 (got ${String(value)})` });
};

/**
 * The server side of activity tracking: `.record(...)` for completions your server knows of, and `.handler`
 * for what the browser tracker sends (docs/decisions.md#d-caliper-wire to docs/decisions.md#d-config-file).
 *
 * @example
 * const activity = createActivityServer({
 *   client: { baseUrl, auth: clientCredentials({ tokenUrl, clientId, clientSecret, style: 'basic' }) },
 *   getUser: async (req) => (await sessionOf(req))?.user ?? null, // { email, platformId? }
 * });
 * export const POST = activity.handler; // Next.js app/api/activity/route.ts
 */
export function createActivityServer(options: ActivityServerOptions): ActivityServer {
  const issues: { path: string[]; message: string }[] = [];
  if (typeof options !== 'object' || options === null)
    throw new ValidationError('createActivityServer needs { client, config?, getUser? }');
  if (options.client === undefined || options.client === null)
    issues.push({
      path: ['client'],
      message:
        'is required: the LearnKit you hold (new LearnKit()), a core HTTP client (createHttpClient), or createHttpClient options',
    });
  if (options.getUser !== undefined && typeof options.getUser !== 'function')
    issues.push({ path: ['getUser'], message: 'must be a function (request) => user | null' });
  ms('dedupeTtlMs', options.dedupeTtlMs, issues);
  ms('userCacheTtlMs', options.userCacheTtlMs, issues);
  if (issues.length) throw new ValidationError(issues);

  const base = serverContext(options);
  const { ctx, now } = base;
  const { caliper, config } = ctx;

  let handler: ActivityRequestHandler | undefined;
  const getUser = options.getUser;
  // Made now, so bad queue settings are refused when the server is made, not at the first request.
  const handlerQueue = options.queue === undefined ? undefined : handlerQueueOf(base, options);

  return {
    caliper,
    config,
    handlerQueue,
    get handler(): ActivityRequestHandler {
      if (!getUser)
        throw new ValidationError([
          {
            path: ['getUser'],
            message: 'is required to serve the browser tracker: (request) => user | null',
          },
        ]);
      // The dedupe store serves the handler only, so it is made with it.
      handler ??= createActivityHandler(ctx, {
        getUser,
        dedupe:
          options.dedupe === false
            ? undefined
            : (options.dedupe ?? createMemoryDedupeStore({ maxEntries: 100_000, now })),
        dedupeTtlMs: options.dedupeTtlMs ?? DEFAULT_ACTIVITY_DEDUPE_TTL_MS,
        enqueue: handlerQueue && enqueuerOf(handlerQueue),
        now,
      });
      return handler;
    },
    record: (params, recordOptions) => ApiPromise.fromResult(() => record(params, recordOptions)),
    queue: (settings) => queueOver(base, { hooks: options.hooks, ...settings }),
  };

  /** `record`, with the response of the Caliper request that sent the completion. */
  async function record(
    params: RecordParams,
    recordOptions: RecordOptions | undefined,
  ): Promise<{ data: RecordResult; rawResponse: RawResponse | undefined }> {
    const { config: cfg, course, window } = await checkRecord(ctx, params);
    const runId = params.runId ?? crypto.randomUUID();
    const actor = await ctx.actorOf(params.user);
    const metrics = { ...params.metrics };
    const pctComplete = await ctx.pctCompleteOf(actor.sourcedId, recordOptions)(course, metrics);
    if (pctComplete !== undefined) metrics.pctComplete = pctComplete;
    const activity = { id: params.activity.id, name: params.activity.name };
    // The runId correlates and never dedupes: fresh ids, unless the caller names this completion with an
    // idempotency key (docs/decisions.md#d-runid-correlates).
    const key = params.idempotencyKey;
    const events = await recordEvents(
      { sensor: cfg.sensor, app: cfg.app, course, actor, activity, runId },
      {
        window,
        eventTime: window?.endedAt ?? new Date(now()).toISOString(),
        metrics,
        idOf: (kind) => recordEventId(kind, key, actor.sourcedId, activity.id),
      },
    );
    const sending = caliper.send(events, { ...recordOptions, sensor: cfg.sensor });
    // A Caliper client of the caller's own may response a plain promise: its data, without a response.
    const { data: sent, rawResponse } =
      typeof sending?.withRawResponse === 'function'
        ? await sending.withRawResponse()
        : { data: await sending, rawResponse: undefined };
    const data: RecordResult = {
      runId,
      events,
      ...(metrics.pctComplete !== undefined && { pctComplete: metrics.pctComplete }),
      accepted: sent.accepted,
      duplicates: sent.duplicates + sent.skipped.length,
    };
    return { data, rawResponse };
  }
}
