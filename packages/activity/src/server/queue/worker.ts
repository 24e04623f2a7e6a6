import { caliperEventIssues, formatCaliperIssue } from '@learnkit/caliper';
import { ApiError, ConnectionError, TimeoutError } from '@learnkit/core';
import { parseRetryAfterMs, type QueueHookInfo } from '@learnkit/core/internal';
import { envelope } from '../../caliper/envelope';
import type { CourseConfig } from '../../config/types';
import type { AnyCaliperEvent } from '../caliper-client';
import type { ServerContext } from '../context';
import type { LooseHttp } from '../http';
import { type Built, buildEntries, type EventEntry, parseEntry } from './entry';
import type { ActivityQueueStore, DeadLetterInput, StoredEntry } from './store';

// One batch of a worker, from the entries it took to their acknowledgement: build the events, send them in requests
// within the bounds, retry what failed for a reason that passes, split what the platform refused to find the events
// it refuses, dead-letter those (docs/decisions.md#d-queue-worker-batch).

/** What a worker needs: the store, the platform, the bounds and what it reports. */
export interface WorkerSettings {
  store: ActivityQueueStore;
  ctx: ServerContext;
  http: LooseHttp;
  maxEvents: number;
  maxBytes: number;
  maxWaitMs: number;
  initialDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  visibilityTimeoutMs: number;
  pollIntervalMs: number;
  now: () => number;
  /** Counts of this process, and the hook. */
  report(info: Omit<QueueHookInfo, 'queue' | 'stats'>): void;
}

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).byteLength;
// Envelope members around `data` (sensor, sendTime, dataVersion): a generous bound for any sensor IRI.
const envelopeBytes = (sensor: string) => 200 + bytesOf(sensor);

/** Statuses that say the platform refuses the events themselves: the batch is split to find them. */
const REFUSED = new Set([400, 413, 422]);

/** A failure a later attempt may not meet: the platform busy, down or unreachable, a token or scope problem. */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) return !REFUSED.has(error.status);
  return error instanceof ConnectionError || error instanceof TimeoutError;
}

/** Why an attempt failed, short: `status 503`, `ConnectionError`. */
const reasonOf = (error: unknown) =>
  error instanceof ApiError ? `status ${error.status}` : error instanceof Error ? error.name : String(error);

/** What the platform said when it refused events (its message), or the error's own message. */
const refusalOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.description ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

/** Waits `ms`, or less when `signal` aborts; resolves whether the whole wait passed. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (whole: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(whole);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wait before attempt `attempt + 1`: the platform's `Retry-After` (capped), else backoff with jitter. */
export function retryDelay(error: unknown, attempt: number, s: WorkerSettings): number {
  const asked = error instanceof ApiError ? parseRetryAfterMs(error.headers, s.now()) : undefined;
  if (asked !== undefined) return Math.min(asked, s.maxRetryAfterMs);
  const backoff = Math.min(s.maxDelayMs, s.initialDelayMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(backoff / 2 + (Math.random() * backoff) / 2);
}

/** One event of a batch and where it came from. */
interface Item {
  event: AnyCaliperEvent;
  sensor: string;
  /** The entry it was built from, as received (its `at`, for a dead letter). */
  at: number;
}

/** Keeps `ids` leased while they are worked on (a long outage included): their visibility timeout starts again. */
function keepLeased(s: WorkerSettings, consumer: string, ids: string[]): ReturnType<typeof setInterval> {
  const lease = setInterval(
    () => {
      s.store.extend(consumer, ids).catch((error: unknown) => {
        s.ctx.log?.warn({ error: (error as Error).message }, 'activity queue: could not extend a batch');
      });
    },
    Math.max(1, Math.floor(s.visibilityTimeoutMs / 3)),
  );
  (lease as { unref?: () => void }).unref?.();
  return lease;
}

/** Tells the reporter and the log that sending `pending` events failed and is tried again in `delayMs`. */
function reportRetry(
  s: WorkerSettings,
  error: unknown,
  attempt: number,
  delayMs: number,
  pending: number,
): void {
  s.report({
    event: 'retried',
    count: pending,
    delayMs,
    reason: reasonOf(error),
    ...(error instanceof ApiError && { status: error.status }),
  });
  s.ctx.log?.warn(
    { reason: reasonOf(error), retryInMs: delayMs, attempt, events: pending },
    `activity queue: sending a batch failed (${reasonOf(error)}), retrying in ${delayMs} ms`,
  );
}

/** Stores the dead letters, acknowledges the entries, and reports what was sent and what was dead-lettered. */
async function acknowledgeBatch(
  s: WorkerSettings,
  ids: string[],
  dead: DeadLetterInput[],
  delivered: number,
): Promise<void> {
  if (dead.length) {
    await s.store.addDeadLetters(dead);
    s.ctx.log?.error(
      { count: dead.length, reason: dead[0]?.reason },
      `activity queue: ${dead.length} dead-lettered: ${dead[0]?.reason}`,
    );
  }
  await s.store.ack(ids);
  if (delivered) s.report({ event: 'sent', count: delivered });
  if (dead.length)
    s.report({
      event: 'dead-lettered',
      count: dead.length,
      reason: dead[0]?.reason,
      ...(dead[0]?.status !== undefined && { status: dead[0].status }),
    });
}

/**
 * Processes the entries a worker took, to their acknowledgement: `'done'` when each event was delivered or
 * dead-lettered and the entries acknowledged; `'released'` when `signal` aborted a wait first (the entries are given
 * back to the store for another worker, and sent again there with the same ids).
 */
export async function processBatch(
  s: WorkerSettings,
  consumer: string,
  taken: readonly StoredEntry[],
  signal?: AbortSignal,
): Promise<'done' | 'released'> {
  const ids = taken.map((entry) => entry.id);
  const items = taken.map((stored) => ({ id: stored.id, entry: parseEntry(stored.payload), stored }));
  const built = new Map<string, Built>();
  const round = {
    tallies: new Map<string, ReturnType<ServerContext['pctCompleteOf']>>(),
    courses: new Map<string, CourseConfig>(),
  };
  const delivered = new Set<string>();
  const dead: DeadLetterInput[] = [];
  const settled = new Set<string>(); // entries refused whole, and events delivered or dead-lettered
  const letter = (payload: string, reason: string, status?: number) =>
    dead.push({ payload, reason, at: s.now(), ...(status !== undefined && { status }) });

  const lease = keepLeased(s, consumer, ids);

  /** The events not yet delivered or dead-lettered, in order; dead-letters the entries refused whole. */
  const pendingItems = (): Item[] => {
    const out: Item[] = [];
    for (const { id, stored } of items) {
      const result = built.get(id);
      if (!result || settled.has(id)) continue;
      if ('refused' in result) {
        settled.add(id);
        letter(stored.payload, result.refused);
        continue;
      }
      for (const event of result.events)
        if (!settled.has(event.id)) out.push({ event, sensor: result.sensor, at: stored.addedAt });
    }
    return out;
  };

  const deadLetterEvent = (item: Item, reason: string, status?: number) => {
    settled.add(item.event.id);
    const entry: EventEntry = { v: 1, kind: 'event', at: item.at, sensor: item.sensor, event: item.event };
    letter(JSON.stringify(entry), reason, status);
  };

  /** Sends `batch` in one request; on a refusal, its halves, down to the one event refused (docs/decisions.md#d-queue-split-refused-batch). */
  const deliver = async (batch: Item[]): Promise<void> => {
    const sensor = (batch[0] as Item).sensor;
    try {
      await s.http.call('POST', '/caliper/v1p2', {
        body: envelope({ sensor, events: batch.map((item) => item.event) }),
        // One attempt: the worker retries with its own schedule, for as long as it takes (the ids are kept).
        options: {
          idempotent: true,
          retry: false,
          operation: 'POST /caliper/v1p2',
          ...(signal !== undefined && { signal }),
        },
      });
    } catch (error) {
      if (isTransient(error) || !(error instanceof ApiError)) throw error;
      if (batch.length === 1) {
        deadLetterEvent(batch[0] as Item, refusalOf(error), error.status);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await deliver(batch.slice(0, half));
      await deliver(batch.slice(half));
      return;
    }
    for (const item of batch) {
      delivered.add(item.event.id);
      settled.add(item.event.id);
    }
  };

  /** Checks each pending event as the ingest would and sends the good ones in requests within both bounds. */
  const sendPending = async () => {
    const batches: Item[][] = [];
    let size = 0;
    // The same browser event stored twice (a resend taken by two handler processes without a shared dedupe store)
    // goes once: delivering it settles both (docs/decisions.md#d-handler-on-queue).
    const seen = new Set<string>();
    for (const item of pendingItems()) {
      if (seen.has(item.event.id)) continue;
      seen.add(item.event.id);
      const issues = caliperEventIssues(item.event, []);
      if (issues.length) {
        deadLetterEvent(item, `invalid Caliper event: ${issues.map(formatCaliperIssue).join('; ')}`);
        continue;
      }
      const bytes = bytesOf(JSON.stringify(item.event));
      if (bytes + envelopeBytes(item.sensor) > s.maxBytes) {
        deadLetterEvent(
          item,
          `the event is ${bytes} bytes, more than one request may carry (maxBytes ${s.maxBytes})`,
        );
        continue;
      }
      const last = batches.at(-1);
      if (
        !last ||
        last.length >= s.maxEvents ||
        (last[0] as Item).sensor !== item.sensor ||
        size + bytes + 1 > s.maxBytes
      ) {
        batches.push([item]);
        size = envelopeBytes(item.sensor) + bytes;
      } else {
        last.push(item);
        size += bytes + 1;
      }
    }
    for (const batch of batches) await deliver(batch);
  };

  /** Builds and sends until every entry is settled; `false` when `signal` aborted a wait first. */
  const workUntilSettled = async (): Promise<boolean> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await buildEntries(s.ctx, items, built, round);
        await sendPending();
        return true;
      } catch (error) {
        // Time is up (a stop or a flush): another worker sends the rest, with the same ids.
        if (signal?.aborted) return false;
        if (!isTransient(error)) {
          // Not the platform's response and not the network: a bug, or something no retry mends. Nothing is
          // dropped: the events wait in the dead letters, to be retried once it is fixed.
          const why = `failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
          for (const item of pendingItems()) deadLetterEvent(item, why);
          for (const { id, stored } of items) if (!built.has(id)) letter(stored.payload, why);
          return true;
        }
        const delayMs = retryDelay(error, attempt, s);
        reportRetry(s, error, attempt, delayMs, pendingItems().length || taken.length);
        if (!(await sleep(delayMs, signal))) return false;
      }
    }
  };

  try {
    if (!(await workUntilSettled())) {
      await s.store.release(consumer, ids);
      return 'released';
    }
    await acknowledgeBatch(s, ids, dead, delivered.size);
    return 'done';
  } finally {
    clearInterval(lease);
  }
}
