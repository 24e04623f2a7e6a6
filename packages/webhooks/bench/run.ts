/**
 * Benchmark of @learnkit/webhooks against its anchors (not a test; `pnpm bench` imports runWebhooksBench()).
 *
 * (a) Verifications per second of the same 1 KiB delivery, in one run: LearnKit `verifyWebhook` vs
 *     `stripe.webhooks.constructEvent`, `standardwebhooks` `Webhook#verify`, `@octokit/webhooks-methods`
 *     `verify` (no timestamp, no parse: reference only), and the floor (node:crypto HMAC + timingSafeEqual +
 *     JSON.parse inline). Budget: faster than stripe and standardwebhooks (which also check a timestamp and
 *     parse), within 1.25x of the floor.
 * (b) Size of the web entry of `verifyWebhook`: bundled with esbuild for the browser (so `#crypto` resolves to
 *     Web Crypto), minified, gzipped with node:zlib. Budget: under 2 kB.
 *
 * The variants run interleaved in rounds so that drift (JIT warm-up, CPU frequency, GC) hits all alike; each
 * rate is the median of the rounds, each ratio the median of the rounds' ratios to the same round's floor.
 *
 * Run on its own: `npx tsx packages/webhooks/bench/run.ts`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { verify as octokitVerify } from '@octokit/webhooks-methods';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { type BenchRow, isMain, median } from '../../../bench/support';
import { verifyWebhook } from '../src/index';
import { WEB_ENTRY_BUDGET, webEntrySize } from './size';

export { WEB_ENTRY_BUDGET, webEntrySize };

/** Options of {@link runWebhooksBench}. */
export interface WebhooksBenchOptions {
  /** Interleaved rounds (default 15). */
  rounds?: number;
  /** Time per variant per round, in ms (default 150). */
  roundMs?: number;
}

const SECRET = 'whsec_c2VjcmV0LWV4YW1wbGUtYmVuY2htYXJrLXNlY3JldA';

/** A test.ping envelope padded to exactly 1024 bytes. */
function delivery1KiB(): string {
  const base = {
    id: '3f1c2b7e-8d4a-4c6b-9e2f-1a2b3c4d5e6f',
    type: 'test.ping',
    timestamp: '2026-01-01T00:00:00Z',
  };
  const empty = JSON.stringify({ ...base, data: { message: '' } });
  const body = JSON.stringify({ ...base, data: { message: 'x'.repeat(1024 - empty.length) } });
  if (Buffer.byteLength(body) !== 1024) throw new Error('delivery is not 1 KiB');
  return body;
}

type Variant = { name: string; run: () => unknown; async: boolean };

/** The anchor every variant is compared with. */
const FLOOR = 'floor (node:crypto inline)';

async function rate(variant: Variant, ms: number): Promise<number> {
  let n = 0;
  const start = performance.now();
  const end = start + ms;
  let now = start;
  while (now < end) {
    // Batches of 64 keep the clock reads out of the measure.
    for (let i = 0; i < 64; i++) {
      if (variant.async) await variant.run();
      else variant.run();
    }
    n += 64;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

/** Each variant's median rate, and its median slowdown against the floor measured in the same round. */
interface Throughput {
  rates: Map<string, number>;
  slowdowns: Map<string, number>;
}

async function throughput(options: WebhooksBenchOptions): Promise<Throughput> {
  const body = delivery1KiB();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
  const headers = { 'x-service-webhook-timestamp': timestamp, 'x-service-webhook-signature': signature };

  const stripe = new Stripe('sk_test_bench');
  const stripeSecret = 'whsec_stripe_bench_secret';
  const stripeHeader = stripe.webhooks.generateTestHeaderString({ payload: body, secret: stripeSecret });

  const standardSecret = `whsec_${Buffer.from('standard-webhooks-bench-secret').toString('base64')}`;
  const standard = new StandardWebhook(standardSecret);
  const standardHeaders = {
    'webhook-id': 'msg_bench',
    'webhook-timestamp': timestamp,
    'webhook-signature': standard.sign('msg_bench', new Date(Number(timestamp) * 1000), body),
  };

  const octokitSignature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

  const variants: Variant[] = [
    {
      name: 'LearnKit verifyWebhook',
      async: true,
      run: () => verifyWebhook({ body, headers, secret: SECRET }),
    },
    {
      name: 'stripe.webhooks.constructEvent',
      async: false,
      run: () => stripe.webhooks.constructEvent(body, stripeHeader, stripeSecret),
    },
    {
      name: 'standardwebhooks Webhook#verify',
      async: false,
      run: () => standard.verify(body, standardHeaders),
    },
    {
      name: '@octokit/webhooks-methods verify (HMAC only: no timestamp, no parse)',
      async: true,
      run: () => octokitVerify(SECRET, body, octokitSignature),
    },
    {
      name: FLOOR,
      async: false,
      run: () => {
        const ts = headers['x-service-webhook-timestamp'];
        const expected = createHmac('sha256', SECRET).update(`${ts}.${body}`).digest();
        if (!timingSafeEqual(expected, Buffer.from(headers['x-service-webhook-signature'], 'hex')))
          throw new Error('mismatch');
        return JSON.parse(body);
      },
    },
  ];
  // Every variant must accept its delivery before it is timed.
  for (const variant of variants) {
    const result = await variant.run();
    if (result === false || result === undefined) throw new Error(`${variant.name} refused its delivery`);
  }
  const rounds = options.rounds ?? 15;
  const roundMs = options.roundMs ?? 150;
  const samples = new Map(variants.map((v) => [v.name, [] as number[]]));
  const slowdowns = new Map(variants.map((v) => [v.name, [] as number[]]));
  for (const variant of variants) await rate(variant, 400); // warm-up: JIT and CPU frequency
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    const rates = new Map<string, number>();
    for (const variant of order) rates.set(variant.name, await rate(variant, roundMs));
    // Paired with the floor of the same round: a slow spell of the machine weighs on one round, not on one
    // variant (docs/decisions.md#d-bench-paired-ratio).
    const floor = rates.get(FLOOR) as number;
    for (const [name, value] of rates) {
      samples.get(name)?.push(value);
      slowdowns.get(name)?.push(floor / value);
    }
  }
  const medians = (of: Map<string, number[]>) =>
    new Map([...of].map(([name, values]) => [name, median(values)]));
  return { rates: medians(samples), slowdowns: medians(slowdowns) };
}

/** Runs both measures and says which budgets are met. */
export async function runWebhooksBench(
  options: WebhooksBenchOptions = {},
): Promise<{ rows: BenchRow[]; budgetsMet: boolean }> {
  const { rates, slowdowns } = await throughput(options);
  const slowdown = (name: string) => slowdowns.get(name) as number;
  const lk = slowdown('LearnKit verifyWebhook');
  const lkMet =
    lk < slowdown('stripe.webhooks.constructEvent') &&
    lk < slowdown('standardwebhooks Webhook#verify') &&
    lk <= 1.25;
  const rows: BenchRow[] = [...rates].map(([name, value]) => ({
    name: `verify 1 KiB delivery: ${name}`,
    value: Math.round(value),
    unit: 'verifications/s',
    // How many times slower than the floor: the median of the rounds' ratios, each against the same round's floor.
    ratio: Math.round(slowdown(name) * 100) / 100,
    ...(name === 'LearnKit verifyWebhook' && {
      budget: 'faster than stripe and standardwebhooks; within 1.25x of the floor',
      met: lkMet,
    }),
  }));
  const size = await webEntrySize();
  const sizeMet = size.gzip < WEB_ENTRY_BUDGET;
  rows.push({
    name: 'web entry of verifyWebhook (esbuild, browser, minified + gzip)',
    value: size.gzip,
    unit: 'B',
    budget: 'under 2 kB (2048 B)',
    met: sizeMet,
  });
  rows.push({ name: 'web entry of verifyWebhook (minified)', value: size.minified, unit: 'B' });
  for (const [pkg, bytes] of Object.entries(size.byPackage)) {
    rows.push({
      name: `web entry of verifyWebhook: minified bytes from @learnkit/${pkg}`,
      value: bytes,
      unit: 'B',
    });
  }
  return { rows, budgetsMet: lkMet && sizeMet };
}

if (isMain(import.meta.url)) {
  const { rows, budgetsMet } = await runWebhooksBench();
  for (const row of rows) {
    const extra = [
      row.ratio !== undefined && `${row.ratio}x floor`,
      row.budget && `budget: ${row.budget} -> ${row.met ? 'met' : 'NOT met'}`,
    ]
      .filter(Boolean)
      .join('; ');
    console.log(`${row.name}: ${row.value} ${row.unit}${extra ? ` (${extra})` : ''}`);
  }
  console.log(budgetsMet ? 'all budgets met' : 'some budgets NOT met');
}
