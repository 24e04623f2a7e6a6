import type { DedupeStatus, DedupeStore } from './dedupe';
import { ValidationError } from './errors';

// In core, beside the DedupeStore interface it implements, because webhooks and activity both dedupe with it
// (docs/decisions.md#d-dedupe-store-in-core). It imports no Redis client (the client is passed in, typed by the
// commands it needs), so it costs nothing in the main entry and adds no dependency.

/**
 * The commands the store sends. An `ioredis` client (v5 or later, `Redis` or `Cluster`) fits as it is; for
 * another client, pass an object that maps these to its API.
 */
export interface RedisClientLike {
  /**
   * `SET key value PX ttlMs NX`: resolves `'OK'` when set, `null` when the key already exists; without `NX`
   * (`SET key value PX ttlMs`), sets the key whatever it held.
   */
  set(key: string, value: string, expiryMode: 'PX', ttlMs: number, condition?: 'NX'): Promise<string | null>;
  /** `DEL key`. */
  del(key: string): Promise<number>;
  /**
   * `GET key`. Optional for clients written for older versions of this store; with it, the store can tell an id
   * being handled in another process from one handled (`complete` and `status`), so a copy of a delivery still
   * being handled is never acknowledged.
   */
  get?(key: string): Promise<string | null>;
}

// Values of a key: claimed while the function runs, handled once it succeeded. `1` is what earlier versions wrote
// for a claim; it counts as handled, as they treated it.
const CLAIMED = 'claimed';
const HANDLED = 'handled';

/** Options of {@link createRedisDedupeStore}. */
export interface RedisDedupeStoreOptions {
  /**
   * Prefix of the keys. Default `learnkit:webhooks:seen:`, the prefix of the store's first home (webhooks), kept so
   * existing keys stay valid; give each use its own (such as `learnkit:activity:seen:`) when they share a Redis.
   */
  prefix?: string | undefined;
}

/**
 * A dedupe store in Redis, for consumers that run on several machines: `claim` is one atomic
 * `SET key claimed PX ttl NX` (first claimer wins, the key expires by itself); `release` is `DEL key`, so a
 * delivery whose handler failed runs again on the platform's retry, whichever machine receives it; `complete` is
 * `SET key handled PX ttl` and `status` a `GET`, so a copy that arrives on another machine while the first is still
 * being handled is told apart from one already handled (docs/decisions.md#d-webhook-ack-after-handled).
 *
 * @example
 * import Redis from 'ioredis';
 * import { createRedisDedupeStore } from '@learnkit/core';
 * const handler = createWebhookHandler({ secret, on, dedupe: createRedisDedupeStore(new Redis(process.env.REDIS_URL!)) });
 * const activity = createActivityServer({ client, getUser, dedupe: createRedisDedupeStore(redis, { prefix: 'learnkit:activity:seen:' }) });
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
  // PX takes whole milliseconds >= 1.
  const px = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs));
  const store: DedupeStore & { release(id: string): Promise<void> } = {
    async claim(id, ttlMs) {
      return (await redis.set(prefix + id, CLAIMED, 'PX', px(ttlMs), 'NX')) === 'OK';
    },
    async release(id) {
      await redis.del(prefix + id);
    },
  };
  const get = redis.get?.bind(redis);
  if (!get) return store;
  return Object.assign(store, {
    async complete(id: string, ttlMs: number) {
      await redis.set(prefix + id, HANDLED, 'PX', px(ttlMs));
    },
    async status(id: string): Promise<DedupeStatus | undefined> {
      const value = await get(prefix + id);
      return value === null ? undefined : value === CLAIMED ? 'in-flight' : 'handled';
    },
  });
}
