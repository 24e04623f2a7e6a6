/**
 * The consumer side at volume (issue 40; not a test: `tsx --conditions=@learnkit/source packages/webhooks/bench/consumers.ts`
 * runs it alone, `runWebhookConsumersBench()` returns its rows). Loopback only, bounded in count.
 *
 * Two processes (Node `cluster`, consumer-cluster.ts) run `createWebhookHandler` with the Redis dedupe store (a real
 * redis-server) behind one port, and receive 20,000 signed deliveries, 50 in flight: 17,800 first deliveries, 2,000
 * (10%) duplicates posted again later, and 200 (1%) second copies posted at the same moment as their first; the
 * partner's function fails the first attempt of 1% of the events. A delivery responded with 5xx is sent again (after
 * 20 ms: the platform's retry, time compressed). Checked: every event handled successfully exactly once, and no
 * delivery acknowledged before its success was recorded. Anchor, in the same run: the same 20,000 deliveries through
 * the same cluster running `stripe.webhooks.constructEvent` (verify and parse) per request, with no dedupe
 * (docs/decisions.md#d-webhook-consumers-bench).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import Stripe from 'stripe';
import { type BenchRow, isMain, round } from '../../../bench/support';
import { startRedisServer } from '../../test-utils/src/redis';
import { signWebhook } from '../src/index';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = pathToFileURL(createRequire(`${ROOT}/package.json`).resolve('tsx')).href;
const SECRET = 'whsec_c2VjcmV0LWV4YW1wbGUtYmVuY2htYXJrLXNlY3JldA';
const STRIPE_SECRET = 'whsec_stripe_bench_secret';

/** One delivery as the platform posts it: the body and the headers of each scheme. */
interface Delivery {
  id: string;
  body: string;
  learnkit: Record<string, string>;
  stripe: Record<string, string>;
}

/** A step of the schedule: one delivery, or two copies of one posted at once. */
type Step = { delivery: Delivery; copies: 1 | 2 };

/** The schedule: first deliveries, 1% with a second copy at once, 10% duplicates later on. */
async function schedule(events: number, duplicates: number, pairs: number): Promise<Step[]> {
  const stripe = new Stripe('sk_test_bench');
  const deliveries: Delivery[] = [];
  for (let i = 0; i < events; i++) {
    const id = crypto.randomUUID();
    const message = `ping-${i}${i % 100 === 0 ? ':fail' : ''}`;
    const body = JSON.stringify({
      id,
      type: 'test.ping',
      timestamp: new Date().toISOString(),
      data: { message },
    });
    deliveries.push({
      id,
      body,
      learnkit: { 'content-type': 'application/json', ...(await signWebhook({ body, secret: SECRET })) },
      stripe: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: STRIPE_SECRET,
        }),
      },
    });
  }
  const steps: Step[] = deliveries.map((delivery, i) => ({
    delivery,
    copies: i % Math.floor(events / pairs) === 1 ? 2 : 1,
  }));
  // Each duplicate goes about 1,000 steps after its first delivery (acknowledged by then: a redelivery).
  for (let d = 0; d < duplicates; d++) {
    const of = Math.floor((d * events) / duplicates);
    steps.splice(Math.min(steps.length, of + d + 1_000), 0, {
      delivery: deliveries[of] as Delivery,
      copies: 1,
    });
  }
  return steps;
}

/** The cluster of two consumers in `mode`, on a free port; resolves once both listen. */
async function startCluster(mode: 'learnkit' | 'stripe', env: Record<string, string>) {
  const child: ChildProcess = fork(new URL('./consumer-cluster.ts', import.meta.url), [], {
    execArgv: ['--import', TSX, '--conditions=@learnkit/source'],
    env: { ...process.env, ...env, MODE: mode, SECRET, STRIPE_SECRET },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench: the ${mode} cluster exited (code ${code})`)));
  });
  return child;
}

/** What posting the schedule measured. */
interface Run {
  seconds: number;
  latencies: number[];
  retries: number;
  acks: Map<string, number[]>;
}

/** Posts every step, `inFlight` at a time; a delivery responded with 5xx is posted again after 20 ms. */
async function post(
  url: string,
  steps: Step[],
  scheme: 'learnkit' | 'stripe',
  inFlight: number,
): Promise<Run> {
  const latencies: number[] = [];
  const acks = new Map<string, number[]>();
  let retries = 0;
  const deliver = async (delivery: Delivery) => {
    for (;;) {
      const began = performance.now();
      const rawResponse = await fetch(url, {
        method: 'POST',
        headers: delivery[scheme],
        body: delivery.body,
      });
      await rawResponse.arrayBuffer();
      latencies.push(performance.now() - began);
      if (rawResponse.ok) {
        const at = Date.now();
        acks.set(delivery.id, [...(acks.get(delivery.id) ?? []), at]);
        return;
      }
      if (rawResponse.status < 500) throw new Error(`bench: a delivery got ${rawResponse.status}`);
      retries++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < steps.length) {
        const step = steps[next++] as Step;
        await Promise.all(Array.from({ length: step.copies }, () => deliver(step.delivery)));
      }
    }),
  );
  return { seconds: (performance.now() - began) / 1000, latencies, retries, acks };
}

/** The p-th percentile (0..100) of `values`, nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Exactly once, never acknowledged early: the events handled other than once, and acks before their success. */
async function check(redis: Redis, prefix: string, events: string[], acks: Map<string, number[]>) {
  const handled = await redis.hgetall(`${prefix}:handled`);
  const done = await redis.hgetall(`${prefix}:done`);
  const notOnce =
    events.filter((id) => handled[id] !== '1').length +
    Math.max(0, Object.keys(handled).length - events.length);
  let early = 0;
  for (const [id, times] of acks) for (const at of times) if (!(Number(done[id]) <= at)) early++;
  return { notOnce, early };
}

/** Options of {@link runWebhookConsumersBench}. */
export interface WebhookConsumersBenchOptions {
  /** Deliveries in all (default 20,000). */
  deliveries?: number;
  /** Deliveries in flight (default 50). */
  inFlight?: number;
}

/**
 * Runs the LearnKit consumers and the Stripe anchor once each, on the same deliveries; returns their rows.
 *
 * @example
 * const { rows } = await runWebhookConsumersBench({ deliveries: 2_000 });
 */
export async function runWebhookConsumersBench(
  options: WebhookConsumersBenchOptions = {},
): Promise<{ rows: BenchRow[]; budgetsMet: boolean }> {
  const total = options.deliveries ?? 20_000;
  const inFlight = options.inFlight ?? 50;
  const duplicates = Math.round(total / 10);
  const pairs = Math.round(total / 100);
  const events = total - duplicates - pairs;
  const steps = await schedule(events, duplicates, pairs);
  const ids = [...new Set(steps.map((step) => step.delivery.id))];
  const redisServer = await startRedisServer();
  const redis = new Redis(redisServer.url);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const runs: Partial<Record<'learnkit' | 'stripe', Run & { notOnce: number; early: number }>> = {};
  try {
    for (const mode of ['stripe', 'learnkit'] as const) {
      const prefix = `bench:webhooks:${mode}`;
      const cluster = await startCluster(mode, {
        REDIS_URL: redisServer.url,
        PORT: String(port),
        PREFIX: prefix,
      });
      try {
        const run = await post(`http://127.0.0.1:${port}/webhooks`, steps, mode, inFlight);
        runs[mode] = { ...run, ...(await check(redis, prefix, ids, run.acks)) };
      } finally {
        const exited = new Promise((resolve) => cluster.once('exit', resolve));
        cluster.disconnect();
        await exited;
      }
    }
  } finally {
    redis.disconnect();
    await redisServer.stop();
  }
  const lk = runs.learnkit as NonNullable<typeof runs.learnkit>;
  const anchor = runs.stripe as NonNullable<typeof runs.stripe>;
  const n = total.toLocaleString('en');
  const rate = (run: Run) => round(total / run.seconds, 0);
  const rows: BenchRow[] = [
    {
      name: `stripe.webhooks.constructEvent + parse per request, 2 cluster processes: ${n} deliveries, ${inFlight} in flight (anchor, no dedupe)`,
      value: rate(anchor),
      unit: 'deliveries/s',
      ratio: 1,
    },
    { name: 'stripe anchor: request p99', value: round(percentile(anchor.latencies, 99), 3), unit: 'ms' },
    {
      name: `createWebhookHandler + Redis dedupe store, 2 cluster processes: ${n} deliveries (10% duplicates, 1% posted twice at once, 1% of first attempts failing)`,
      value: rate(lk),
      unit: 'deliveries/s',
      ratio: round(rate(lk) / rate(anchor), 3),
    },
    { name: 'createWebhookHandler: request p50', value: round(percentile(lk.latencies, 50), 3), unit: 'ms' },
    { name: 'createWebhookHandler: request p99', value: round(percentile(lk.latencies, 99), 3), unit: 'ms' },
    {
      name: 'createWebhookHandler: deliveries responded with 5xx and sent again',
      value: lk.retries,
      unit: 'requests',
    },
    {
      name: 'load average of the machine at the end (1 min; 2 cores shared with other work)',
      value: round(loadavg()[0] ?? 0, 1),
      unit: '',
    },
    {
      name: `events not handled successfully exactly once (of ${ids.length.toLocaleString('en')})`,
      value: lk.notOnce,
      unit: 'events',
      budget: '0',
      met: lk.notOnce === 0,
    },
    {
      name: 'deliveries acknowledged before their event succeeded',
      value: lk.early,
      unit: 'deliveries',
      budget: '0',
      met: lk.early === 0,
    },
  ];
  return { rows, budgetsMet: rows.every((row) => row.met !== false) };
}

if (isMain(import.meta.url)) {
  const deliveries = process.argv[2] === undefined ? undefined : Number(process.argv[2]);
  const { rows } = await runWebhookConsumersBench({ deliveries });
  for (const row of rows)
    console.log(
      `${row.name}: ${row.value} ${row.unit}${row.ratio === undefined ? '' : ` (${row.ratio}x)`}${row.met === undefined ? '' : row.met ? ' met' : ' MISSED'}`,
    );
}
