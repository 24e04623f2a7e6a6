import { createTokenCache, type TokenCache, ValidationError } from '@learnkit/core';
import type { ValidationIssue } from '@learnkit/core/internal';
import { obtainSharedToken, type SharedTokens } from './shared-refresh';
import type { SharedTokenStore } from './store';

export type { SharedTokenStore } from './store';

// In the umbrella, not in core: core's tarball is at its budget. Core keeps what touches the secret (the keyed hash
// and the sealing) and asks the cache's backend for a token; the store, the lock and the polling are here
// (docs/decisions.md#d-redis-token-cache).

/** Options of {@link createSharedTokenCache} (and of `createRedisTokenCache`). */
export interface SharedTokenCacheOptions {
  /** Prefix of the store's keys. Default `learnkit:tokens:`. */
  prefix?: string | undefined;
  /**
   * How long the refresh lock holds, in ms. Default 10,000. A process that dies while it fetches a token holds the
   * others back this long at most; a token request slower than this may be made twice (both tokens are valid).
   */
  lockTtlMs?: number | undefined;
  /** How often a process waiting for another's refresh looks for the new token, in ms. Default 50. */
  pollIntervalMs?: number | undefined;
}

/** The default prefix of shared token keys. */
export const DEFAULT_TOKEN_PREFIX = 'learnkit:tokens:';

const positiveMs = (issues: ValidationIssue[], name: string, value: unknown, fallback: number): number => {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    issues.push({ path: [name], message: `must be a number of ms >= 1 (got ${String(value)})` });
    return fallback;
  }
  return Math.ceil(value);
};

/**
 * A {@link TokenCache} whose tokens are shared by every process that uses `store` with the same credentials: one
 * token per token URL, client id, scope and secret across the fleet, one token request at a time across processes
 * (a lock in the store), refreshed 60 s before it expires by whichever process needs it first. Each process still
 * keeps the token in memory, so a call with a fresh token never touches the store.
 *
 * @example
 * const tokens = createSharedTokenCache(myStore, { prefix: 'myapp:tokens:' });
 * const lk = new LearnKit({ tokenCache: tokens });
 */
export function createSharedTokenCache(
  store: SharedTokenStore,
  options: SharedTokenCacheOptions = {},
): TokenCache {
  const issues: ValidationIssue[] = [];
  for (const method of ['get', 'set', 'acquire', 'release'] as const) {
    if (typeof (store as Partial<SharedTokenStore> | undefined)?.[method] !== 'function') {
      issues.push({ path: ['store', method], message: 'must be a function (see SharedTokenStore)' });
    }
  }
  const prefix = options.prefix ?? DEFAULT_TOKEN_PREFIX;
  if (typeof prefix !== 'string') issues.push({ path: ['prefix'], message: 'must be a string' });
  const lockTtlMs = positiveMs(issues, 'lockTtlMs', options.lockTtlMs, 10_000);
  const pollIntervalMs = positiveMs(issues, 'pollIntervalMs', options.pollIntervalMs, 50);
  if (issues.length) throw new ValidationError(issues);
  const settings: SharedTokens = Object.freeze({ store, prefix, lockTtlMs, pollIntervalMs });
  return Object.freeze({
    ...createTokenCache(),
    shared: { obtain: (request) => obtainSharedToken(settings, request) },
  } satisfies TokenCache);
}
