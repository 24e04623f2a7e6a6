/** Rejection of an attempt that ran past its time; the transport turns it into a `TimeoutError`. */
export class AttemptTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`attempt timed out after ${timeoutMs} ms`);
    this.name = 'AttemptTimeout';
  }
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/**
 * Sends one attempt with a time limit. Rejects with {@link AttemptTimeout} when `timeoutMs` passes, with
 * `caller.reason` when the caller aborts, else as `send` does.
 *
 * With a caller signal, `send` gets a real AbortSignal, so a timeout or an abort closes the socket. Without
 * one, a timer is raced instead: handing fetch a signal costs undici about 15 µs per request (listener
 * bookkeeping and a finalization registry), 7 % of a loopback call. The attempt that lost the race is
 * abandoned: its response, if one comes, is cancelled unread, and undici's own headers timeout reaps a
 * server that never answers.
 */
export function sendWithTimeout(
  send: Send,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  caller: AbortSignal | undefined,
): Promise<Response> {
  if (caller) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new AttemptTimeout(timeoutMs));
    }, timeoutMs);
    const onAbort = () => controller.abort(caller.reason);
    caller.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      caller.removeEventListener('abort', onAbort);
    };
    init.signal = controller.signal;
    return send(url, init).then(
      (response) => {
        done();
        return response;
      },
      (error: unknown) => {
        done();
        if (caller.aborted) throw caller.reason;
        if (timedOut) throw new AttemptTimeout(timeoutMs);
        throw error;
      },
    );
  }
  return new Promise<Response>((resolve, reject) => {
    const pending = send(url, init);
    const timer = setTimeout(() => {
      reject(new AttemptTimeout(timeoutMs));
      pending.then(discard, () => {});
    }, timeoutMs);
    pending.then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
