// Issue 13, the fuzz suite for the transport: responses of every shape and timing (statuses, headers, bodies that
// arrive late, in pieces, stall or break, redirects anywhere, fetch failures of every kind), from the token
// endpoint and the API alike, through createHttpClient's call() and the raw openapi-fetch route. Properties:
// every failure is a LearnKitError or the caller's own abort reason (never a raw TypeError); the call ends within
// its deadline (fake time: exactly); no secret or token in any log line, error message, JSON or util.inspect.
// On a failure fast-check prints the seed and path; LEARNKIT_FUZZ_SEED and LEARNKIT_FUZZ_RUNS replay or widen it.
// Its own file: every secret generated here is registered with the redactor of this worker only.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import { recordingLogger } from '../../test-utils/src/logger';
import {
  clientCredentials,
  createHttpClient,
  createTokenCache,
  type FetchLike,
  LearnKitError,
} from '../src/index';

const RUNS = Number(process.env.LEARNKIT_FUZZ_RUNS ?? 120);
const SEED =
  process.env.LEARNKIT_FUZZ_SEED === undefined ? undefined : Number(process.env.LEARNKIT_FUZZ_SEED);
const settings = { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }) };

const BASE = 'https://api.example.com';
const TOKEN_URL = `${BASE}/auth/1.0/token`;
const OTHER = 'https://other.example';
const ITEMS_PATH = '/ims/case/v1p1/CFItems';
const encoder = new TextEncoder();

// Secrets and tokens as platforms issue them: long, from a set without quotes or backslashes (which JSON and inspect
// would escape, hiding a leak from a plain substring check).
const secretChars = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=!@#$%*'.split(''),
);
const secretArb = fc.string({ unit: secretChars, minLength: 16, maxLength: 48 });

/** When something happens: at once, after some ms, or never. */
type Timing = { at: 'now' } | { at: 'after'; ms: number } | { at: 'never' };
const timingArb: fc.Arbitrary<Timing> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ at: 'now' as const }) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 4000 }).map((ms) => ({ at: 'after' as const, ms })) },
  { weight: 1, arbitrary: fc.constant({ at: 'never' as const }) },
);

/** How a body arrives: its pieces, the gap between them, and how it ends. */
interface BodyPlan {
  text: string;
  pieces: number;
  gapMs: number;
  end: 'close' | 'stall' | 'cut' | 'fail';
}

/** What the fake server does with one request. */
type CannedResponse =
  | { kind: 'respond'; status: number; headers: [string, string][]; body: BodyPlan; after: Timing }
  | {
      kind: 'reject';
      error: 'refused' | 'reset' | 'dns' | 'abort' | 'string' | 'undefined' | 'plain';
      after: Timing;
    };

/** Text placeholders the server fills in with the live secret and token, echoing them back (a careless server). */
const ECHO_SECRET = '{{secret}}';
const ECHO_TOKEN = '{{token}}';
const ECHO_AUTH = '{{authorization}}';

const bodyTextArb = fc.oneof(
  fc.constant(''),
  fc.constant('{"CFItems":[]}'),
  fc.constant('{"CFItems":[{"sourcedId":"a"}]}'),
  fc.constant('<html><body>Please sign in</body></html>'),
  fc.constant('{"CFItems":['),
  fc.constant(`{"error":"invalid_client","error_description":"bad ${ECHO_SECRET}"}`),
  fc.constant(`{"imsx_codeMajor":"failure","imsx_description":"token ${ECHO_TOKEN} refused (${ECHO_AUTH})"}`),
  fc.constant(`{"error":"oops","message":"${ECHO_AUTH} / ${ECHO_SECRET}"}`),
  fc.constant(`access_token=${ECHO_TOKEN}&client_secret=${ECHO_SECRET}`),
  fc.string({ maxLength: 300 }),
  fc.json({ maxDepth: 4 }),
);

const bodyPlanArb: fc.Arbitrary<BodyPlan> = fc.record({
  text: bodyTextArb,
  pieces: fc.integer({ min: 1, max: 4 }),
  gapMs: fc.integer({ min: 0, max: 1500 }),
  end: fc.constantFrom<BodyPlan['end']>('close', 'close', 'close', 'stall', 'cut', 'fail'),
});

const retryAfterArb = fc.oneof(
  fc.constantFrom('0', '1', '2', '30', '120', '-5', '1 2', '1.5', 'soon', '', '99999999999999999999'),
  fc
    .date({ min: new Date('2025-01-01'), max: new Date('2027-01-01'), noInvalidDate: true })
    .map((d) => d.toUTCString()),
  fc.string({ maxLength: 20 }),
);

const locationArb = fc.oneof(
  fc.constantFrom(
    `${BASE}${ITEMS_PATH}`,
    ITEMS_PATH,
    '/auth/1.0/token',
    `${OTHER}/steal?access_token=${ECHO_TOKEN}`,
    `http://api.example.com${ITEMS_PATH}`,
    'javascript:alert(1)',
    'http://[::1',
    '//other.example/x',
    '',
  ),
  fc.webUrl(),
);

const headerArb: fc.Arbitrary<[string, string]> = fc.oneof(
  retryAfterArb.map((v): [string, string] => ['retry-after', v]),
  fc.constantFrom('0', '250', '-1', 'x', '1e9').map((v): [string, string] => ['retry-after-ms', v]),
  fc
    .constantFrom('application/json', 'text/html', 'application/problem+json', 'text/plain; charset=latin1')
    .map((v): [string, string] => ['content-type', v]),
  locationArb.map((v): [string, string] => ['location', v]),
  fc.constantFrom('req-1', ECHO_TOKEN, ECHO_SECRET).map((v): [string, string] => ['x-request-id', v]),
  fc
    .constantFrom(`Bearer realm="x", error="${ECHO_TOKEN}"`)
    .map((v): [string, string] => ['www-authenticate', v]),
  fc.constantFrom('0', '5', '99999').map((v): [string, string] => ['content-length', v]),
);

const statusArb = fc.oneof(
  fc.constantFrom(
    200,
    201,
    204,
    301,
    302,
    303,
    307,
    308,
    400,
    401,
    403,
    404,
    408,
    409,
    422,
    429,
    500,
    502,
    503,
    504,
  ),
  fc.integer({ min: 200, max: 599 }),
);

const responseArb: fc.Arbitrary<CannedResponse> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('respond' as const),
      status: statusArb,
      headers: fc.array(headerArb, { maxLength: 4 }),
      body: bodyPlanArb,
      after: timingArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reject' as const),
      error: fc.constantFrom<Extract<CannedResponse, { kind: 'reject' }>['error']>(
        'refused',
        'reset',
        'dns',
        'abort',
        'string',
        'undefined',
        'plain',
      ),
      after: timingArb,
    }),
  },
);

/** A token response: mostly a good one (so API responds to get exercised), else any response at all. */
const tokenResponseArb: fc.Arbitrary<CannedResponse | 'good'> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('good' as const) },
  { weight: 1, arbitrary: responseArb },
);

const scenarioArb = fc.record({
  clientSecret: secretArb,
  tokens: fc.tuple(secretArb, secretArb),
  style: fc.constantFrom<'basic' | 'form'>('basic', 'form'),
  tokenResponses: fc.array(tokenResponseArb, { minLength: 1, maxLength: 3 }),
  apiResponses: fc.array(responseArb, { minLength: 1, maxLength: 4 }),
  timeoutMs: fc.integer({ min: 50, max: 3000 }),
  deadlineMs: fc.integer({ min: 100, max: 8000 }),
  maxRetries: fc.integer({ min: 0, max: 3 }),
  abortAtMs: fc.option(fc.integer({ min: 0, max: 6000 }), { nil: undefined }),
  route: fc.constantFrom<'call' | 'raw'>('call', 'call', 'raw'),
  method: fc.constantFrom<'GET' | 'POST'>('GET', 'GET', 'POST'),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

/** The error undici (or a runtime) gives for each kind of failed fetch. */
function fetchError(kind: Extract<CannedResponse, { kind: 'reject' }>['error']): unknown {
  const withCode = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) });
  if (kind === 'refused') return withCode('ECONNREFUSED');
  if (kind === 'reset') return withCode('ECONNRESET');
  if (kind === 'dns') return withCode('ENOTFOUND');
  if (kind === 'abort') return new DOMException('This operation was aborted', 'AbortError');
  if (kind === 'string') return 'network down';
  if (kind === 'undefined') return undefined;
  return new Error('socket hang up');
}

/** Waits `timing` on the fake clock, or for ever; rejects with the signal's reason when it aborts, as fetch does. */
function wait(timing: Timing, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    if (timing.at === 'now') resolve();
    else if (timing.at === 'after') setTimeout(resolve, timing.ms);
  });
}

/** A body stream that follows `plan`: pieces with gaps, then a close, a stall, a cut (undici's error) or a failure. */
function bodyStream(
  text: string,
  plan: BodyPlan,
  signal: AbortSignal | null | undefined,
): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  const size = Math.ceil(bytes.byteLength / plan.pieces) || 1;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // As undici does, an aborted request errors a body still being read.
      signal?.addEventListener('abort', () => {
        try {
          controller.error(signal.reason);
        } catch {
          // Already closed.
        }
      });
    },
    async pull(controller) {
      if (offset < bytes.byteLength) {
        if (offset > 0 && plan.gapMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.gapMs));
        controller.enqueue(bytes.slice(offset, offset + size));
        offset += size;
        return;
      }
      if (plan.end === 'close') controller.close();
      else if (plan.end === 'cut')
        controller.error(
          new TypeError('terminated', {
            cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
          }),
        );
      else if (plan.end === 'fail') controller.error(new Error('decompression failed'));
      else await new Promise(() => {}); // stall: no more bytes, no end
    },
  });
}

/** The fake platform of one scenario: responds in order (the last one repeats), echoing what a careless server would. */
function fakePlatform(s: Scenario) {
  let tokenN = 0;
  let apiN = 0;
  const reachedOther: string[] = [];
  // Tokens this server issued: the ones the SDK knows, and may be asked to keep out of what it writes.
  const issued: string[] = [];
  const fill = (text: string, authorization: string) =>
    text
      .replaceAll(ECHO_SECRET, s.clientSecret)
      .replaceAll(ECHO_TOKEN, issued.at(-1) ?? 'no-token-issued-yet')
      .replaceAll(ECHO_AUTH, authorization);

  const fetch: FetchLike = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const authorization = headers.get('authorization') ?? '';
    if (!url.startsWith(BASE)) {
      reachedOther.push(url);
      throw new TypeError('the test reached another origin');
    }
    const isToken = url.startsWith(TOKEN_URL);
    let rawResponse: CannedResponse;
    if (isToken) {
      const planned = s.tokenResponses[Math.min(tokenN, s.tokenResponses.length - 1)] as
        | CannedResponse
        | 'good';
      const token = s.tokens[Math.min(tokenN, 1)] as string;
      tokenN++;
      if (planned === 'good') {
        issued.push(token);
        return Response.json({ access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      rawResponse = planned;
    } else {
      rawResponse = s.apiResponses[Math.min(apiN, s.apiResponses.length - 1)] as CannedResponse;
      apiN++;
    }
    await wait(rawResponse.after, signal);
    if (rawResponse.kind === 'reject') throw fetchError(rawResponse.error);
    const bodyless = rawResponse.status === 204 || rawResponse.status === 205 || rawResponse.status === 304;
    const text = fill(rawResponse.body.text, authorization);
    const responseHeaders = new Headers();
    for (const [name, value] of rawResponse.headers) {
      try {
        responseHeaders.append(name, fill(value, authorization));
      } catch {
        // A value Headers refuses is one a real server cannot send either.
      }
    }
    return new Response(bodyless ? null : bodyStream(text, rawResponse.body, signal), {
      status: rawResponse.status,
      headers: responseHeaders,
    });
  };
  return { fetch, reachedOther, issued };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('fuzz: the transport against responses of every shape and timing', () => {
  it('property: fails only with a LearnKitError or the abort reason, by the deadline, and shows no secret', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
        try {
          const { logger, lines } = recordingLogger();
          const server = fakePlatform(s);
          const auth = clientCredentials({
            tokenUrl: TOKEN_URL,
            clientId: 'client-abc',
            clientSecret: s.clientSecret,
            style: s.style,
            cache: createTokenCache(),
            fetch: server.fetch,
            logger,
            timeoutMs: s.timeoutMs,
            retry: { maxRetries: s.maxRetries, initialDelayMs: 100, maxDelayMs: 800 },
          });
          const client = createHttpClient<CasePaths>({
            baseUrl: BASE,
            auth,
            fetch: server.fetch,
            logger,
            timeoutMs: s.timeoutMs,
            deadlineMs: s.deadlineMs,
            retry: { maxRetries: s.maxRetries, initialDelayMs: 100, maxDelayMs: 800, maxRetryAfterMs: 5000 },
          });
          const controller = new AbortController();
          const reason = new Error('the caller gave up');
          if (s.abortAtMs !== undefined) setTimeout(() => controller.abort(reason), s.abortAtMs);
          // Without an abort planned, no signal: the transport's timer-race path runs instead of the AbortSignal one.
          const signal = s.abortAtMs === undefined ? undefined : controller.signal;
          const options = signal ? { signal } : {};
          const started = Date.now();
          const call =
            s.route === 'raw'
              ? client.GET(ITEMS_PATH, signal ? { signal } : {})
              : s.method === 'GET'
                ? client.call('GET', ITEMS_PATH, { options })
                : client.call('POST', '/ims/case/v1p1/CFItems/validate', { body: { ids: ['a'] }, options });
          let endedAt: number | undefined;
          let outcome: { ok: true } | { ok: false; error: unknown } | undefined;
          void call.then(
            () => {
              endedAt = Date.now();
              outcome = { ok: true };
            },
            (error: unknown) => {
              endedAt = Date.now();
              outcome = { ok: false, error };
            },
          );
          for (let i = 0; i < 400 && endedAt === undefined && Date.now() - started <= s.deadlineMs; i++) {
            await vi.advanceTimersByTimeAsync(25);
          }
          // Every wait of the call (token, headers, body, backoff) ends by its deadline, or the caller's abort.
          expect(endedAt, 'the call did not end by its deadline').toBeDefined();
          const limit = Math.min(s.deadlineMs, s.abortAtMs ?? Number.POSITIVE_INFINITY);
          expect((endedAt as number) - started).toBeLessThanOrEqual(limit);
          if (outcome && !outcome.ok) {
            const { error } = outcome;
            // openapi-fetch's own methods parse a success body themselves and keep its contract: a body that is not
            // JSON is its SyntaxError (docs/decisions.md#d-fuzz-suites). Everything else is typed.
            const rawParse = s.route === 'raw' && error instanceof SyntaxError;
            if (error !== reason && !rawParse) {
              expect(error, `a raw ${String((error as Error)?.name)} escaped`).toBeInstanceOf(LearnKitError);
            }
            const texts = [
              String((error as Error)?.message),
              JSON.stringify(error) ?? '',
              inspect(error, { depth: 6 }),
              String((error as { body?: unknown }).body ?? ''),
            ];
            for (const text of [...texts, ...lines]) {
              for (const secret of [s.clientSecret, encodeURIComponent(s.clientSecret), ...server.issued]) {
                expect(text).not.toContain(secret);
              }
            }
          } else {
            for (const line of lines) {
              for (const secret of [s.clientSecret, ...server.issued]) expect(line).not.toContain(secret);
            }
          }
          // Credentials never travel to another origin, whatever the redirects said.
          expect(server.reachedOther).toEqual([]);
        } finally {
          vi.useRealTimers();
        }
      }),
      settings,
    );
  }, 120_000);
});
