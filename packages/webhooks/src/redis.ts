import { type DedupeStore, ValidationError } from '@learnkit/core';

/**
 * The two commands the store sends. An `ioredis` client (v5 or later, `Redis` or `Cluster`) fits as it is;
 * for another client, pass an object that maps these to its API.
 */
export interface RedisClientLike {
  /** `SET key value PX ttlMs NX`: resolves `'OK'` when set, `null` when the key already exists. */
  set(key: string, value: string, expiryMode: 'PX', ttlMs: number, condition: 'NX'): Promise<string | null>;
  /** `DEL key`. */
  del(key: string): Promise<number>;
}

/** Options of {@link createRedisDedupeStore}. */
export interface RedisDedupeStoreOptions {
  /** Prefix of the keys (default `learnkit:webhooks:seen:`). */
  prefix?: string | undefined;
}

/**
 * A dedupe store in Redis, for consumers that run on several machines: `claim` is one atomic
 * `SET key 1 PX ttl NX` (first claimer wins, the key expires by itself); `release` is `DEL key`, so a
 * delivery whose handler failed runs again on the platform's retry, whichever machine receives it.
 *
 * @example
 * import Redis from 'ioredis';
 * const handler = createWebhookHandler({ secret, on, dedupe: createRedisDedupeStore(new Redis(process.env.REDIS_URL!)) });
 */
export function createRedisDedupeStore(
  redis: RedisClientLike,
  options: RedisDedupeStoreOptions = {},
): DedupeStore & {
  /** Deletes `id`'s key (`DEL`), so the next `claim(id)` resolves `true`; always present on this store. */
  release(id: string): Promise<void>;
} {
  if (typeof redis?.set !== 'function' || typeof redis.del !== 'function') {
    throw new ValidationError([
      {
        path: ['redis'],
        message: 'must be a Redis client with set() and del(), e.g. new Redis() from ioredis',
      },
    ]);
  }
  const prefix = options.prefix ?? 'learnkit:webhooks:seen:';
  return {
    async claim(id, ttlMs) {
      // PX takes whole milliseconds >= 1.
      const ms = Math.max(1, Math.ceil(ttlMs));
      return (await redis.set(prefix + id, '1', 'PX', ms, 'NX')) === 'OK';
    },
    async release(id) {
      await redis.del(prefix + id);
    },
  };
}
