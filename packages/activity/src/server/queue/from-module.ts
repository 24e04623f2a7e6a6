import type { ActivityQueue } from './queue';

const isActivityQueue = (value: unknown): value is ActivityQueue => {
  const queue = value as Partial<ActivityQueue> | undefined;
  return (
    typeof queue?.startWorker === 'function' &&
    typeof queue?.stats === 'function' &&
    typeof queue?.deadLetters?.list === 'function'
  );
};

/**
 * The activity queue a partner's module exports: its `queue`, or its `default` (a queue, a function giving one, or
 * an object with a `queue`). What `learnkit-activity-worker MODULE` and `learnkit activity dead-letters --queue
 * MODULE` run against; `undefined` when the module exports none.
 *
 * @example
 * const queue = await queueFromModule(await import(pathToFileURL('dist/queue.js').href));
 */
export async function queueFromModule(exported: Record<string, unknown>): Promise<ActivityQueue | undefined> {
  for (const candidate of [
    exported.queue,
    exported.default,
    (exported.default as { queue?: unknown })?.queue,
  ]) {
    const value =
      typeof candidate === 'function' && !isActivityQueue(candidate) ? await candidate() : await candidate;
    if (isActivityQueue(value)) return value;
  }
  return undefined;
}
