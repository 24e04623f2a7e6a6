import { type RedisServer, startRedisServer } from '@learnkit/test-utils';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisNonceStore, type LaunchVerificationError } from '../src/index';
import { keySetServer, makeKey, signLaunch, verifierFor } from './helpers';

// A real redis-server (test-utils starts it on a free loopback port; without one installed this file fails).
let server: RedisServer;
let redis: Redis;

beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url);
});

afterAll(async () => {
  await redis?.quit();
  await server?.stop();
});

describe('createRedisNonceStore', () => {
  it('two processes verifying one token at once: exactly one wins, the other is replayed', async () => {
    const key = await makeKey('k1');
    const keys = keySetServer([key]);
    // Two verifiers, as two processes behind a load balancer, each with its own connection.
    const other = new Redis(server.url);
    try {
      const first = verifierFor(keys, { nonceStore: createRedisNonceStore(redis) });
      const second = verifierFor(keys, { nonceStore: createRedisNonceStore(other) });
      const token = await signLaunch(key);
      const results = await Promise.allSettled([first.verify(token), second.verify(token)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect((lost.reason as LaunchVerificationError).reason).toBe('replayed');
    } finally {
      await other.quit();
    }
  });

  it('keeps the nonce under its own prefix until the token expires', async () => {
    const key = await makeKey('k1');
    const verifier = verifierFor(keySetServer([key]), { nonceStore: createRedisNonceStore(redis) });
    await verifier.verify(await signLaunch(key));
    const stored = await redis.keys('learnkit:lti:nonce:*');
    expect(stored.length).toBeGreaterThan(0);
    const ttl = await redis.pttl(stored[0] as string);
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(306_000);
  });
});
