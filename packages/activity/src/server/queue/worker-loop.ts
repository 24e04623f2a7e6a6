import type { StoredEntry } from './store';
import { processBatch, sleep, type WorkerSettings } from './worker';

/** A worker of the activity queue running in this process (`queue.startWorker()`). */
export interface ActivityQueueWorker {
  /** Its consumer name in the store (unique per worker). */
  readonly consumer: string;
  /**
   * Stops taking entries and finishes the batch in hand; when `timeoutMs` passes first, gives the batch back to the
   * store (another worker sends it, with the same event ids). Resolves once stopped.
   */
  stop(options?: { timeoutMs?: number | undefined }): Promise<void>;
  /** Settles once the worker has stopped. */
  readonly stopped: Promise<void>;
}

/** A consumer name: unique in the fleet, and telling which process holds an entry (`XPENDING`). */
export function consumerName(): string {
  const pid = (globalThis as { process?: { pid?: number } }).process?.pid;
  return `worker-${pid ?? 'p'}-${crypto.randomUUID().slice(0, 8)}`;
}

/** How a loop runs: a worker waits for batches to fill; a drain (`flush`) sends what is there and ends. */
interface LoopOptions {
  consumer: string;
  drain: boolean;
  /** Aborts when the worker should stop taking entries. */
  stopping: AbortSignal;
  /** Aborts when the batch in hand must be given back (the stop's or the flush's time is up). */
  deadline: AbortSignal;
}

/** Takes a batch: entries other workers left (after the visibility timeout), then new ones, until full or due. */
async function collect(
  s: WorkerSettings,
  options: LoopOptions,
  state: { lastReclaim: number },
): Promise<StoredEntry[]> {
  const taken: StoredEntry[] = [];
  const at = s.now();
  // Looking for abandoned entries at most every second (or half the timeout), and on every pass of a drain.
  if (options.drain || at - state.lastReclaim >= Math.min(1_000, s.visibilityTimeoutMs / 2)) {
    state.lastReclaim = at;
    taken.push(...(await s.store.reclaim(options.consumer, s.visibilityTimeoutMs, s.maxEvents)));
  }
  for (;;) {
    if (taken.length < s.maxEvents)
      taken.push(...(await s.store.take(options.consumer, s.maxEvents - taken.length)));
    if (!taken.length || taken.length >= s.maxEvents || options.drain || options.stopping.aborted)
      return taken;
    // Full, or the oldest entry has waited maxWaitMs since it was recorded: send.
    const oldest = taken.reduce((min, entry) => Math.min(min, entry.addedAt), Infinity);
    const left = oldest + s.maxWaitMs - s.now();
    if (left <= 0) return taken;
    if (!(await sleep(Math.min(s.pollIntervalMs, left), options.stopping))) return taken;
  }
}

/**
 * The loop of a worker or a drain: take a batch, process it, again. A store that fails is logged and tried again with
 * backoff (its entries wait in it); the loop ends when `stopping` aborts, or for a drain when nothing is left to take.
 */
export async function runLoop(s: WorkerSettings, options: LoopOptions): Promise<void> {
  const state = { lastReclaim: Number.NEGATIVE_INFINITY };
  let failures = 0;
  while (!options.stopping.aborted) {
    let taken: StoredEntry[];
    try {
      await s.store.ready();
      taken = await collect(s, options, state);
      failures = 0;
    } catch (error) {
      failures++;
      const wait = Math.min(s.maxDelayMs, s.pollIntervalMs * 2 ** Math.min(failures, 10));
      s.ctx.log?.error(
        { store: s.store.name, error: (error as Error).message, retryInMs: wait },
        `activity queue: the store failed; trying again in ${wait} ms`,
      );
      if (options.drain && failures > 3) throw error;
      await sleep(wait, options.stopping);
      continue;
    }
    if (!taken.length) {
      if (options.drain) return;
      await sleep(s.pollIntervalMs, options.stopping);
      continue;
    }
    try {
      if ((await processBatch(s, options.consumer, taken, options.deadline)) === 'released') return;
    } catch (error) {
      // The store failed to take the outcome (dead letters, acknowledgement): the entries stay held and come back
      // after the visibility timeout, to be sent again with the same ids.
      s.ctx.log?.error(
        { store: s.store.name, error: (error as Error).message },
        'activity queue: the store failed while acknowledging a batch; it will be sent again',
      );
      await sleep(s.pollIntervalMs, options.stopping);
    }
  }
}

/** A worker running `runLoop` in the background until stopped. */
export function backgroundWorker(s: WorkerSettings, consumer: string): ActivityQueueWorker {
  const stopping = new AbortController();
  const deadline = new AbortController();
  const stopped = runLoop(s, {
    consumer,
    drain: false,
    stopping: stopping.signal,
    deadline: deadline.signal,
  });
  stopped.catch(() => {});
  return {
    consumer,
    stopped,
    async stop({ timeoutMs = 10_000 } = {}) {
      stopping.abort();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      (timer as { unref?: () => void }).unref?.();
      try {
        await stopped;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
