import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../src/internal/index';
import {
  type DecidePolicy,
  decideRetry,
  type RetryAttempt,
  type RetryDecision,
  type RetryOutcome,
} from '../src/transport/decide-retry';

// One row per rule of docs/decisions.md#d-retry-decision-table (decision 3 of the design, with the transport's
// refinements). Time is a fixed epoch: the function reads no clock, so no fake timers are needed.
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const policy: DecidePolicy = { ...DEFAULT_RETRY, random: () => 0 };
const halfJitter: DecidePolicy = { ...DEFAULT_RETRY, random: () => 0.5 };

const fresh: RetryAttempt = {
  retries: 0,
  idempotent: true,
  refreshed: false,
  now: NOW,
  deadlineAt: NOW + 120_000,
};
const post: RetryAttempt = { ...fresh, idempotent: false };

function response(status: number, headers: Record<string, string> = {}, hasToken = true): RetryOutcome {
  return { kind: 'response', status, headers: new Headers(headers), hasToken };
}

interface Row {
  rule: string;
  attempt: RetryAttempt;
  outcome: RetryOutcome;
  policy?: DecidePolicy;
  expected: RetryDecision;
}

const retryIn = (delayMs: number, reason: RetryDecision['reason']): RetryDecision => ({
  retry: true,
  delayMs,
  reason,
});
const no = (reason: RetryDecision['reason']): RetryDecision => ({ retry: false, delayMs: 0, reason });

const rows: Row[] = [
  // Success and responses that are final.
  { rule: 'a 2xx is final', attempt: fresh, outcome: response(200), expected: no('success') },
  {
    rule: 'a 3xx the transport did not follow is final',
    attempt: fresh,
    outcome: response(304),
    expected: no('success'),
  },
  {
    rule: '400 is not retried',
    attempt: fresh,
    outcome: response(400),
    expected: no('status-not-retryable'),
  },
  {
    rule: '403 is not retried',
    attempt: fresh,
    outcome: response(403),
    expected: no('status-not-retryable'),
  },
  {
    rule: '404 is not retried',
    attempt: fresh,
    outcome: response(404),
    expected: no('status-not-retryable'),
  },
  {
    rule: '409 is not retried',
    attempt: fresh,
    outcome: response(409),
    expected: no('status-not-retryable'),
  },
  {
    rule: '501 is not retried',
    attempt: fresh,
    outcome: response(501),
    expected: no('status-not-retryable'),
  },
  // The retried statuses: 408, 429, 500, 502, 503, 504, with backoff min(8 s, 0.5 s * 2^n).
  {
    rule: '408 is retried with backoff',
    attempt: fresh,
    outcome: response(408),
    expected: retryIn(500, 'retryable-status'),
  },
  {
    rule: '429 is retried with backoff',
    attempt: fresh,
    outcome: response(429),
    expected: retryIn(500, 'retryable-status'),
  },
  {
    rule: '500 is retried with backoff',
    attempt: fresh,
    outcome: response(500),
    expected: retryIn(500, 'retryable-status'),
  },
  {
    rule: '502 is retried with backoff',
    attempt: fresh,
    outcome: response(502),
    expected: retryIn(500, 'retryable-status'),
  },
  {
    rule: '503 is retried with backoff',
    attempt: fresh,
    outcome: response(503),
    expected: retryIn(500, 'retryable-status'),
  },
  {
    rule: '504 is retried with backoff',
    attempt: fresh,
    outcome: response(504),
    expected: retryIn(500, 'retryable-status'),
  },
  {
    rule: 'the backoff doubles with each retry',
    attempt: { ...fresh, retries: 1 },
    outcome: response(503),
    policy: { ...policy, maxRetries: 10 },
    expected: retryIn(1000, 'retryable-status'),
  },
  {
    rule: 'the backoff is capped at maxDelayMs (8 s)',
    attempt: { ...fresh, retries: 6 },
    outcome: response(503),
    policy: { ...policy, maxRetries: 10 },
    expected: retryIn(8000, 'retryable-status'),
  },
  {
    rule: 'jitter takes up to a quarter off the backoff',
    attempt: fresh,
    outcome: response(503),
    policy: halfJitter,
    expected: retryIn(438, 'retryable-status'),
  },
  {
    rule: 'after maxRetries (default 2) the last response is final',
    attempt: { ...fresh, retries: 2 },
    outcome: response(503),
    expected: no('retries-exhausted'),
  },
  {
    rule: 'retry: false (maxRetries 0) retries nothing',
    attempt: fresh,
    outcome: response(503),
    policy: { ...policy, maxRetries: 0 },
    expected: no('retries-exhausted'),
  },
  // Retry-After: seconds or an IMF-fixdate, honoured up to maxRetryAfterMs, without jitter.
  {
    rule: 'Retry-After in seconds is waited exactly',
    attempt: fresh,
    outcome: response(429, { 'retry-after': '2' }),
    policy: halfJitter,
    expected: retryIn(2000, 'retry-after'),
  },
  {
    rule: 'Retry-After as an IMF-fixdate is a wait until that time',
    attempt: fresh,
    outcome: response(503, { 'retry-after': new Date(NOW + 5000).toUTCString() }),
    expected: retryIn(5000, 'retry-after'),
  },
  {
    rule: 'retry-after-ms is honoured before Retry-After',
    attempt: fresh,
    outcome: response(429, { 'retry-after-ms': '150', 'retry-after': '30' }),
    expected: retryIn(150, 'retry-after'),
  },
  {
    rule: 'Retry-After at the cap (60 s) is waited',
    attempt: fresh,
    outcome: response(429, { 'retry-after': '60' }),
    expected: retryIn(60_000, 'retry-after'),
  },
  {
    rule: 'Retry-After over the cap ends the call at once (RateLimitError in call())',
    attempt: fresh,
    outcome: response(429, { 'retry-after': '61' }),
    expected: no('retry-after-over-cap'),
  },
  {
    rule: 'a 503 with Retry-After over the cap ends the call at once too',
    attempt: fresh,
    outcome: response(503, { 'retry-after': '3600' }),
    expected: no('retry-after-over-cap'),
  },
  {
    rule: 'a Retry-After that is neither seconds nor an IMF-fixdate is ignored: normal backoff',
    attempt: fresh,
    outcome: response(503, { 'retry-after': '1.5' }),
    expected: retryIn(500, 'retryable-status'),
  },
  // Idempotency: POST, PATCH, DELETE (subscription create, rotate-secret, delete) only on 429 or when surely not sent.
  {
    rule: 'a non-idempotent call is not retried on 500',
    attempt: post,
    outcome: response(500),
    expected: no('not-idempotent'),
  },
  {
    rule: 'a non-idempotent call is not retried on 503',
    attempt: post,
    outcome: response(503),
    expected: no('not-idempotent'),
  },
  {
    rule: 'a non-idempotent call is retried on 429',
    attempt: post,
    outcome: response(429),
    expected: retryIn(500, 'retryable-status'),
  },
  {
    rule: 'a non-idempotent call is retried after a refused connection',
    attempt: post,
    outcome: { kind: 'connection', surelyNotSent: true },
    expected: retryIn(500, 'connection-not-sent'),
  },
  {
    rule: 'a non-idempotent call is not retried after a connection error that may have sent it',
    attempt: post,
    outcome: { kind: 'connection', surelyNotSent: false },
    expected: no('not-idempotent'),
  },
  {
    rule: 'a non-idempotent call is not retried after its attempt timed out',
    attempt: post,
    outcome: { kind: 'timeout', byDeadline: false },
    expected: no('not-idempotent'),
  },
  // Connection errors and timeouts of idempotent calls (uploads, Caliper sends, items/validate are idempotent).
  {
    rule: 'a connection error is retried with backoff',
    attempt: fresh,
    outcome: { kind: 'connection', surelyNotSent: false },
    expected: retryIn(500, 'connection'),
  },
  {
    rule: 'a per-attempt timeout is retried with backoff',
    attempt: fresh,
    outcome: { kind: 'timeout', byDeadline: false },
    expected: retryIn(500, 'timeout'),
  },
  {
    rule: 'connection errors count toward maxRetries',
    attempt: { ...fresh, retries: 2 },
    outcome: { kind: 'connection', surelyNotSent: true },
    expected: no('retries-exhausted'),
  },
  // 401: one refresh per call, not a retry.
  {
    rule: 'a 401 with a token refreshes it once, at once',
    attempt: fresh,
    outcome: response(401),
    expected: retryIn(0, 'refresh-token'),
  },
  {
    rule: 'a 401 refresh happens even with retries off',
    attempt: fresh,
    outcome: response(401),
    policy: { ...policy, maxRetries: 0 },
    expected: retryIn(0, 'refresh-token'),
  },
  {
    rule: 'a 401 refresh happens for a non-idempotent call',
    attempt: post,
    outcome: response(401),
    expected: retryIn(0, 'refresh-token'),
  },
  {
    rule: 'a second 401 is final (AuthenticationError)',
    attempt: { ...fresh, refreshed: true },
    outcome: response(401),
    expected: no('already-refreshed'),
  },
  {
    rule: 'a 401 without a token to replace is final',
    attempt: fresh,
    outcome: response(401, {}, false),
    expected: no('status-not-retryable'),
  },
  // The overall deadline and the caller's abort.
  {
    rule: 'a backoff that would end past the deadline ends the call with the last response',
    attempt: { ...fresh, deadlineAt: NOW + 400 },
    outcome: response(503),
    expected: no('deadline'),
  },
  {
    rule: 'a Retry-After that would end past the deadline ends the call with the last response',
    attempt: { ...fresh, deadlineAt: NOW + 2000 },
    outcome: response(429, { 'retry-after': '2' }),
    expected: no('deadline'),
  },
  {
    rule: 'a connection error whose backoff passes the deadline is final',
    attempt: { ...fresh, deadlineAt: NOW + 100 },
    outcome: { kind: 'connection', surelyNotSent: true },
    expected: no('deadline'),
  },
  {
    rule: 'an attempt cut by the deadline is not retried (TimeoutError kind deadline)',
    attempt: fresh,
    outcome: { kind: 'timeout', byDeadline: true },
    expected: no('timeout-by-deadline'),
  },
  {
    rule: "the caller's abort is final",
    attempt: fresh,
    outcome: { kind: 'aborted' },
    expected: no('aborted'),
  },
];

describe('decideRetry: the retry table (docs/decisions.md#d-retry-decision-table)', () => {
  it.each(rows)('$rule', ({ attempt, outcome, policy: p, expected }) => {
    expect(decideRetry(attempt, outcome, p ?? policy)).toEqual(expected);
  });

  it('draws jitter only from the injected random source, so equal inputs decide equally', () => {
    const draws: number[] = [];
    const random = () => {
      draws.push(0);
      return 0.999;
    };
    const first = decideRetry(fresh, response(503), { ...DEFAULT_RETRY, random });
    const second = decideRetry(fresh, response(503), { ...DEFAULT_RETRY, random });
    expect(first).toEqual(second);
    expect(first.delayMs).toBe(375);
    expect(draws).toHaveLength(2);
  });

  it('returns a success without drawing jitter or allocating a new decision', () => {
    const random = () => {
      throw new Error('no jitter for a success');
    };
    const a = decideRetry(fresh, response(200), { ...DEFAULT_RETRY, random });
    expect(decideRetry(fresh, response(201), { ...DEFAULT_RETRY, random })).toBe(a);
  });
});
