import { type Hooks, LearnKitError, ValidationError } from '@learnkit/core';
import type { QueueHookInfo, QueueStats, ValidationIssue } from '@learnkit/core/internal';
import type { AnyCaliperEvent } from '../caliper-client';
import type { ServerContext } from '../context';
import type { LooseHttp } from '../http';
import type { RecordParams } from '../record';
import { type MessageEntry, parseEntry, type RecordEntry, recordEntry } from './entry';
import { ActivityQueueStoreError } from './errors';
import type { ActivityQueueStore } from './store';
import type { WorkerSettings } from './worker';
import { type ActivityQueueWorker, backgroundWorker, consumerName, runLoop } from './worker-loop';

/** Default most Caliper events in one request of a worker. */
export const DEFAULT_QUEUE_MAX_EVENTS = 100;
/** Default most bytes (UTF-8 JSON of the envelope) in one request of a worker: 480 KiB. */
export const DEFAULT_QUEUE_MAX_BYTES = 480 * 1024;
/** Default longest wait of a record before its batch is sent, when the batch does not fill. */
export const DEFAULT_QUEUE_MAX_WAIT_MS = 1_000;
/** Default time after which entries a worker took and stopped touching go to another worker. */
export const DEFAULT_QUEUE_VISIBILITY_TIMEOUT_MS = 30_000;

/** How a worker batches. */
export interface ActivityQueueBatchOptions {
  /** Most Caliper events in one request (default 100). */
  maxEvents?: number | undefined;
  /** Most bytes of one request body (default 480 KiB). */
  maxBytes?: number | undefined;
  /** Longest a record waits for its batch to fill before it is sent (default 1,000 ms). */
  maxWaitMs?: number | undefined;
}

/** How a worker retries a batch the platform could not take (429, 5xx, network errors, timeouts): without end. */
export interface ActivityQueueRetryOptions {
  /** First backoff (default 1,000 ms), doubling with jitter. */
  initialDelayMs?: number | undefined;
  /** Longest backoff (default 30,000 ms). */
  maxDelayMs?: number | undefined;
  /** Longest `Retry-After` honoured as given (default 300,000 ms); a longer one waits this long. */
  maxRetryAfterMs?: number | undefined;
}

/** What a queue takes beside the platform: its store, its batches, its retries. */
export interface ActivityQueueSettings {
  /** Where records wait: `createRedisQueueStore(redis)` (durable, shared) or `createMemoryQueueStore()`. */
  store: ActivityQueueStore;
  /** Batch bounds of the workers. */
  batch?: ActivityQueueBatchOptions | undefined;
  /** Retries of the workers. */
  retry?: ActivityQueueRetryOptions | undefined;
  /**
   * How long entries a worker took may go untouched before another worker takes them over (default 30,000 ms). A
   * live worker touches its batch every third of it, also while it waits to retry.
   */
  visibilityTimeoutMs?: number | undefined;
  /** How often an idle worker looks for records (default 200 ms). */
  pollIntervalMs?: number | undefined;
  /** `onQueue` is called after each batch a worker sent, will retry or dead-lettered (the SDK's `hooks`). */
  hooks?: Pick<Hooks, 'onQueue'> | undefined;
}

/** What `queue.record` stored. */
export interface QueuedRecord {
  /** The entry's id in the store. */
  id: string;
  /** The run id (given, or made). */
  runId: string;
  /**
   * The Caliper ids its events will have (the TimeSpentEvent's first when `time` was given), the ones `record` would
   * send. Undefined with an `idempotencyKey` and no `user.platformId`: those ids are named by the rostering id, which
   * the worker looks up.
   */
  eventIds: string[] | undefined;
}

/** What a flush did. */
export interface QueueFlushResult {
  /** Caliper events delivered. */
  sent: number;
  /** Caliper events moved to the dead letters. */
  deadLettered: number;
  /** Records still in the store when it ended (a shared store: other processes' too). */
  remaining: number;
}

/** An event (or a record) the platform refused, kept until it is retried. */
export interface DeadLetter {
  /** Its id in the store (what `deadLetters.retry([id])` takes). */
  id: string;
  /** When it was dead-lettered (ISO 8601). */
  at: string;
  /** Why: the platform's message, or what failed. */
  reason: string;
  /** The HTTP status of the refusal, when the platform responded. */
  status?: number | undefined;
  /** The refused Caliper event (its id is kept when retried). */
  event?: AnyCaliperEvent | undefined;
  /** The record whose events could not be built (its user is not in the roster, say). */
  record?: Omit<RecordEntry, 'v' | 'kind'> | undefined;
  /** The tracker's message (and its user) whose event could not be built, taken by the handler on the queue. */
  message?: Omit<MessageEntry, 'v' | 'kind'> | undefined;
}

/** A durable, batched queue in front of the Caliper ingest (docs/activity.md#the-activity-queue). */
export interface ActivityQueue {
  /**
   * Checks `params` exactly as `record` does (the same `ValidationError`), builds what `record` would send into an
   * entry and stores it; resolves once the store holds it, never before. A worker sends it.
   */
  record(params: RecordParams): Promise<QueuedRecord>;
  /** Starts a worker in this process, once the store returns (rejects naming it when it does not). */
  startWorker(): Promise<ActivityQueueWorker>;
  /** Sends what the store holds now, without waiting for batches to fill, until nothing is left or `timeoutMs`. */
  flush(options?: { timeoutMs?: number | undefined }): Promise<QueueFlushResult>;
  /**
   * For SIGTERM: refuses new records, stops this process's workers (each finishing its batch), then flushes, all
   * within `timeoutMs`; `sent` counts what this process sent from the call on.
   */
  closeAndFlush(options?: { timeoutMs?: number | undefined }): Promise<QueueFlushResult>;
  /** Serverless mode: `handler` wrapped so that what it recorded is flushed before it returns. */
  serverless<A extends unknown[], R>(
    handler: (...args: A) => R | Promise<R>,
    options?: { timeoutMs?: number | undefined },
  ): (...args: A) => Promise<Awaited<R>>;
  /** The queue's figures: depth, oldest age and dead letters of the store, this process's counts. */
  stats(): Promise<QueueStats>;
  /** The dead letters: listed, and retried (sent again with their ids). */
  readonly deadLetters: {
    /** Up to `limit` dead letters (default 100), oldest first, after the one with id `after` when given. */
    list(options?: { limit?: number | undefined; after?: string | undefined }): Promise<DeadLetter[]>;
    /** Puts these dead letters (every one with `'all'`) back in the queue, with their event ids; how many. */
    retry(ids: readonly string[] | 'all'): Promise<number>;
  };
  /** Checks that the store returns (and prepares it); rejects with an error naming the store. */
  ready(): Promise<void>;
  /** The store. */
  readonly store: ActivityQueueStore;
}

const positive = (issues: ValidationIssue[], path: string[], value: unknown, min: number) => {
  if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= min))
    issues.push({ path, message: `must be a number >= ${min} (got ${String(value)})` });
};

/** @internal The queue over a server's context (`createActivityQueue`, `server.queue(...)`). */
export function queueOver(
  base: { ctx: ServerContext; http: LooseHttp; now: () => number },
  settings: ActivityQueueSettings,
): ActivityQueue {
  const issues: ValidationIssue[] = [];
  const store = settings?.store;
  if (!store || typeof store.add !== 'function' || typeof store.take !== 'function')
    issues.push({
      path: ['store'],
      message: 'is required: createRedisQueueStore(redis) (durable, shared) or createMemoryQueueStore()',
    });
  const batch = settings?.batch ?? {};
  const retry = settings?.retry ?? {};
  if (batch.maxEvents !== undefined && !(Number.isInteger(batch.maxEvents) && batch.maxEvents >= 1))
    issues.push({
      path: ['batch', 'maxEvents'],
      message: `must be an integer >= 1 (got ${String(batch.maxEvents)})`,
    });
  positive(issues, ['batch', 'maxBytes'], batch.maxBytes, 1024);
  positive(issues, ['batch', 'maxWaitMs'], batch.maxWaitMs, 0);
  positive(issues, ['retry', 'initialDelayMs'], retry.initialDelayMs, 1);
  positive(issues, ['retry', 'maxDelayMs'], retry.maxDelayMs, 1);
  positive(issues, ['retry', 'maxRetryAfterMs'], retry.maxRetryAfterMs, 0);
  positive(issues, ['visibilityTimeoutMs'], settings?.visibilityTimeoutMs, 1);
  positive(issues, ['pollIntervalMs'], settings?.pollIntervalMs, 1);
  if (issues.length) throw new ValidationError(issues);

  const { ctx, http, now } = base;
  const onQueue = settings.hooks?.onQueue;
  const counts = { sent: 0, retried: 0, deadLettered: 0 };

  const stats = async (): Promise<QueueStats> => {
    const figures = await store.figures();
    return {
      depth: figures.depth,
      inFlight: figures.inFlight,
      oldestAgeMs: figures.oldestAt === undefined ? 0 : Math.max(0, now() - figures.oldestAt),
      deadLetters: figures.deadLetters,
      ...counts,
    };
  };

  const worker: WorkerSettings = {
    store,
    ctx,
    http,
    maxEvents: batch.maxEvents ?? DEFAULT_QUEUE_MAX_EVENTS,
    maxBytes: batch.maxBytes ?? DEFAULT_QUEUE_MAX_BYTES,
    maxWaitMs: batch.maxWaitMs ?? DEFAULT_QUEUE_MAX_WAIT_MS,
    initialDelayMs: retry.initialDelayMs ?? 1_000,
    maxDelayMs: retry.maxDelayMs ?? 30_000,
    maxRetryAfterMs: retry.maxRetryAfterMs ?? 300_000,
    visibilityTimeoutMs: settings.visibilityTimeoutMs ?? DEFAULT_QUEUE_VISIBILITY_TIMEOUT_MS,
    pollIntervalMs: settings.pollIntervalMs ?? 200,
    now,
    async report(info) {
      if (info.event === 'sent') counts.sent += info.count;
      else if (info.event === 'retried') counts.retried += 1;
      else counts.deadLettered += info.count;
      if (!onQueue) return;
      let figures: QueueStats;
      try {
        figures = await stats();
      } catch (error) {
        ctx.log?.warn({ error: (error as Error).message }, 'activity queue: no figures for the onQueue hook');
        return;
      }
      const hookInfo: QueueHookInfo = { queue: store.name, ...info, stats: figures };
      try {
        onQueue(hookInfo);
      } catch (error) {
        ctx.log?.warn(
          { hook: 'onQueue', error: error instanceof Error ? error.message : String(error) },
          'hooks.onQueue threw; ignored so the worker goes on',
        );
      }
    },
  };

  const workers = new Set<ActivityQueueWorker>();
  const writing = new Set<Promise<unknown>>();
  let closed = false;

  /** Runs a drain until nothing is left or `timeoutMs`; what it sent. */
  const drain = async (deadline: AbortSignal, before = { ...counts }): Promise<QueueFlushResult> => {
    const stopping = new AbortController();
    const stop = () => stopping.abort();
    if (deadline.aborted) stop();
    deadline.addEventListener('abort', stop, { once: true });
    try {
      await runLoop(worker, { consumer: consumerName(), drain: true, stopping: stopping.signal, deadline });
    } finally {
      deadline.removeEventListener('abort', stop);
    }
    const remaining = (await store.figures().catch(() => undefined))?.depth ?? Number.NaN;
    return {
      sent: counts.sent - before.sent,
      deadLettered: counts.deadLettered - before.deadLettered,
      remaining,
    };
  };
  /** A signal that aborts after `timeoutMs`, and its cancel. */
  const timeLimit = (timeoutMs: number) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    (timer as { unref?: () => void }).unref?.();
    return { signal: controller.signal, cancel: () => clearTimeout(timer) };
  };
  const checkTimeout = (timeoutMs: unknown) => {
    if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs >= 0))
      throw new ValidationError([
        { path: ['timeoutMs'], message: `must be a number of ms >= 0 (got ${String(timeoutMs)})` },
      ]);
  };

  /** Stores entries; `closeAndFlush` waits for the ones being written. */
  const add = async (payloads: string[]): Promise<string[]> => {
    await store.ready();
    const adding = store.add(payloads);
    writing.add(adding);
    try {
      return await adding;
    } finally {
      writing.delete(adding);
    }
  };

  const queue: ActivityQueue = {
    store,
    ready: () => store.ready(),
    async record(params) {
      if (closed)
        throw new LearnKitError(
          'activity queue: closed by closeAndFlush; records are no longer taken (record them in another process)',
        );
      const { entry, eventIds } = await recordEntry(ctx, params, now());
      const [id] = await add([JSON.stringify(entry)]);
      return { id: id as string, runId: entry.runId, eventIds };
    },
    async startWorker() {
      if (closed)
        throw new LearnKitError('activity queue: closed by closeAndFlush; start workers on another queue');
      await store.ready();
      const started = backgroundWorker(worker, consumerName());
      workers.add(started);
      started.stopped.finally(() => workers.delete(started)).catch(() => {});
      return started;
    },
    async flush({ timeoutMs = 10_000 } = {}) {
      checkTimeout(timeoutMs);
      const limit = timeLimit(timeoutMs);
      try {
        return await drain(limit.signal);
      } finally {
        limit.cancel();
      }
    },
    async closeAndFlush({ timeoutMs = 10_000 } = {}) {
      checkTimeout(timeoutMs);
      closed = true;
      const limit = timeLimit(timeoutMs);
      // What this process sends from now on: the workers' batches in hand, then the flush.
      const before = { ...counts };
      try {
        await Promise.allSettled([...writing]);
        await Promise.all([...workers].map((running) => running.stop({ timeoutMs })));
        return await drain(limit.signal, before);
      } finally {
        limit.cancel();
      }
    },
    serverless<A extends unknown[], R>(
      handler: (...args: A) => R | Promise<R>,
      options?: { timeoutMs?: number | undefined },
    ) {
      return async (...args: A): Promise<Awaited<R>> => {
        try {
          return (await handler(...args)) as Awaited<R>;
        } finally {
          try {
            const result = await queue.flush(options);
            if (result.remaining > 0)
              ctx.log?.warn({ ...result }, 'activity queue: records left unsent when the handler returned');
          } catch (error) {
            ctx.log?.error({ error: (error as Error).message }, 'activity queue: flush failed');
          }
        }
      };
    },
    stats,
    deadLetters: {
      async list({ limit = 100, after } = {}) {
        const letters = await store.listDeadLetters({ limit, after });
        return letters.map((letter) => {
          const entry = parseEntry(letter.payload);
          const out: DeadLetter = {
            id: letter.id,
            at: new Date(letter.at).toISOString(),
            reason: letter.reason,
          };
          if (letter.status !== undefined) out.status = letter.status;
          if (entry?.kind === 'event') out.event = entry.event;
          else if (entry?.kind === 'record') {
            const { v: _v, kind: _kind, ...record } = entry;
            out.record = record;
          } else if (entry?.kind === 'message') {
            const { v: _v, kind: _kind, ...message } = entry;
            out.message = message;
          }
          return out;
        });
      },
      retry: (ids) => store.redrive(ids),
    },
  };
  ENQUEUE.set(queue, async (payloads) => {
    if (closed)
      throw new ActivityQueueStoreError(
        store.name,
        'activity queue: closed by closeAndFlush; this process takes no more events (another process will)',
      );
    return add(payloads);
  });
  return queue;
}

// How the handler stores its entries on the queue made for it: not a public method of the queue.
const ENQUEUE = new WeakMap<ActivityQueue, (payloads: string[]) => Promise<string[]>>();

/** @internal What stores entries on `queue` (made by `queueOver`), as the handler does. */
export function enqueuerOf(queue: ActivityQueue): (payloads: string[]) => Promise<string[]> {
  const enqueue = ENQUEUE.get(queue);
  if (!enqueue) throw new TypeError('not a queue made by queueOver');
  return enqueue;
}
