import { createMemoryDedupeStore, createRedisDedupeStore, type DedupeStore } from '@learnkit/core';
import { type RedisServer, startRedisServer } from '@learnkit/test-utils';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activeSeconds, post, useMock, windowMessage } from './harness';

// The activity server dedupes with the webhook handler's protocol on a shared store: a claim is a 5-minute lease
// while the events are sent, `complete` marks them sent for dedupeTtlMs, and a copy that meets an id another server
// is still sending gets 503 (the tracker keeps the windows), never acknowledged before the platform took it
// (docs/decisions.md#d-activity-dedupe-leases).

const CALIPER = '/caliper/v1p2';
const rawResponse = async (response: Response) => ({
  status: response.status,
  retryAfter: response.headers.get('retry-after'),
  body: await response.json(),
});

let redisServer: RedisServer;
let redis: Redis;
beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis({ host: '127.0.0.1', port: redisServer.port, maxRetriesPerRequest: 0 });
});
afterAll(async () => {
  redis?.disconnect();
  await redisServer?.stop();
});

describe('the activity handler on a store shared by several servers', () => {
  const ctx = useMock('msw');

  /** Two servers (two machines) over one store, and what each responses to the same body sent at once. */
  async function race(store: DedupeStore) {
    const [a, b] = [ctx.server({ dedupe: store }), ctx.server({ dedupe: store })];
    const windows = [windowMessage(5000), windowMessage(4000)];
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, delayMs: 150 });
    const first = a.handler(post(windows));
    // b receives a copy while a is still sending.
    for (let i = 0; i < 100 && (await store.status?.(windows[0]!.id)) === undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const copy = await rawResponse(await b.handler(post(windows)));
    const original = await rawResponse(await first);
    const later = await rawResponse(await b.handler(post(windows)));
    return { windows, copy, original, later };
  }

  test.each([
    ['core memory store', () => createMemoryDedupeStore()],
    ['Redis store (real redis-server)', () => createRedisDedupeStore(redis, { prefix: 'test:activity:a:' })],
  ])(
    '%s: a copy of ids another server is sending gets 503, then duplicates once they were sent',
    async (_, make) => {
      const { copy, original, later } = await race(make());
      expect(copy).toEqual({
        status: 503,
        retryAfter: '60',
        body: {
          error: 'in_flight',
          message: 'some of these events are being sent by another request; send them again',
        },
      });
      expect(original).toMatchObject({ status: 202, body: { accepted: 2, duplicates: 0 } });
      expect(later).toMatchObject({ status: 202, body: { accepted: 0, duplicates: 2 } });
      expect(ctx.requests('POST', CALIPER)).toHaveLength(1);
      expect(activeSeconds(ctx.stored())).toBe(9);
    },
  );

  test('in Redis: a lease while sending, then `handled` for dedupeTtlMs (30 days by default)', async () => {
    const store = createRedisDedupeStore(redis, { prefix: 'test:activity:b:' });
    const server = ctx.server({ dedupe: store });
    const window = windowMessage(3000);
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, delayMs: 100 });
    const sending = server.handler(post([window]));
    const key = `test:activity:b:${window.id}`;
    for (let i = 0; i < 100 && (await redis.get(key)) === null; i++)
      await new Promise((r) => setTimeout(r, 5));
    expect(await redis.get(key)).toBe('claimed');
    expect(await redis.pttl(key)).toBeLessThanOrEqual(5 * 60_000);
    expect((await sending).status).toBe(202);
    expect(await redis.get(key)).toBe('handled');
    expect(await redis.pttl(key)).toBeGreaterThan(29 * 24 * 3_600_000);
  });

  test('a server that died mid-send holds its ids for the lease only: the resend after it is sent', async () => {
    let now = Date.UTC(2026, 0, 5);
    const store = createMemoryDedupeStore({ now: () => now });
    const window = windowMessage(7000);
    // Stands for a server that claimed the id and died before sending it.
    expect(await store.claim(window.id, 5 * 60_000)).toBe(true);
    const server = ctx.server({ dedupe: store });
    expect((await server.handler(post([window]))).status).toBe(503);
    now += 5 * 60_000 + 1;
    expect(await rawResponse(await server.handler(post([window])))).toMatchObject({
      status: 202,
      body: { accepted: 1, duplicates: 0 },
    });
    expect(activeSeconds(ctx.stored())).toBe(7);
  });

  test('a store without complete and status keeps the claim for dedupeTtlMs, as before', async () => {
    const inner = createMemoryDedupeStore();
    const store: DedupeStore = {
      claim: (id, ttl) => inner.claim(id, ttl),
      release: (id) => inner.release(id),
    };
    const [a, b] = [ctx.server({ dedupe: store }), ctx.server({ dedupe: store })];
    const window = windowMessage(2000);
    expect((await a.handler(post([window]))).status).toBe(202);
    expect(await rawResponse(await b.handler(post([window])))).toMatchObject({
      status: 202,
      body: { accepted: 0, duplicates: 1 },
    });
  });
});
