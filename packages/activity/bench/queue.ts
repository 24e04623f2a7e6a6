/**
 * Benchmark of the activity queue (not a test; `pnpm bench` imports runActivityQueueBench(), and
 * `tsx --conditions=@learnkit/source packages/activity/bench/queue.ts [records]` runs it alone): the same records
 * (100,000 completions of one student, with `platformId`, so neither path reads the roster or the gradebook) sent
 *
 * - directly: `record(...)` with 50 calls in flight, one Caliper request each;
 * - through the queue: `queue.record(...)` with 50 calls in flight into the Redis store (a redis-server on loopback,
 *   `appendonly yes`, `appendfsync everysec`), while two `learnkit-activity-worker` processes, started before, drain it.
 *
 * Before that, 10,000 `queue.record(...)` one at a time (into a stream no worker reads, after 2,000 to warm up) give
 * the latency a request handler waits for; with 50 in flight each call also waits for the 49 others (Little's law), which is reported too.
 *
 * The mock runs in a child process of its own each time (a fresh one per path). Budgets of issue 32 (docs/decisions.md#d-queue-bench):
 * at most 1,000 Caliper requests for the queue, at least 5x the direct path's throughput (records per second from the
 * first call until the ingest holds the last event), worker heap under 100 MB, `queue.record` p99 under 5 ms (one call
 * at a time).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clientCredentials } from '@learnkit/core';
import { Redis } from 'ioredis';
import { type BenchRow, isMain, MB, ratio, round } from '../../../bench/support';
import { startRedisServer } from '../../test-utils/src/redis';
import {
  createActivityQueue,
  createActivityServer,
  createRedisQueueStore,
  type RecordParams,
} from '../src/server/index';
import { BENCH_CONFIG } from './queue-config';

type Ready = {
  url: string;
  clientId: string;
  clientSecret: string;
  student: { email: string; sourcedId: string };
};
type Figures = { caliperRequests: number; stored: number; duplicates: number };

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = pathToFileURL(createRequire(`${ROOT}/package.json`).resolve('tsx')).href;
const WORKER = fileURLToPath(new URL('../src/worker-cli.ts', import.meta.url));
const MODULE = fileURLToPath(new URL('./queue-module.ts', import.meta.url));
const SOURCE_ARGS = ['--import', TSX, '--conditions=@learnkit/source'];

/** The mock in a child process, and a way to ask it its figures. */
async function startMock(): Promise<{ child: ChildProcess; ready: Ready; figures: () => Promise<Figures> }> {
  const child = fork(new URL('./queue-mock.ts', import.meta.url), [], {
    execArgv: SOURCE_ARGS,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`bench: the mock exited early (code ${code})`)));
  });
  const figures = () =>
    new Promise<Figures>((resolve) => {
      child.once('message', (message) => resolve(message as Figures));
      child.send('figures');
    });
  return { child, ready, figures };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.disconnect();
  else child.kill('SIGTERM');
  await exited;
}

/** Runs `task(i)` for i < count with at most `inFlight` at a time. */
async function pool(count: number, inFlight: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const client = (ready: Ready) => ({
  baseUrl: ready.url,
  auth: clientCredentials({
    tokenUrl: `${ready.url}/auth/1.0/token`,
    clientId: ready.clientId,
    clientSecret: ready.clientSecret,
    style: 'basic' as const,
  }),
});

const params = (ready: Ready, i: number): RecordParams => ({
  user: { email: ready.student.email, platformId: ready.student.sourcedId },
  activity: { id: `lesson-${i % 500}`, name: `Lesson ${i % 500}`, course: { subject: 'Math', grade: 3 } },
  metrics: { xpEarned: 1 + (i % 20), totalQuestions: 10, correctQuestions: i % 11 },
});

/** A `learnkit-activity-worker` process on the bench module; its peak heap from its stats lines. */
function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [...SOURCE_ARGS, WORKER, MODULE, '--stats-interval-ms', '100'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let peakHeap = 0;
  let stderr = '';
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const heap = (JSON.parse(line) as { heapUsedBytes?: number }).heapUsedBytes ?? 0;
      peakHeap = Math.max(peakHeap, heap);
    }
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = (async () => {
    while (!/started on/.test(stderr)) {
      if (child.exitCode !== null) throw new Error(`bench: a worker exited ${child.exitCode}:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return { child, started, exited, peakHeap: () => peakHeap };
}

/** The p-th percentile (0..100) of `values`, nearest rank. */
function percentile(values: Float64Array, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Options of {@link runActivityQueueBench}. */
export interface ActivityQueueBenchOptions {
  /** Records per path (default 100,000). */
  records?: number;
  /** Calls in flight, for both paths (default 50). */
  inFlight?: number;
}

/**
 * Runs both paths once and returns their rows.
 *
 * @example
 * const { rows } = await runActivityQueueBench({ records: 10_000 });
 */
export async function runActivityQueueBench(
  options: ActivityQueueBenchOptions = {},
): Promise<{ rows: BenchRow[]; budgetsMet: boolean }> {
  const records = options.records ?? 100_000;
  const inFlight = options.inFlight ?? 50;
  const redisServer = await startRedisServer({ persistent: true });
  const rows: BenchRow[] = [];
  try {
    // Through the queue: two worker processes started first, as a deployment runs them.
    const queueMock = await startMock();
    const redis = new Redis(redisServer.url);
    const key = 'bench:activity:queue';
    const { ready } = queueMock;
    const env = {
      REDIS_URL: redisServer.url,
      QUEUE_KEY: key,
      LEARNKIT_BASE_URL: ready.url,
      LEARNKIT_CLIENT_ID: ready.clientId,
      LEARNKIT_CLIENT_SECRET: ready.clientSecret,
    };
    const workers = [startWorker(env), startWorker(env)];
    const queue = createActivityQueue({
      client: client(ready),
      config: BENCH_CONFIG,
      store: createRedisQueueStore(redis, { key }),
      logger: false,
    });
    let queued: {
      ms: number;
      requests: number;
      duplicates: number;
      p50: number;
      p99: number;
      recordMs: number;
    };
    let alone: { p50: number; p99: number };
    try {
      await Promise.all(workers.map((worker) => worker.started));
      // What one call costs a request handler: one at a time, into a stream no worker reads.
      const single = createActivityQueue({
        client: client(ready),
        config: BENCH_CONFIG,
        store: createRedisQueueStore(redis, { key: 'bench:activity:latency' }),
        logger: false,
      });
      await single.ready();
      // Warmed up first (the JIT, the connection), as a server that has been running is.
      for (let i = 0; i < 2_000; i++) await single.record(params(ready, i));
      const one = new Float64Array(Math.min(records, 10_000));
      for (let i = 0; i < one.length; i++) {
        const at = performance.now();
        await single.record(params(ready, i));
        one[i] = performance.now() - at;
      }
      alone = { p50: percentile(one, 50), p99: percentile(one, 99) };
      await queue.ready();
      const latencies = new Float64Array(records);
      const started = performance.now();
      await pool(records, inFlight, async (i) => {
        const at = performance.now();
        await queue.record(params(ready, i));
        latencies[i] = performance.now() - at;
      });
      const recordMs = performance.now() - started;
      let figures = await queueMock.figures();
      while (figures.stored < records) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        figures = await queueMock.figures();
      }
      queued = {
        ms: performance.now() - started,
        requests: figures.caliperRequests,
        duplicates: figures.duplicates,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        recordMs,
      };
    } finally {
      for (const worker of workers) worker.child.kill('SIGTERM');
      await Promise.all(workers.map((worker) => worker.exited));
      redis.disconnect();
      await stop(queueMock.child);
    }
    const heap = Math.max(...workers.map((worker) => worker.peakHeap()));

    // Direct: record(...) with the same calls in flight, against a fresh mock.
    const directMock = await startMock();
    let direct: { ms: number; requests: number };
    try {
      const server = createActivityServer({
        client: client(directMock.ready),
        config: BENCH_CONFIG,
        logger: false,
      });
      const started = performance.now();
      await pool(records, inFlight, (i) => server.record(params(directMock.ready, i)));
      const ms = performance.now() - started;
      const figures = await directMock.figures();
      direct = { ms, requests: figures.caliperRequests };
    } finally {
      await stop(directMock.child);
    }

    const perSecond = (ms: number) => round(records / (ms / 1000), 0);
    const n = records.toLocaleString('en');
    rows.push(
      {
        name: `direct record(): ${n} records, ${inFlight} in flight`,
        value: perSecond(direct.ms),
        unit: 'records/s',
        ratio: 1,
      },
      { name: `direct record(): Caliper requests`, value: direct.requests, unit: 'requests' },
      {
        name: `queue.record() into Redis + 2 worker processes: ${n} records, ${inFlight} in flight, until the ingest holds the last`,
        value: perSecond(queued.ms),
        unit: 'records/s',
        ratio: ratio(direct.ms, queued.ms),
        budget: '>= 5x direct',
        met: direct.ms / queued.ms >= 5,
      },
      {
        name: 'queue: Caliper requests',
        value: queued.requests,
        unit: 'requests',
        budget: `<= ${(records / 100).toLocaleString('en')}`,
        met: queued.requests <= records / 100,
      },
      { name: 'queue: events the ingest received twice', value: queued.duplicates, unit: 'events' },
      {
        name: `queue.record() alone: ${n} records, ${inFlight} in flight`,
        value: perSecond(queued.recordMs),
        unit: 'records/s',
      },
      {
        name: 'queue.record() p50, one call at a time (Redis on loopback, workers running)',
        value: round(alone.p50, 3),
        unit: 'ms',
      },
      {
        name: 'queue.record() p99, one call at a time (Redis on loopback, workers running)',
        value: round(alone.p99, 3),
        unit: 'ms',
        budget: '< 5 ms',
        met: alone.p99 < 5,
      },
      {
        name: `queue.record() p50 with ${inFlight} in flight (each call also waits for the others: in flight / throughput)`,
        value: round(queued.p50, 3),
        unit: 'ms',
      },
      { name: `queue.record() p99 with ${inFlight} in flight`, value: round(queued.p99, 3), unit: 'ms' },
      {
        name: 'worker peak heap (heapUsed sampled every 100 ms, garbage included)',
        value: round(heap / MB, 1),
        unit: 'MB',
        budget: '< 100 MB',
        met: heap < 100 * MB,
      },
    );
  } finally {
    await redisServer.stop();
  }
  return { rows, budgetsMet: rows.every((row) => row.met !== false) };
}

if (isMain(import.meta.url)) {
  const records = Number(process.argv[2] ?? 100_000);
  const { rows } = await runActivityQueueBench({ records });
  for (const row of rows)
    console.log(
      `${row.name}: ${row.value} ${row.unit}${row.ratio === undefined ? '' : ` (${row.ratio}x)`}${row.met === undefined ? '' : row.met ? ' met' : ' MISSED'}`,
    );
}
