// The activity handler on the queue through faults, on a real redis-server (docs/decisions.md#d-handler-on-queue):
// Redis killed and restarted while learners post, a worker process killed with SIGKILL mid-batch, the platform down
// for two minutes on a fake clock. Learners are simulated as the tracker behaves: a body not responded with 2xx is sent
// again, with the same ids. Nothing is lost (every window reaches the ingest) and nothing is counted twice (the
// ingest stores each window once and the stored active time is the sum of the windows).
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRedisDedupeStore } from '@learnkit/core';
import { advanceTime, type RedisServer, startRedisServer } from '@learnkit/test-utils';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TimeSpentMessage } from '../../src/protocol';
import {
  type ActivityServer,
  createRedisQueueStore,
  type GetUser,
  type RedisQueueStoreOptions,
} from '../../src/server/index';
import { activeSeconds, post, useMock, windowMessage } from './harness';

const CALIPER = '/caliper/v1p2';
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const TSX = pathToFileURL(createRequire(`${ROOT}/package.json`).resolve('tsx')).href;
const BIN = fileURLToPath(new URL('../../src/worker-cli.ts', import.meta.url));
const MODULE = fileURLToPath(new URL('./fixtures/handler-queue-module.ts', import.meta.url));

let server: RedisServer;
const clients: Redis[] = [];
const children: ChildProcess[] = [];
const stops: (() => Promise<unknown>)[] = [];
let prefix = 0;

beforeAll(async () => {
  server = await startRedisServer({ persistent: true });
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const client of clients) client.disconnect();
  await server?.stop();
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

function redis(options: { enableOfflineQueue?: boolean } = {}): Redis {
  const client = new Redis({ host: '127.0.0.1', port: server.port, ...options });
  client.on('error', () => {}); // reconnects are expected when Redis restarts
  clients.push(client);
  return client;
}

/** Learner `n`: the session cookie `learner=<n>` and the rostering id `learner-<n>`. */
const learnerOf: GetUser = (request) => {
  const n = /learner=(\d+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  return n === undefined ? null : { email: `learner${n}@example.com`, platformId: `learner-${n}` };
};

/** Posts `body` for learner `n` as the tracker does: again, with the same ids, until it gets 2xx. */
async function postUntilTaken(
  activity: ActivityServer,
  n: number,
  body: TimeSpentMessage[],
  wait: () => Promise<void>,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const rawResponse = await activity.handler(
      post(body, { headers: { 'content-type': 'application/json', cookie: `learner=${n}` } }),
    );
    if (rawResponse.status === 202) return attempt;
    expect([502, 503]).toContain(rawResponse.status);
    await wait();
  }
}

/** Waits `ms` of real time while timers are fake (setImmediate is not faked). */
async function realPause(ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until) await new Promise((resolve) => setImmediate(resolve));
}

/** Nothing lost, nothing counted twice: each window stored once, the stored time the windows' time. */
function expectEachOnce(stored: Record<string, unknown>[], windows: TimeSpentMessage[]) {
  expect(new Set(stored.map((event) => event.id))).toEqual(new Set(windows.map((w) => w.id)));
  expect(stored).toHaveLength(windows.length);
  expect(activeSeconds(stored)).toBeCloseTo(
    windows.reduce((sum, w) => sum + w.window.activeMs / 1000, 0),
    6,
  );
}

describe('the handler on the queue on Redis, Redis restarted mid-run', () => {
  const ctx = useMock('loopback');

  test('bodies posted while Redis is down get 503 and resent; every window once at the ingest', async () => {
    const key = `test:handler-queue:${++prefix}`;
    // Commands fail at once while Redis is away (no offline queue), so the handler responds with 503 instead of waiting.
    const client = redis({ enableOfflineQueue: false });
    await new Promise((resolve) => client.once('ready', resolve));
    const options: RedisQueueStoreOptions = { key, commandTimeoutMs: 500 };
    const activity = ctx.server({
      getUser: learnerOf,
      dedupe: createRedisDedupeStore(client, { prefix: `${key}:seen:` }),
      // A batch whose acknowledgement failed while Redis was down comes back after the visibility timeout: 2 s here.
      queue: {
        store: createRedisQueueStore(client, options),
        batch: { maxWaitMs: 50 },
        pollIntervalMs: 20,
        visibilityTimeoutMs: 2_000,
      },
    });
    const worker = await activity.handlerQueue?.startWorker();
    stops.push(async () => worker?.stop({ timeoutMs: 2_000 }));
    const windows: TimeSpentMessage[] = [];
    let taken = 0;
    let restarted: Promise<void> | undefined;
    let resent = 0;
    // 40 learners, 8 heartbeats each; Redis is killed after the 100th body taken and stays down 1.5 s.
    await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        for (let beat = 0; beat < 8; beat++) {
          const body = [windowMessage(1_000 + n * 10 + beat)];
          windows.push(...body);
          const attempts = await postUntilTaken(
            activity,
            n,
            body,
            () => new Promise((r) => setTimeout(r, 100)),
          );
          resent += attempts - 1;
          if (++taken === 100 && !restarted) restarted = server.restart({ downMs: 1_500 });
          await new Promise((resolve) => setTimeout(resolve, 100)); // a heartbeat every 100 ms (time compressed)
        }
      }),
    );
    await restarted;
    expect(resent).toBeGreaterThan(0);
    await expect.poll(() => ctx.stored().length, { timeout: 30_000, interval: 100 }).toBe(windows.length);
    // The queue empties too: a batch whose acknowledgement failed comes back and is sent again (a receipt more, at
    // the ingest, never a second stored window), and a body stored before a lost response is stored twice and sent once.
    await expect
      .poll(async () => (await activity.handlerQueue?.stats())?.depth, { timeout: 30_000, interval: 100 })
      .toBe(0);
    expectEachOnce(ctx.stored(), windows);
    expect(await activity.handlerQueue?.stats()).toMatchObject({ depth: 0, deadLetters: 0 });
    // Few requests for 320 windows: the worker batched learners together.
    expect(ctx.requests('POST', CALIPER).length).toBeLessThan(windows.length / 4);
  }, 60_000);
});

describe('the handler on the queue on Redis, a learnkit-activity-worker killed with SIGKILL', () => {
  const ctx = useMock('loopback');

  /** A worker process on the handler's queue module: its stderr, how it ended. */
  function startWorker(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', TSX, '--conditions=@learnkit/source', BIN, MODULE], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const started = (async () => {
      for (let i = 0; i < 600 && !/started on/.test(stderr); i++) {
        if (child.exitCode !== null) throw new Error(`the worker exited ${child.exitCode}:\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const consumer = /worker (\S+) started on redis/.exec(stderr)?.[1];
      if (!consumer) throw new Error(`the worker did not start:\n${stderr}`);
      return consumer;
    })();
    return { child, started, exited };
  }

  test('the other worker takes its batch over: every window reaches the ingest, each stored once', async () => {
    const key = `test:handler-queue:${++prefix}`;
    const client = redis();
    const activity = ctx.server({
      getUser: learnerOf,
      queue: { store: createRedisQueueStore(client, { key }) },
    });
    const windows: TimeSpentMessage[] = [];
    for (let n = 0; n < 300; n++) {
      const body = [windowMessage(2_000 + n)];
      windows.push(...body);
      await postUntilTaken(activity, n, body, async () => {});
    }
    expect(await client.xlen(key)).toBe(300);
    // The first batches stay at the ingest for 3 s: the first worker is killed while one of its batches is there.
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, delayMs: 3_000, times: 2 });
    const { partner } = ctx.platform.clients;
    const env = {
      REDIS_URL: server.url,
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: partner.clientId,
      LEARNKIT_CLIENT_SECRET: partner.clientSecret,
      QUEUE_KEY: key,
      MAX_EVENTS: '50',
      VISIBILITY_TIMEOUT_MS: '1500',
    };
    const [doomed, survivor] = [startWorker(env), startWorker(env)];
    const [doomedName] = await Promise.all([doomed.started, survivor.started]);
    const heldBy = async (name: string) => {
      const [, , , consumers] = (await client.xpending(key, 'learnkit-activity-workers')) as [
        number,
        string,
        string,
        [string, string][] | null,
      ];
      return Number((consumers ?? []).find(([consumer]) => consumer === name)?.[1] ?? 0);
    };
    await expect.poll(() => heldBy(doomedName), { timeout: 10_000, interval: 25 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toBe(null);
    await expect.poll(() => ctx.stored().length, { timeout: 30_000, interval: 100 }).toBe(300);
    expectEachOnce(ctx.stored(), windows);
    expect(await heldBy(doomedName)).toBe(0);
    expect(await client.xlen(key)).toBe(0);
    survivor.child.kill('SIGTERM');
    expect(await survivor.exited).toBe(0);
  }, 90_000);
});

describe('the handler on the queue on Redis, the platform down for 2 minutes (fake clock)', () => {
  const ctx = useMock('msw');

  test('every body responded with 202 during the outage; nothing lost or dead-lettered; each window sent once after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const key = `test:handler-queue:${++prefix}`;
    const activity = ctx.server({
      getUser: learnerOf,
      queue: {
        // Redis runs on the real clock while this test moves a fake one a second per 50 ms: a command limit on the
        // fake clock would time out real I/O that a loaded machine takes a few hundred ms to do.
        store: createRedisQueueStore(redis(), { key, commandTimeoutMs: 3_600_000 }),
        batch: { maxWaitMs: 100 },
        pollIntervalMs: 100,
      },
    });
    ctx.platform.faults.inject({
      method: 'POST',
      path: CALIPER,
      status: 503,
      times: Infinity,
      forMs: 120_000,
    });
    const worker = await activity.handlerQueue?.startWorker();
    stops.push(async () => worker?.stop({ timeoutMs: 1_000 }));
    const windows: TimeSpentMessage[] = [];
    // 50 learners beat every 15 s for the two minutes: 8 beats each, every one responded with 202 at once.
    for (let second = 0; second < 120; second++) {
      if (second % 15 === 0)
        for (let n = 0; n < 50; n++) {
          const body = [windowMessage(14_000)];
          windows.push(...body);
          expect(await postUntilTaken(activity, n, body, async () => {})).toBe(1);
        }
      await advanceTime(ctx.platform, 1_000);
    }
    expect(ctx.stored()).toEqual([]);
    const during = await activity.handlerQueue?.stats();
    expect(during).toMatchObject({ depth: 400, deadLetters: 0, sent: 0 });
    expect(ctx.requests('POST', CALIPER).filter((r) => r.status === 503).length).toBeLessThan(20);
    // Back: the next attempt (within the longest backoff, 30 s) delivers, and the rest follows at once. Redis responds
    // in real time: each fake second also lets real I/O through.
    let second = 0;
    for (; second < 200 && ctx.stored().length < 400; second++) {
      await advanceTime(ctx.platform, 1_000);
      await realPause(50);
    }
    expectEachOnce(ctx.stored(), windows);
    expect(await activity.handlerQueue?.stats()).toMatchObject({ depth: 0, deadLetters: 0, sent: 400 });
    expect(second).toBeLessThanOrEqual(60);
    // 400 windows in at most 5 requests (100 a request; the first batch had only the first 50).
    expect(ctx.requests('POST', CALIPER).filter((r) => r.status === 200).length).toBeLessThanOrEqual(5);
  }, 60_000);
});
