import { createMemoryDedupeStore, createRedisDedupeStore, type DedupeStore } from '@learnkit/core';
import type { MemoryDedupeStoreOptions, RedisClientLike } from '@learnkit/core/internal';

/**
 * Remembers the nonces of verified launches, so a token is accepted once. The shape of the webhook dedupe stores
 * (core's `DedupeStore`): `claim(nonce, ttlMs)` resolves `true` the first time only, atomically, so of two
 * concurrent posts of one token exactly one wins (docs/decisions.md#d-lti-nonce-store). Any `DedupeStore` fits.
 */
export type NonceStore = Pick<DedupeStore, 'claim'>;

/**
 * Nonces in this process's memory (the verifier's default): a token replayed to another process is not seen; use
 * {@link createRedisNonceStore} when several processes serve launches.
 *
 * @example
 * const verifier = createLaunchVerifier({ issuer, audience, jwksUrl, nonceStore: createMemoryNonceStore({ maxEntries: 100_000 }) });
 */
export function createMemoryNonceStore(options: MemoryDedupeStoreOptions = {}): NonceStore {
  return createMemoryDedupeStore(options);
}

/** Options of {@link createRedisNonceStore}. */
export interface RedisNonceStoreOptions {
  /** Prefix of the keys (default `learnkit:lti:nonce:`). */
  prefix?: string | undefined;
}

/**
 * Nonces in Redis, shared by every process: one `SET key claimed PX ttl NX` per launch (the first claimer wins; the
 * key expires with the token). An `ioredis` client fits as it is.
 *
 * @example
 * import Redis from 'ioredis';
 * const nonceStore = createRedisNonceStore(new Redis(process.env.REDIS_URL!));
 */
export function createRedisNonceStore(
  redis: RedisClientLike,
  options: RedisNonceStoreOptions = {},
): NonceStore {
  return createRedisDedupeStore(redis, { prefix: options.prefix ?? 'learnkit:lti:nonce:' });
}
