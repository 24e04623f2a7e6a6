import { parseRetryAfterMs } from '../internal/retry-after';
import { backoffDelayMs, isRetryableStatus, type RetryPolicy } from './retry-policy';

/**
 * Where a call stands when an attempt has ended: what it already spent, what time it is, and whether repeating
 * the request is harmless (docs/decisions.md#d-retry-decision-table).
 */
export interface RetryAttempt {
  /** Retries already made in this call (0 after the first attempt). A 401 refresh is not counted. */
  retries: number;
  /** Whether repeating the request is harmless (by method, or the operation's own `idempotent`). */
  idempotent: boolean;
  /** Whether this call already replaced a refused token once. */
  refreshed: boolean;
  /** The time now, in ms since the epoch (an IMF-fixdate `Retry-After` is a wait until then). */
  now: number;
  /** The time the call's overall deadline ends, in ms since the epoch. */
  deadlineAt: number;
}

/** How one attempt ended, as the transport saw it. */
export type RetryOutcome =
  /** A response arrived; `hasToken`: the attempt carried a bearer token a provider can replace. */
  | { kind: 'response'; status: number; headers: Headers; hasToken: boolean }
  /** No response: the connection failed; `surelyNotSent`: no byte of the request left the machine. */
  | { kind: 'connection'; surelyNotSent: boolean }
  /** The attempt's time ran out; `byDeadline`: the call's overall deadline cut it, not the per-attempt timeout. */
  | { kind: 'timeout'; byDeadline: boolean }
  /** The caller's signal aborted the call. */
  | { kind: 'aborted' };

/** Why {@link decideRetry} decided as it did; one value per row of docs/decisions.md#d-retry-decision-table. */
export type RetryReason =
  | 'success'
  | 'refresh-token'
  | 'already-refreshed'
  | 'status-not-retryable'
  | 'not-idempotent'
  | 'retryable-status'
  | 'retry-after'
  | 'retry-after-over-cap'
  | 'retries-exhausted'
  | 'deadline'
  | 'connection'
  | 'connection-not-sent'
  | 'timeout'
  | 'timeout-by-deadline'
  | 'aborted';

/** What to do after an attempt: send again after `delayMs` (0 when `retry` is false), and the rule that decided. */
export interface RetryDecision {
  /** Whether to send the request again. */
  retry: boolean;
  /** How long to wait first, in ms. */
  delayMs: number;
  /** The rule that decided. */
  reason: RetryReason;
}

/** The retry settings plus the random source of the jitter, injected so that the decision is a pure function. */
export interface DecidePolicy extends Readonly<RetryPolicy> {
  /** A number in [0, 1); `Math.random` in production, pinned in tests. */
  random: () => number;
}

// Shared responds: deciding on a 2xx allocates nothing (the GET hot path, docs/decisions.md#d-retry-decision-table).
const SUCCESS: RetryDecision = Object.freeze({ retry: false, delayMs: 0, reason: 'success' });
const REFRESH: RetryDecision = Object.freeze({ retry: true, delayMs: 0, reason: 'refresh-token' });

function stop(reason: RetryReason): RetryDecision {
  return { retry: false, delayMs: 0, reason };
}

/** A wait that ends before the deadline; otherwise the call ends now with what it has (never sleeps into a timeout). */
function wait(attempt: RetryAttempt, delayMs: number, reason: RetryReason): RetryDecision {
  if (attempt.now + delayMs >= attempt.deadlineAt) return stop('deadline');
  return { retry: true, delayMs, reason };
}

/** Exponential backoff with jitter, while retries remain. */
function backoff(attempt: RetryAttempt, policy: DecidePolicy, reason: RetryReason): RetryDecision {
  if (attempt.retries >= policy.maxRetries) return stop('retries-exhausted');
  return wait(attempt, backoffDelayMs(policy, attempt.retries, policy.random), reason);
}

/**
 * The transport's whole retry decision, as one pure function: whether to send the request again, how long to
 * wait, and which rule said so. Each rule of docs/decisions.md#d-retry-decision-table is one branch here and one row
 * of its table test. On `refresh-token` the transport replaces the token; when the provider hands back the same
 * one (a static token), the call ends with the 401.
 *
 * @example
 * decideRetry(
 *   { retries: 0, idempotent: true, refreshed: false, now: Date.now(), deadlineAt: Date.now() + 120_000 },
 *   { kind: 'response', status: 503, headers: new Headers(), hasToken: true },
 *   { ...DEFAULT_RETRY, random: Math.random },
 * ); // { retry: true, delayMs: 375..500, reason: 'retryable-status' }
 */
export function decideRetry(
  attempt: RetryAttempt,
  outcome: RetryOutcome,
  policy: DecidePolicy,
): RetryDecision {
  switch (outcome.kind) {
    case 'response': {
      const status = outcome.status;
      if (status < 400) return SUCCESS;
      // A refused token is replaced once per call, even with retries off: the request was not processed.
      if (status === 401 && outcome.hasToken) return attempt.refreshed ? stop('already-refreshed') : REFRESH;
      if (!isRetryableStatus(status)) return stop('status-not-retryable');
      // A 429 says the server did not process the request, so even a non-idempotent one is sent again.
      if (!attempt.idempotent && status !== 429) return stop('not-idempotent');
      if (attempt.retries >= policy.maxRetries) return stop('retries-exhausted');
      const hinted = parseRetryAfterMs(outcome.headers, attempt.now);
      if (hinted === undefined) return backoff(attempt, policy, 'retryable-status');
      // Waiting longer than the caller allowed is worse than failing now: call() makes a 429 a RateLimitError.
      if (hinted > policy.maxRetryAfterMs) return stop('retry-after-over-cap');
      // The server named a time: no jitter.
      return wait(attempt, hinted, 'retry-after');
    }
    case 'connection':
      if (attempt.idempotent) return backoff(attempt, policy, 'connection');
      // A non-idempotent request is resent only when it surely never left (connection refused, DNS retry).
      return outcome.surelyNotSent ? backoff(attempt, policy, 'connection-not-sent') : stop('not-idempotent');
    case 'timeout':
      // The deadline ends the call. A request cut by its attempt timeout may have been processed, so only an
      // idempotent one is sent again.
      if (outcome.byDeadline) return stop('timeout-by-deadline');
      return attempt.idempotent ? backoff(attempt, policy, 'timeout') : stop('not-idempotent');
    case 'aborted':
      return stop('aborted');
  }
}
