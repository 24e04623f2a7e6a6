// kill -9 of a worker in the middle of a batch (docs/decisions.md#d-queue-worker-batch): two `learnkit-activity-worker`
// processes (the command from src/, on fixtures/queue-module.ts) drain one Redis queue on a real redis-server; one is
// killed with SIGKILL while its batch is at the ingest; the other takes the batch over after the visibility timeout
// (1.5 s here).
// Every recorded event reaches the ingest at least once, with its id, and none is missing.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RedisServer, startRedisServer } from '@learnkit/test-utils';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRedisQueueStore } from '../../src/server/index';
import { LESSON, useMock } from './harness';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const TSX = pathToFileURL(createRequire(`${ROOT}/package.json`).resolve('tsx')).href;
const BIN = fileURLToPath(new URL('../../src/worker-cli.ts', import.meta.url));
const MODULE = fileURLToPath(new URL('./fixtures/queue-module.ts', import.meta.url));
const KEY = 'test:crash:queue';
const GROUP = 'learnkit-activity-workers';

let server: RedisServer;
let redis: Redis;
const children: ChildProcess[] = [];
beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url);
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  redis?.disconnect();
  await server?.stop();
});

/** A worker process: `learnkit-activity-worker MODULE`, its stderr lines, how it ended. */
function startWorker(env: Record<string, string>, args: string[] = [MODULE]) {
  const child = spawn(process.execPath, ['--import', TSX, '--conditions=@learnkit/source', BIN, ...args], {
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
    const consumer = /worker (\S+) started on redis test:crash:queue/.exec(stderr)?.[1];
    if (!consumer) throw new Error(`the worker did not start:\n${stderr}`);
    return consumer;
  })();
  return { child, started, exited, stderr: () => stderr };
}

/** Entries each consumer of the group holds now. */
async function held(): Promise<Record<string, number>> {
  const [, , , consumers] = (await redis.xpending(KEY, GROUP)) as [
    number,
    string,
    string,
    [string, string][] | null,
  ];
  return Object.fromEntries((consumers ?? []).map(([name, count]) => [name, Number(count)]));
}

describe('kill -9 of a worker mid-batch', () => {
  const ctx = useMock('loopback');

  test('another worker takes its batch over: every event reaches the ingest at least once, none missing', async () => {
    const { student } = ctx.platform.fixtures.roster;
    const queue = ctx.queue({ store: createRedisQueueStore(redis, { key: KEY }) });
    const recorded = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        queue.record({
          user: { email: student.email, platformId: student.sourcedId },
          activity: LESSON,
          metrics: { xpEarned: i + 1 },
        }),
      ),
    );
    const ids = recorded.flatMap((record) => record.eventIds ?? []);
    // The first batches stay at the ingest for 3 s: the first worker is killed while one of its batches is there.
    ctx.platform.faults.inject({ method: 'POST', path: '/caliper/v1p2', delayMs: 3_000, times: 2 });
    const { partner } = ctx.platform.clients;
    const env = {
      REDIS_URL: server.url,
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: partner.clientId,
      LEARNKIT_CLIENT_SECRET: partner.clientSecret,
      QUEUE_KEY: KEY,
      MAX_EVENTS: '50',
      VISIBILITY_TIMEOUT_MS: '1500',
    };
    const [doomed, survivor] = [startWorker(env), startWorker(env)];
    const [doomedName, survivorName] = await Promise.all([doomed.started, survivor.started]);
    // It took a batch and sent it: the ingest holds the request.
    for (let i = 0; i < 200 && !((await held())[doomedName] ?? 0); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const batch = (await held())[doomedName] ?? 0;
    expect(batch).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toBe(null);
    expect(doomed.child.signalCode).toBe('SIGKILL');

    const started = Date.now();
    await expect
      .poll(() => ids.filter((id) => !ctx.receipts().has(id)).length, { timeout: 30_000, interval: 100 })
      .toBe(0);
    // None missing; each at least once, with its own id; the dead worker's batch was taken over, not lost.
    expect(ids.every((id) => (ctx.receipts().get(id) ?? 0) >= 1)).toBe(true);
    expect(ctx.stored()).toHaveLength(400);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await held())[doomedName] ?? 0).toBe(0);
    expect(await redis.xlen(KEY)).toBe(0);

    survivor.child.kill('SIGTERM');
    expect(await survivor.exited).toBe(0);
    expect(survivor.stderr()).toMatch(
      new RegExp(`worker ${survivorName} started[\\s\\S]*SIGTERM: stopping[\\s\\S]*stopped: sent \\d+`),
    );
  }, 90_000);
});

describe('learnkit-activity-worker, what it says when it cannot run', () => {
  /** Runs the command to its end: its exit code and stderr. */
  async function ends(args: string[], env: Record<string, string> = {}) {
    const worker = startWorker(env, args);
    worker.started.catch(() => {});
    return { code: await worker.exited, stderr: worker.stderr() };
  }

  test('without MODULE: the usage, exit 2', async () => {
    const { code, stderr } = await ends([]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Usage: learnkit-activity-worker MODULE/);
  });

  test('a module that exports no queue: exit 3, saying what to export', async () => {
    const protocol = fileURLToPath(new URL('../../src/protocol.ts', import.meta.url));
    const { code, stderr } = await ends([protocol]);
    expect(code).toBe(3);
    expect(stderr).toContain(
      `learnkit-activity-worker: ${protocol} exports no activity queue: export const queue = createActivityQueue`,
    );
  });

  test('a store that does not respond: exit 5 naming it, within the command timeout', async () => {
    const closed = await startRedisServer();
    await closed.stop();
    const started = Date.now();
    const { code, stderr } = await ends([MODULE], {
      REDIS_URL: closed.url,
      LEARNKIT_BASE_URL: 'http://127.0.0.1:9',
      LEARNKIT_CLIENT_ID: 'id',
      LEARNKIT_CLIENT_SECRET: 'secret',
      QUEUE_KEY: KEY,
      COMMAND_TIMEOUT_MS: '500',
    });
    expect(code).toBe(5);
    expect(stderr).toContain(
      `learnkit-activity-worker: activity queue: the Redis store "${KEY}" at 127.0.0.1:${closed.port} is unreachable`,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
