/**
 * Resolves with `promise`, or rejects with `signal.reason` the moment `signal` aborts.
 * The promise itself keeps running: it may be shared with other waiters (a token refresh).
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Waits `ms`, rejecting with `signal.reason` as soon as `signal` aborts (the timer is cleared). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Resolves with `promise`, or rejects with `onDeadline()` once `deadlineAt` (ms epoch) passes, or with
 * `signal.reason` the moment `signal` aborts. The promise itself keeps running (a token refresh shared with other
 * waiters); only this wait ends.
 */
export function withinDeadline<T>(
  promise: Promise<T>,
  deadlineAt: number,
  signal: AbortSignal | undefined,
  onDeadline: () => unknown,
): Promise<T> {
  const pending = raceAbort(promise, signal);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onDeadline()), Math.max(0, deadlineAt - Date.now()));
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
