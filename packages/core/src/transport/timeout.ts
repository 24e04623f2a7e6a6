/** Rejection of an attempt that ran past its time; the transport turns it into a `TimeoutError`. */
export class AttemptTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`attempt timed out after ${timeoutMs} ms`);
    this.name = 'AttemptTimeout';
  }
}

/** One attempt's response: the response (its body consumed) and the whole body, read within the attempt's time. */
export interface Attempt {
  /** The response as fetch gave it; its body stream has been read into `body`. */
  response: Response;
  /** Every byte of the body (empty for a bodiless response). */
  body: Uint8Array;
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

/** An attempt waiting for its time limit: when it is due, and what to do then. */
interface Due {
  at: number;
  expire(): void;
}

/**
 * One timer for every attempt in flight (docs/decisions.md#d-shared-attempt-timer): armed for the earliest time
 * limit, re-armed only when it fires or when an attempt with an earlier limit starts. An attempt that ends takes
 * itself out of the set and leaves the timer as it is, so a call whose response came in time costs no timer of its own. The
 * timer is unref'd: it never keeps a process alive (an attempt in flight holds its socket, which does).
 */
const due = new Set<Due>();
let armedAt = Number.POSITIVE_INFINITY;
let timer: ReturnType<typeof setTimeout> | undefined;
// The `setTimeout` the timer was armed with: a test that installs fake timers (or takes them away) swaps the global,
// and a timer of the other clock would never fire on this one.
let armedWith: typeof setTimeout | undefined;

function arm(at: number): void {
  if (timer !== undefined && armedWith === setTimeout) clearTimeout(timer);
  armedAt = at;
  armedWith = setTimeout;
  timer = setTimeout(fire, Math.max(0, at - Date.now()));
  (timer as { unref?: () => void }).unref?.();
}

function fire(): void {
  timer = undefined;
  armedAt = Number.POSITIVE_INFINITY;
  const now = Date.now();
  let next = Number.POSITIVE_INFINITY;
  for (const entry of due) {
    if (entry.at <= now) {
      due.delete(entry);
      entry.expire();
    } else if (entry.at < next) {
      next = entry.at;
    }
  }
  if (next !== Number.POSITIVE_INFINITY) arm(next);
}

/** Starts the time limit of an attempt: `expire` runs once `ms` have passed, unless it was withdrawn first. */
function limit(ms: number, expire: () => void): Due {
  const entry: Due = { at: Date.now() + ms, expire };
  due.add(entry);
  if (armedWith !== setTimeout) {
    let earliest = entry.at;
    for (const other of due) if (other.at < earliest) earliest = other.at;
    arm(earliest);
  } else if (entry.at < armedAt) {
    arm(entry.at);
  }
  return entry;
}

const EMPTY = /* @__PURE__ */ new Uint8Array(0);
const ignore = () => {};

function discard(response: Response): void {
  response.body?.cancel().catch(ignore);
}

/** Reads `reader` to its end into one buffer. */
async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Sends one attempt and reads its whole body, within `timeoutMs`: headers and body alike
 * (docs/decisions.md#d-body-read-in-attempt). Rejects with {@link AttemptTimeout} when the time passes, with
 * `caller.reason` when the caller aborts, else as `send` or the body stream does (a connection closed mid-body
 * is undici's `TypeError: terminated`, which the transport makes a `ConnectionError`).
 *
 * With a caller signal, `send` gets a real AbortSignal, so a timeout or an abort closes the socket. Without one, a
 * timer is raced instead: handing fetch a signal costs undici about 15 µs per request (listener bookkeeping and a
 * finalization registry), 7 % of a loopback call. Either way a body being read when time runs out is cancelled
 * (which closes undici's socket), and a response arriving after it is cancelled unread; undici's own headers
 * timeout reaps a server that never responds at all.
 */
export function sendWithTimeout(
  send: Send,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  caller: AbortSignal | undefined,
): Promise<Attempt> {
  return new Promise<Attempt>((resolve, reject) => {
    if (caller?.aborted) {
      reject(caller.reason);
      return;
    }
    let settled = false;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let controller: AbortController | undefined;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      due.delete(deadline);
      caller?.removeEventListener('abort', onAbort);
      return true;
    };
    const stop = (reason: unknown) => {
      if (!settle()) return;
      controller?.abort(reason);
      // Not every fetch ends a body it already handed over when its signal aborts (MSW's do not): cancel it here.
      reader?.cancel(reason).catch(ignore);
      reject(reason);
    };
    const onAbort = () => stop(caller?.reason);
    const deadline = limit(timeoutMs, () => stop(new AttemptTimeout(timeoutMs)));
    if (caller) {
      controller = new AbortController();
      init.signal = controller.signal;
      caller.addEventListener('abort', onAbort, { once: true });
    }
    const fail = (error: unknown) => {
      if (settle()) reject(error);
    };
    let sent: Promise<Response>;
    try {
      sent = send(url, init);
    } catch (error) {
      // A fetch replacement that throws instead of rejecting.
      fail(error);
      return;
    }
    sent.then((response) => {
      if (settled) return discard(response);
      try {
        const body = response.body;
        if (!body) {
          if (settle()) resolve({ response, body: EMPTY });
          return;
        }
        reader = body.getReader();
        readAll(reader).then((bytes) => {
          if (settle()) resolve({ response, body: bytes });
        }, fail);
      } catch (error) {
        // A fetch replacement that resolved with something other than a Response.
        fail(error);
      }
    }, fail);
  });
}
