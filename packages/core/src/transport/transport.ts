import { currentToken, type TokenProvider } from '../auth/token-provider';
import {
  ConnectionError,
  RedirectError,
  requestIdOf,
  TimeoutError,
  ValidationError,
  type ValidationIssue,
} from '../errors';
import { sleep, withinDeadline } from '../internal/abort';
import { type HeaderRecord, PreparedRequest, toHeaderRecord } from '../internal/prepared-request';
import { authorizationSecrets } from '../internal/redact';
import { parseRetryAfterMs } from '../internal/retry-after';
import { canSetUserAgent, clientHeaderValue } from '../internal/runtime';
import { createLogger, type Logger } from '../logger';
import {
  backoffDelayMs,
  DEFAULT_RETRY,
  isIdempotentMethod,
  isRetryableStatus,
  isSurelyNotSent,
  type RetryOptions,
  resolveRetry,
} from './retry-policy';
import { type Attempt, AttemptTimeout, sendWithTimeout } from './timeout';

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

/**
 * A `fetch`-compatible function that adds the bearer token, per-attempt timeouts, an overall deadline,
 * retries with backoff, and one token refresh on 401. It resolves with the final `Response` whatever its
 * status (as `fetch` does), its body already read within the time limits, and rejects with `ConnectionError`,
 * `TimeoutError`, `RedirectError` (a redirect to another origin) or the caller's abort reason.
 */
export type Transport = (
  input: RequestInfo | URL,
  init?: RequestInit,
  options?: RequestOptions,
) => Promise<Response>;

/**
 * @internal The transport as `call()` and token providers use it: the final response and its whole body, read
 * within the same time limits as the headers, without building a second `Response`.
 */
export type BufferedTransport = (
  input: RequestInfo | URL,
  init?: RequestInit,
  options?: RequestOptions,
) => Promise<BufferedResponse>;

/** @internal What a {@link BufferedTransport} resolves with. */
export interface BufferedResponse extends Attempt {
  /** The `Authorization` value the final attempt sent, so an error about it can hide it (or undefined). */
  authorization: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
// As fetch: at most 20 redirects per request.
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Statuses whose Response cannot carry a body, even an empty one.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const DEFAULT_DEADLINE_MS = 120_000;

function checkMs(issues: ValidationIssue[], name: string, value: number | undefined): void {
  if (value === undefined) return;
  if (!Number.isFinite(value) || value <= 0) {
    issues.push({ path: [name], message: `must be a positive number of ms (got ${String(value)})` });
  }
}

interface Prepared {
  url: string;
  method: string;
  headers: HeaderRecord;
  body: BodyInit | undefined;
  signal: AbortSignal | undefined;
  redirect: RequestRedirect | undefined;
  credentials: RequestCredentials | undefined;
  keepalive: boolean | undefined;
}

/**
 * Turns any `fetch` input into parts every attempt can reuse. A body is read once (a stream cannot be sent
 * twice, which is why retries are not openapi-fetch middleware; see openapi-fetch issue 2075).
 */
function prepare(
  input: RequestInfo | URL | PreparedRequest,
  init: RequestInit | undefined,
): Prepared | Promise<Prepared> {
  // The fast path: built by openapi-fetch inside createHttpClient, already in reusable parts.
  if (input instanceof PreparedRequest && init === undefined) {
    return {
      url: input.url,
      method: input.method,
      headers: input.headerRecord(),
      body: input.body ?? undefined,
      signal: input.signal,
      redirect: input.redirect,
      credentials: input.credentials,
      keepalive: input.keepalive,
    };
  }
  return prepareAny(input instanceof PreparedRequest ? input.toRequest() : input, init);
}

async function prepareAny(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Prepared> {
  if (typeof input === 'object' && 'url' in input && typeof input.arrayBuffer === 'function') {
    const request = input as Request;
    const headers = toHeaderRecord(request.headers);
    if (init?.headers) for (const [k, v] of new Headers(init.headers)) headers[k] = v;
    const body =
      init?.body !== undefined && init.body !== null
        ? await reusableBody(init.body)
        : request.body !== null
          ? await request.arrayBuffer()
          : undefined;
    return {
      url: request.url,
      method: (init?.method ?? request.method).toUpperCase(),
      headers,
      body,
      signal: init?.signal ?? request.signal,
      redirect: init?.redirect ?? request.redirect,
      credentials: init?.credentials ?? request.credentials,
      keepalive: init?.keepalive ?? request.keepalive,
    };
  }
  return {
    url: typeof input === 'string' ? input : input.toString(),
    method: (init?.method ?? 'GET').toUpperCase(),
    headers: toHeaderRecord(init?.headers),
    body: init?.body === undefined || init.body === null ? undefined : await reusableBody(init.body),
    signal: init?.signal ?? undefined,
    redirect: init?.redirect,
    credentials: init?.credentials,
    keepalive: init?.keepalive,
  };
}

/** Strings, buffers, blobs and forms can be sent again as they are; a stream is read into a buffer once. */
async function reusableBody(body: BodyInit): Promise<BodyInit> {
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) {
    return new Response(body).arrayBuffer();
  }
  return body;
}

/** The path of an absolute URL, without query or fragment (a query may carry PII; logs and errors skip it). */
function pathOf(url: string): string {
  const scheme = url.indexOf('://');
  const start = scheme === -1 ? 0 : url.indexOf('/', scheme + 3);
  if (start === -1) return '/';
  let end = url.length;
  const q = url.indexOf('?', start);
  if (q !== -1) end = q;
  const h = url.indexOf('#', start);
  if (h !== -1 && h < end) end = h;
  return url.slice(start, end);
}

/** A request URL made absolute (a relative one against the page's address, as in a browser), if it can be. */
function absolute(url: string): URL | undefined {
  try {
    return new URL(url, (globalThis as { location?: { href?: string } }).location?.href);
  } catch {
    return undefined;
  }
}

/** Where one request goes: the URL, method and body of an attempt, changed by redirects it follows. */
interface Hop {
  url: string;
  method: string;
  body: BodyInit | undefined;
  /** Turned into a bodiless GET by a redirect: the headers describing the body are not sent. */
  asGet: boolean;
}

/**
 * The next hop of a redirect the transport follows (same origin, `follow` mode), or throws a `RedirectError`
 * naming both origins (docs/decisions.md#d-i13-redirects). Undefined when `attempt` is no redirect to act on.
 */
function nextHop(
  hop: Hop,
  attempt: Attempt,
  mode: RequestRedirect,
  redirects: number,
  operation: string,
  alsoRedact: readonly string[],
): Hop | undefined {
  const { response } = attempt;
  const opaque = response.type === 'opaqueredirect';
  if (!opaque && (mode === 'manual' || !REDIRECT_STATUSES.has(response.status))) return undefined;
  const location = opaque ? null : response.headers.get('location');
  // A 3xx without Location is a final answer, as fetch treats it.
  if (!opaque && location === null) return undefined;
  const here = absolute(hop.url);
  const from = here?.origin ?? hop.url;
  let target: URL | undefined;
  try {
    // Without an absolute request URL, no redirect can be seen to stay on its origin.
    target = location === null || here === undefined ? undefined : new URL(location, here);
  } catch {
    target = undefined;
  }
  const to =
    target && (target.protocol === 'https:' || target.protocol === 'http:') ? target.origin : undefined;
  const refuse = (why: string) =>
    new RedirectError({
      status: response.status,
      headers: response.headers,
      body: new TextDecoder().decode(attempt.body),
      operation,
      from,
      to,
      alsoRedact,
      message: `${operation} was redirected (${response.status}) from ${from} to ${to ?? 'an address the runtime does not reveal'}: ${why}`,
    });
  if (opaque || to === undefined) {
    throw refuse(
      'LearnKit follows a redirect only when it can see that it stays on the same origin. Check baseUrl.',
    );
  }
  if (to !== from) {
    throw refuse(
      'another origin. LearnKit does not follow it, so no credential reaches that origin. Check baseUrl (and authUrl or tokenUrl): the platform may have moved.',
    );
  }
  if (mode === 'error') throw refuse("the request's redirect mode is 'error'.");
  if (redirects >= MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} redirects in a row.`);
  // fetch's rules (WHATWG fetch, HTTP-redirect fetch): 303, and 301/302 after a POST, continue as GET without a body.
  const status = response.status;
  const toGet =
    (status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD') ||
    ((status === 301 || status === 302) && hop.method === 'POST');
  const url = (target as URL).href;
  return toGet ? { url, method: 'GET', body: undefined, asGet: true } : { ...hop, url };
}

const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
]);

/** `headers` without those that describe a request body (for a redirect that continues as GET). */
function withoutBodyHeaders(headers: HeaderRecord): HeaderRecord {
  const out: HeaderRecord = {};
  for (const [k, v] of Object.entries(headers)) if (!BODY_HEADERS.has(k)) out[k] = v;
  return out;
}

/** @internal A `Response` over a read body, for fetch-like callers (statuses that cannot carry one get none). */
export function toResponse({ response, body }: Attempt): Response {
  return new Response(NULL_BODY_STATUSES.has(response.status) ? null : (body as Uint8Array<ArrayBuffer>), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Builds the LearnKit transport. Give it to openapi-fetch (`createHttpClient` does) or call it like `fetch`.
 * Each response comes back with its body already read (within the timeout, the deadline and the caller's
 * signal), so reading it again never waits on the network.
 *
 * @example
 * const transport = createTransport({ auth: clientCredentials({ ... }), retry: { maxRetries: 3 } });
 * const res = await transport('https://api.example.com/ims/case/v1p1/CFDocuments', undefined, { timeoutMs: 5000 });
 */
export function createTransport(options: TransportOptions = {}): Transport {
  return toFetchLike(createBufferedTransport(options));
}

/** @internal The fetch-like face of a buffered transport: each answer as a `Response` over its read body. */
export function toFetchLike(send: BufferedTransport): Transport {
  return async (input, init, call) => toResponse(await send(input, init, call));
}

/**
 * @internal Builds the transport as `call()` and token providers use it (see {@link BufferedTransport}); the
 * public {@link createTransport} wraps the same one in a `Response`.
 */
export function createBufferedTransport(options: TransportOptions = {}): BufferedTransport {
  const issues: ValidationIssue[] = [];
  checkMs(issues, 'timeoutMs', options.timeoutMs);
  checkMs(issues, 'deadlineMs', options.deadlineMs);
  if (issues.length) throw new ValidationError(issues);

  const auth = options.auth;
  const basePolicy = resolveRetry(DEFAULT_RETRY, options.retry);
  const baseTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseDeadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const random = options.random ?? Math.random;
  const log = createLogger(options.logger);
  const defaultHeaders: [string, string][] = [];
  for (const [k, v] of new Headers(options.headers)) defaultHeaders.push([k, v]);
  defaultHeaders.push(['x-learnkit-client', clientHeaderValue]);
  if (canSetUserAgent) defaultHeaders.push(['user-agent', clientHeaderValue]);

  return async function transport(input, init, call) {
    let policy = basePolicy;
    let timeoutMs = baseTimeoutMs;
    let deadlineMs = baseDeadlineMs;
    if (call) {
      if (call.timeoutMs !== undefined || call.deadlineMs !== undefined) {
        const callIssues: ValidationIssue[] = [];
        checkMs(callIssues, 'timeoutMs', call.timeoutMs);
        checkMs(callIssues, 'deadlineMs', call.deadlineMs);
        if (callIssues.length) throw new ValidationError(callIssues);
        timeoutMs = call.timeoutMs ?? timeoutMs;
        deadlineMs = call.deadlineMs ?? deadlineMs;
      }
      policy = resolveRetry(basePolicy, call.retry);
    }
    // Every await of the call, from here on, ends by the deadline (docs/decisions.md#d-i13-deadline).
    const deadlineAt = Date.now() + deadlineMs;
    const callSignal = call?.signal;
    if (callSignal?.aborted) throw callSignal.reason;
    const prepared = prepare(input, init);
    const req =
      prepared instanceof Promise
        ? await withinDeadline(
            prepared,
            deadlineAt,
            callSignal,
            () => new TimeoutError(call?.operation ?? 'reading the request body', deadlineMs, 'deadline'),
          )
        : prepared;
    const headers = req.headers;
    for (const [k, v] of defaultHeaders) if (headers[k] === undefined) headers[k] = v;
    if (call?.headers) for (const [k, v] of new Headers(call.headers)) headers[k] = v;

    // Looked up per call, not captured at creation, so an MSW server started after the client intercepts.
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const signal = callSignal ?? req.signal;
    const idempotent = call?.idempotent ?? isIdempotentMethod(req.method);
    const op = () => call?.operation ?? `${req.method} ${pathOf(req.url)}`;
    const deadlineError = () => new TimeoutError(op(), deadlineMs, 'deadline');
    const tokenOf = (pending: Promise<string>) => withinDeadline(pending, deadlineAt, signal, deadlineError);
    // The caller's redirect mode; fetch itself always gets 'manual' (docs/decisions.md#d-i13-redirects).
    const redirectMode: RequestRedirect = req.redirect ?? 'follow';

    if (signal?.aborted) throw signal.reason;
    const start: Hop = { url: req.url, method: req.method, body: req.body, asGet: false };
    let hop = start;
    let redirects = 0;
    let attempt = 0;
    let retries = 0;
    let refreshed = false;
    let token: string | undefined;

    for (;;) {
      // A redirect followed within the origin continues the same attempt.
      if (hop === start) attempt++;
      if (auth && token === undefined) {
        token = currentToken(auth) ?? (await tokenOf(auth.getToken(signal ? { signal } : undefined)));
      }
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      if (attempt > 1) headers['x-learnkit-retry-count'] = String(attempt - 1);

      const remaining = deadlineAt - Date.now();
      if (remaining <= 0) throw deadlineError();
      const byDeadline = remaining < timeoutMs;
      // `headers` is shared by the attempts: fetch copies it when called, before the next attempt changes it.
      const init: RequestInit = {
        method: hop.method,
        headers: hop.asGet ? withoutBodyHeaders(headers) : headers,
        redirect: 'manual',
      };
      if (hop.body !== undefined) init.body = hop.body;
      if (req.credentials) init.credentials = req.credentials;
      if (req.keepalive) init.keepalive = req.keepalive;
      const startedAt = Date.now();
      let result: Attempt;
      try {
        result = await sendWithTimeout(fetchImpl, hop.url, init, byDeadline ? remaining : timeoutMs, signal);
        if (result.response.type === 'error') throw new TypeError('network error');
      } catch (cause) {
        if (signal?.aborted) throw signal.reason;
        const timedOut = cause instanceof AttemptTimeout;
        const error = timedOut
          ? byDeadline
            ? deadlineError()
            : new TimeoutError(op(), timeoutMs, 'attempt')
          : new ConnectionError(op(), cause);
        // A timed-out POST may have been processed; a refused connection surely was not.
        const retryable = timedOut ? idempotent && !byDeadline : idempotent || isSurelyNotSent(cause);
        const delay = retryable && retries < policy.maxRetries ? backoffDelayMs(policy, retries, random) : -1;
        const willRetry = delay >= 0 && Date.now() + delay < deadlineAt;
        log?.[willRetry ? 'info' : 'warn'](
          {
            method: hop.method,
            path: pathOf(hop.url),
            attempt,
            durationMs: Date.now() - startedAt,
            error: error.message,
            ...(willRetry && { retryInMs: delay }),
          },
          `${op()} attempt ${attempt} failed: ${error.name}${willRetry ? `, retrying in ${delay} ms` : ''}`,
        );
        if (!willRetry) throw error;
        await sleep(delay, signal);
        retries++;
        token = undefined;
        hop = start;
        redirects = 0;
        continue;
      }
      const { response } = result;
      const next =
        redirectMode === 'manual'
          ? undefined
          : nextHop(hop, result, redirectMode, redirects, op(), authorizationSecrets(headers.authorization));
      if (next !== undefined) {
        redirects++;
        hop = next;
        continue;
      }
      const status = response.status;
      let retryInMs = -1;
      let refresh = false;

      if (status === 401 && auth && token !== undefined && !refreshed) {
        // One refresh per call: concurrent 401s with the same token coalesce in the provider.
        refreshed = true;
        auth.invalidate(token);
        const fresh = await tokenOf(auth.getToken(signal ? { signal } : undefined));
        if (fresh !== token) {
          token = fresh;
          refresh = true;
          retryInMs = 0;
        }
      } else if (isRetryableStatus(status) && (idempotent || status === 429) && retries < policy.maxRetries) {
        const hinted = parseRetryAfterMs(response.headers);
        // Beyond maxRetryAfterMs the response goes back at once; call() makes it a RateLimitError.
        if (hinted === undefined || hinted <= policy.maxRetryAfterMs) {
          const delay = hinted ?? backoffDelayMs(policy, retries, random);
          if (Date.now() + delay < deadlineAt) retryInMs = delay;
        }
      }

      if (log) {
        const level = retryInMs >= 0 ? 'info' : status >= 500 ? 'warn' : status >= 400 ? 'info' : 'debug';
        log[level](
          {
            method: hop.method,
            path: pathOf(hop.url),
            status,
            attempt,
            durationMs: Date.now() - startedAt,
            requestId: requestIdOf(response.headers),
            ...(retryInMs >= 0 && { retryInMs }),
          },
          `${op()} ${status} (attempt ${attempt})${
            refresh
              ? ', token refused: retrying with a fresh token'
              : retryInMs >= 0
                ? `, retrying in ${retryInMs} ms`
                : ''
          }`,
        );
      }
      if (retryInMs < 0) return { ...result, authorization: headers.authorization };
      hop = start;
      redirects = 0;
      if (!refresh) {
        await sleep(retryInMs, signal);
        retries++;
        token = undefined;
      }
    }
  };
}
