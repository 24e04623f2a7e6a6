import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { DedupeStore } from '@learnkit/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisDedupeStore, createWebhookHandler } from '../src/index';
import { delivery, envelope, nowAt, SECRET, T0 } from './helpers';

// A real redis-server on a free loopback port, started and stopped by this file. CI installs it with
// `apt-get install -y redis-server`; without it this file fails (it never skips).
let server: ChildProcess | undefined;
let redis: Redis;
let port = 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address() as { port: number };
      probe.close(() => resolve(found));
    });
  });
}

beforeAll(async () => {
  const which = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (which.error || which.status !== 0) {
    throw new Error(
      'redis-server is not on PATH: the Redis dedupe store is tested against a real server. ' +
        'Install it (Debian/Ubuntu: `apt-get update && apt-get install -y redis-server`) and run the tests again.',
    );
  }
  port = await freePort();
  server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  redis = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => 50,
  });
  // Refused connections while the server starts are expected; the loop below reports a real failure.
  redis.on('error', () => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await redis.connect();
      if ((await redis.ping()) === 'PONG') break;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`redis-server did not start on port ${port}: ${String(error)}`);
      redis.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});

afterAll(async () => {
  await redis?.quit().catch(() => undefined);
  server?.kill('SIGTERM');
});

describe('createRedisDedupeStore against a real redis-server', () => {
  it('claims an id once (SET NX PX), with a TTL, and release frees it', async () => {
    const store = createRedisDedupeStore(redis, { prefix: 'test:a:' });
    expect(await store.claim('evt-1', 60_000)).toBe(true);
    expect(await store.claim('evt-1', 60_000)).toBe(false);
    const ttl = await redis.pttl('test:a:evt-1');
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.get('test:a:evt-1')).toBe('claimed');
    await store.release('evt-1');
    expect(await redis.exists('test:a:evt-1')).toBe(0);
    expect(await store.claim('evt-1', 60_000)).toBe(true);
    // Releasing an id nobody claimed is a no-op (DEL of a missing key).
    await expect(store.release('never-claimed')).resolves.toBeUndefined();
  });

  it("implements core's DedupeStore, release included (DEL)", async () => {
    const sent: string[][] = [];
    const spy = {
      set: async (...args: [string, string, 'PX', number, 'NX']) => {
        sent.push(['SET', ...args.map(String)]);
        return 'OK';
      },
      del: async (key: string) => {
        sent.push(['DEL', key]);
        return 1;
      },
    };
    const store: DedupeStore = createRedisDedupeStore(spy);
    await store.claim('evt-9', 1500.2);
    await store.release?.('evt-9');
    expect(sent).toEqual([
      ['SET', 'learnkit:webhooks:seen:evt-9', 'claimed', 'PX', '1501', 'NX'],
      ['DEL', 'learnkit:webhooks:seen:evt-9'],
    ]);
  });

  it('lets the key expire by itself', async () => {
    const store = createRedisDedupeStore(redis, { prefix: 'test:b:' });
    expect(await store.claim('short', 30)).toBe(true);
    expect(await store.claim('short', 30)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.claim('short', 30)).toBe(true);
  });

  it('is atomic: of 50 concurrent claims from two clients exactly one wins', async () => {
    const second = new Redis({ host: '127.0.0.1', port });
    try {
      const stores = [
        createRedisDedupeStore(redis, { prefix: 'test:c:' }),
        createRedisDedupeStore(second, { prefix: 'test:c:' }),
      ];
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => stores[i % 2]!.claim('race', 60_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      await second.quit();
    }
  });

  it('dedupes one event across two handlers (two machines) and releases on failure', async () => {
    let calls = 0;
    const make = () =>
      createWebhookHandler({
        secret: SECRET,
        now: nowAt(T0),
        dedupe: createRedisDedupeStore(redis, { prefix: 'test:d:' }),
        on: {
          'enrollment.created': () => {
            calls++;
            if (calls === 1) throw new Error('first attempt fails');
          },
        },
      });
    const [machineA, machineB] = [make(), make()];
    const body = JSON.stringify(envelope());
    const post = () => {
      const d = delivery({ body });
      return new Request('https://consumer.example/hook', {
        method: 'POST',
        headers: d.headers,
        body: d.body,
      });
    };
    expect((await machineA(post())).status).toBe(500);
    expect((await machineB(post())).status).toBe(200);
    expect((await machineA(post())).status).toBe(200);
    expect(calls).toBe(2);
    expect(await redis.exists(`test:d:${JSON.parse(body).id}`)).toBe(1);
  });

  it('marks a handled id handled (SET without NX) and tells it apart from one in flight (GET)', async () => {
    const store = createRedisDedupeStore(redis, { prefix: 'test:e:' });
    expect(await store.claim('evt-2', 60_000)).toBe(true);
    expect(await store.status?.('evt-2')).toBe('in-flight');
    await store.complete?.('evt-2', 120_000);
    expect(await store.status?.('evt-2')).toBe('handled');
    expect(await redis.get('test:e:evt-2')).toBe('handled');
    expect(await redis.pttl('test:e:evt-2')).toBeGreaterThan(119_000);
    expect(await store.claim('evt-2', 60_000)).toBe(false);
    expect(await store.status?.('never')).toBeUndefined();
    // A key an earlier version claimed (value 1) counts as handled, as that version treated it.
    await redis.set('test:e:legacy', '1', 'PX', 60_000);
    expect(await store.status?.('legacy')).toBe('handled');
  });

  // Issue 13, finding 11, across processes: a copy reaching another process while the first is still being handled
  // must not be acknowledged; only a handled delivery is.
  it('in another process: a copy of a delivery still being handled gets a retryable 503 until it was handled', async () => {
    const prefix = 'test:f:';
    const child = spawn(
      process.execPath,
      [
        createRequire(import.meta.url).resolve('tsx/cli'),
        '--conditions=@learnkit/source',
        fileURLToPath(new URL('./fixtures/redis-consumer.ts', import.meta.url)),
        String(port),
        prefix,
        SECRET,
        String(T0 * 1000),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const childPort = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk;
          const match = /listening (\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        child.once('exit', (code) => reject(new Error(`the consumer process exited (${code})`)));
      });
      const other = `http://127.0.0.1:${childPort}`;
      let calls = 0;
      const here = createWebhookHandler({
        secret: SECRET,
        now: nowAt(T0),
        dedupe: createRedisDedupeStore(redis, { prefix }),
        on: { 'enrollment.created': () => void calls++ },
      });
      const body = JSON.stringify(envelope());
      const id = JSON.parse(body).id as string;
      const post = () => {
        const d = delivery({ body });
        return new Request('https://consumer.example/hook', { method: 'POST', headers: d.headers, body });
      };
      const send = () => {
        const d = delivery({ body });
        return fetch(`${other}/hook`, { method: 'POST', headers: d.headers, body });
      };

      // The other process takes the delivery and is still handling it...
      const first = send();
      for (let i = 0; i < 200 && (await redis.get(prefix + id)) === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await redis.exists(prefix + id)).toBe(1);
      // ...so the copy that reaches this process is not acknowledged.
      const copy = await here(post());
      expect(copy.status).toBe(503);
      expect(calls).toBe(0);
      // The first attempt fails there: its claim is released, and the retry runs here.
      await fetch(`${other}/release?fail=1`);
      expect((await first).status).toBe(500);
      expect((await here(post())).status).toBe(200);
      expect(calls).toBe(1);
      expect(await redis.get(prefix + id)).toBe('handled');
      // Handled: a later copy in the other process is a duplicate, acknowledged without running.
      const duplicate = await send();
      expect([duplicate.status, await duplicate.json()]).toEqual([200, { received: true, duplicate: true }]);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses something that is not a Redis client', () => {
    expect(() => createRedisDedupeStore({} as never)).toThrow(/Redis client/);
  });
});
