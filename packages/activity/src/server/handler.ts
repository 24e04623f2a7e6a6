import { ApiError, ConnectionError, type DedupeStore, TimeoutError } from '@learnkit/core';
import type { NodeListenerOptions } from '@learnkit/core/internal';
import { isRecord, isText } from '../check';
import type { CourseConfig } from '../config/types';
import { type ActivityMessage, MAX_BATCH_BYTES, parseActivityBatch } from '../protocol';
import type { ServerContext } from './context';
import { deliver, type Enqueue } from './deliver';
import { ActivityQueueStoreError } from './queue/errors';
import { windowSpanProblem } from './time-window';
import { type ActivityUser, UnknownUserError } from './users';

/** Finds the user of a request (your session or token check); `null` or `undefined` answers 401. */
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
  /** How `toNodeListener` serves it: the protocol's body limit and 413 answer, and no Node request as context. */
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

/** The body of the 413 answer, also written by `toNodeListener` when it refuses a body itself. */
export const TOO_LARGE = { error: 'body_too_large', message: `bodies are at most ${MAX_BATCH_BYTES} bytes` };

class TooLarge extends Error {}

/**
 * The Node listener options of the handler (docs/decisions.md#d-i15-one-node-listener): the protocol's 16 KiB limit
 * with its 413 answer, and no context, so the handler finds the user with `getUser` unless the listener's own
 * `getUser` gives it `{ user }`. Works with or without a body parser before it (a raw Buffer, a string, or
 * `express.json()`'s object are all taken).
 */
const NODE_OPTIONS = { maxBodyBytes: MAX_BATCH_BYTES, tooLargeBody: TOO_LARGE, context: () => undefined };

/** The body's text, refusing more than `max` bytes without reading them all. */
async function readText(request: Request, max: number): Promise<string> {
  const length = Number(request.headers.get('content-length'));
  if (Number.isFinite(length) && length > max) throw new TooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}

// How long a claim holds while its events are being sent, in a store that can complete claims (the webhook handler's
// lease): a process that dies mid-send frees its ids after this, and the tracker's resend sends them
// (docs/decisions.md#d-i16-activity-dedupe-leases).
const CLAIM_LEASE_MS = 5 * 60_000;
// What a body with ids being sent by another process is answered: retryable, so the tracker keeps the windows.
const IN_FLIGHT_RETRY_AFTER_S = '60';

// What a body is answered while the queue's store is down: retryable, soon (a Redis restart takes seconds).
const STORE_RETRY_AFTER_S = '5';

/** A promise with its resolver, for copies of one id that arrive while it is being sent. */
function deferred() {
  let resolve!: (accepted: boolean) => void;
  const promise = new Promise<boolean>((r) => {
    resolve = r;
  });
  return { promise, resolve };
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
    /** Stores the entries on the handler's queue: the handler answers 202 once stored, a worker sends them. */
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
  // Ids this process is sending now: a copy arriving meanwhile waits for the outcome instead of answering 202
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
      // Retryable: the tracker keeps the windows and sends them again once the store answers.
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
    // Never 4xx here: the tracker drops a body answered 400/413/422, and these events are valid. The details go
    // to the log only: the browser (anyone with devtools) needs to know to send again, not why.
    return upstream
      ? json(502, {
          error: 'upstream_failed',
          message: 'the platform did not take the events; send them again',
        })
      : json(500, { error: 'internal_error', message: 'the activity endpoint failed; see its log' });
  };

  return Object.assign(activityHandler, { nodeListenerOptions: NODE_OPTIONS });

  async function activityHandler(request: Request, context?: ActivityHandlerContext): Promise<Response> {
    if (request.method !== 'POST')
      return json(
        405,
        { error: 'method_not_allowed', message: 'POST a batch of activity events' },
        { allow: 'POST' },
      );

    let text: string;
    try {
      text = await readText(request, MAX_BATCH_BYTES);
    } catch (error) {
      if (error instanceof TooLarge) return json(413, TOO_LARGE);
      return json(400, { error: 'invalid_body', message: 'the body could not be read' });
    }

    let user: ActivityUser | null | undefined;
    try {
      user = context && 'user' in context ? context.user : await getUser(request);
    } catch (error) {
      return failure(error, 'getUser threw');
    }
    if (user === null || user === undefined) return json(401, { error: 'unauthorized', message: 'no user' });
    if (!isRecord(user) || !isText(user.email))
      return failure(new TypeError('getUser must return { email, platformId? } or null'), 'bad user');

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

    let config: Awaited<ReturnType<ServerContext['config']>>;
    try {
      config = await ctx.config();
    } catch (error) {
      return failure(error, 'learnkit.config.json');
    }
    const courses = new Map<ActivityMessage, CourseConfig>();
    const unknown: string[] = [];
    for (const message of parsed.value.events) {
      const course = ctx.courseOf(config, message.activity.course);
      if (typeof course === 'string') unknown.push(course);
      else courses.set(message, course);
    }
    if (unknown.length)
      return json(400, { error: 'unknown_course', message: [...new Set(unknown)].join('; ') });

    // Claim each id once: owned ids are sent here; ids seen before are duplicates; ids being sent by another
    // request of this process are waited for.
    const owned: ActivityMessage[] = [];
    const waits: Promise<boolean>[] = [];
    const mine = new Map<string, (accepted: boolean) => void>();
    let duplicates = 0;
    // Ids another process is sending now: this body cannot be acknowledged until they are sent.
    let elsewhere = 0;
    for (const message of parsed.value.events) {
      const id = message.id;
      const pending = inFlight.get(id);
      if (pending || mine.has(id)) {
        if (pending && !mine.has(id)) waits.push(pending);
        else duplicates++;
        continue;
      }
      const d = deferred();
      inFlight.set(id, d.promise);
      mine.set(id, d.resolve);
      let fresh = true;
      let sending = false;
      try {
        if (dedupe) {
          fresh = (await dedupe.claim(id, leases ? CLAIM_LEASE_MS : dedupeTtlMs)) || failed.delete(id);
          // Claimed elsewhere and not sent yet (or its lease just lapsed): not a duplicate to acknowledge.
          if (!fresh && leases) sending = (await dedupe.status?.(id)) !== 'handled';
        }
      } catch (error) {
        // A store that cannot answer must not lose time: send anyway (the platform dedupes by id too).
        ctx.log?.warn({ error: (error as Error).message }, 'activity handler: dedupe store failed');
        fresh = true;
      }
      if (fresh) owned.push(message);
      else {
        if (sending) elsewhere++;
        else duplicates++;
        inFlight.delete(id);
        mine.delete(id);
        d.resolve(!sending);
      }
    }
    const settle = (accepted: (id: string) => boolean) => {
      for (const [id, resolve] of mine) {
        inFlight.delete(id);
        resolve(accepted(id));
      }
    };

    let accepted = 0;
    if (owned.length) {
      try {
        const taken = await deliver(ctx, settings.enqueue, { user, owned, courses, config, now });
        accepted = taken.accepted;
        duplicates += taken.duplicates;
      } catch (error) {
        // Ids the platform did not take (none when the queue's store failed) are released, so the tracker's resend
        // is taken again.
        const kept = (id: string) => !settings.enqueue && ctx.caliper.hasAccepted(id);
        if (dedupe) await Promise.all(owned.filter((m) => !kept(m.id)).map((m) => unclaim(m.id)));
        await complete(owned.filter((m) => kept(m.id)).map((m) => m.id));
        settle(kept);
        return failure(error, settings.enqueue ? 'the queue did not store the events' : 'sending failed');
      }
      await complete(owned.map((m) => m.id));
    }
    settle(() => true);

    const outcomes = await Promise.all(waits);
    if (outcomes.includes(false))
      return json(502, {
        error: 'upstream_failed',
        message: 'a copy of these events sent at the same time failed; send them again',
      });
    duplicates += waits.length;
    if (elsewhere > 0) {
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
  }
}
