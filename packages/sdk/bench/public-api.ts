/**
 * Profiling script for the cost of the public API over plain `fetch` (not a test, not a `pnpm bench` suite: the
 * official rows live in `pnpm bench`). It imports the BUILT packages (`pnpm build` first), because that is what
 * users run: `tsx packages/sdk/bench/public-api.ts` resolves `@learnkit/sdk` to `dist/` (no `@learnkit/source`
 * condition).
 *
 * Three calls, each against plain `fetch` of the same URL on the same loopback node:http server (same token,
 * the body read as JSON): `lk.case.documents.get(id)`, `lk.case.items.list()` (its first page) and
 * `lk.webhooks.subscriptions.get(appId, id)`. Within a round the two variants of a call alternate call by call
 * (the order flips every time), so load from other processes hits both alike; the ratio of a round is
 * LearnKit's median latency over fetch's. Printed: the median ratio over the rounds with its quartiles and range.
 *
 * Options: `--rounds N` (default 20), `--calls N` per variant and round (default 200), `--server child` to serve
 * from a child process
 * (the client's work then does not share the event loop with the server's), `--page N` items in the list's
 * first page (default 100, the SDK's default limit).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { LearnKit } from '@learnkit/sdk';

const TOKEN = 'bench-access-token-0123456789';
const DOCUMENT_ID = '00000000-0000-0000-0000-0000000000d1';
const APP_ID = 'app-bench';
const SUBSCRIPTION_ID = '00000000-0000-0000-0000-0000000000a1';

const DOCUMENT = JSON.stringify({
  CFDocument: {
    sourcedId: DOCUMENT_ID,
    title: 'Mathematics Standards, Grades K-8',
    creator: 'LearnKit',
    uri: `https://api.example.com/ims/case/v1p1/CFDocuments/${DOCUMENT_ID}`,
    lastChangeDateTime: '2024-01-01T00:00:00Z',
    CFPackageURI: {
      title: 'Mathematics Standards, Grades K-8',
      identifier: DOCUMENT_ID,
      uri: `https://api.example.com/ims/case/v1p1/CFPackages/${DOCUMENT_ID}`,
    },
  },
});

const SUBSCRIPTION = JSON.stringify({
  id: SUBSCRIPTION_ID,
  url: 'https://hooks.example.com/learnkit',
  eventTypes: ['enrollment.created', 'user.created'],
  status: 'active',
  dateCreated: '2024-01-01T00:00:00Z',
});

function itemsPage(offset: number, limit: number, total: number): string {
  const parts: string[] = [];
  for (let i = offset; i < Math.min(total, offset + limit); i++) {
    const id = `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`;
    parts.push(
      JSON.stringify({
        sourcedId: id,
        fullStatement: `Statement ${i}: add and subtract within 20.`,
        humanCodingScheme: `1.OA.${i}`,
        CFItemType: 'Standard',
        uri: `https://api.example.com/ims/case/v1p1/CFItems/${id}`,
        lastChangeDateTime: '2024-01-01T00:00:00Z',
      }),
    );
  }
  return `{"CFItems":[${parts.join(',')}]}`;
}

/** A server that returns the three calls (and the token) with fixed bodies, as fast as node:http can. */
function listen(): Promise<{ url: string; close(): Promise<void> }> {
  const pages = new Map<string, string>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    if (req.method === 'POST' && path === '/auth/1.0/token') {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    let body: string;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (path.startsWith('/ims/case/v1p1/CFItems?')) {
      const query = new URLSearchParams(path.slice(path.indexOf('?') + 1));
      const key = `${query.get('offset') ?? 0}/${query.get('limit') ?? 100}`;
      body =
        pages.get(key) ??
        itemsPage(Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 100), 1000);
      pages.set(key, body);
      headers['x-total-count'] = '1000';
    } else if (path.startsWith('/ims/case/v1p1/CFDocuments/')) {
      body = DOCUMENT;
    } else if (path.startsWith(`/webhooks/1.0/${APP_ID}/subscriptions/`)) {
      body = SUBSCRIPTION;
    } else {
      res.writeHead(404, headers).end('{"error":"not_found"}');
      return;
    }
    headers['content-length'] = String(Buffer.byteLength(body));
    res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}

/** The same server in a child process (this file with `--serve`). */
async function listenInChild(): Promise<{ url: string; close(): Promise<void> }> {
  const child: ChildProcess = fork(new URL(import.meta.url), ['--serve'], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve(String(message)));
    child.once('exit', (code) => reject(new Error(`the server exited early (code ${code})`)));
  });
  return {
    url,
    close: async () => {
      child.disconnect();
      child.kill();
    },
  };
}

const quantile = (sorted: readonly number[], q: number): number => {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
};
const median = (values: readonly number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** The latency of one call, in ms. */
async function time(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

/** One round of `calls` alternating calls (the order flips each time): the median latency of each variant. */
async function round(plain: () => Promise<unknown>, learnkit: () => Promise<unknown>, calls: number) {
  const p: number[] = [];
  const l: number[] = [];
  for (let i = 0; i < calls; i++) {
    if (i % 2 === 0) {
      p.push(await time(plain));
      l.push(await time(learnkit));
    } else {
      l.push(await time(learnkit));
      p.push(await time(plain));
    }
  }
  return { plain: median(p), learnkit: median(l) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      server: { type: 'string', default: 'inline' },
      rounds: { type: 'string', default: '20' },
      calls: { type: 'string', default: '200' },
      page: { type: 'string', default: '100' },
    },
  });
  if (values.serve) {
    const { url } = await listen();
    process.send?.(url);
    process.on('disconnect', () => process.exit(0));
    return;
  }
  // The point is the built code: refuse to measure the sources (run without --conditions=@learnkit/source).
  const resolved = import.meta.resolve('@learnkit/sdk');
  if (!resolved.includes('/dist/'))
    throw new Error(`@learnkit/sdk resolved to ${resolved}; run pnpm build first`);
  const rounds = Number(values.rounds);
  const calls = Number(values.calls);
  const pageSize = Number(values.page);
  const server = values.server === 'child' ? await listenInChild() : await listen();
  try {
    const lk = new LearnKit({
      baseUrl: server.url,
      clientId: 'bench-client',
      clientSecret: 'bench-secret-0123456789',
      logger: false,
      env: {},
    });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const documentUrl = `${server.url}/ims/case/v1p1/CFDocuments/${DOCUMENT_ID}`;
    const itemsUrl = `${server.url}/ims/case/v1p1/CFItems?limit=${pageSize}&offset=0`;
    const subscriptionUrl = `${server.url}/webhooks/1.0/${APP_ID}/subscriptions/${SUBSCRIPTION_ID}`;
    const query = pageSize === 100 ? undefined : { limit: pageSize };

    const pairs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'lk.case.documents.get',
        async () => (await fetch(documentUrl, { headers: auth })).json(),
        () => lk.case.documents.get(DOCUMENT_ID),
      ],
      [
        'lk.case.items.list (first page)',
        async () => {
          const response = await fetch(itemsUrl, { headers: auth });
          const data = (await response.json()) as { CFItems: unknown[] };
          return [data.CFItems, Number(response.headers.get('x-total-count'))];
        },
        async () => (await lk.case.items.list(query)).data,
      ],
      [
        'lk.webhooks.subscriptions.get',
        async () => (await fetch(subscriptionUrl, { headers: auth })).json(),
        () => lk.webhooks.subscriptions.get(APP_ID, SUBSCRIPTION_ID),
      ],
    ];

    // Warm-up: JIT, keep-alive connections, the token.
    for (let i = 0; i < 300; i++) {
      for (const [, plain, learnkit] of pairs) {
        await plain();
        await learnkit();
      }
    }

    const ratios = new Map<string, number[]>(pairs.map(([name]) => [name, []]));
    const medians = new Map<string, [number[], number[]]>(pairs.map(([name]) => [name, [[], []]]));
    for (let r = 0; r < rounds; r++) {
      for (const [name, plain, learnkit] of pairs) {
        const m = await round(plain, learnkit, calls);
        ratios.get(name)?.push(m.learnkit / m.plain);
        medians.get(name)?.[0].push(m.plain);
        medians.get(name)?.[1].push(m.learnkit);
      }
    }
    console.log(
      `public API vs plain fetch: ${rounds} rounds x ${calls} alternating calls, server ${values.server}, first page ${pageSize} items, Node ${process.version}`,
    );
    for (const [name] of pairs) {
      const sorted = [...(ratios.get(name) as number[])].sort((a, b) => a - b);
      const [p, l] = medians.get(name) as [number[], number[]];
      console.log(
        `  ${name.padEnd(34)} ${quantile(sorted, 0.5).toFixed(3)}x  (quartiles ${quantile(sorted, 0.25).toFixed(3)}-${quantile(sorted, 0.75).toFixed(3)}, range ${(sorted[0] as number).toFixed(3)}-${(sorted.at(-1) as number).toFixed(3)})  fetch ${median(p).toFixed(3)} ms, LearnKit ${median(l).toFixed(3)} ms`,
      );
    }
  } finally {
    await server.close();
  }
}

await main();
