/**
 * Benchmark of @learnkit/platform's paged listings (not a test; `pnpm bench` imports runPlatformBench()), in the
 * style of the OneRoster walk (packages/oneroster/bench/run.ts, docs/decisions.md#d-platform-paging).
 *
 * Walks 10,000 enrollments (plus the seeded tenant's) through the loopback mock in a child process, 100 a page (the
 * platform's maximum): `for await (const e of client.rostering.enrollments.list())` against a hand-written `fetch`
 * loop with `limit=100` and the same token, reading `total` from the body. Budget: at most 1.10x the fetch loop.
 *
 * The two walks alternate (ABBA); each rate is the median of the rounds, the ratio the median of the rounds'
 * ratios (docs/decisions.md#d-bench-paired-ratio).
 */
import { clientCredentials, staticToken } from '@learnkit/core';
import { type BenchRow, forkBenchMock, median, round } from '../../../bench/support';
import { createPlatformClient } from '../src/index';

/** Options of {@link runPlatformBench}. */
export interface PlatformBenchOptions {
  /** Enrollments added to the seeded tenant (default 10,000). */
  enrollments?: number;
  /** Timed rounds per variant (default 6). */
  rounds?: number;
}

type Ready = { url: string; clientId: string; clientSecret: string };

const PAGE = 100;

/**
 * Runs the benchmark once and returns its rows.
 *
 * @example
 * const { rows } = await runPlatformBench();
 */
export async function runPlatformBench(options: PlatformBenchOptions = {}): Promise<{ rows: BenchRow[] }> {
  const enrollments = options.enrollments ?? 10_000;
  const rounds = options.rounds ?? 6;
  const { child, ready } = await forkBenchMock<Ready>(new URL('./mock-server.ts', import.meta.url), {
    LEARNKIT_BENCH_ENROLLMENTS: String(enrollments),
  });
  try {
    const { url } = ready;
    const token = await clientCredentials({
      tokenUrl: `${url}/auth/1.0/token`,
      clientId: ready.clientId,
      clientSecret: ready.clientSecret,
      style: 'basic',
    }).getToken();
    const client = createPlatformClient({ baseUrl: url, auth: staticToken(token), logger: false });

    const handWalk = async (): Promise<number> => {
      let offset = 0;
      let seen = 0;
      let total = Number.POSITIVE_INFINITY;
      while (offset < total) {
        const res = await fetch(`${url}/rostering/1.0/enrollments?limit=${PAGE}&offset=${offset}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!res.ok) throw new Error(`bench: fetch loop got ${res.status}`);
        const body = (await res.json()) as { enrollments: { sourcedId: string }[]; total: number };
        total = body.total;
        for (const enrollment of body.enrollments) {
          if (!enrollment.sourcedId) throw new Error('bench: enrollment without sourcedId');
          seen++;
        }
        if (body.enrollments.length === 0) break;
        offset += body.enrollments.length;
      }
      return seen;
    };
    const learnkitWalk = async (): Promise<number> => {
      let seen = 0;
      for await (const enrollment of client.rostering.enrollments.list()) {
        if (!enrollment.sourcedId) throw new Error('bench: enrollment without sourcedId');
        seen++;
      }
      return seen;
    };

    // Warm-up: JIT, keep-alive connections.
    const expected = await handWalk();
    if ((await learnkitWalk()) !== expected) throw new Error('bench: the two walks saw different counts');

    const rate = { fetch: [] as number[], learnkit: [] as number[] };
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order: ('fetch' | 'learnkit')[] = r % 2 === 0 ? ['fetch', 'learnkit'] : ['learnkit', 'fetch'];
      const pair = { fetch: 0, learnkit: 0 };
      for (const variant of order) {
        const started = performance.now();
        const count = variant === 'fetch' ? await handWalk() : await learnkitWalk();
        const seconds = (performance.now() - started) / 1000;
        if (count !== expected) throw new Error(`bench: ${variant} walked ${count}, expected ${expected}`);
        rate[variant].push(count / seconds);
        pair[variant] = count / seconds;
      }
      ratios.push(pair.fetch / pair.learnkit);
    }
    const label = `${expected.toLocaleString('en-US')} enrollments (${enrollments.toLocaleString('en-US')} + the seeded tenant's), pages of ${PAGE}`;
    const ratio = round(median(ratios), 3);
    return {
      rows: [
        {
          name: `hand-written fetch loop: ${label}`,
          value: Math.round(median(rate.fetch)),
          unit: 'enrollments/s',
        },
        {
          name: `LearnKit rostering.enrollments.list for await: ${label}`,
          value: Math.round(median(rate.learnkit)),
          unit: 'enrollments/s',
          ratio,
          budget: '<= 1.10x the fetch loop',
          met: ratio <= 1.1,
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
