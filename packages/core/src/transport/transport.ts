import { replay } from '../api-promise';
import { currentToken, type TokenProvider } from '../auth/token-provider';
import { ConnectionError, requestIdOf, TimeoutError, ValidationError, type ValidationIssue } from '../errors';
import { sleep, withinDeadline } from '../internal/abort';
import { authorizationSecrets } from '../internal/redact';
import { isSafeRequestId, newRequestId, REQUEST_ID_HEADER } from '../internal/request-id';
import { createLogger, type Logger } from '../logger';
import { type DecidePolicy, decideRetry, type RetryAttempt } from './decide-retry';
import { fireHook, type Hooks } from './hooks';
import { addDefaults, defaultHeaders, prepare } from './prepare';
import { type Hop, isRedirect, nextHop, withoutBodyHeaders } from './redirect';
import {
  DEFAULT_RETRY,
  isIdempotentMethod,
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
  /** The `X-Request-Id` the call sent (the caller's, else a fresh one), the same on every attempt. */
  requestId: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_DEADLINE_MS = 120_000;

function checkMs(issues: ValidationIssue[], name: string, value: number | undefined): void {
  if (value === undefined) return;
  if (!Number.isFinite(value) || value <= 0) {
    issues.push({ path: [name], message: `must be a positive number of ms (got ${String(value)})` });
  }
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

/** @internal A `Response` over a read body, for fetch-like callers (statuses that cannot carry one get none). */
export const toResponse = replay;

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
  const random = options.random ?? Math.random;
  const basePolicy: DecidePolicy = { ...resolveRetry(DEFAULT_RETRY, options.retry), random };
  const baseTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseDeadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const log = createLogger(options.logger);
  const hooks = options.hooks;
  const defaults = defaultHeaders(options.headers);

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
      if (call.retry !== undefined) policy = { ...resolveRetry(basePolicy, call.retry), random };
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
    addDefaults(headers, defaults);
    if (call?.headers) for (const [k, v] of new Headers(call.headers)) headers[k] = v;
    // One id per call, kept across retries, so a partner can quote one id to support
    // (docs/decisions.md#d-s20-request-id). A caller's own id wins.
    let requestId = headers[REQUEST_ID_HEADER];
    if (requestId === undefined || !isSafeRequestId(requestId)) {
      requestId = newRequestId();
      headers[REQUEST_ID_HEADER] = requestId;
    }

    // Looked up per call, not captured at creation, so an MSW server started after the client intercepts.
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const signal = callSignal ?? req.signal;
    // What decideRetry weighs, kept in one object per call (docs/decisions.md#d-i15-retry-table).
    const state: RetryAttempt = {
      retries: 0,
      idempotent: call?.idempotent ?? isIdempotentMethod(req.method),
      refreshed: false,
      now: 0,
      deadlineAt,
    };
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
      const attemptInfo = hooks && { operation: op(), method: hop.method, url: hop.url, attempt, requestId };
      if (attemptInfo) fireHook(hooks?.onRequest, { ...attemptInfo, startedAt }, 'onRequest', log);
      let result: Attempt;
      try {
        result = await sendWithTimeout(fetchImpl, hop.url, init, byDeadline ? remaining : timeoutMs, signal);
        if (result.response.type === 'error') throw new TypeError('network error');
      } catch (cause) {
        const timedOut = cause instanceof AttemptTimeout;
        state.now = Date.now();
        const decision = decideRetry(
          state,
          signal?.aborted
            ? { kind: 'aborted' }
            : timedOut
              ? { kind: 'timeout', byDeadline }
              : { kind: 'connection', surelyNotSent: !state.idempotent && isSurelyNotSent(cause) },
          policy,
        );
        if (decision.reason === 'aborted') throw (signal as AbortSignal).reason;
        const error = timedOut
          ? byDeadline
            ? deadlineError()
            : new TimeoutError(op(), timeoutMs, 'attempt')
          : new ConnectionError(op(), cause);
        const willRetry = decision.retry;
        const delay = decision.delayMs;
        if (attemptInfo) {
          fireHook(
            hooks?.onResponse,
            { ...attemptInfo, error, durationMs: Date.now() - startedAt },
            'onResponse',
            log,
          );
          if (willRetry)
            fireHook(hooks?.onRetry, { ...attemptInfo, delayMs: delay, reason: error.name }, 'onRetry', log);
        }
        log?.[willRetry ? 'info' : 'warn'](
          {
            method: hop.method,
            path: pathOf(hop.url),
            attempt,
            durationMs: Date.now() - startedAt,
            requestId,
            error: error.message,
            ...(willRetry && { retryInMs: delay }),
          },
          `${op()} attempt ${attempt} failed: ${error.name}${willRetry ? `, retrying in ${delay} ms` : ''}`,
        );
        if (!willRetry) throw error;
        await sleep(delay, signal);
        state.retries++;
        token = undefined;
        hop = start;
        redirects = 0;
        continue;
      }
      const { response } = result;
      // Only a redirect pays for naming the operation and the secrets its error must hide.
      const next =
        redirectMode === 'manual' || !isRedirect(response)
          ? undefined
          : nextHop(hop, result, redirectMode, redirects, op(), authorizationSecrets(headers.authorization));
      if (next !== undefined) {
        redirects++;
        hop = next;
        continue;
      }
      const status = response.status;
      state.now = Date.now();
      const decision = decideRetry(
        state,
        {
          kind: 'response',
          status,
          headers: response.headers,
          hasToken: auth !== undefined && token !== undefined,
        },
        policy,
      );
      let retryInMs = decision.retry ? decision.delayMs : -1;
      let refresh = false;

      if (decision.reason === 'refresh-token' && auth && token !== undefined) {
        // One refresh per call: concurrent 401s with the same token coalesce in the provider.
        state.refreshed = true;
        auth.invalidate(token);
        const fresh = await tokenOf(auth.getToken(signal ? { signal } : undefined));
        // The same token again (a static one) cannot help: the 401 is final.
        if (fresh !== token) {
          token = fresh;
          refresh = true;
        } else {
          retryInMs = -1;
        }
      }

      if (attemptInfo) {
        fireHook(
          hooks?.onResponse,
          { ...attemptInfo, status, durationMs: Date.now() - startedAt },
          'onResponse',
          log,
        );
        if (refresh || retryInMs >= 0) {
          const reason = refresh ? 'token refused (401)' : `status ${status}`;
          const retry = { ...attemptInfo, delayMs: refresh ? 0 : retryInMs, reason, status };
          fireHook(hooks?.onRetry, retry, 'onRetry', log);
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
            requestId: requestIdOf(response.headers) ?? requestId,
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
      if (retryInMs < 0) {
        // One object of its final shape, rather than members added to the attempt's.
        return { response, body: result.body, authorization: headers.authorization, requestId };
      }
      hop = start;
      redirects = 0;
      if (!refresh) {
        await sleep(retryInMs, signal);
        state.retries++;
        token = undefined;
      }
    }
  };
}
