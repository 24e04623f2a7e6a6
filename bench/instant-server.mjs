// The last part of a call: the public API against plain `fetch` and bare openapi-fetch, on a server that responds at
// once (docs/decisions.md#d-bench-instant-server). Run by bench/packed.ts with plain Node from inside the scratch
// project, so `@learnkit/*` are the installed tarballs. Prints one JSON line: { rows: [...] }.
//
// The loopback server of bench/public-api.mjs is node:http in the client's own process: its parsing and its turn
// of the event loop are in every latency, about 0.5 ms, which hides most of what the SDK costs. Here the server is
// a child process on a raw TCP socket that writes one prepared HTTP/1.1 response per request as soon as the request's
// head has arrived: nothing of it runs on the client's event loop, and it responds in microseconds. The clients run
// interleaved in alternating batches; each ratio is the median of the rounds' ratios, against plain fetch of the
// same request.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

const TOKEN = 'bench-access-token-0123456789abcdef';
const REQUESTS = Number(process.env.LEARNKIT_BENCH_REQUESTS ?? 6000);
const BATCH = 50;

/** The child: a TCP server responding to every request with the prepared bytes (the token endpoint with a token). */
function serve(rawResponse) {
  const ok = (body, type = 'application/json') =>
    Buffer.from(
      `HTTP/1.1 200 OK\r\ncontent-type: ${type}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\n\r\n${body}`,
    );
  const token = ok(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
  const read = ok(rawResponse);
  let lastHead = '';
  process.on('message', (message) => {
    if (message === 'last-head') process.send?.(lastHead);
  });
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = pending.slice(0, end);
        const length = /\r\ncontent-length: *(\d+)/i.exec(head);
        const total = end + 4 + (length ? Number(length[1]) : 0);
        if (pending.length < total) return;
        pending = pending.slice(total);
        lastHead = head;
        socket.write(head.startsWith('POST /auth/1.0/token') ? token : read);
      }
    });
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
  process.on('disconnect', () => process.exit(0));
}

/** A CASE document as the packed mock responds to it: real, contract-valid bytes. */
async function recordDocument() {
  const { createMockPlatform } = await import('@learnkit/mock');
  const platform = createMockPlatform();
  const api = await platform.listen();
  const id = platform.fixtures.case.documentId;
  const token = platform.accessToken(platform.clients.partner);
  const response = await fetch(`${api.url}/ims/case/v1p1/CFDocuments/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.text();
  platform.close();
  await api.close();
  return { id, body };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  // Imported here, not at the top: the server child (this file with --serve) needs none of them.
  const { LearnKit } = await import('@learnkit/sdk');
  const { default: createClient } = await import('openapi-fetch');
  const { id, body } = await recordDocument();
  const child = fork(new URL(import.meta.url), ['--serve'], {
    env: { ...process.env, LEARNKIT_BENCH_RESPONSE: body },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bench server exited (code ${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const path = `/ims/case/v1p1/CFDocuments/${id}`;
  const lk = new LearnKit({
    baseUrl: base,
    clientId: 'bench-client',
    clientSecret: 'bench-secret-0123456789',
    env: {},
    logger: false,
  });
  // The same request as LearnKit's, header for header: the token, the SDK's User-Agent and a fresh request id
  // (docs/decisions.md#d-bench-instant-server). LearnKit's own User-Agent is read off one of its requests.
  let userAgent = '';
  await lk.case.documents.get(id, { headers: {} }).asResponse();
  const seen = await new Promise((resolve) => {
    child.once('message', resolve);
    child.send('last-head');
  });
  userAgent = /\r\nuser-agent: ([^\r]*)/i.exec(seen)?.[1] ?? '';
  const requestId = () => `req_${randomUUID().replaceAll('-', '')}`;
  const same = () => ({
    authorization: `Bearer ${TOKEN}`,
    'user-agent': userAgent,
    'x-request-id': requestId(),
  });
  const bare = createClient({ baseUrl: base });
  const variants = {
    fetch: async () => (await fetch(`${base}${path}`, { headers: same() })).json(),
    fetchAuthOnly: async () =>
      (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json(),
    openapiFetch: async () =>
      (
        await bare.GET('/ims/case/v1p1/CFDocuments/{sourcedId}', {
          params: { path: { sourcedId: id } },
          headers: same(),
        })
      ).data,
    learnkit: () => lk.case.documents.get(id),
  };
  const names = Object.keys(variants);
  for (let i = 0; i < 500; i++) for (const name of names) await variants[name]();

  const samples = Object.fromEntries(names.map((name) => [name, []]));
  const ratios = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round * BATCH < REQUESTS; round++) {
    // Each round runs a batch of each client, in an order that turns every round.
    const order = names.map((_, k) => names[(k + round) % names.length]);
    const batch = Object.fromEntries(names.map((name) => [name, []]));
    for (const name of order) {
      const run = variants[name];
      for (let i = 0; i < BATCH; i++) {
        const started = performance.now();
        await run();
        batch[name].push(performance.now() - started);
      }
    }
    for (const name of names) ratios[name].push(median(batch[name]) / median(batch.fetch));
    for (const name of names) samples[name].push(...batch[name]);
  }
  child.disconnect();
  const row = (name, operation) => ({
    operation,
    requests: samples[name].length,
    ms: median(samples[name]),
    ratio: median(ratios[name]),
    rounds: ratios[name].length,
  });
  console.log(
    JSON.stringify({
      rows: [
        row('fetch', 'plain fetch of the same request (same headers: token, User-Agent, X-Request-Id)'),
        row(
          'fetchAuthOnly',
          "plain fetch with the token alone (what the SDK's two headers cost on the wire)",
        ),
        row('openapiFetch', 'bare openapi-fetch, the same request'),
        row('learnkit', 'lk.case.documents.get(id), packed SDK'),
      ],
    }),
  );
}

if (process.argv.includes('--serve')) serve(process.env.LEARNKIT_BENCH_RESPONSE ?? '{}');
else await main();
