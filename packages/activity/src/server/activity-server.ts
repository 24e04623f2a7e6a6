import {
  ApiPromise,
  createLogger,
  createMemoryDedupeStore,
  type DedupeStore,
  type Logger,
  type RawAnswer,
  ValidationError,
} from '@learnkit/core';
import { activityCompletedEvent } from '../caliper/completed';
import type { ActorInput } from '../caliper/profile';
import { timeSpentEvent } from '../caliper/time-spent';
import { describeCourse, findCourse } from '../config/courses';
import type { LearnkitConfig } from '../config/types';
import { newEventId } from '../uuid';
import { type CaliperClient, caliperClientOver } from './caliper-client';
import { type ConfigInit, configSource } from './config';
import type { ServerContext } from './context';
import { type ActivityRequestHandler, createActivityHandler, type GetUser } from './handler';
import { type ClientInit, toHttp } from './http';
import { nameBasedUuid } from './ids';
import { masteredUnitsSoFar, pctCompleteTally } from './pct-complete';
import { type RecordOptions, type RecordParams, type RecordResult, recordIssues } from './record';
import { cachedResolver, type ResolveUserId, rosterLookup, UnknownUserError } from './users';

/** Default time an activity event id is remembered as sent: 30 days (stored windows can come back days later). */
export const DEFAULT_ACTIVITY_DEDUPE_TTL_MS = 30 * 24 * 3_600_000;
/** Default time a user id found by email is cached. */
export const DEFAULT_USER_CACHE_TTL_MS = 10 * 60_000;

/** Options of {@link createActivityServer}. */
export interface ActivityServerOptions {
  /**
   * The transport, shared with the rest of the SDK: a core HTTP client (`createHttpClient`), `{ http }`, or the
   * options to build one. Needs scopes `events.write` (Caliper) and `roster.readonly` (users, gradebook).
   */
  client: ClientInit;
  /**
   * `learnkit.config.json` as an object, or a path (relative to the working directory) or file URL. Default:
   * `learnkit.config.json` in `process.cwd()`, read on first use and checked with the schema's rules.
   */
  config?: ConfigInit | undefined;
  /** Who sent a request to `.handler` (your session or token check); `null`/`undefined` answers 401. */
  getUser?: GetUser | undefined;
  /**
   * Remembers the event ids the platform accepted so resends are answered without sending again: core's
   * `DedupeStore`, the webhook handler's interface. Default an in-memory store of 100,000 ids; with several
   * processes a shared one, `createRedisDedupeStore(redis, { prefix: 'learnkit:activity:' })` from
   * `@learnkit/core`; `false` for none (the platform still dedupes by id). Stores should implement `release`; with
   * `complete` and `status` too (core's stores have them), a claim is a 5-minute lease while the events are sent,
   * and a copy that meets ids another process is still sending is answered 503, so the tracker sends it again.
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
   * `baseUrl` of `client` when it is given as options; required when `client` is an HTTP client.
   */
  baseUrl?: string | undefined;
  /** The Caliper client to send with (default one over `client`); share it with `lk.caliper`. */
  caliper?: CaliperClient | undefined;
  /** Clock in ms (default `Date.now`): completion times, caches. */
  now?: (() => number) | undefined;
  /** Where failed upstream calls of the handler are logged. Default none, or the console with `LEARNKIT_LOG`. */
  logger?: Logger | false | undefined;
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
  /** The Caliper client events go through. */
  readonly caliper: CaliperClient;
  /** The checked configuration (loaded on first use). */
  config(): Promise<LearnkitConfig>;
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
    issues.push({ path: ['client'], message: 'is required: a core HTTP client or createHttpClient options' });
  if (options.getUser !== undefined && typeof options.getUser !== 'function')
    issues.push({ path: ['getUser'], message: 'must be a function (request) => user | null' });
  ms('dedupeTtlMs', options.dedupeTtlMs, issues);
  ms('userCacheTtlMs', options.userCacheTtlMs, issues);
  if (issues.length) throw new ValidationError(issues);

  const { http, baseUrl: clientBase } = toHttp(options.client);
  const baseUrl = (options.baseUrl ?? clientBase)?.replace(/\/+$/, '');
  if (!baseUrl || !/^https?:\/\/[^/\s]+\S*$/.test(baseUrl))
    throw new ValidationError([
      {
        path: ['baseUrl'],
        message:
          'is required when client is an HTTP client: the platform base URL (actor ids are <baseUrl>/rostering/1.0/users/<id>)',
      },
    ]);
  const now = options.now ?? Date.now;
  const config = configSource(options.config);
  const caliper = options.caliper ?? caliperClientOver(http);
  const log = createLogger(options.logger);
  const resolve = cachedResolver(options.resolveUserId ?? rosterLookup(http), {
    ttlMs: options.userCacheTtlMs ?? DEFAULT_USER_CACHE_TTL_MS,
    maxEntries: 10_000,
    now,
  });
  const warned = new Set<string>();

  const ctx: ServerContext = {
    config,
    caliper,
    log,
    async actorOf(user) {
      const sourcedId = user.platformId ?? (await resolve(user));
      if (sourcedId === undefined) throw new UnknownUserError(user.email, 'no rostering user matches');
      const actor: ActorInput & { sourcedId: string } = {
        id: `${baseUrl}/rostering/1.0/users/${encodeURIComponent(sourcedId)}`,
        email: user.email,
        sourcedId,
      };
      if (user.name !== undefined) actor.name = user.name;
      if (user.role !== undefined) actor.role = user.role;
      return actor;
    },
    courseOf(cfg, ref) {
      return (
        findCourse(cfg.courses, ref) ??
        `course ${JSON.stringify(ref)} is not in learnkit.config.json, whose courses are: ${cfg.courses.map(describeCourse).join(', ')}`
      );
    },
    pctCompleteOf(studentId, requestOptions) {
      // Units mastered earlier in the course (gradebook history), or NaN when it cannot be found (no courseId).
      return pctCompleteTally(async (course) => {
        if (course.courseId === undefined) {
          const name = describeCourse(course);
          if (!warned.has(name)) {
            warned.add(name);
            log?.warn(
              { course: name },
              'pctComplete not computed: the course has totalLessons but no courseId to find its gradebook history',
            );
          }
          return Number.NaN;
        }
        return masteredUnitsSoFar(http, studentId, course.courseId, requestOptions);
      });
    },
  };

  let handler: ActivityRequestHandler | undefined;
  const getUser = options.getUser;

  return {
    caliper,
    config,
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
      });
      return handler;
    },
    record: (params, recordOptions) => ApiPromise.fromResult(() => record(params, recordOptions)),
  };

  /** `record`, with the answer of the Caliper request that sent the completion. */
  async function record(
    params: RecordParams,
    recordOptions: RecordOptions | undefined,
  ): Promise<{ data: RecordResult; answer: RawAnswer | undefined }> {
    const { issues: problems, window } = recordIssues(params);
    if (problems.length) throw new ValidationError(problems);
    const cfg = await config();
    const course = ctx.courseOf(cfg, params.activity.course);
    if (typeof course === 'string')
      throw new ValidationError([{ path: ['activity', 'course'], message: course }]);
    const runId = params.runId ?? crypto.randomUUID();
    const actor = await ctx.actorOf(params.user);
    const metrics = { ...params.metrics };
    const pctComplete = await ctx.pctCompleteOf(actor.sourcedId, recordOptions)(course, metrics);
    if (pctComplete !== undefined) metrics.pctComplete = pctComplete;
    const activity = { id: params.activity.id, name: params.activity.name };
    const profile = { sensor: cfg.sensor, app: cfg.app, course, actor, activity, runId };
    // The runId correlates and never dedupes: fresh ids, unless the caller names this completion with an
    // idempotency key (docs/decisions.md#d-i12-runid).
    const key = params.idempotencyKey;
    const idOf = async (kind: string) =>
      key === undefined
        ? newEventId()
        : `urn:uuid:${await nameBasedUuid(`${kind}:${actor.sourcedId}:${activity.id}:${key}`)}`;
    const events: RecordResult['events'] = [];
    if (window) events.push(timeSpentEvent({ ...profile, id: await idOf('timeSpent'), window }));
    events.push(
      activityCompletedEvent({
        ...profile,
        id: await idOf('completion'),
        eventTime: window?.endedAt ?? new Date(now()).toISOString(),
        metrics,
      }),
    );
    const sending = caliper.send(events, { ...recordOptions, sensor: cfg.sensor });
    // A Caliper client of the caller's own may answer a plain promise: its data, without a response.
    const { data: sent, answer } =
      typeof sending?.withAnswer === 'function'
        ? await sending.withAnswer()
        : { data: await sending, answer: undefined };
    const data: RecordResult = {
      runId,
      events,
      ...(metrics.pctComplete !== undefined && { pctComplete: metrics.pctComplete }),
      accepted: sent.accepted,
      duplicates: sent.duplicates + sent.skipped.length,
    };
    return { data, answer };
  }
}
