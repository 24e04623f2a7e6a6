import { LEARNKIT_ERROR } from '../invalid';
import { type ActivityMessage, MAX_BATCH_BYTES, PROTOCOL_VERSION } from '../protocol';

/**
 * A body the endpoint did not take (`status` set), or a network failure or timeout (`status` undefined). A
 * `LearnKitError` of core (`instanceof`, by brand: docs/decisions.md#d-tracker-errors-branded).
 */
export class ActivitySendError extends Error {
  /** Always `ActivitySendError`, for checks across realms where `instanceof` fails. */
  override name = 'ActivitySendError';
  /** The HTTP status the endpoint responded, when it responded. */
  declare readonly status: number | undefined;
  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    Object.assign(this, LEARNKIT_ERROR, { status });
  }
}

/** How often and after which delays a failed body is sent again. */
export interface RetryPlan {
  retryAttempts: number;
  retryDelaysMs: readonly number[];
}

/** Posts protocol bodies to the endpoint. */
export interface Sender {
  /**
   * POSTs `messages` in bodies of bounded size, retrying transient failures; `settled` learns the ids of each
   * body the endpoint took (`refused` false) or refused for good (400, 413, 422: `refused` true). Rejects with
   * the first failure once every body was tried, or at once when the network fails.
   */
  post(
    messages: readonly ActivityMessage[],
    retry: RetryPlan,
    settled?: (ids: string[], refused: boolean) => void,
  ): Promise<void>;
  /** Exit path: hands the messages to `navigator.sendBeacon`, else to a `keepalive` fetch; never waits. */
  exit(messages: readonly ActivityMessage[]): void;
}

// An exit sends at most this much: beacons and keepalive fetches share a 64 KiB in-flight budget per page.
const EXIT_BYTES = 3 * MAX_BATCH_BYTES;

/**
 * Splits messages into JSON bodies of at most {@link MAX_BATCH_BYTES}; a message is at least 250 characters,
 * so a body never holds more than MAX_BATCH_EVENTS.
 */
function toBodies(messages: readonly ActivityMessage[]): { body: string; ids: string[] }[] {
  const batches: ActivityMessage[][] = [];
  let size = Infinity;
  for (const m of messages) {
    // Three bytes per character bound the UTF-8 size without encoding it.
    const bytes = 3 * JSON.stringify(m).length + 3;
    if (size + bytes > MAX_BATCH_BYTES - 32) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)!.push(m);
    size += bytes;
  }
  return batches.map((events) => ({
    body: JSON.stringify({ v: PROTOCOL_VERSION, events }),
    ids: events.map((m) => m.id),
  }));
}

/** A {@link Sender} for `endpoint`, with a per-attempt timeout. */
export function createSender(endpoint: string, fetcher: typeof fetch, timeoutMs: number): Sender {
  const request = (body: string, init: RequestInit) =>
    fetcher(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      credentials: 'same-origin',
      ...init,
    });
  const attempt = async (body: string) => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let res: Response;
    try {
      res = await request(body, { signal: abort.signal });
    } catch (cause) {
      const why = abort.signal.aborted ? `timed out after ${timeoutMs} ms` : 'failed';
      throw new ActivitySendError(`activity: POST ${endpoint} ${why}`, undefined, { cause });
    } finally {
      clearTimeout(timer);
    }
    if (!res.ok) throw new ActivitySendError(`activity: POST ${endpoint} returned ${res.status}`, res.status);
  };

  return {
    async post(messages, retry, settled) {
      let failure: unknown;
      for (const { body, ids } of toBodies(messages)) {
        for (let n = 0; ; n++) {
          try {
            await attempt(body);
            settled?.(ids, false);
            break;
          } catch (e) {
            const status = (e as ActivitySendError).status ?? 0;
            // Worth sending again: no response, a timeout, too many requests, or a server error.
            if (n < retry.retryAttempts && (!status || status === 408 || status === 429 || status >= 500)) {
              const delays = retry.retryDelaysMs;
              await new Promise((r) => setTimeout(r, delays[Math.min(n, delays.length - 1)]));
              continue;
            }
            // The endpoint judged the body itself invalid: the same bytes can never be taken, so they are not
            // kept, and the other bodies still go. Any other failure would fail them the same way.
            if (status !== 400 && status !== 413 && status !== 422) throw e;
            settled?.(ids, true);
            failure ??= e;
            break;
          }
        }
      }
      if (failure) throw failure;
    },
    exit(messages) {
      let budget = EXIT_BYTES;
      for (const { body } of toBodies(messages)) {
        budget -= 3 * body.length;
        if (budget < 0) break; // the rest stays in storage for the next page
        let queued = false;
        try {
          queued = navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
        } catch {
          // Missing, or throwing instead of returning false (a blocked URL): fall back to fetch.
        }
        // Nothing to do when it fails: the windows stay in the outbox and storage until acknowledged.
        if (!queued) request(body, { keepalive: true }).catch(() => {});
      }
    },
  };
}
