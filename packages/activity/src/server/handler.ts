import { ApiError, ConnectionError, type DedupeStore, TimeoutError } from '@learnkit/core';
import type { NodeListenerOptions } from '@learnkit/core/internal';
import { isRecord, isText } from '../check';
import type { CourseConfig } from '../config/types';
import { type ActivityMessage, MAX_BATCH_BYTES, parseActivityBatch } from '../protocol';
import type { ServerContext } from './context';
import { deliver, type Enqueue } from './deliver';
import { ActivityQueueStoreError } from './queue/errors';
import { readText, TooLarge } from './read-text';
import { windowSpanProblem } from './time-window';
import { type ActivityUser, UnknownUserError } from './users';

/** Finds the user of a request (your session or token check); `null` or `undefined` responds with 401. */
export type GetUser = (
  request: Request,
) => ActivityUser | null | undefined | Promise<ActivityUser | null | undefined>;

/** Given by an adapter that already knows the user (Express `req.user`, Hono `c.get('user')`): skips `getUser`. */
export interface ActivityHandlerContext {
  /** The signed-in user; when the member is present, `getUser` is not called (null or undefined: 401). */
  user?: ActivityUser | null | undefined;
}

/**
 * A web-standard request handler (Next.js route handlers, Hono's `c.req.raw`, Bun, Deno, workers). The second
 * argument, when it has a `user` member, replaces `getUser` (other members, such as Next.js's `params`, are
 * ignored). It carries its Node listener options, for core's `toNodeListener`.
 */
export type ActivityRequestHandler = ((
  request: Request,
  context?: ActivityHandlerContext,
) => Promise<Response>) & {
  /** How `toNodeListener` serves it: the protocol's body limit and 413 respond, and no Node request as context. */
  readonly nodeListenerOptions: NodeListenerOptions & {
    /** No context from the Node request: the user comes from `getUser` or the caller's `{ user }`. */
    readonly context: () => undefined;
  };
};

const json = (status: number, body: unknown, headers?: Record<string, string>) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });

/** The body of the 413 respond, also written by `toNodeListener` when it refuses a body itself. */
export const TOO_LARGE = { error: 'body_too_large', message: `bodies are at most ${MAX_BATCH_BYTES} bytes` };

/**
 * The Node listener options of the handler (docs/decisions.md#d-one-node-listener): the protocol's 16 KiB limit
 * with its 413 respond, and no context, so the handler finds the user with `getUser` unless the listener's own
 * `getUser` gives it `{ user }`. Works with or without a body parser before it (a raw Buffer, a string, or
 * `express.json()`'s object are all taken).
 */
const NODE_OPTIONS = { maxBodyBytes: MAX_BATCH_BYTES, tooLargeBody: TOO_LARGE, context: () => undefined };

// How long a claim holds while its events are being sent, in a store that can complete claims (the webhook handler's
// lease): a process that dies mid-send frees its ids after this, and the tracker's resend sends them
// (docs/decisions.md#d-activity-dedupe-leases).
const CLAIM_LEASE_MS = 5 * 60_000;
// What a body with ids being sent by another process gets a response: retryable, so the tracker keeps the windows.
const IN_FLIGHT_RETRY_AFTER_S = '60';

// What a body gets a response while the queue's store is down: retryable, soon (a Redis restart takes seconds).
const STORE_RETRY_AFTER_S = '5';

/** A promise with its resolver, for copies of one id that arrive while it is being sent. */
function deferred() {
  let resolve!: (accepted: boolean) => void;
  const promise = new Promise<boolean>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The configuration a body is read against, and each of its events' course. */
interface Courses {
  config: Awaited<ReturnType<ServerContext['config']>>;
  courses: Map<ActivityMessage, CourseConfig>;
}

/** How a body's ids were claimed: those this request sends, copies it waits for, and what it only counts. */
interface Claims {
  /** The events whose ids this request claimed: it sends them. */
  owned: ActivityMessage[];
  /** The outcomes of copies of ids another request of this process is sending. */
  waits: Promise<boolean>[];
  /** This request's ids, each with the resolver of its copies' wait. */
  mine: Map<string, (accepted: boolean) => void>;
  /** Ids seen before (or twice in the body): acknowledged without sending. */
  duplicates: number;
  /** Ids another process is sending now: this body cannot be acknowledged until they are sent. */
  elsewhere: number;
}

/** An upstream failure (the platform, the network, the roster): 5xx, so the tracker keeps the windows. */
const isUpstream = (error: unknown) =>
  error instanceof ApiError ||
  error instanceof ConnectionError ||
  error instanceof TimeoutError ||
  error instanceof UnknownUserError;

/** @internal The handler of `createActivityServer`. */
export function createActivityHandler(
  ctx: ServerContext,
  settings: {
    getUser: GetUser;
    dedupe: DedupeStore | undefined;
    dedupeTtlMs: number;
    /** Stores the entries on the handler's queue: the handler responds with 202 once stored, a worker sends them. */
    enqueue?: Enqueue | undefined;
    /** Clock in ms: when an entry was taken. */
    now?: (() => number) | undefined;
  },
): ActivityRequestHandler {
  const { getUser, dedupe, dedupeTtlMs } = settings;
  const now = settings.now ?? Date.now;
  // A store that can complete claims (core's memory and Redis stores) holds a claim as a short lease while the
  // events are sent and can tell an id being sent by another process from one sent: the webhook handler's protocol.
  const leases = typeof dedupe?.complete === 'function' && typeof dedupe.status === 'function';
  /** Marks the ids the platform took as sent, for `dedupeTtlMs`; a failure only shortens the memory to the lease. */
  const complete = async (ids: string[]) => {
    if (!leases) return;
    await Promise.all(
      ids.map((id) =>
        dedupe?.complete?.(id, dedupeTtlMs).catch((error: unknown) => {
          ctx.log?.warn(
            { error: (error as Error).message },
            'activity handler: dedupe store could not complete',
          );
        }),
      ),
    );
  };
  // Ids this process is sending now: a copy arriving meanwhile waits for the outcome instead of responding with 202
  // for events that may yet fail.
  const inFlight = new Map<string, Promise<boolean>>();
  // Ids whose send failed, for stores without `release` (their claim stays): a resend is sent again. Bounded,
  // and only as good as this process's memory, which is why stores should implement `release`.
  const failed = new Set<string>();
  const unclaim = async (id: string) => {
    try {
      if (dedupe?.release) return await dedupe.release(id);
    } catch {
      // fall through to the local memory
    }
    failed.add(id);
    if (failed.size > 10_000) failed.delete(failed.values().next().value as string);
  };

  const failure = (error: unknown, what: string) => {
    const upstream = isUpstream(error);
    if (error instanceof ActivityQueueStoreError) {
      ctx.log?.error({ error: error.message, store: error.store }, `activity handler: ${what}`);
      // Retryable: the tracker keeps the windows and sends them again once the store responds.
      return json(
        503,
        { error: 'queue_unavailable', message: 'the events could not be stored; send them again' },
        { 'retry-after': STORE_RETRY_AFTER_S },
      );
    }
    ctx.log?.error(
      { error: error instanceof Error ? error.message : String(error), name: (error as Error)?.name },
      `activity handler: ${what}`,
    );
    // Never 4xx here: the tracker drops a body refused with 400/413/422, and these events are valid. The details go
    // to the log only: the browser (anyone with devtools) needs to know to send again, not why.
    return upstream
      ? json(502, {
          error: 'upstream_failed',
          message: 'the platform did not take the events; send them again',
        })
      : json(500, { error: 'internal_error', message: 'the activity endpoint failed; see its log' });
  };

  /** The body's text, or the 413 or 400 response that refuses it. */
  const readBody = async (request: Request): Promise<string | Response> => {
    try {
      return await readText(request, MAX_BATCH_BYTES);
    } catch (error) {
      if (error instanceof TooLarge) return json(413, TOO_LARGE);
      return json(400, { error: 'invalid_body', message: 'the body could not be read' });
    }
  };

  /** The signed-in user (the caller's `{ user }`, else `getUser`), or the response that refuses the request. */
  const findUser = async (
    request: Request,
    context: ActivityHandlerContext | undefined,
  ): Promise<ActivityUser | Response> => {
    let user: ActivityUser | null | undefined;
    try {
      user = context && 'user' in context ? context.user : await getUser(request);
    } catch (error) {
      return failure(error, 'getUser threw');
    }
    if (user === null || user === undefined) return json(401, { error: 'unauthorized', message: 'no user' });
    if (!isRecord(user) || !isText(user.email))
      return failure(new TypeError('getUser must return { email, platformId? } or null'), 'bad user');
    return user;
  };

  /** The body's events, or the 400 response that says why the body is not a plausible batch. */
  const parseEvents = (text: string): ActivityMessage[] | Response => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return json(400, { error: 'invalid_json', message: 'the body is not JSON' });
    }
    const parsed = parseActivityBatch(body);
    if (!parsed.ok) return json(400, { error: 'invalid_batch', message: parsed.errors.join('; ') });
    // A window may not claim more time than its own span: a 15 s window claiming 10 h is refused, body and all.
    const implausible = parsed.value.events.flatMap((message, index) =>
      message.kind === 'timeSpent'
        ? (windowSpanProblem(message.window, `events[${index}].window`) ?? [])
        : [],
    );
    if (implausible.length) return json(400, { error: 'invalid_batch', message: implausible.join('; ') });
    return parsed.value.events;
  };

  /** The configuration and each event's course, or the response that refuses the body (an unknown course). */
  const findCourses = async (events: ActivityMessage[]): Promise<Courses | Response> => {
    let config: Courses['config'];
    try {
      config = await ctx.config();
    } catch (error) {
      return failure(error, 'learnkit.config.json');
    }
    const courses = new Map<ActivityMessage, CourseConfig>();
    const unknown: string[] = [];
    for (const message of events) {
      const course = ctx.courseOf(config, message.activity.course);
      if (typeof course === 'string') unknown.push(course);
      else courses.set(message, course);
    }
    if (unknown.length)
      return json(400, { error: 'unknown_course', message: [...new Set(unknown)].join('; ') });
    return { config, courses };
  };

  /**
   * Claims one id in the dedupe store: `fresh` when this request owns it, else whether another process is still
   * sending it (`sending`) rather than having sent it.
   */
  const claimInStore = async (id: string): Promise<{ fresh: boolean; sending: boolean }> => {
    if (!dedupe) return { fresh: true, sending: false };
    try {
      const fresh = (await dedupe.claim(id, leases ? CLAIM_LEASE_MS : dedupeTtlMs)) || failed.delete(id);
      // Claimed elsewhere and not sent yet (or its lease just lapsed): not a duplicate to acknowledge.
      const sending = !fresh && leases && (await dedupe.status?.(id)) !== 'handled';
      return { fresh, sending };
    } catch (error) {
      // A store that cannot respond must not lose time: send anyway (the platform dedupes by id too).
      ctx.log?.warn({ error: (error as Error).message }, 'activity handler: dedupe store failed');
      return { fresh: true, sending: false };
    }
  };

  // Claim each id once: owned ids are sent here; ids seen before are duplicates; ids being sent by another
  // request of this process are waited for.
  const claimEach = async (events: ActivityMessage[]): Promise<Claims> => {
    const claims: Claims = { owned: [], waits: [], mine: new Map(), duplicates: 0, elsewhere: 0 };
    const { owned, waits, mine } = claims;
    for (const message of events) {
      const id = message.id;
      const pending = inFlight.get(id);
      if (pending || mine.has(id)) {
        if (pending && !mine.has(id)) waits.push(pending);
        else claims.duplicates++;
        continue;
      }
      const d = deferred();
      inFlight.set(id, d.promise);
      mine.set(id, d.resolve);
      const { fresh, sending } = await claimInStore(id);
      if (fresh) owned.push(message);
      else {
        if (sending) claims.elsewhere++;
        else claims.duplicates++;
        inFlight.delete(id);
        mine.delete(id);
        d.resolve(!sending);
      }
    }
    return claims;
  };

  /** Resolves the waits on this request's ids (whether each was taken) and forgets them. */
  const settle = (claims: Claims, accepted: (id: string) => boolean) => {
    for (const [id, resolve] of claims.mine) {
      inFlight.delete(id);
      resolve(accepted(id));
    }
  };

  /** Delivers the owned events; the count accepted, or the failure response once the ids not taken are released. */
  const deliverOwned = async (
    claims: Claims,
    user: ActivityUser,
    { config, courses }: Courses,
  ): Promise<number | Response> => {
    const { owned } = claims;
    if (!owned.length) return 0;
    let taken: Awaited<ReturnType<typeof deliver>>;
    try {
      taken = await deliver(ctx, settings.enqueue, { user, owned, courses, config, now });
    } catch (error) {
      // Ids the platform did not take (none when the queue's store failed) are released, so the tracker's resend
      // is taken again.
      const kept = (id: string) => !settings.enqueue && ctx.caliper.hasAccepted(id);
      if (dedupe) await Promise.all(owned.filter((m) => !kept(m.id)).map((m) => unclaim(m.id)));
      await complete(owned.filter((m) => kept(m.id)).map((m) => m.id));
      settle(claims, kept);
      return failure(error, settings.enqueue ? 'the queue did not store the events' : 'sending failed');
    }
    claims.duplicates += taken.duplicates;
    await complete(owned.map((m) => m.id));
    return taken.accepted;
  };

  /** The response once this request's own ids are settled: waits on copies, then ids sent elsewhere, then 202. */
  const acknowledge = async (claims: Claims, accepted: number): Promise<Response> => {
    const outcomes = await Promise.all(claims.waits);
    if (outcomes.includes(false))
      return json(502, {
        error: 'upstream_failed',
        message: 'a copy of these events sent at the same time failed; send them again',
      });
    const duplicates = claims.duplicates + claims.waits.length;
    if (claims.elsewhere > 0) {
      // 503, never a 2xx: the tracker keeps the windows and sends them again; the ids sent now are duplicates then.
      return json(
        503,
        {
          error: 'in_flight',
          message: 'some of these events are being sent by another request; send them again',
        },
        { 'retry-after': IN_FLIGHT_RETRY_AFTER_S },
      );
    }
    return json(202, { accepted, duplicates });
  };

  return Object.assign(activityHandler, { nodeListenerOptions: NODE_OPTIONS });

  async function activityHandler(request: Request, context?: ActivityHandlerContext): Promise<Response> {
    if (request.method !== 'POST')
      return json(
        405,
        { error: 'method_not_allowed', message: 'POST a batch of activity events' },
        { allow: 'POST' },
      );
    const text = await readBody(request);
    if (text instanceof Response) return text;
    const user = await findUser(request, context);
    if (user instanceof Response) return user;
    const events = parseEvents(text);
    if (events instanceof Response) return events;
    const courses = await findCourses(events);
    if (courses instanceof Response) return courses;
    const claims = await claimEach(events);
    const accepted = await deliverOwned(claims, user, courses);
    if (accepted instanceof Response) return accepted;
    settle(claims, () => true);
    return acknowledge(claims, accepted);
  }
}
