/**
 * The heartbeat load harness (not a test; `tsx --conditions=@learnkit/source packages/activity/bench/heartbeats.ts
 * [learners] [beats] [rate]` runs it alone, `runHeartbeatBench()` returns its rows for bench/RESULTS.md). Loopback only,
 * bounded in count (learners x beats heartbeats) and time (the drain waits at most 3 minutes).
 *
 * N simulated learners (default 10,000) each send a heartbeat (one 15 s time window, as the browser tracker posts it)
 * every 15 s, time compressed: the windows claim 15 s each, and the heartbeats of all learners go out at `rate` per
 * second (default 700, the rate of 10,500 learners), open loop, through the activity handler on the queue
 * (`createActivityServer({ queue: { store } })`, called in this process as a route handler is) into a real
 * redis-server; two `learnkit-activity-worker` processes send the handler's queue to the mock, which runs in its own
 * process. A third of the way through, the mock responds to the ingest with 503 for `outageMs` (default 5 s); half way through,
 * one worker is killed with SIGKILL (its batch comes back to the other after the visibility timeout, 5 s here). A body
 * not responded with 202 is sent again after 1 s, as the tracker does.
 *
 * Goals of issue 40 (figures, not timed tests): Caliper requests at most 1% of heartbeats; 0 windows lost and 0
 * counted twice; handler p99 at most 20 ms at 700 heartbeats/s; worker heap at most 100 MB
 * (docs/decisions.md#d-heartbeat-harness).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clientCredentials } from '@learnkit/core';
import { Redis } from 'ioredis';
import { type BenchRow, isMain, MB, round } from '../../../bench/support';
import { startRedisServer } from '../../test-utils/src/redis';
import { createActivityServer, createRedisQueueStore, type GetUser } from '../src/server/index';
import { newEventId } from '../src/uuid';
import { BENCH_CONFIG, FLEET_BATCH } from './queue-config';

type Ready = { url: string; clientId: string; clientSecret: string };
type Figures = {
  caliperOk: number;
  caliperRefused: number;
  stored: number;
  receivedTwice: number;
  activeSeconds: number;
};

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = pathToFileURL(createRequire(`${ROOT}/package.json`).resolve('tsx')).href;
const WORKER = fileURLToPath(new URL('../src/worker-cli.ts', import.meta.url));
const MODULE = fileURLToPath(new URL('./heartbeat-module.ts', import.meta.url));
const SOURCE_ARGS = ['--import', TSX, '--conditions=@learnkit/source'];
const WINDOW_MS = 15_000;
const ACTIVITY = { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } };

/** The mock in a child process: its address, a way to ask its figures, and to start an outage of the ingest. */
async function startMock() {
  const child = fork(new URL('./heartbeat-mock.ts', import.meta.url), [], {
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
  return { child, ready, figures, outage: (outageMs: number) => child.send({ outageMs }) };
}

/** A `learnkit-activity-worker` process on the handler's queue; its peak heap from its stats lines. */
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
      peakHeap = Math.max(peakHeap, (JSON.parse(line) as { heapUsedBytes?: number }).heapUsedBytes ?? 0);
    }
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Learner `n` is the `x-learner: n` header of a request (the partner's session check, simulated). */
const learnerOf: GetUser = (request) => {
  const n = request.headers.get('x-learner');
  return n === null ? null : { email: `learner${n}@example.com`, platformId: `learner-${n}` };
};

/** The heartbeat of learner `n` at beat `beat`: one 15 s window, 14 s active, claiming 15 s of its span. */
function heartbeat(n: number, beat: number, start: number): { body: string; id: string; activeMs: number } {
  const startedAt = new Date(start + beat * WINDOW_MS).toISOString();
  const endedAt = new Date(start + (beat + 1) * WINDOW_MS).toISOString();
  const id = newEventId();
  const activeMs = 14_000 - (n % 7) * 1_000;
  const message = {
    kind: 'timeSpent',
    id,
    runId: `run-${n}`,
    activity: ACTIVITY,
    window: { activeMs, inactiveMs: WINDOW_MS - activeMs, startedAt, endedAt },
  };
  return { body: JSON.stringify({ v: 1, events: [message] }), id, activeMs };
}

/**
 * 2,000 heartbeats through a handler of the same settings on a stream no worker reads, first: the JIT and the
 * connection warmed up, as a server that has been running is.
 */
async function warmUp(redis: Redis, key: string): Promise<void> {
  const server = createActivityServer({
    client: { baseUrl: 'http://127.0.0.1:9' },
    config: BENCH_CONFIG,
    getUser: learnerOf,
    queue: { store: createRedisQueueStore(redis, { key: `${key}:warm-up` }), batch: FLEET_BATCH },
    logger: false,
  });
  for (let i = 0; i < 2_000; i++) {
    const rawResponse = await server.handler(
      new Request('http://127.0.0.1/api/activity', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-learner': String(i) },
        body: heartbeat(i, 0, Date.UTC(2026, 0, 1)).body,
      }),
    );
    if (rawResponse.status !== 202) throw new Error(`bench: the warm-up got ${rawResponse.status}`);
  }
  await redis.del(`${key}:warm-up`);
}

/** Options of {@link runHeartbeatBench}. */
export interface HeartbeatBenchOptions {
  /** Simulated learners (default 10,000). */
  learners?: number;
  /** Heartbeats each (default 4). */
  beats?: number;
  /** Heartbeats per second, all learners together (default 700). */
  rate?: number;
  /** How long the ingest responds with 503, a third of the way through (default 5,000 ms). */
  outageMs?: number;
}

/** What posting the heartbeats measured. */
interface Posted {
  latencies: Float64Array;
  resent: number;
  activeMs: number;
  seconds: number;
}

/**
 * Posts every heartbeat through `handler` at `rate` per second (open loop: a slow response does not slow the schedule),
 * calling `at(fraction)` as the run passes each third; a body not responded with 202 is sent again after 1 s.
 */
async function postHeartbeats(
  handler: (request: Request) => Promise<Response>,
  o: Required<HeartbeatBenchOptions>,
  at: (issued: number) => void,
): Promise<Posted> {
  const total = o.learners * o.beats;
  const latencies = new Float64Array(total);
  const start = Date.UTC(2026, 10, 2, 9, 0, 0);
  let resent = 0;
  let activeMs = 0;
  const inFlight = new Set<Promise<void>>();
  const post = async (i: number) => {
    const n = i % o.learners;
    const beat = Math.floor(i / o.learners);
    const hb = heartbeat(n, beat, start);
    activeMs += hb.activeMs;
    for (let attempt = 0; ; attempt++) {
      const request = new Request('http://127.0.0.1/api/activity', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-learner': String(n) },
        body: hb.body,
      });
      const began = performance.now();
      const rawResponse = await handler(request);
      if (attempt === 0) latencies[i] = performance.now() - began;
      if (rawResponse.status === 202) return;
      resent++;
      await sleep(1_000);
    }
  };
  const began = performance.now();
  let issued = 0;
  while (issued < total) {
    const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * o.rate));
    for (; issued < due; issued++) {
      const p = post(issued).finally(() => inFlight.delete(p));
      inFlight.add(p);
      at(issued);
    }
    await sleep(5);
  }
  const seconds = (performance.now() - began) / 1000;
  while (inFlight.size) await Promise.all([...inFlight]);
  return { latencies, resent, activeMs, seconds };
}

/**
 * Runs the harness once and returns its rows.
 *
 * @example
 * const { rows } = await runHeartbeatBench({ learners: 1_000, beats: 2 });
 */
export async function runHeartbeatBench(
  options: HeartbeatBenchOptions = {},
): Promise<{ rows: BenchRow[]; budgetsMet: boolean }> {
  const o: Required<HeartbeatBenchOptions> = {
    learners: options.learners ?? 10_000,
    beats: options.beats ?? 4,
    rate: options.rate ?? 700,
    outageMs: options.outageMs ?? 5_000,
  };
  const total = o.learners * o.beats;
  const redisServer = await startRedisServer({ persistent: true });
  const mock = await startMock();
  const redis = new Redis(redisServer.url);
  const key = 'bench:activity:heartbeats';
  const env = {
    REDIS_URL: redisServer.url,
    QUEUE_KEY: key,
    LEARNKIT_BASE_URL: mock.ready.url,
    LEARNKIT_CLIENT_ID: mock.ready.clientId,
    LEARNKIT_CLIENT_SECRET: mock.ready.clientSecret,
    VISIBILITY_TIMEOUT_MS: '5000',
  };
  const workers = [startWorker(env), startWorker(env)];
  const rows: BenchRow[] = [];
  try {
    await Promise.all(workers.map((worker) => worker.started));
    const server = createActivityServer({
      client: {
        baseUrl: mock.ready.url,
        auth: clientCredentials({
          tokenUrl: `${mock.ready.url}/auth/1.0/token`,
          clientId: mock.ready.clientId,
          clientSecret: mock.ready.clientSecret,
          style: 'basic',
        }),
      },
      config: BENCH_CONFIG,
      getUser: learnerOf,
      queue: { store: createRedisQueueStore(redis, { key }), batch: FLEET_BATCH },
      logger: false,
    });
    const handler = server.handler;
    await server.handlerQueue?.ready();
    await warmUp(redis, key);
    const started = performance.now();
    let outageAt = 0;
    let killedAt = 0;
    const posted = await postHeartbeats(handler, o, (issued) => {
      if (issued === Math.floor(total / 3)) {
        outageAt = performance.now() - started;
        mock.outage(o.outageMs);
      }
      if (issued === Math.floor(total / 2)) {
        killedAt = performance.now() - started;
        workers[0]?.child.kill('SIGKILL');
      }
    });
    let figures = await mock.figures();
    const deadline = performance.now() + 180_000;
    while (figures.stored < total && performance.now() < deadline) {
      await sleep(100);
      figures = await mock.figures();
    }
    const drainedS = (performance.now() - started) / 1000;
    const memory = String(await redis.info('memory'));
    const redisPeak = Number(/used_memory_peak:(\d+)/.exec(memory)?.[1] ?? Number.NaN);
    const heap = Math.max(...workers.map((worker) => worker.peakHeap()));
    const requests = figures.caliperOk + figures.caliperRefused;
    const lost = total - figures.stored;
    const twiceSeconds = round(figures.activeSeconds - posted.activeMs / 1000, 3);
    const n = total.toLocaleString('en');
    const p99 = percentile(posted.latencies, 99);
    rows.push(
      {
        name: `heartbeats: ${o.learners.toLocaleString('en')} learners x ${o.beats}, one 15 s window each, posted open loop`,
        value: round(total / posted.seconds, 0),
        unit: 'heartbeats/s',
      },
      {
        name: 'handler p50 (parse, dedupe, XADD; first attempt of each body)',
        value: round(percentile(posted.latencies, 50), 3),
        unit: 'ms',
      },
      {
        name: `handler p99 at ${o.rate} heartbeats/s`,
        value: round(p99, 3),
        unit: 'ms',
        budget: '<= 20 ms',
        met: p99 <= 20,
      },
      { name: 'bodies responded other than 202 (sent again)', value: posted.resent, unit: 'bodies' },
      {
        name: `Caliper requests for ${n} heartbeats (503s of the ${o.outageMs / 1000} s outage included)`,
        value: requests,
        unit: 'requests',
        budget: `<= 1% (${(total / 100).toLocaleString('en')})`,
        met: requests <= total / 100,
      },
      {
        name: 'Caliper requests responded with 503 (the outage)',
        value: figures.caliperRefused,
        unit: 'requests',
      },
      {
        name: 'Caliper requests per second, first heartbeat until the ingest holds the last window',
        value: round(requests / drainedS, 1),
        unit: 'requests/s',
      },
      {
        name: 'windows lost (posted, not stored by the ingest)',
        value: lost,
        unit: 'windows',
        budget: '0',
        met: lost === 0,
      },
      {
        name: 'windows counted twice (stored active seconds minus posted active seconds)',
        value: twiceSeconds,
        unit: 's',
        budget: '0',
        met: twiceSeconds === 0 && figures.stored <= total,
      },
      {
        name: `windows the ingest received again after the SIGKILL at ${round(killedAt / 1000, 1)} s (stored once, by id)`,
        value: figures.receivedTwice,
        unit: 'windows',
      },
      { name: `outage started at`, value: round(outageAt / 1000, 1), unit: 's' },
      { name: 'until the ingest held every window', value: round(drainedS, 1), unit: 's' },
      {
        name: 'load average of the machine at the end (1 min; 2 cores shared with other work)',
        value: round(loadavg()[0] ?? 0, 1),
        unit: '',
      },
      { name: 'Redis peak memory (used_memory_peak)', value: round(redisPeak / MB, 1), unit: 'MB' },
      {
        name: 'worker peak heap (heapUsed sampled every 100 ms, garbage included)',
        value: round(heap / MB, 1),
        unit: 'MB',
        budget: '<= 100 MB',
        met: heap <= 100 * MB,
      },
    );
  } finally {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exited));
    redis.disconnect();
    await stopChild(mock.child);
    await redisServer.stop();
  }
  return { rows, budgetsMet: rows.every((row) => row.met !== false) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.disconnect();
  else child.kill('SIGTERM');
  await exited;
}

if (isMain(import.meta.url)) {
  const [learners, beats, rate] = process.argv.slice(2).map(Number);
  const { rows } = await runHeartbeatBench({ learners, beats, rate });
  for (const row of rows)
    console.log(
      `${row.name}: ${row.value} ${row.unit}${row.met === undefined ? '' : row.met ? ' met' : ' MISSED'}`,
    );
}
