import { LearnKitError } from '@learnkit/core';

/**
 * The activity queue's store failed: unreachable at start-up, a command that failed or did not respond in time, a
 * memory store that is full. The message names the store (`the Redis store "learnkit:activity:queue" at
 * 127.0.0.1:6379`) and what it was asked. A `queue.record` that rejects with it stored nothing, or may have stored
 * its record when the store failed after taking it: send it again with an `idempotencyKey` to make the repeat the
 * same completion (docs/decisions.md#d-queue-record-acknowledged).
 */
export class ActivityQueueStoreError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'ActivityQueueStoreError';
  /** The store, as its `name` says (`memory`, `redis learnkit:activity:queue`). */
  readonly store: string;
  constructor(store: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.store = store;
  }
}
