import { createTokenCache, type TokenCache, ValidationError, type ValidationIssue } from '@learnkit/core';
import { obtainSharedToken, type SharedTokens } from './shared-refresh';

// In the umbrella, not in core: core's tarball is at its budget. Core keeps what touches the secret (the keyed hash
// and the sealing) and asks the cache's backend for a token; the store, the lock and the polling are here
// (docs/decisions.md#d-i16-shared-token-redis).

/**
 * A store several processes share tokens through: Redis (`createRedisTokenCache` builds on one), a database table,
 * Memcached. It keeps opaque values under keys and one lock per key with an owner. Token providers never hand it a
 * secret or a usable token: keys end with a keyed hash of the credentials, and values are encrypted with a key
 * derived from the client secret (docs/decisions.md#d-i16-shared-token-sealed).
 *
 * @example
 * // A store over a database table with a unique key (a sketch: `db` is yours).
 * const store: SharedTokenStore = {
 *   get: (key) => db.value(key),
 *   set: (key, value, ttlMs) => db.upsert(key, value, Date.now() + ttlMs),
 *   acquire: (key, owner, ttlMs) => db.insertIfAbsentOrExpired(key, owner, Date.now() + ttlMs),
 *   release: (key, owner) => db.deleteWhere(key, owner),
 * };
 * const lk = new LearnKit({ tokenCache: createSharedTokenCache(store) });
 */
export interface SharedTokenStore {
  /** The value stored under `key`, or `null` when there is none (never stored, or expired). */
  get(key: string): Promise<string | null>;
  /** Stores `value` under `key` for `ttlMs` milliseconds, replacing what was there; it is gone after that. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Takes the lock `key` for `owner` during `ttlMs` milliseconds when nobody holds it, atomically (at most one
   * holder at a time; a holder that dies frees it when `ttlMs` ends): resolves `true` when taken.
   */
  acquire(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Frees the lock `key` when `owner` still holds it, and never a lock another owner took after this one lapsed. */
  release(key: string, owner: string): Promise<void>;
}

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
