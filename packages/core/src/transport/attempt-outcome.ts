import type { TokenProvider } from '../auth/token-provider';
import { ConnectionError, requestIdOf, TimeoutError } from '../errors';
import { sleep } from '../internal/abort';
import { authorizationSecrets } from '../internal/redact';
import {
  type CallState,
  deadlineError,
  getToken,
  operationOf,
  pathOf,
  type Settings,
  tokenWithinDeadline,
} from './call-state';
import { decideRetry, type RetryDecision } from './decide-retry';
import { type AttemptInfo, fireHook } from './hooks';
import { isRedirect, nextHop } from './redirect';
import { isSurelyNotSent } from './retry-policy';
import { type Attempt, AttemptTimeout } from './timeout';

// What the transport does once an attempt ends: with no response, with a redirect, or with a response
// (docs/decisions.md#d-transport-steps).

/**
 * After an attempt that got no response (a connection failure, a timeout, an abort): throws the call's error, or
 * reports the retry, waits its backoff and sets the call to start again.
 */
export async function afterFailedAttempt(
  { log, hooks }: Settings,
  c: CallState,
  cause: unknown,
  byDeadline: boolean,
  attemptInfo: AttemptInfo | undefined,
  startedAt: number,
): Promise<void> {
  const timedOut = cause instanceof AttemptTimeout;
  c.now = Date.now();
  const decision = decideRetry(
    c,
    c.signal?.aborted
      ? { kind: 'aborted' }
      : timedOut
        ? { kind: 'timeout', byDeadline }
        : { kind: 'connection', surelyNotSent: !c.idempotent && isSurelyNotSent(cause) },
    c.policy,
  );
  if (decision.reason === 'aborted') throw (c.signal as AbortSignal).reason;
  const error = timedOut
    ? byDeadline
      ? deadlineError(c)
      : new TimeoutError(operationOf(c), c.timeoutMs, 'attempt')
    : new ConnectionError(operationOf(c), cause);
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
      method: c.hop.method,
      path: pathOf(c.hop.url),
      attempt: c.attempt,
      durationMs: Date.now() - startedAt,
      requestId: c.requestId,
      error: error.message,
      ...(willRetry && { retryInMs: delay }),
    },
    `${operationOf(c)} attempt ${c.attempt} failed: ${error.name}${willRetry ? `, retrying in ${delay} ms` : ''}`,
  );
  if (!willRetry) throw error;
  await sleep(delay, c.signal);
  c.retries++;
  c.token = undefined;
  c.hop = c.start;
  c.redirects = 0;
}

/** Whether the response is a redirect this call follows (then the call's hop is its target); throws on a refused one. */
export function followRedirect(c: CallState, result: Attempt): boolean {
  if (c.redirectMode === 'manual' || !isRedirect(result.response)) return false;
  // Only a redirect pays for naming the operation and the secrets its error must hide.
  const next = nextHop(
    c.hop,
    result,
    c.redirectMode,
    c.redirects,
    operationOf(c),
    authorizationSecrets(c.headers.authorization),
  );
  if (next === undefined) return false;
  c.redirects++;
  c.hop = next;
  return true;
}

/** What `decideRetry` makes of a response, the call as it stands now. */
export function weighResponse({ auth }: Settings, c: CallState, response: Response): RetryDecision {
  c.now = Date.now();
  const hasToken = auth !== undefined && c.token !== undefined;
  return decideRetry(
    c,
    { kind: 'response', status: response.status, headers: response.headers, hasToken },
    c.policy,
  );
}

/**
 * Replaces a token the platform refused (once per call: concurrent 401s with the same token coalesce in the
 * provider); whether the provider gave a different one.
 */
export async function refreshToken(auth: TokenProvider, c: CallState): Promise<boolean> {
  c.refreshed = true;
  const refused = c.token as string;
  auth.invalidate(refused);
  const fresh = await tokenWithinDeadline(c, getToken(auth, c));
  if (fresh === refused) return false;
  c.token = fresh;
  return true;
}

/** Tells the hooks and the log how an attempt's response was weighed (arguments, not an object: the hot path). */
export function reportResponse(
  { hooks, log }: Settings,
  c: CallState,
  response: Response,
  attemptInfo: AttemptInfo | undefined,
  startedAt: number,
  retryInMs: number,
  refresh: boolean,
): void {
  const status = response.status;
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
  if (!log) return;
  const level = retryInMs >= 0 ? 'info' : status >= 500 ? 'warn' : status >= 400 ? 'info' : 'debug';
  log[level](
    {
      method: c.hop.method,
      path: pathOf(c.hop.url),
      status,
      attempt: c.attempt,
      durationMs: Date.now() - startedAt,
      requestId: requestIdOf(response.headers) ?? c.requestId,
      ...(retryInMs >= 0 && { retryInMs }),
    },
    `${operationOf(c)} ${status} (attempt ${c.attempt})${
      refresh
        ? ', token refused: retrying with a fresh token'
        : retryInMs >= 0
          ? `, retrying in ${retryInMs} ms`
          : ''
    }`,
  );
}
