import { replay } from '../api-promise';
import { currentToken, type TokenProvider } from '../auth/token-provider';
import { TimeoutError, ValidationError, type ValidationIssue } from '../errors';
import { sleep, withinDeadline } from '../internal/abort';
import { createLogger } from '../logger';
import {
  afterFailedAttempt,
  followRedirect,
  refreshToken,
  reportResponse,
  weighResponse,
} from './attempt-outcome';
import {
  attemptInit,
  callState,
  checkMs,
  deadlineError,
  getToken,
  operationOf,
  type Settings,
  setAttemptHeaders,
  startCall,
  tokenWithinDeadline,
} from './call-state';
import { fireHook } from './hooks';
import type { RequestOptions, TransportOptions } from './options';
import { defaultHeaders, prepare } from './prepare';
import { DEFAULT_RETRY, resolveRetry } from './retry-policy';
import { type Attempt, sendWithTimeout } from './timeout';

export type { FetchLike, RequestOptions, TransportOptions } from './options';

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

/** @internal The fetch-like face of a buffered transport: each response as a `Response` over its read body. */
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

  const random = options.random ?? Math.random;
  const settings: Settings = {
    auth: options.auth,
    random,
    policy: { ...resolveRetry(DEFAULT_RETRY, options.retry), random },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
    log: createLogger(options.logger),
    hooks: options.hooks,
    defaults: defaultHeaders(options.headers),
    fetch: options.fetch,
  };

  return async function transport(input, init, call) {
    const deadlineAt = startCall(call, settings);
    const prepared = prepare(input, init);
    const req =
      prepared instanceof Promise
        ? await withinDeadline(
            prepared,
            deadlineAt,
            call?.signal,
            () =>
              new TimeoutError(
                call?.operation ?? 'reading the request body',
                call?.deadlineMs ?? settings.deadlineMs,
                'deadline',
              ),
          )
        : prepared;
    const c = callState(settings, req, call, deadlineAt);
    for (;;) {
      // A redirect followed within the origin continues the same attempt.
      if (c.hop === c.start) c.attempt++;
      if (settings.auth && c.token === undefined) {
        c.token = currentToken(settings.auth) ?? (await tokenWithinDeadline(c, getToken(settings.auth, c)));
      }
      setAttemptHeaders(c);
      const remaining = c.deadlineAt - Date.now();
      if (remaining <= 0) throw deadlineError(c);
      const byDeadline = remaining < c.timeoutMs;
      const startedAt = Date.now();
      const attemptInfo = settings.hooks && {
        operation: operationOf(c),
        method: c.hop.method,
        url: c.hop.url,
        attempt: c.attempt,
        requestId: c.requestId,
      };
      if (attemptInfo)
        fireHook(settings.hooks?.onRequest, { ...attemptInfo, startedAt }, 'onRequest', settings.log);
      let result: Attempt;
      try {
        result = await sendWithTimeout(
          c.fetch,
          c.hop.url,
          attemptInit(c),
          byDeadline ? remaining : c.timeoutMs,
          c.signal,
        );
        if (result.response.type === 'error') throw new TypeError('network error');
      } catch (cause) {
        await afterFailedAttempt(settings, c, cause, byDeadline, attemptInfo, startedAt);
        continue;
      }
      if (followRedirect(c, result)) continue;
      const { response } = result;
      const decision = weighResponse(settings, c, response);
      // Only a 401 with a token the provider can replace waits for anything here (the hot path awaits nothing).
      const tryRefresh =
        decision.reason === 'refresh-token' && settings.auth !== undefined && c.token !== undefined;
      const refresh = tryRefresh && (await refreshToken(settings.auth as TokenProvider, c));
      // A provider that hands back the same token (a static one) cannot help: the 401 is final.
      const retryInMs = (tryRefresh && !refresh) || !decision.retry ? -1 : decision.delayMs;
      reportResponse(settings, c, response, attemptInfo, startedAt, retryInMs, refresh);
      if (retryInMs < 0) {
        // One object of its final shape, rather than members added to the attempt's.
        return {
          response,
          body: result.body,
          authorization: c.headers.authorization,
          requestId: c.requestId,
        };
      }
      c.hop = c.start;
      c.redirects = 0;
      if (!refresh) {
        await sleep(retryInMs, c.signal);
        c.retries++;
        c.token = undefined;
      }
    }
  };
}
