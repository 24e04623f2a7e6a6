/**
 * Benchmark of @learnkit/core against its anchors (not a test; `pnpm bench` imports runCoreBench()).
 *
 * (a) Median latency of sequential GETs with a cached token against a loopback node:http server: a LearnKit
 *     `call()` vs plain `fetch` with the Authorization header set by hand vs bare openapi-fetch. Budget:
 *     LearnKit within 1.10x of plain fetch.
 * (b) Live-heap growth while walking 100,000 items in pages of 3,000 with the pagination helper. Budget:
 *     under 30 MB.
 *
 * The variants run interleaved in small batches so that drift (JIT warm-up, CPU frequency, GC) hits all
 * three alike.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import createClient from 'openapi-fetch';
import { type BenchRow, getGc, isMain, liveHeap, MB, median, ratio, round } from '../../../bench/support';
import type { paths } from '../../case/src/generated/openapi-types';
import { clientCredentials, createHttpClient, createTokenCache, paginate, readTotal } from '../src/index';

/** Options of {@link runCoreBench}. */
export interface CoreBenchOptions {
  /** Sequential GETs per variant (at least 2,000). */
  requests?: number;
  /** Items walked for the heap measure. */
  items?: number;
  /** Page size for the heap measure. */
  pageSize?: number;
}

const TOKEN = 'bench-access-token-0123456789';
const ITEM = JSON.stringify({
  CFItem: {
    sourcedId: '00000000-0000-0000-0000-000000000001',
    fullStatement: 'Add and subtract within 20.',
    CFItemType: 'Standard',
    uri: 'https://api.example.com/ims/case/v1p1/CFItems/00000000-0000-0000-0000-000000000001',
    lastChangeDateTime: '2024-01-01T00:00:00Z',
  },
});

function itemsPage(offset: number, limit: number, total: number): string {
  const end = Math.min(total, offset + limit);
  const parts: string[] = [];
  for (let i = offset; i < end; i++) {
    parts.push(
      `{"sourcedId":"00000000-0000-0000-0000-${String(i).padStart(12, '0')}","fullStatement":"Statement ${i}","CFItemType":"Standard","uri":"https://api.example.com/ims/case/v1p1/CFItems/${i}","lastChangeDateTime":"2024-01-01T00:00:00Z"}`,
    );
  }
  return `{"CFItems":[${parts.join(',')}]}`;
}

function startServer(totalItems: number): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/auth/1.0/token') {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":"unauthorized","message":"missing token"}');
      return;
    }
    if (url.pathname === '/ims/case/v1p1/CFItems') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(totalItems) });
      res.end(itemsPage(offset, limit, totalItems));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(ITEM) });
    res.end(ITEM);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}

/**
 * Runs the benchmark once and returns its rows and whether every budget was met.
 *
 * @example
 * const { rows, budgetsMet } = await runCoreBench();
 */
export async function runCoreBench(
  options: CoreBenchOptions = {},
): Promise<{ rows: BenchRow[]; budgetsMet: boolean }> {
  const requests = Math.max(2000, options.requests ?? 3000);
  const totalItems = options.items ?? 100_000;
  const pageSize = options.pageSize ?? 3000;
  const { server, url } = await startServer(totalItems);
  try {
    const path = '/ims/case/v1p1/CFItems/{sourcedId}' as const;
    const sourcedId = '00000000-0000-0000-0000-000000000001';
    const direct = `${url}/ims/case/v1p1/CFItems/${sourcedId}`;

    const learnkit = createHttpClient<paths>({
      baseUrl: url,
      auth: clientCredentials({
        tokenUrl: `${url}/auth/1.0/token`,
        clientId: 'bench-client',
        clientSecret: 'bench-secret-0123456789',
        style: 'basic',
        cache: createTokenCache(),
      }),
      logger: false,
    });
    const bare = createClient<paths>({ baseUrl: url, headers: { authorization: `Bearer ${TOKEN}` } });

    // (b) first, on a fresh heap: live heap while streaming 100,000 items: sample the live heap (after a GC) at every page.
    const pages = () =>
      paginate(
        async ({ query }) => {
          const { data, response } = await learnkit.callWithResponse('GET', '/ims/case/v1p1/CFItems', {
            params: { query },
          });
          return { items: data.CFItems, total: readTotal(response, data) };
        },
        { query: { limit: pageSize } },
      );
    const gc = getGc();
    // One page first, so one-time costs (token, connection, compiled code) are not counted as growth.
    await pages();
    const baseline = liveHeap(gc);
    let peak = 0;
    let seen = 0;
    let lastPage = -1;
    for await (const item of pages()) {
      seen++;
      const page = Math.floor((seen - 1) / pageSize);
      if (page !== lastPage) {
        lastPage = page;
        peak = Math.max(peak, liveHeap(gc) - baseline);
      }
      if (!item.sourcedId) throw new Error('bench: item without sourcedId');
    }
    if (seen !== totalItems) throw new Error(`bench: walked ${seen} items, expected ${totalItems}`);
    const heapMb = round(peak / MB, 2);
    const heapRow: BenchRow = {
      name: `heap growth walking ${totalItems.toLocaleString('en-US')} items in pages of ${pageSize}${gc ? '' : ' (no gc: upper bound)'}`,
      value: heapMb,
      unit: 'MB',
      budget: '< 30 MB',
      met: heapMb < 30,
    };

    const variants: [string, () => Promise<unknown>][] = [
      [
        'plain fetch',
        async () => {
          const res = await fetch(direct, { headers: { authorization: `Bearer ${TOKEN}` } });
          return res.json();
        },
      ],
      ['bare openapi-fetch', () => bare.GET(path, { params: { path: { sourcedId } } })],
      ['LearnKit call()', () => learnkit.call('GET', path, { params: { path: { sourcedId } } })],
    ];

    // Warm-up: JIT, keep-alive connections, and the token cache (the first LearnKit call fetches the token).
    for (let i = 0; i < 300; i++) for (const [, run] of variants) await run();

    const samples = new Map<string, number[]>(variants.map(([name]) => [name, []]));
    const batch = 50;
    for (let done = 0; done < requests; done += batch) {
      for (const [name, run] of variants) {
        const into = samples.get(name) as number[];
        for (let i = 0; i < batch; i++) {
          const t0 = performance.now();
          await run();
          into.push(performance.now() - t0);
        }
      }
    }
    const plain = median(samples.get('plain fetch') as number[]);
    const lkRatio = median(samples.get('LearnKit call()') as number[]) / plain;
    const rows: BenchRow[] = variants.map(([name]) => {
      const m = median(samples.get(name) as number[]);
      return {
        name: `GET median, ${name} (${requests} sequential)`,
        value: round(m, 3),
        unit: 'ms',
        ratio: ratio(m, plain),
        ...(name === 'LearnKit call()' && { budget: '<= 1.10x plain fetch', met: lkRatio <= 1.1 }),
      };
    });

    rows.push(heapRow);
    return { rows, budgetsMet: lkRatio <= 1.1 && heapMb < 30 };
  } finally {
    // Keep-alive sockets would hold close() open for the server's keep-alive timeout.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

// Run directly (for example `npx tsx packages/core/bench/run.ts`): print the rows.
if (isMain(import.meta.url)) {
  const { rows, budgetsMet } = await runCoreBench();
  console.table(rows);
  console.log(budgetsMet ? 'budgets met' : 'BUDGETS NOT MET');
  if (!budgetsMet) process.exitCode = 1;
}
