import { ValidationError, type ValidationIssue } from '../errors';

/**
 * Retry settings. Defaults: 2 retries, backoff from 500 ms doubling to at most 8 s, and a server's
 * `Retry-After` honoured up to 60 s (beyond that the call fails at once with `RateLimitError`).
 */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** First backoff delay in ms; doubles on each retry. Default 500. */
  initialDelayMs?: number;
  /** Cap of the backoff delay in ms. Default 8000. */
  maxDelayMs?: number;
  /** Longest `Retry-After` the SDK will wait, in ms; a longer one ends the call at once. Default 60000. */
  maxRetryAfterMs?: number;
}

/** {@link RetryOptions} with every field set. */
export type RetryPolicy = Required<RetryOptions>;

/** The default retry settings. */
export const DEFAULT_RETRY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
});

function checkRetry(options: RetryOptions): void {
  const issues: ValidationIssue[] = [];
  for (const key of ['maxRetries', 'initialDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    const v = options[key];
    if (v === undefined) continue;
    const ok = key === 'maxRetries' ? Number.isInteger(v) && v >= 0 : Number.isFinite(v) && v >= 0;
    if (!ok) {
      issues.push({
        path: ['retry', key],
        message: `must be a ${key === 'maxRetries' ? 'whole number' : 'number of ms'} >= 0 (got ${String(v)})`,
      });
    }
  }
  if (issues.length) throw new ValidationError(issues);
}

/**
 * `override` applied over `base`: `false` means no retries (a 401 is still retried once with a fresh
 * token: that is a refresh, not a retry), an object replaces the fields it sets.
 *
 * @example
 * resolveRetry(DEFAULT_RETRY, { maxRetries: 5 })
 */
export function resolveRetry(
  base: Readonly<RetryPolicy>,
  override: RetryOptions | false | undefined,
): Readonly<RetryPolicy> {
  if (override === undefined) return base;
  if (override === false) return { ...base, maxRetries: 0 };
  checkRetry(override);
  const out = { ...base };
  for (const key of ['maxRetries', 'initialDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    const v = override[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

// docs/decisions.md#d-retries: connection errors and timeouts are handled by the transport; these are the statuses.
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** True for 408, 429, 500, 502, 503 and 504. */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'TRACE']);

/** GET, HEAD, OPTIONS, PUT (and TRACE) may be repeated; POST, PATCH and DELETE only when the call says so. */
export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method);
}

/**
 * Backoff before retry number `retryIndex` (0-based): min(maxDelayMs, initialDelayMs * 2^n), less up to 25 %
 * jitter so that many clients failing together do not come back together.
 */
export function backoffDelayMs(policy: RetryPolicy, retryIndex: number, random: () => number): number {
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retryIndex);
  return Math.round(base * (1 - 0.25 * random()));
}

// Codes meaning no byte of the request reached the server, so even a non-idempotent request may be resent.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** True when the runtime's error says the connection was never made (refused, DNS retry). */
export function isSurelyNotSent(error: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [error];
  while (stack.length) {
    const e = stack.pop();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true;
    stack.push((e as { cause?: unknown }).cause);
    // Happy-eyeballs connects to several addresses and reports an AggregateError of each failure.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) stack.push(...errors);
  }
  return false;
}
