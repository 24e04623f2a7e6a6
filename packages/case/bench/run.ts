/**
 * Benchmark of @learnkit/case (not a test; `pnpm bench` imports runCaseBench()).
 *
 * Iterates every item of a 100,000-item framework (the mock's seeded framework, plus its 6-item Course
 * Sequence) in pages of 3,000 through the loopback mock, which runs in a child process:
 *  - items per second of `for await (const item of client.items.list({ limit: 3000 }))` against a
 *    hand-written `fetch` loop with the same token and the same pages. Budget: LearnKit within 1.10x.
 *  - peak heap of this process during the LearnKit walk, sampled at every page after a GC. Budget: < 50 MB.
 *    Also reported: the same sampled without forcing a GC (an upper bound that includes garbage).
 *
 * The two walks alternate (ABBA) so that drift (JIT, CPU frequency, the mock's own GC) hits both alike; each
 * rate is the median of the rounds, the ratio the median of the rounds' ratios.
 */
import { clientCredentials, staticToken } from '@learnkit/core';
import { type BenchRow, forkBenchMock, getGc, liveHeap, MB, median, round } from '../../../bench/support';
import { createCaseClient } from '../src/index';

/** Options of {@link runCaseBench}. */
export interface CaseBenchOptions {
  /** Items of the framework (default 100,000). */
  items?: number;
  /** Page size (default 3,000, the platform's maximum). */
  pageSize?: number;
  /** Timed rounds per variant (default 8). */
  rounds?: number;
}

type Ready = { url: string; clientId: string; clientSecret: string };

const startMock = (items: number) =>
  forkBenchMock<Ready>(new URL('./mock-server.ts', import.meta.url), { LEARNKIT_BENCH_ITEMS: String(items) });

/**
 * Runs the benchmark once and returns its rows.
 *
 * @example
 * const { rows } = await runCaseBench();
 */
export async function runCaseBench(options: CaseBenchOptions = {}): Promise<{ rows: BenchRow[] }> {
  const items = options.items ?? 100_000;
  const pageSize = options.pageSize ?? 3000;
  const rounds = options.rounds ?? 8;
  const { child, ready } = await startMock(items);
  try {
    const { url } = ready;
    // The token core's client-credentials provider fetches, given to both walks as it is.
    const token = await clientCredentials({
      tokenUrl: `${url}/auth/1.0/token`,
      clientId: ready.clientId,
      clientSecret: ready.clientSecret,
      style: 'basic',
    }).getToken();
    const client = createCaseClient({ baseUrl: url, auth: staticToken(token), logger: false });

    const handWalk = async (): Promise<number> => {
      let offset = 0;
      let seen = 0;
      let total = Number.POSITIVE_INFINITY;
      while (offset < total) {
        const res = await fetch(`${url}/ims/case/v1p1/CFItems?limit=${pageSize}&offset=${offset}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!res.ok) throw new Error(`bench: fetch loop got ${res.status}`);
        const body = (await res.json()) as { CFItems: { sourcedId: string }[] };
        total = Number(res.headers.get('x-total-count'));
        for (const item of body.CFItems) {
          if (!item.sourcedId) throw new Error('bench: item without sourcedId');
          seen++;
        }
        if (body.CFItems.length === 0) break;
        offset += body.CFItems.length;
      }
      return seen;
    };
    const learnkitWalk = async (): Promise<number> => {
      let seen = 0;
      for await (const item of client.items.list({ limit: pageSize })) {
        if (!item.sourcedId) throw new Error('bench: item without sourcedId');
        seen++;
      }
      return seen;
    };

    // Warm-up: JIT, keep-alive connections, the mock's first pass over its store.
    const expected = await handWalk();
    if ((await learnkitWalk()) !== expected) throw new Error('bench: the two walks saw different counts');

    // Heap first, on a quiet process: the live heap (after a GC) at every page of a LearnKit walk.
    const gc = getGc();
    const baseline = liveHeap(gc);
    let peak = baseline;
    let seen = 0;
    for await (const item of client.items.list({ limit: pageSize })) {
      if (seen % pageSize === 0) peak = Math.max(peak, liveHeap(gc));
      if (!item.sourcedId) throw new Error('bench: item without sourcedId');
      seen++;
    }
    peak = Math.max(peak, liveHeap(gc));

    // The same walk sampled without forcing a GC: live data plus whatever garbage V8 has not collected yet.
    let rawPeak = 0;
    seen = 0;
    for await (const item of client.items.list({ limit: pageSize })) {
      if (seen % pageSize === 0) rawPeak = Math.max(rawPeak, process.memoryUsage().heapUsed);
      if (!item.sourcedId) throw new Error('bench: item without sourcedId');
      seen++;
    }

    const rate = { fetch: [] as number[], learnkit: [] as number[] };
    // Each round's LearnKit time over the same round's fetch time; the ratio is their median, so a slow spell of
    // the machine weighs on one round, not on one side (docs/decisions.md#d-bench-paired-ratio).
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order: ('fetch' | 'learnkit')[] = r % 2 === 0 ? ['fetch', 'learnkit'] : ['learnkit', 'fetch'];
      const round = { fetch: 0, learnkit: 0 };
      for (const variant of order) {
        const started = performance.now();
        const count = variant === 'fetch' ? await handWalk() : await learnkitWalk();
        const seconds = (performance.now() - started) / 1000;
        if (count !== expected)
          throw new Error(`bench: ${variant} walked ${count} items, expected ${expected}`);
        rate[variant].push(count / seconds);
        round[variant] = count / seconds;
      }
      ratios.push(round.fetch / round.learnkit);
    }
    const fetchRate = median(rate.fetch);
    const learnkitRate = median(rate.learnkit);
    const ratio = median(ratios); // time of LearnKit / time of fetch, round by round
    const label = `${expected.toLocaleString('en-US')} items (a ${items.toLocaleString('en-US')}-item framework + the seeded Course Sequence), pages of ${pageSize.toLocaleString('en-US')}`;
    const peakMb = round(peak / MB, 2);
    return {
      rows: [
        { name: `hand-written fetch loop: ${label}`, value: Math.round(fetchRate), unit: 'items/s' },
        {
          name: `LearnKit items.list for await: ${label}`,
          value: Math.round(learnkitRate),
          unit: 'items/s',
          ratio: round(ratio, 3),
          budget: '<= 1.10x the fetch loop',
          met: ratio <= 1.1,
        },
        {
          name: `peak heap during the LearnKit walk (heapUsed after GC, per page${gc ? '' : '; no gc: upper bound'}; mock in a child process)`,
          value: peakMb,
          unit: 'MB',
          budget: '< 50 MB',
          met: peakMb < 50,
        },
        {
          name: 'peak heap during the LearnKit walk without forced GC (live data plus uncollected garbage)',
          value: round(rawPeak / MB, 2),
          unit: 'MB',
        },
        {
          name: 'heap growth over the pre-walk baseline during the LearnKit walk',
          value: round((peak - baseline) / MB, 2),
          unit: 'MB',
        },
      ],
    };
  } finally {
    child.disconnect();
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }
}
