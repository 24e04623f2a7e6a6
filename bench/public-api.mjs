// The public API against plain fetch, on the PACKED packages (docs/decisions.md#d-pkg-bench-public-api).
//
// Run by bench/packed.ts with plain Node from inside the scratch project (scripts/packages/scratch.ts), so
// `@learnkit/*` are the installed tarballs' dist files, as in a user's project. Prints one JSON line:
// { rows: [{ operation, requests, fetchMs, learnkitMs, ratio, rounds }] }.
//
// The server is a loopback node:http server in this process responding with bytes recorded once from the packed
// mock platform (real, contract-valid payloads), so its own cost is tiny and the same for both clients. For each
// operation the two clients run interleaved, in alternating batches, so drift (JIT, GC, CPU frequency) hits both
// alike; the latencies are the medians of each, the ratio the median of the rounds' ratios.
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { sessionEvent } from '@learnkit/activity/caliper';
import { createMockPlatform } from '@learnkit/mock';
import { LearnKit } from '@learnkit/sdk';
import { subscribePartner } from './partner.mjs';

const REQUESTS = Number(process.env.LEARNKIT_BENCH_REQUESTS ?? 4000);
const BATCH = 50;
const TOKEN = 'bench-access-token-0123456789abcdef';

/** Records the mock's responses to the operations, then stops it. */
async function recordResponses() {
  const platform = createMockPlatform();
  const api = await platform.listen();
  const { partner } = platform.clients;
  const { lk, subscription: sub } = await subscribePartner({ LearnKit, platform, baseUrl: api.url });
  const appId = platform.fixtures.application.applicationId;
  const documentId = platform.fixtures.case.documentId;
  const studentId = platform.fixtures.roster.student.sourcedId;
  // A Caliper session to read back: the events family's one read.
  const sensor = 'https://app.example.com';
  const sessionId = `${sensor}/sessions/bench`;
  const actor = `${api.url}/rostering/1.0/users/${studentId}`;
  await lk.caliper.send(sessionEvent({ action: 'LoggedIn', actor, object: sensor, session: sessionId }), {
    sensor,
  });
  const token = platform.accessToken(partner);
  const record = async (path, post) => {
    const response = await fetch(`${api.url}${path}`, {
      headers: { authorization: `Bearer ${token}`, ...(post && { 'content-type': 'application/json' }) },
      ...(post && { method: 'POST', body: JSON.stringify(post) }),
    });
    if (!response.ok) throw new Error(`recording ${path}: ${response.status}`);
    const headers = { 'content-type': 'application/json' };
    const total = response.headers.get('x-total-count');
    if (total) headers['x-total-count'] = total;
    return { headers, body: Buffer.from(await response.arrayBuffer()) };
  };
  const paths = {
    document: `/ims/case/v1p1/CFDocuments/${documentId}`,
    items: '/ims/case/v1p1/CFItems?limit=100',
    subscription: `/webhooks/1.0/${appId}/subscriptions/${sub.id}`,
    user: `/rostering/1.0/users/${studentId}`,
    onerosterUser: `/ims/oneroster/rostering/v1p2/users/${studentId}`,
    application: `/applications/1.0/applications/${appId}`,
    session: `/events/1.0/sessions/${encodeURIComponent(sessionId)}/events`,
    insightTypes: '/insights/1.0/types',
    grade: `/beyond/1.0/educator/students/grades?studentId=${studentId}&subject=Math`,
  };
  const posts = { discountCode: ['/apps/v1/discount-codes/validate', { code: 'WELCOME10' }] };
  const rawResponses = new Map();
  for (const path of Object.values(paths)) rawResponses.set(path.split('?')[0], await record(path));
  for (const [path, body] of Object.values(posts)) rawResponses.set(path, await record(path, body));
  platform.close();
  await api.close();
  return { rawResponses, documentId, appId, subscriptionId: sub.id, studentId, sessionId, paths, posts };
}

function serve(rawResponses) {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    // Request bodies (the token form, a discount code) are read and dropped: the responses are recorded.
    req.resume();
    if (req.method === 'POST' && path === '/auth/1.0/token') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    const rawResponse = rawResponses.get(path);
    if (!rawResponse || req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(rawResponse ? 401 : 404, { 'content-type': 'application/json' });
      res.end('{"error":"not_found","message":"bench server"}');
      return;
    }
    res.writeHead(200, { ...rawResponse.headers, 'content-length': rawResponse.body.length });
    res.end(rawResponse.body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function time(run, samples) {
  const started = performance.now();
  await run();
  samples.push(performance.now() - started);
}

const { rawResponses, documentId, appId, subscriptionId, studentId, sessionId, paths, posts } =
  await recordResponses();
const server = await serve(rawResponses);
const base = `http://127.0.0.1:${server.address().port}`;
const lk = new LearnKit({
  baseUrl: base,
  clientId: 'bench-client',
  clientSecret: 'bench-secret-0123456789',
  env: {},
  logger: false,
});
const plain = (path) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.json());
const plainPost = ([path, body]) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());

const operations = [
  {
    operation: 'lk.case.documents.get(id)',
    learnkit: () => lk.case.documents.get(documentId),
    fetch: () => plain(paths.document),
  },
  {
    operation: 'lk.case.items.list({ limit: 100 }), first page',
    learnkit: () => lk.case.items.list({ limit: 100 }),
    fetch: () => plain(paths.items),
  },
  {
    operation: 'lk.webhooks.subscriptions.get(appId, id)',
    learnkit: () => lk.webhooks.subscriptions.get(appId, subscriptionId),
    fetch: () => plain(paths.subscription),
  },
  // One call of each family of @learnkit/platform (docs/decisions.md#d-platform-bench-call).
  {
    operation: 'lk.rostering.users.get(id)',
    learnkit: () => lk.rostering.users.get(studentId),
    fetch: () => plain(paths.user),
  },
  {
    operation: 'lk.applications.applications.get(id)',
    learnkit: () => lk.applications.applications.get(appId),
    fetch: () => plain(paths.application),
  },
  {
    operation: 'lk.events.sessions.get(sessionId)',
    learnkit: () => lk.events.sessions.get(sessionId),
    fetch: () => plain(paths.session),
  },
  {
    operation: 'lk.insights.types.list(), whole list',
    learnkit: () => lk.insights.types.list(),
    fetch: () => plain(paths.insightTypes),
  },
  {
    operation: "lk.beyond.grades.get({ studentId, subject: 'Math' })",
    learnkit: () => lk.beyond.grades.get({ studentId, subject: 'Math' }),
    fetch: () => plain(paths.grade),
  },
  {
    operation: "lk.discountCodes.validateForApp('WELCOME10')",
    learnkit: () => lk.discountCodes.validateForApp('WELCOME10'),
    fetch: () => plainPost(posts.discountCode),
  },
  {
    operation: 'lk.oneroster.users.get(id)',
    learnkit: () => lk.oneroster.users.get(studentId),
    fetch: () => plain(paths.onerosterUser),
  },
];

const rows = [];
for (const { operation, learnkit, fetch: viaFetch } of operations) {
  // Warm-up: the token, the connection, compiled code.
  for (let i = 0; i < 200; i++) {
    await learnkit();
    await viaFetch();
  }
  const samples = { fetch: [], learnkit: [] };
  // Each round times a batch of each, back to back (order alternating); the ratio is the median of the rounds'
  // ratios, so a slow spell of the machine (GC, the other core's work) weighs on one round, not on one side
  // (docs/decisions.md#d-bench-paired-ratio).
  const ratios = [];
  for (let round = 0; round * BATCH < REQUESTS; round++) {
    const order = round % 2 === 0 ? ['fetch', 'learnkit'] : ['learnkit', 'fetch'];
    const batch = { fetch: [], learnkit: [] };
    for (const variant of order) {
      const run = variant === 'fetch' ? viaFetch : learnkit;
      for (let i = 0; i < BATCH; i++) await time(run, batch[variant]);
    }
    ratios.push(median(batch.learnkit) / median(batch.fetch));
    samples.fetch.push(...batch.fetch);
    samples.learnkit.push(...batch.learnkit);
  }
  rows.push({
    operation,
    requests: samples.learnkit.length,
    fetchMs: median(samples.fetch),
    learnkitMs: median(samples.learnkit),
    ratio: median(ratios),
    rounds: ratios.length,
  });
}
server.close();
console.log(JSON.stringify({ rows }));
