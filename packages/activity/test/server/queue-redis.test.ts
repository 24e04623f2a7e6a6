// The activity queue's Redis store against a real redis-server (docs/decisions.md#d-queue-redis-streams): workers share one
// stream through a consumer group, an abandoned batch is taken over after the visibility timeout, a client shaped
// like node-redis works as ioredis does, an unreachable store is an error naming it, and a Redis killed and restarted
// while records are added loses nothing it acknowledged (docs/decisions.md#d-queue-record-acknowledged).
import { type RedisServer, startRedisServer } from '@learnkit/test-utils';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  type ActivityQueue,
  ActivityQueueStoreError,
  createRedisQueueStore,
  type QueuedRecord,
  type RecordParams,
  type RedisQueueStoreOptions,
} from '../../src/server/index';
import { LESSON, useMock } from './harness';

let server: RedisServer;
const clients: Redis[] = [];
const stops: (() => Promise<unknown>)[] = [];
let prefix = 0;

beforeAll(async () => {
  server = await startRedisServer({ persistent: true });
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server?.stop();
});
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** An ioredis client of the test server (closed after the file). */
function redis(): Redis {
  const client = new Redis({ host: '127.0.0.1', port: server.port });
  client.on('error', () => {}); // reconnects are expected in the restart test
  clients.push(client);
  return client;
}

/** A Redis store on its own keys, so tests never see each other's entries. */
const store = (
  client: Parameters<typeof createRedisQueueStore>[0] = redis(),
  options: RedisQueueStoreOptions = {},
) => createRedisQueueStore(client, { key: `test:queue:${++prefix}`, ...options });

describe('the activity queue on Redis', () => {
  const ctx = useMock('loopback');
  const ada = () => ctx.platform.fixtures.roster.student;
  const completion = (xpEarned = 1): RecordParams => ({
    user: { email: ada().email, platformId: ada().sourcedId },
    activity: LESSON,
    metrics: { xpEarned },
  });
  const ids = (queued: QueuedRecord[]) => queued.flatMap((record) => record.eventIds ?? []);
  const startWorker = async (queue: ActivityQueue) => {
    const worker = await queue.startWorker();
    stops.push(() => worker.stop({ timeoutMs: 2_000 }));
    return worker;
  };

  test('stores each record as one stream entry, sends it, and leaves the stream empty', async () => {
    const client = redis();
    const queue = ctx.queue({ store: store(client) });
    const key = `test:queue:${prefix}`;
    const queued = await Promise.all(Array.from({ length: 120 }, (_, i) => queue.record(completion(i))));
    expect(await client.xlen(key)).toBe(120);
    expect(await queue.stats()).toMatchObject({ depth: 120, inFlight: 0, deadLetters: 0 });
    expect(await queue.flush()).toEqual({ sent: 120, deadLettered: 0, remaining: 0 });
    expect(ctx.stored().map((event) => event.id)).toEqual(ids(queued));
    expect(ctx.requests('POST', '/caliper/v1p2')).toHaveLength(2);
    expect(await client.xlen(key)).toBe(0);
    expect(await client.xpending(key, 'learnkit-activity-workers')).toEqual([0, null, null, null]);
  });

  test('two workers drain one queue: every event once, in batches', async () => {
    const [a, b] = [
      ctx.queue({ store: store() }),
      ctx.queue({ store: createRedisQueueStore(redis(), { key: `test:queue:${prefix}` }) }),
    ];
    const queued = await Promise.all(
      Array.from({ length: 600 }, (_, i) => (i % 2 ? a : b).record(completion(i))),
    );
    await Promise.all([startWorker(a), startWorker(b)]);
    await expect.poll(() => ctx.stored().length, { timeout: 15_000 }).toBe(600);
    expect(new Set(ctx.stored().map((event) => event.id))).toEqual(new Set(ids(queued)));
    expect([...ctx.receipts().values()].every((count) => count === 1)).toBe(true);
    expect(ctx.requests('POST', '/caliper/v1p2').length).toBeLessThanOrEqual(12);
  });

  test('a batch whose worker vanished is taken over after the visibility timeout, with the same ids', async () => {
    const shared = store();
    const queue = ctx.queue({ store: shared, visibilityTimeoutMs: 600, pollIntervalMs: 50 });
    const queued = await Promise.all(Array.from({ length: 30 }, () => queue.record(completion())));
    // A worker that took the batch and died before sending it.
    await shared.ready();
    expect(await shared.take('ghost', 100)).toHaveLength(30);
    const started = Date.now();
    await startWorker(queue);
    await expect.poll(() => ctx.stored().length, { timeout: 10_000, interval: 20 }).toBe(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(ctx.stored().map((event) => event.id)).toEqual(ids(queued));
  });

  test('a live worker keeps its batch through a long retry: no takeover while it touches it', async () => {
    // The visibility timeout (1.2 s) is shorter than one backoff (1.5 s): only the lease, extended every third of it,
    // keeps the batch from the other worker, which looks for abandoned entries every 0.6 s.
    const shared = store();
    const queue = ctx.queue({
      store: shared,
      batch: { maxWaitMs: 0 },
      visibilityTimeoutMs: 1_200,
      pollIntervalMs: 20,
      retry: { initialDelayMs: 1_500, maxDelayMs: 1_500 },
    });
    const other = ctx.queue({ store: shared, visibilityTimeoutMs: 1_200, pollIntervalMs: 20 });
    await queue.record(completion());
    ctx.platform.faults.inject({ method: 'POST', path: '/caliper/v1p2', status: 503, times: 2 });
    await startWorker(queue);
    await expect
      .poll(() => ctx.requests('POST', '/caliper/v1p2').length, { timeout: 5_000, interval: 10 })
      .toBeGreaterThanOrEqual(1);
    await startWorker(other);
    await expect.poll(async () => (await queue.stats()).sent, { timeout: 10_000 }).toBe(1);
    // The other worker never took the batch: it neither sent nor retried anything, and the batch's own worker made
    // every attempt, the two 503s and the one delivery.
    expect(await other.stats()).toMatchObject({ sent: 0, retried: 0, deadLettered: 0 });
    expect(await queue.stats()).toMatchObject({ sent: 1, retried: 2, depth: 0 });
    expect(ctx.requests('POST', '/caliper/v1p2').map((r) => r.status)).toEqual([503, 503, 200]);
    expect(ctx.stored()).toHaveLength(1);
  });

  test('dead letters live in <key>:dead and are retried from there', async () => {
    const client = redis();
    const queue = ctx.queue({ store: store(client) });
    const key = `test:queue:${prefix}`;
    const [queued] = await Promise.all([queue.record(completion()), queue.record(completion())]);
    const poison = queued?.eventIds?.[0] as string;
    ctx.platform.faults.inject({
      method: 'POST',
      path: '/caliper/v1p2',
      status: 422,
      times: Infinity,
      bodyIncludes: poison,
      body: { error: 'unresolved_actor', message: 'data[0].actor: refused' },
    });
    expect(await queue.flush()).toMatchObject({ sent: 1, deadLettered: 1 });
    expect(await client.xlen(`${key}:dead`)).toBe(1);
    const [letter] = await queue.deadLetters.list();
    expect(letter).toMatchObject({ reason: 'data[0].actor: refused', status: 422, event: { id: poison } });
    expect(await queue.deadLetters.list({ after: letter?.id })).toEqual([]);
    ctx.platform.faults.clear();
    expect(await queue.deadLetters.retry('all')).toBe(1);
    expect(await client.xlen(`${key}:dead`)).toBe(0);
    expect(await queue.flush()).toMatchObject({ sent: 1 });
    expect(ctx.stored().map((event) => event.id)).toContain(poison);
  });

  test('a client shaped like node-redis (sendCommand) works as ioredis does', async () => {
    const inner = redis();
    const nodeRedisLike = {
      sendCommand: (args: string[]) => inner.call(args[0] as string, ...args.slice(1)),
    };
    const queue = ctx.queue({ store: store(nodeRedisLike) });
    const queued = await queue.record(completion());
    expect(await queue.flush()).toMatchObject({ sent: 1 });
    expect(ctx.stored().map((event) => event.id)).toEqual(queued.eventIds);
  });

  test('an unreachable store at start-up is an error naming it, within commandTimeoutMs, not a hang', async () => {
    const closed = await startRedisServer();
    const port = closed.port;
    await closed.stop();
    const client = new Redis({ host: '127.0.0.1', port, lazyConnect: false }); // default retries and offline queue
    client.on('error', () => {});
    clients.push(client);
    const queue = ctx.queue({ store: createRedisQueueStore(client, { commandTimeoutMs: 1_000 }) });
    const started = Date.now();
    const error = await queue.record(completion()).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error).toBeInstanceOf(ActivityQueueStoreError);
    expect(error).toMatchObject({
      store: 'redis learnkit:activity:queue',
      message: `activity queue: the Redis store "learnkit:activity:queue" at 127.0.0.1:${port} is unreachable: the Redis store "learnkit:activity:queue" at 127.0.0.1:${port} did not reply to PING within 1000 ms`,
    });
    await expect(queue.startWorker()).rejects.toThrow(/is unreachable/);
    expect(await queue.stats().catch((e: unknown) => e)).toBeInstanceOf(ActivityQueueStoreError);
  });

  test('Redis killed and restarted while records are added: what record acknowledged is all delivered', async () => {
    const client = redis();
    const queue = ctx.queue({ store: store(client, { commandTimeoutMs: 1_000 }), pollIntervalMs: 50 });
    const acknowledged: QueuedRecord[] = [];
    const refused: unknown[] = [];
    let restarted: Promise<void> | undefined;
    // Ten writers, 60 records each; the server is killed (SIGKILL) after the 150th acknowledgement and stays down 1.5 s.
    await Promise.all(
      Array.from({ length: 10 }, async (_, writer) => {
        for (let i = 0; i < 60; i++) {
          try {
            acknowledged.push(await queue.record(completion(writer * 100 + i)));
          } catch (error) {
            refused.push(error);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          if (acknowledged.length === 150 && !restarted) restarted = server.restart({ downMs: 1_500 });
        }
      }),
    );
    await restarted;
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ActivityQueueStoreError);
      expect(error).toMatchObject({ store: `redis test:queue:${prefix}` });
    }
    expect(acknowledged.length + refused.length).toBe(600);
    await startWorker(queue);
    const wanted = ids(acknowledged);
    await expect
      .poll(() => wanted.filter((id) => !ctx.receipts().has(id)).length, { timeout: 20_000, interval: 100 })
      .toBe(0);
    // Each acknowledged id reached the ingest; a record refused may have been stored too (the response lost), and is
    // then delivered as well: never the other way round.
    expect(wanted.every((id) => (ctx.receipts().get(id) ?? 0) >= 1)).toBe(true);
  }, 60_000);
});
