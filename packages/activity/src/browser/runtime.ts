import type { Outbox } from './outbox';
import type { RetryPlan, Sender } from './sender';

/** What one send of the outbox achieved: the ids the endpoint took, and the failure, if any. */
export interface SendResult {
  sent: string[];
  error?: unknown;
}

/** What `configure` sets up and every activity of the tracker shares. */
export interface Runtime {
  outbox: Outbox;
  sender: Sender;
  /** Wall clock, ms. */
  now: () => number;
  /** Monotonic clock, whole ms (readings are rounded, so durations add up exactly). */
  mono: () => number;
  /** Sends the whole outbox; one send at a time, and calls made meanwhile share the one that follows it. */
  send: (retry: RetryPlan) => Promise<SendResult>;
}

/** The serialised, coalescing `send` of a {@link Runtime}. */
export function serialSend(outbox: Outbox, sender: Sender): Runtime['send'] {
  let running: Promise<SendResult> | null = null;
  let next: Promise<SendResult> | null = null;
  const run = async (retry: RetryPlan): Promise<SendResult> => {
    const sent: string[] = [];
    try {
      await sender.post(outbox.list(), retry, (ids, refused) => {
        outbox.remove(ids);
        if (!refused) sent.push(...ids);
      });
      return { sent };
    } catch (error) {
      return { sent, error };
    }
  };
  const send = (retry: RetryPlan): Promise<SendResult> => {
    if (running) {
      // Windows cut while a send is in flight go in the next one, which all later callers share.
      next ??= running.then(() => {
        next = null;
        return send(retry);
      });
      return next;
    }
    running = run(retry).finally(() => {
      running = null;
    });
    return running;
  };
  return send;
}
