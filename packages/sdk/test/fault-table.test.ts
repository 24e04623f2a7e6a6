// docs/decisions.md#d-fault-table, how LearnKit behaves under faults and bad input: one test per row, each through `new LearnKit` against
// the mock platform (MSW), with every request the SDK sends checked against openapi/. Responses are checked too,
// except those a test injects on purpose (a 503 or an HTML page is off-contract by design).
import { createActivityTracker } from '@learnkit/activity';
import { formatResult } from '@learnkit/contract';
import type { MockPlatform } from '@learnkit/mock';
import { contract } from '@learnkit/test-utils';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  InternalServerError,
  type LearnKit,
  type LearnKitOptions,
  RateLimitError,
  RedirectError,
  TimeoutError,
  ValidationError,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index';
import { TEST_CONFIG, useSdkMock } from './harness';

const HOOK_URL = 'https://hooks.partner.example/fault-table';
const DOCUMENTS = '/ims/case/v1p1/CFDocuments';
// Deliveries to the consumer are no platform operation: realDelivery() checks them as deliveries.
const ctx = useSdkMock('msw', {}, /\/fault-table\b/);
const server = ctx.server as SetupServer;
let platform: MockPlatform;

beforeEach(() => {
  platform = ctx.platform;
});
afterEach(() => {
  vi.useRealTimers();
});

/** A LearnKit for the partner client: its own token cache, quick backoff, no environment. */
const learnKit = (extra: Partial<LearnKitOptions> = {}): LearnKit => ctx.lk(extra);

/** Requests the platform responded on `path` (method optional), faults included. */
const responded = (path: string, method?: string) =>
  platform.state.requests.filter((r) => r.path === path && (!method || r.method === method));
const tokenRequests = () => responded('/auth/1.0/token');
const inject = (spec: Parameters<MockPlatform['faults']['inject']>[0]) => {
  // An injected fault returns off-contract by design (a 503, an HTML page); requests are still checked.
  ctx.allowBadResponses();
  return platform.faults.inject(spec);
};
const app = () => platform.fixtures.application.applicationId;
/**
 * Waits, in real turns of the event loop, until `condition` holds: unlike vi.waitFor, it does not move fake time
 * (which would let a fake timer under test fire early).
 */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}

/**
 * Runs fake time (setTimeout and Date faked) in 10 ms steps, with real turns of the event loop between them for
 * the mock's work, until `call` ends; gives how much fake time that took and what it ended with. `started` says
 * when the call reached the mock (its clock starts before that).
 */
async function endOf(
  call: Promise<unknown>,
  started: () => boolean,
): Promise<{ ms: number; error: unknown }> {
  const from = Date.now();
  let endedAt: number | undefined;
  const outcome = call.then(
    () => 'resolved' as unknown,
    (error: unknown) => error,
  );
  void outcome.then(() => {
    endedAt = Date.now();
  });
  await until(started);
  for (let step = 0; step < 1_000 && endedAt === undefined; step++) {
    await vi.advanceTimersByTimeAsync(10);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { ms: (endedAt ?? Number.NaN) - from, error: await outcome };
}

describe('faults and bad input (docs/decisions.md#d-fault-table), against the mock', () => {
  it('1,000 concurrent calls, no token yet: exactly one token request', async () => {
    const lk = learnKit();
    const calls = Array.from({ length: 1000 }, (_, i) =>
      i % 2 ? lk.case.documents.list({ limit: 1 }) : lk.webhooks.subscriptions.list(app()),
    );
    await Promise.all(calls);
    expect(tokenRequests()).toHaveLength(1);
  });

  it('token revoked mid-flight: each affected call refreshes once (coalesced) and succeeds', async () => {
    const lk = learnKit();
    await lk.case.documents.list({ limit: 1 });
    // 50 calls reach the platform, and are held there while their token is revoked.
    inject({ method: 'GET', path: DOCUMENTS, delayMs: 100, times: 50 });
    const calls = Array.from({ length: 50 }, () => lk.case.documents.list({ limit: 1 }));
    await vi.waitFor(() => expect(responded(DOCUMENTS).length).toBeGreaterThanOrEqual(1), { interval: 5 });
    expect(platform.faults.revokeTokens()).toBeGreaterThan(0);
    const pages = await Promise.all(calls);
    expect(pages.every((page) => page.data.length === 1)).toBe(true);
    expect(tokenRequests()).toHaveLength(2);
    expect(responded(DOCUMENTS).filter((r) => r.status === 401)).toHaveLength(50);
  });

  it('401 twice in a row: AuthenticationError, no third attempt', async () => {
    const lk = learnKit();
    inject({ method: 'GET', path: DOCUMENTS, status: 401, times: 2 });
    await expect(lk.case.documents.list()).rejects.toBeInstanceOf(AuthenticationError);
    expect(responded(DOCUMENTS)).toHaveLength(2);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('429 with Retry-After: 2 waits about 2 s, then succeeds', async () => {
    const lk = learnKit();
    await lk.case.documents.list({ limit: 1 }); // the token, before time stands still
    inject({ method: 'GET', path: DOCUMENTS, status: 429, retryAfter: 2 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // `then` uses the list, which sends it (pages load lazily, docs/decisions.md#d-lazy-pages).
    const call = lk.case.documents.list({ limit: 1 }).then((page) => page);
    await vi.waitFor(() => expect(responded(DOCUMENTS)).toHaveLength(2), { interval: 1 });
    await vi.advanceTimersByTimeAsync(1_900);
    expect(responded(DOCUMENTS)).toHaveLength(2); // still waiting
    await vi.advanceTimersByTimeAsync(200);
    await expect(call).resolves.toMatchObject({ data: [expect.any(Object)] });
    expect(responded(DOCUMENTS).map((r) => r.status)).toEqual([200, 429, 200]);
  });

  it('429 with Retry-After over the cap: RateLimitError at once, carrying retryAfterMs', async () => {
    const lk = learnKit({ retry: { maxRetryAfterMs: 1_000 } });
    inject({ method: 'GET', path: DOCUMENTS, status: 429, retryAfter: 2 });
    const error = await lk.case.documents.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(2_000);
    expect(responded(DOCUMENTS)).toHaveLength(1);
  });

  it('503 twice then 200: succeeds after two backoffs', async () => {
    const lk = learnKit();
    inject({ method: 'GET', path: DOCUMENTS, status: 503, times: 2 });
    await expect(lk.case.documents.list({ limit: 1 })).resolves.toMatchObject({ data: [expect.any(Object)] });
    expect(responded(DOCUMENTS).map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('subscription create gets a 500: not retried, InternalServerError', async () => {
    const lk = learnKit();
    const path = `/webhooks/1.0/${app()}/subscriptions`;
    inject({ method: 'POST', path, status: 500 });
    await expect(
      lk.webhooks.subscriptions.create(app(), { url: HOOK_URL, eventTypes: ['test.ping'] }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(responded(path, 'POST')).toHaveLength(1);
    expect(platform.state.subscriptions.size).toBe(0);
  });

  it('server hangs: TimeoutError after the configured time', async () => {
    const lk = learnKit({ timeoutMs: 150, retry: false });
    await lk.case.documents.list({ limit: 1 });
    inject({ method: 'GET', path: DOCUMENTS, hang: true });
    const started = performance.now();
    await expect(lk.case.documents.list({ limit: 1 })).rejects.toBeInstanceOf(TimeoutError);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(2_000);
  });

  describe("headers arrive, then the body stalls: TimeoutError within the per-attempt timeout; the deadline and the caller's signal hold too", () => {
    /** A LearnKit with its token already fetched, and every GET of the documents stalling after its headers. */
    async function stalling(extra: Partial<LearnKitOptions>) {
      const lk = learnKit(extra);
      await lk.case.documents.list({ limit: 1 }); // the token, before time stands still
      inject({ method: 'GET', path: DOCUMENTS, stallBody: true, times: Infinity });
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      return lk;
    }

    it('the per-attempt timeout', async () => {
      const lk = await stalling({ timeoutMs: 1_000, retry: false });
      const { ms, error } = await endOf(
        lk.case.documents.list({ limit: 1 }),
        () => responded(DOCUMENTS).length >= 2,
      );
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).kind).toBe('attempt');
      expect(ms).toBe(1_000);
    });

    it('the deadline, retries included', async () => {
      const lk = await stalling({ timeoutMs: 1_000, deadlineMs: 1_500 });
      const { ms, error } = await endOf(
        lk.case.documents.list({ limit: 1 }),
        () => responded(DOCUMENTS).length >= 2,
      );
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).kind).toBe('deadline');
      expect(ms).toBe(1_500);
      // Attempt 1 stalled for its whole 1 s; a backoff; attempt 2 cut to what the deadline left.
      expect(responded(DOCUMENTS, 'GET')).toHaveLength(3);
    });

    it("the caller's signal", async () => {
      const lk = await stalling({ timeoutMs: 60_000 });
      const controller = new AbortController();
      const reason = new Error('the user left');
      setTimeout(() => controller.abort(reason), 700);
      const { ms, error } = await endOf(
        lk.case.documents.list({ limit: 1 }, { signal: controller.signal }),
        () => responded(DOCUMENTS).length >= 2,
      );
      expect(error).toBe(reason);
      expect(ms).toBe(700);
    });
  });

  it("token endpoint hangs: the call's deadlineMs still holds", async () => {
    const lk = learnKit({ deadlineMs: 2_000 });
    inject({ method: 'POST', path: '/auth/1.0/token', hang: true, times: Infinity });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { ms, error } = await endOf(
      lk.case.documents.list({ limit: 1 }),
      () => tokenRequests().length === 1,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).kind).toBe('deadline');
    expect(ms).toBe(2_000);
    expect(responded(DOCUMENTS)).toHaveLength(0);
  });

  describe('a redirect to another origin: no secret or token reaches it; an error naming both origins', () => {
    const OTHER = 'https://collector.other.example';
    /** Everything that reaches the other origin. */
    function otherOrigin() {
      const reached: { url: string; authorization: string | null; body: string }[] = [];
      server.use(
        http.all(`${OTHER}/*`, async ({ request }) => {
          reached.push({
            url: request.url,
            authorization: request.headers.get('authorization'),
            body: await request.text(),
          });
          return HttpResponse.json({
            access_token: 'from-the-other-origin',
            expires_in: 3600,
            CFDocuments: [],
          });
        }),
      );
      return reached;
    }

    it('from the token endpoint (307, the secret would be sent again)', async () => {
      const reached = otherOrigin();
      const lk = learnKit();
      inject({ method: 'POST', path: '/auth/1.0/token', redirectTo: `${OTHER}/auth/1.0/token`, status: 307 });
      const error = await lk.case.documents.list({ limit: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as RedirectError).from).toBe(new URL(platform.baseUrl).origin);
      expect((error as RedirectError).to).toBe(OTHER);
      expect((error as Error).message).toContain(new URL(platform.baseUrl).origin);
      expect((error as Error).message).toContain(OTHER);
      expect((error as Error).message).not.toContain(platform.clients.partner.clientSecret);
      expect(reached).toEqual([]);
    });

    it('from an API call (302, the bearer token would be sent again)', async () => {
      const reached = otherOrigin();
      const lk = learnKit();
      await lk.case.documents.list({ limit: 1 });
      inject({ method: 'GET', path: DOCUMENTS, redirectTo: `${OTHER}${DOCUMENTS}`, status: 302 });
      const error = await lk.case.documents.list({ limit: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as Error).message).toContain(`from ${new URL(platform.baseUrl).origin} to ${OTHER}`);
      expect(reached).toEqual([]);
      expect(responded(DOCUMENTS, 'GET').map((r) => r.status)).toEqual([200, 302]);
    });
  });

  it('response body is not JSON: a clear error naming what came back', async () => {
    const lk = learnKit({ retry: false });
    inject({ method: 'GET', path: DOCUMENTS, nonJson: true, status: 502 });
    const error = await lk.case.documents.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toMatch(/html/i);
  });

  it('a field has a new enum value: it passes through', async () => {
    const lk = learnKit();
    const created = await lk.webhooks.subscriptions.create(app(), {
      url: HOOK_URL,
      eventTypes: ['test.ping'],
    });
    const path = `/webhooks/1.0/${app()}/subscriptions/${created.id}`;
    const { signingSecret: _secret, ...shown } = created;
    inject({ method: 'GET', path, status: 200, body: { ...shown, status: 'archived' } });
    const got = await lk.webhooks.subscriptions.get(app(), created.id);
    expect(got.status).toBe('archived');
  });

  describe('bad input: ValidationError naming the field, nothing sent', () => {
    const cases: [string, (lk: LearnKit) => Promise<unknown>, RegExp][] = [
      ['limit 0', (lk) => lk.case.items.list({ limit: 0 }), /limit/],
      ['limit 3001', (lk) => lk.case.items.list({ limit: 3001 }), /limit/],
      [
        'an http:// url',
        (lk) =>
          lk.webhooks.subscriptions.create(app(), {
            url: 'http://hooks.partner.example/x',
            eventTypes: ['test.ping'],
          }),
        /url/,
      ],
      [
        'an IPv4 url',
        (lk) =>
          lk.webhooks.subscriptions.create(app(), {
            url: 'https://203.0.113.7/x',
            eventTypes: ['test.ping'],
          }),
        /url/,
      ],
      [
        'an IPv6 url',
        (lk) =>
          lk.webhooks.subscriptions.create(app(), {
            url: 'https://[2001:db8::1]/x',
            eventTypes: ['test.ping'],
          }),
        /url/,
      ],
      [
        'an unknown event type',
        (lk) =>
          lk.webhooks.subscriptions.create(app(), {
            url: HOOK_URL,
            eventTypes: ['user.exploded' as 'test.ping'],
          }),
        /eventTypes/,
      ],
      [
        'the disabled status',
        (lk) =>
          lk.webhooks.subscriptions.update(app(), '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', {
            status: 'disabled' as 'paused',
          }),
        /status/,
      ],
      [
        'a package missing its items',
        (lk) => {
          const pkg = platform.fixtures.case;
          return lk.case.packages.upload({
            CFDocument: {
              identifier: pkg.documentId,
              uri: `https://example.com/${pkg.documentId}`,
              lastChangeDateTime: '2026-01-01T00:00:00Z',
              title: 'A framework',
              creator: 'A publisher',
            },
            CFAssociations: [],
          } as unknown as Parameters<LearnKit['case']['packages']['upload']>[0]);
        },
        /CFItems/,
      ],
    ];
    it.each(cases)('%s', async (_name, call, field) => {
      const lk = learnKit();
      const before = platform.state.requests.length;
      const error = await call(lk).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toMatch(field);
      expect(platform.state.requests.length).toBe(before);
    });
  });

  describe('a delivery from the platform: verified, and each kind of tampering refused with its reason', () => {
    async function realDelivery() {
      const lk = learnKit();
      const created = await lk.webhooks.subscriptions.create(app(), {
        url: HOOK_URL,
        eventTypes: ['test.ping'],
      });
      const received: { headers: Headers; body: string }[] = [];
      server.use(
        http.post(HOOK_URL, async ({ request }) => {
          received.push({ headers: new Headers(request.headers), body: await request.text() });
          return new HttpResponse(null, { status: 204 });
        }),
      );
      platform.emit('test.ping', { message: 'fault table' });
      await platform.clock.advance(5 * 60_000);
      expect(received).toHaveLength(1);
      const secret = created.signingSecret.reveal();
      const { headers, body } = received[0]!;
      const delivery = contract.checkWebhookDelivery({ headers, body });
      expect(delivery.ok, formatResult(delivery)).toBe(true);
      const now = Number(headers.get('x-service-webhook-timestamp')) * 1000;
      return { secret, headers, body, now };
    }
    const reasonOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'verified',
        (e: unknown) => (e instanceof WebhookVerificationError ? e.reason : String(e)),
      );

    it('verifies the untouched delivery', async () => {
      const { secret, headers, body, now } = await realDelivery();
      await expect(verifyWebhook({ body, headers, secret, now: () => now })).resolves.toMatchObject({
        type: 'test.ping',
        data: { message: 'fault table' },
      });
    });

    it('refuses a tampered body, a wrong secret, stale and future timestamps and bad headers', async () => {
      const { secret, headers, body, now } = await realDelivery();
      const withHeader = (name: string, value: string | null) => {
        const copy = new Headers(headers);
        if (value === null) copy.delete(name);
        else copy.set(name, value);
        return copy;
      };
      const verify = (over: Partial<Parameters<typeof verifyWebhook>[0]>) =>
        reasonOf(verifyWebhook({ body, headers, secret, now: () => now, ...over }));
      expect(await verify({ body: body.replace('fault table', 'fault tablE') })).toBe('signature_mismatch');
      expect(await verify({ secret: `${secret}x` })).toBe('signature_mismatch');
      expect(await verify({ now: () => now + 301_000 })).toBe('timestamp_too_old');
      expect(await verify({ now: () => now - 301_000 })).toBe('timestamp_in_future');
      expect(await verify({ headers: withHeader('x-service-webhook-signature', null) })).toBe(
        'missing_signature',
      );
      expect(await verify({ headers: withHeader('x-service-webhook-signature', 'abc') })).toBe(
        'malformed_signature',
      );
      expect(await verify({ headers: withHeader('x-service-webhook-timestamp', null) })).toBe(
        'missing_timestamp',
      );
      expect(await verify({ headers: withHeader('x-service-webhook-timestamp', 'soon') })).toBe(
        'invalid_timestamp',
      );
    });
  });

  it("tracker's network fails for minutes: no time lost and none counted twice once it recovers", async () => {
    const { student } = platform.fixtures.roster;
    const lk = learnKit({
      activity: {
        config: TEST_CONFIG,
        getUser: () => ({ email: student.email, platformId: student.sourcedId }),
      },
    });
    let clock = 0;
    let online = true;
    const tracker = createActivityTracker();
    tracker.configure({
      endpoint: 'https://app.example.com/api/activity',
      courses: TEST_CONFIG.courses,
      storage: null,
      monotonic: () => clock,
      now: () => Date.parse('2026-01-05T10:00:00Z') + clock,
      fetch: async (input, init) => {
        if (!online) throw new TypeError('network down');
        return lk.activity.handler(new Request(input, init));
      },
    });
    const run = tracker.start({
      id: 'fractions-1',
      name: 'Fractions 1',
      course: { subject: 'Math', grade: 3 },
      time: { flushIntervalMs: 3_600_000 }, // flushes are driven by hand below
    });
    clock += 15_000;
    await run.flushTimeSpent();
    online = false;
    for (let minute = 0; minute < 5; minute++) {
      clock += 60_000;
      await run.flushTimeSpent(); // each fails and keeps its window with its id
    }
    online = true;
    clock += 10_000;
    await run.end();
    const activeSeconds = platform.state.caliperEvents
      .map(
        (stored) => stored.event as { type: string; generated: { items: { type: string; value: number }[] } },
      )
      .filter((event) => event.type === 'TimeSpentEvent')
      .flatMap((event) => event.generated.items)
      .filter((item) => item.type === 'active')
      .reduce((sum, item) => sum + item.value, 0);
    expect(activeSeconds * 1000).toBe(run.totalActiveMs);
    expect(run.totalActiveMs).toBe(15_000 + 5 * 60_000 + 10_000);
    const ids = platform.state.caliperEvents.map((stored) => stored.event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
