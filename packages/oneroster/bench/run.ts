/**
 * Benchmark of @learnkit/oneroster (not a test; `pnpm bench` imports runOneRosterBench()), modelled on the CASE
 * walk (packages/case/bench/run.ts, docs/decisions.md#d-oneroster-bench).
 *
 * Walks every user of a roster of 100,000 students (plus the seeded users the partner sees) in pages of 3,000
 * through the loopback mock, which runs in a child process:
 *  - peak heap of this process during `for await (const user of client.users.list({ limit: 3000 }))`, sampled at
 *    every page after a GC. Budget: < 50 MB.
 *  - users per second of that walk against a hand-written `fetch` loop with the same token and pages (reported).
 *
 * The two walks alternate (ABBA); each rate is the median of the rounds, the ratio the median of the rounds'
 * ratios (docs/decisions.md#d-bench-paired-ratio).
 */
import { clientCredentials, staticToken } from '@learnkit/core';
import { type BenchRow, forkBenchMock, getGc, liveHeap, MB, median, round } from '../../../bench/support';
import { createOneRosterClient } from '../src/index';

/** Options of {@link runOneRosterBench}. */
export interface OneRosterBenchOptions {
  /** Students added to the seeded roster (default 100,000). */
  users?: number;
  /** Page size (default 3,000, the platform's maximum). */
  pageSize?: number;
  /** Timed rounds per variant (default 4). */
  rounds?: number;
}

type Ready = { url: string; clientId: string; clientSecret: string };

const startMock = (users: number) =>
  forkBenchMock<Ready>(new URL('./mock-server.ts', import.meta.url), { LEARNKIT_BENCH_USERS: String(users) });

/**
 * Runs the benchmark once and returns its rows.
 *
 * @example
 * const { rows } = await runOneRosterBench();
 */
export async function runOneRosterBench(options: OneRosterBenchOptions = {}): Promise<{ rows: BenchRow[] }> {
  const users = options.users ?? 100_000;
  const pageSize = options.pageSize ?? 3000;
  const rounds = options.rounds ?? 4;
  const { child, ready } = await startMock(users);
  try {
    const { url } = ready;
    const token = await clientCredentials({
      tokenUrl: `${url}/auth/1.0/token`,
      clientId: ready.clientId,
      clientSecret: ready.clientSecret,
      style: 'basic',
    }).getToken();
    const client = createOneRosterClient({ baseUrl: url, auth: staticToken(token), logger: false });

    const handWalk = async (): Promise<number> => {
      let offset = 0;
      let seen = 0;
      let total = Number.POSITIVE_INFINITY;
      while (offset < total) {
        const res = await fetch(
          `${url}/ims/oneroster/rostering/v1p2/users/?limit=${pageSize}&offset=${offset}`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        if (!res.ok) throw new Error(`bench: fetch loop got ${res.status}`);
        const body = (await res.json()) as { users: { sourcedId: string }[]; totalCount: number };
        total = body.totalCount;
        for (const user of body.users) {
          if (!user.sourcedId) throw new Error('bench: user without sourcedId');
          seen++;
        }
        if (body.users.length === 0) break;
        offset += body.users.length;
      }
      return seen;
    };
    const learnkitWalk = async (): Promise<number> => {
      let seen = 0;
      for await (const user of client.users.list({ limit: pageSize })) {
        if (!user.sourcedId) throw new Error('bench: user without sourcedId');
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
    for await (const user of client.users.list({ limit: pageSize })) {
      if (seen % pageSize === 0) peak = Math.max(peak, liveHeap(gc));
      if (!user.sourcedId) throw new Error('bench: user without sourcedId');
      seen++;
    }
    peak = Math.max(peak, liveHeap(gc));

    const rate = { fetch: [] as number[], learnkit: [] as number[] };
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order: ('fetch' | 'learnkit')[] = r % 2 === 0 ? ['fetch', 'learnkit'] : ['learnkit', 'fetch'];
      const round = { fetch: 0, learnkit: 0 };
      for (const variant of order) {
        const started = performance.now();
        const count = variant === 'fetch' ? await handWalk() : await learnkitWalk();
        const seconds = (performance.now() - started) / 1000;
        if (count !== expected)
          throw new Error(`bench: ${variant} walked ${count} users, expected ${expected}`);
        rate[variant].push(count / seconds);
        round[variant] = count / seconds;
      }
      ratios.push(round.fetch / round.learnkit);
    }
    const label = `${expected.toLocaleString('en-US')} users (${users.toLocaleString('en-US')} students + the seeded roster), pages of ${pageSize.toLocaleString('en-US')}`;
    const peakMb = round(peak / MB, 2);
    return {
      rows: [
        { name: `hand-written fetch loop: ${label}`, value: Math.round(median(rate.fetch)), unit: 'users/s' },
        {
          name: `LearnKit oneroster.users.list for await: ${label}`,
          value: Math.round(median(rate.learnkit)),
          unit: 'users/s',
          ratio: round(median(ratios), 3),
        },
        {
          name: `peak heap during the LearnKit walk (heapUsed after GC, per page${gc ? '' : '; no gc: upper bound'}; mock in a child process)`,
          value: peakMb,
          unit: 'MB',
          budget: '< 50 MB',
          met: peakMb < 50,
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
