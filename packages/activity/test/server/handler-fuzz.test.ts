// Property-based fuzzing of the browser-facing handler: hostile payloads from a signed-in browser (mutated batches,
// implausible windows, junk, huge and deep bodies, other methods). Properties: never 5xx nor a thrown error with a
// healthy platform; a refused body sends nothing; every window the platform stored fits its own span (finding 17
// of issue 13); no credential in a response. The run is bounded by its count of runs.
import fc from 'fast-check';
import { expect, onTestFailed, test } from 'vitest';
import { MAX_BATCH_BYTES } from '../../src/protocol';
import { WINDOW_SLACK_MS } from '../../src/server/time-window';
import { completionMessage, post, useMock, windowMessage } from './harness';

const RUNS = 150;
const CALIPER = '/caliper/v1p2';

// One mock platform for the whole property: each run adds at most one body's events to it.
const ctx = useMock('msw');

/** fast-check parameters: a fixed count of runs; `FUZZ_SEED` replays one, printed if the test fails at all. */
function fuzzParameters<T>(numRuns: number): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Math.random() * 2 ** 31) | 0;
  onTestFailed(() => console.error(`fuzz seed ${seed}: replay with FUZZ_SEED=${seed}`));
  return { numRuns, seed, ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) };
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'toJSON'];
const START = Date.UTC(2026, 0, 5, 10, 0, 0);

/** A number as the browser might send it: plausible, huge, fractional, negative, or Infinity (1e400 in JSON). */
const anyMs = fc.oneof(
  fc.nat(120_000),
  fc.constantFrom(-1, -0, 0.5, 1e15, Number.MAX_SAFE_INTEGER, 1e308),
  fc.double({ noNaN: true }),
);

/** A time window: span and durations drawn apart, so many claim more than their span. */
const window = fc
  .record({
    start: fc.integer({ min: -1e7, max: 1e7 }),
    span: fc.integer({ min: -5000, max: 120_000 }),
    activeMs: anyMs,
    inactiveMs: anyMs,
  })
  .map(({ start, span, activeMs, inactiveMs }) => ({
    activeMs,
    inactiveMs,
    startedAt: new Date(START + start).toISOString(),
    endedAt: new Date(START + start + span).toISOString(),
  }));

/** A member value a hostile browser might put anywhere. */
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** One event: a window or a completion as the tracker makes them, a member replaced or added, or junk. */
const event = fc.oneof(
  { weight: 4, arbitrary: window.map((w) => windowMessage(0, { window: w })) },
  {
    weight: 1,
    arbitrary: fc
      .record({ xpEarned: anyMs, masteredUnits: fc.oneof(fc.nat(5), anyMs) })
      .map((metrics) => completionMessage(metrics)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        window,
        fc.oneof(
          fc.constantFrom(...PROTOTYPE_NAMES, 'kind', 'id', 'runId', 'activity', 'window'),
          fc.string(),
        ),
        junk,
      )
      .map(([w, key, value]) => {
        const message: Record<string, unknown> = { ...windowMessage(0, { window: w }) };
        Object.defineProperty(message, key, { value, enumerable: true, configurable: true, writable: true });
        return message;
      }),
  },
  { weight: 1, arbitrary: junk },
);

/** A body: a batch of events, a batch in a hostile envelope, raw text (Infinity, deep, huge), or JSON junk. */
const body = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(event, { minLength: 1, maxLength: 6 })
      .map((events) => JSON.stringify({ v: 1, events })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.oneof(fc.constant(1), junk), fc.oneof(fc.array(event, { maxLength: 3 }), junk))
      .map(([v, events]) => JSON.stringify({ v, events })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('1e400', '-1e400', '-1', '1e999')
      .map((number) =>
        JSON.stringify({ v: 1, events: [windowMessage(1000)] }).replace(
          '"activeMs":1000',
          `"activeMs":${number}`,
        ),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 10, max: 5000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: MAX_BATCH_BYTES - 50, max: MAX_BATCH_BYTES + 50 })
      .map((n) => `"${'z'.repeat(n)}"`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
);

const request = fc.record({
  method: fc.oneof(
    { weight: 9, arbitrary: fc.constant('POST') },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE') },
  ),
  contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
  body,
});

test('hostile browser payloads: never 5xx, refused bodies send nothing, stored windows fit their span, no secret shown', {
  timeout: 300_000,
}, async () => {
  await fc.assert(
    fc.asyncProperty(request, async ({ method, contentType, body }) => {
      const server = ctx.server();
      const sentBefore = ctx.requests('POST', CALIPER).length;
      const storedBefore = ctx.stored().length;
      const init: RequestInit = { method, headers: { cookie: 'session=ada', 'content-type': contentType } };
      if (method !== 'GET') init.body = body;
      const response = await server.handler(
        method === 'POST'
          ? post([], { ...init, body })
          : new Request('https://app.example.com/api/activity', init),
      );
      const text = await response.text();
      const where = `${method} ${body.slice(0, 400)} -> ${response.status} ${text.slice(0, 300)}`;
      expect([202, 400, 401, 405, 413], where).toContain(response.status);
      if (response.status !== 202) {
        expect(ctx.requests('POST', CALIPER).length, where).toBe(sentBefore);
        expect(ctx.stored().length, where).toBe(storedBefore);
      }
      for (const stored of ctx.stored().slice(storedBefore)) {
        if (stored.type !== 'TimeSpentEvent') continue;
        const items = (stored.generated as { items: { value: number; startDate: string; endDate: string }[] })
          .items;
        const claimedMs = items.reduce((sum, item) => sum + item.value * 1000, 0);
        const spanMs = Date.parse(items[0]!.endDate) - Date.parse(items[0]!.startDate);
        expect(claimedMs, where).toBeLessThanOrEqual(spanMs + WINDOW_SLACK_MS + 1);
      }
      const { partner } = ctx.platform.clients;
      for (const secret of [partner.clientSecret, ...ctx.platform.state.tokens.map((t) => t.token)])
        expect(text.includes(secret), where).toBe(false);
    }),
    fuzzParameters(RUNS),
  );
});
