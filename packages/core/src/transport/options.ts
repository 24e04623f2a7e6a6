import type { TokenProvider } from '../auth/token-provider';
import type { Logger } from '../logger';
import type { Hooks } from './hooks';
import type { RetryOptions } from './retry-policy';

/** A `fetch`-compatible function. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Settings of a transport (and of `createHttpClient`, which builds one). */
export interface TransportOptions {
  /** Supplies the bearer token of each attempt; omit for endpoints that need no `Authorization`. */
  auth?: TokenProvider | undefined;
  /** Retry settings, or `false` for none. See {@link RetryOptions}. */
  retry?: RetryOptions | false | undefined;
  /** Time allowed for one attempt until the response headers arrive, in ms. Default 30,000. */
  timeoutMs?: number | undefined;
  /** Time allowed for the whole call, retries and backoff included, in ms. Default 120,000. */
  deadlineMs?: number | undefined;
  /** The `fetch` to send with; default: `globalThis.fetch`, looked up at each call (so MSW set up later intercepts). */
  fetch?: FetchLike | undefined;
  /** Where to log one line per attempt; default: none, or the console when `LEARNKIT_LOG` is set. */
  logger?: Logger | false | undefined;
  /** Headers sent on every request unless the request sets them. */
  headers?: HeadersInit | undefined;
  /** Random source in [0, 1) for backoff jitter; tests pin it. Default `Math.random`. */
  random?: (() => number) | undefined;
  /** Called around each attempt (`onRequest`, `onResponse`, `onRetry`), with metadata only. See {@link Hooks}. */
  hooks?: Hooks | undefined;
}

/** Per-call settings that override the transport's for one call. */
export interface RequestOptions {
  /** Aborts the call: waits, backoff sleeps and the request stop at once and reject with `signal.reason`. */
  signal?: AbortSignal | undefined;
  /** Overrides {@link TransportOptions.timeoutMs} for this call. */
  timeoutMs?: number | undefined;
  /** Overrides {@link TransportOptions.deadlineMs} for this call. */
  deadlineMs?: number | undefined;
  /** Overrides the retry settings for this call (fields not given keep the transport's). */
  retry?: RetryOptions | false | undefined;
  /**
   * Whether repeating the request is harmless. Default: true for GET, HEAD, OPTIONS and PUT; false for POST,
   * PATCH and DELETE, which are then retried only when the request surely never left (connection refused) or
   * on 429.
   */
  idempotent?: boolean | undefined;
  /** Extra headers for this call. */
  headers?: HeadersInit | undefined;
  /** Name of the operation in errors and logs, e.g. `GET /ims/case/v1p1/CFItems/{sourcedId}`. */
  operation?: string | undefined;
}
