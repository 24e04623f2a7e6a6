// Issue 13, the transport fuzz suite on real sockets: a loopback node:http server responds to each request as a plan
// says (a status and headers, then a body in pieces with gaps, which closes, stalls, or is cut by destroying the
// socket; or no response at all; or a redirect to another origin), so undici's own errors and timings are met.
// Properties: every failure is a LearnKitError (never undici's raw TypeError), every call ends within a bounded
// real-time budget past its deadline (a hang would never end; this is no measure of speed), no credential reaches
// another origin, and no secret or token is in a log line, an error message, its JSON or util.inspect.
// On a failure fast-check prints the seed and path; LEARNKIT_FUZZ_SEED replays it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import { recordingLogger } from '../../test-utils/src/logger';
import { clientCredentials, createHttpClient, createTokenCache, LearnKitError } from '../src/index';

const RUNS = Number(process.env.LEARNKIT_FUZZ_LOOPBACK_RUNS ?? 20);
const SEED =
  process.env.LEARNKIT_FUZZ_SEED === undefined ? undefined : Number(process.env.LEARNKIT_FUZZ_SEED);
const settings = { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }) };
// Slack past the deadline for a loaded machine: a call still running after it would be hanging, not slow.
const BUDGET_SLACK_MS = 5000;
const ITEMS_PATH = '/ims/case/v1p1/CFItems';
const SECRET = 'loopback-client-secret-0123456789';
const TOKEN = 'loopback-issued-token-9876543210';

/** How the server returns one API request. */
interface Plan {
  status: number;
  headers: [string, string][];
  pieces: string[];
  gapMs: number;
  end: 'close' | 'stall' | 'destroy' | 'no-response';
}

const planArb: fc.Arbitrary<Plan> = fc.record({
  status: fc.constantFrom(200, 204, 302, 307, 400, 401, 404, 429, 500, 502, 503),
  headers: fc.array(
    fc.oneof(
      fc.constantFrom<[string, string]>(
        ['content-type', 'application/json'],
        ['content-type', 'text/html'],
        ['retry-after', '0'],
        ['retry-after', '-5'],
        ['retry-after', '1 2'],
        ['x-request-id', TOKEN],
        ['location', `${ITEMS_PATH}?moved=1`],
        ['location', 'http://localhost:{port}/ims/case/v1p1/CFItems'],
        ['location', 'http://127.0.0.1:1/elsewhere'],
      ),
    ),
    { maxLength: 3 },
  ),
  pieces: fc.array(
    fc.constantFrom('{"CFItems":[', ']}', `{"error":"x","message":"${SECRET} ${TOKEN}"}`, '<html>', 'é', ''),
    { maxLength: 3 },
  ),
  gapMs: fc.integer({ min: 0, max: 120 }),
  end: fc.constantFrom<Plan['end']>('close', 'close', 'stall', 'destroy', 'no-response'),
});

let server: Server;
let port = 0;
let plans: Plan[] = [];
let served = 0;
const hostsSeen: string[] = [];

async function rawResponse(req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume();
  hostsSeen.push(req.headers.host ?? '');
  if (req.url === '/auth/1.0/token') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
    return;
  }
  const plan = plans[Math.min(served++, plans.length - 1)] as Plan;
  if (plan.end === 'no-response') return;
  const headers: Record<string, string> = {};
  for (const [name, value] of plan.headers) headers[name] = value.replace('{port}', String(port));
  const bodiless = plan.status === 204;
  res.writeHead(plan.status, headers);
  if (bodiless) {
    res.end();
    return;
  }
  for (const piece of plan.pieces) {
    res.write(piece);
    await new Promise((resolve) => setTimeout(resolve, plan.gapMs));
    if (res.destroyed) return;
  }
  if (plan.end === 'close') res.end();
  else if (plan.end === 'destroy') res.socket?.destroy();
  // 'stall': the socket stays open with the body unfinished, until the client leaves or the test ends.
}

beforeAll(async () => {
  server = createServer((req, res) => void rawResponse(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fuzz: the transport on real sockets', () => {
  it('property: typed failures only, an end within the budget past the deadline, no secret shown', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(planArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 100, max: 300 }),
        fc.integer({ min: 150, max: 600 }),
        fc.boolean(),
        async (runPlans, timeoutMs, deadlineMs, withSignal) => {
          plans = runPlans;
          served = 0;
          hostsSeen.length = 0;
          const { logger, lines } = recordingLogger();
          const base = `http://127.0.0.1:${port}`;
          const client = createHttpClient<CasePaths>({
            baseUrl: base,
            logger,
            timeoutMs,
            deadlineMs,
            retry: { maxRetries: 2, initialDelayMs: 10, maxDelayMs: 40, maxRetryAfterMs: 100 },
            auth: clientCredentials({
              tokenUrl: `${base}/auth/1.0/token`,
              clientId: 'loopback-client',
              clientSecret: SECRET,
              style: 'basic',
              cache: createTokenCache(),
            }),
          });
          const started = performance.now();
          const options = withSignal ? { signal: new AbortController().signal } : {};
          const error = await client.call('GET', ITEMS_PATH, { options }).then(
            () => undefined,
            (e: unknown) => e,
          );
          const took = performance.now() - started;
          server.closeAllConnections();
          expect(took, 'the call ran far past its deadline').toBeLessThan(deadlineMs + BUDGET_SLACK_MS);
          expect(hostsSeen.filter((host) => !host.startsWith('127.0.0.1'))).toEqual([]);
          if (error !== undefined) {
            expect(error, `a raw ${String((error as Error)?.name)} escaped`).toBeInstanceOf(LearnKitError);
            const texts = [(error as Error).message, JSON.stringify(error), inspect(error, { depth: 6 })];
            for (const text of [...texts, ...lines]) {
              expect(text).not.toContain(SECRET);
              expect(text).not.toContain(TOKEN);
            }
          }
        },
      ),
      settings,
    );
  }, 120_000);
});
