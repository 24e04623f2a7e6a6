/**
 * A store several processes share tokens through: Redis (`createRedisTokenCache` builds on one), a database table,
 * Memcached. It keeps opaque values under keys and one lock per key with an owner. Token providers never hand it a
 * secret or a usable token: keys end with a keyed hash of the credentials, and values are encrypted with a key
 * derived from the client secret (docs/decisions.md#d-shared-token-sealed).
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
