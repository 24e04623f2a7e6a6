import { type TokenCache, ValidationError } from '@learnkit/core';
import type { RedisClientLike } from '@learnkit/core/internal';
import {
  createSharedTokenCache,
  type SharedTokenCacheOptions,
  type SharedTokenStore,
} from './shared-token-cache';

// Like core's Redis dedupe store, it imports no Redis client: the client is passed in, typed by the commands it
// sends, so the SDK gains no dependency (docs/decisions.md#d-redis-token-cache).

/**
 * The commands the Redis token cache sends: `GET`, `SET ... PX ... [NX]` (as the dedupe store's
 * {@link RedisClientLike}) and `EVAL` (the safe release of the lock). An `ioredis` client (v5 or later, `Redis` or
 * `Cluster`) fits as it is, and the same client can serve the dedupe store.
 */
export interface RedisTokenClientLike extends Pick<RedisClientLike, 'set'> {
  /** `GET key`. */
  get(key: string): Promise<string | null>;
  /** `EVAL script numKeys key... arg...`: runs a Lua script atomically. */
  eval(script: string, numKeys: number, ...args: string[]): Promise<unknown>;
}

/** Options of {@link createRedisTokenCache}: the key prefix, the lock's lifetime and the polling interval. */
export type RedisTokenCacheOptions = SharedTokenCacheOptions;

// Deletes the lock only while it is still this owner's: a holder whose lock lapsed (and was taken by another
// process) must not free the other's.
const RELEASE =
  'if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end';

/** The four operations of a {@link SharedTokenStore} as Redis commands. */
function redisTokenStore(redis: RedisTokenClientLike): SharedTokenStore {
  return {
    get: (key) => redis.get(key),
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async acquire(key, owner, ttlMs) {
      return (await redis.set(key, owner, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
    },
    async release(key, owner) {
      await redis.eval(RELEASE, 1, key, owner);
    },
  };
}

/**
 * A token cache shared by every process that uses the same Redis: one token per credentials across the fleet, one
 * token request at a time (a lock: `SET lock owner NX PX`, freed by a script that deletes only its own), refreshed
 * 60 s before expiry by whichever process needs it first, and a 401 in one process replaces the token for all, once.
 * Keys are `learnkit:tokens:token:<hash>` and `learnkit:tokens:lock:<hash>`, the hash a keyed hash of the
 * credentials under the client secret; the token is stored AES-256-GCM encrypted under a key derived from the
 * secret, so access to Redis alone yields no usable token (docs/decisions.md#d-shared-token-sealed). When Redis
 * fails, a process requests its own token and logs a warning.
 *
 * @example
 * import { Redis } from 'ioredis';
 * import { createRedisTokenCache, LearnKit } from '@learnkit/sdk';
 *
 * const lk = new LearnKit({ tokenCache: createRedisTokenCache(new Redis(process.env.REDIS_URL!)) });
 */
export function createRedisTokenCache(
  redis: RedisTokenClientLike,
  options: RedisTokenCacheOptions = {},
): TokenCache {
  const missing = (['get', 'set', 'eval'] as const).filter(
    (command) => typeof (redis as Partial<RedisTokenClientLike> | undefined)?.[command] !== 'function',
  );
  if (missing.length > 0) {
    throw new ValidationError([
      {
        path: ['redis'],
        message: `must be a Redis client with ${missing.map((m) => `${m}()`).join(', ')}, e.g. new Redis() from ioredis`,
      },
    ]);
  }
  return createSharedTokenCache(redisTokenStore(redis), options);
}
