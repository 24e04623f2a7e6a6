// Issue 13, findings 6 to 9: every wait of a call is bounded, and a broken response is a typed, retryable error.
// The platform is a fake `fetch` here, so a stalled or cut body is exact; time is vitest's fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import type { paths as PlatformPaths } from '../../platform/src/generated/openapi-types';
import {
  ConnectionError,
  clientCredentials,
  createHttpClient,
  createTokenCache,
  type FetchLike,
  InternalServerError,
  RateLimitError,
  TimeoutError,
} from '../src/index';
import { createTransport } from '../src/internal/index';
import { APP_ID, BASE, TOKEN_URL } from './helpers';

const ITEMS_PATH = '/ims/case/v1p1/CFItems';
const encoder = new TextEncoder();

/** Settles a promise into a value the test can look at while fake time advances. */
function settle<T>(p: Promise<T>) {
  let done = false;
  let endedAt = 0;
  const result = p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  void result.then(() => {
    done = true;
    endedAt = Date.now();
  });
  return { result, isDone: () => done, endedAt: () => endedAt };
}

/** A response whose headers arrive at once and whose body sends `prefix`, then stalls (or fails with `error`). */
function stalledBody(prefix: string, error?: unknown) {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(prefix));
      if (error !== undefined) queueMicrotask(() => controller.error(error));
    },
    cancel() {
      cancelled = true;
    },
  });
  const response = new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  return { response, wasCancelled: () => cancelled };
}

/** undici's error for a socket closed by the other side in the middle of a body. */
function socketClosed(): TypeError {
  return new TypeError('terminated', {
    cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', name: 'SocketError' }),
  });
}

const tokenJson = () => Response.json({ access_token: 'token-abcdef-123456', expires_in: 3600 });

/** A fake platform: the token endpoint responds at once; `api` returns everything else. */
function platform(api: (url: string, init: RequestInit | undefined) => Promise<Response>) {
  const calls: string[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = String(input);
    calls.push(url);
    return url === TOKEN_URL ? tokenJson() : api(url, init);
  };
  return { fetch, calls, apiCalls: () => calls.filter((u) => u !== TOKEN_URL).length };
}

function caseClient(fetch: FetchLike, options: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  return createHttpClient<CasePaths>({
    baseUrl: BASE,
    fetch,
    auth: clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret: 'secret-xyz-0123456789',
      style: 'basic',
      cache: createTokenCache(),
      fetch,
    }),
    random: () => 0,
    ...options,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('finding 6: reading the body is inside the timeout, the deadline and the signal', () => {
  it('ends a call whose body stalls after the headers with a TimeoutError at timeoutMs, and frees the body', async () => {
    const stalls: ReturnType<typeof stalledBody>[] = [];
    const fake = platform(async () => {
      const s = stalledBody('{"CFItems":[');
      stalls.push(s);
      return s.response;
    });
    const call = settle(caseClient(fake.fetch, { timeoutMs: 5000, retry: false }).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(4999);
    expect(call.isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
    expect((r as { error: TimeoutError }).error.kind).toBe('attempt');
    expect(stalls[0]?.wasCancelled()).toBe(true);
  });

  it('holds the overall deadline while a body stalls (retries included)', async () => {
    const fake = platform(async () => stalledBody('{"CFItems":[').response);
    const started = Date.now();
    const call = settle(
      caseClient(fake.fetch, { timeoutMs: 2000, deadlineMs: 3000 }).call('GET', ITEMS_PATH),
    );
    await vi.advanceTimersByTimeAsync(3000);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
    expect((r as { error: TimeoutError }).error.kind).toBe('deadline');
    expect(call.endedAt() - started).toBe(3000);
    // 2 s attempt (stalled), 0.5 s backoff, then a second attempt cut to the 0.5 s left.
    expect(fake.apiCalls()).toBe(2);
  });

  it("rejects with the caller's reason when the caller aborts during a stalled body", async () => {
    const stalls: ReturnType<typeof stalledBody>[] = [];
    const fake = platform(async () => {
      const s = stalledBody('{"CFItems":[');
      stalls.push(s);
      return s.response;
    });
    const controller = new AbortController();
    const call = settle(
      caseClient(fake.fetch, { timeoutMs: 60_000 }).call('GET', ITEMS_PATH, {
        options: { signal: controller.signal },
      }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    const reason = new Error('user left the page');
    controller.abort(reason);
    const r = await call.result;
    expect(!r.ok && r.error).toBe(reason);
    expect(stalls[0]?.wasCancelled()).toBe(true);
  });

  it('covers the body on the plain fetch-like transport too', async () => {
    const fake = platform(async () => stalledBody('partial').response);
    const transport = createTransport({ fetch: fake.fetch, timeoutMs: 1000, retry: false });
    const call = settle(transport(`${BASE}/anything`).then((response) => response.text()));
    await vi.advanceTimersByTimeAsync(1000);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
  });
});

describe('finding 7: deadlineMs covers the token fetch', () => {
  it('ends a call whose token endpoint hangs at its deadline', async () => {
    const fetch: FetchLike = (input) =>
      String(input) === TOKEN_URL
        ? new Promise<Response>(() => {}) // never responds, ignores any signal
        : Promise.resolve(Response.json({ CFItems: [] }));
    const started = Date.now();
    const call = settle(caseClient(fetch, { deadlineMs: 3000 }).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(2999);
    expect(call.isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
    expect((r as { error: TimeoutError }).error.kind).toBe('deadline');
    expect(call.endedAt() - started).toBe(3000);
  });

  it('holds the deadline for the refresh after a 401 too', async () => {
    let tokens = 0;
    const fetch: FetchLike = (input) => {
      if (String(input) !== TOKEN_URL) {
        return Promise.resolve(Response.json({ error: 'unauthorized', message: 'expired' }, { status: 401 }));
      }
      return ++tokens === 1 ? Promise.resolve(tokenJson()) : new Promise<Response>(() => {});
    };
    const started = Date.now();
    const call = settle(caseClient(fetch, { deadlineMs: 4000 }).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(4000);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
    expect(call.endedAt() - started).toBe(4000);
  });

  it('bounds the token request itself by its provider timeout, body included', async () => {
    const fetch: FetchLike = async (input) =>
      String(input) === TOKEN_URL ? stalledBody('{"access_token":"').response : Response.json({});
    const auth = clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret: 'secret-xyz-0123456789',
      style: 'basic',
      cache: createTokenCache(),
      fetch,
      timeoutMs: 1000,
      retry: false,
    });
    const token = settle(auth.getToken());
    await vi.advanceTimersByTimeAsync(1000);
    const r = await token.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
  });
});

describe('finding 8: a connection closed mid-body is a ConnectionError, retried where that is safe', () => {
  it('retries an idempotent GET whose body was cut, then succeeds', async () => {
    let n = 0;
    const fake = platform(async () =>
      ++n === 1
        ? stalledBody('{"CFItems":[{"sourced', socketClosed()).response
        : Response.json({ CFItems: [] }),
    );
    const call = settle(caseClient(fake.fetch).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(500);
    const r = await call.result;
    expect(r).toEqual({ ok: true, value: { CFItems: [] } });
    expect(fake.apiCalls()).toBe(2);
  });

  it('gives a ConnectionError (not a raw TypeError) for a POST whose body was cut, and does not retry it', async () => {
    const fake = platform(async () => stalledBody('{"id":"', socketClosed()).response);
    const client = createHttpClient<PlatformPaths>({
      baseUrl: BASE,
      fetch: fake.fetch,
      random: () => 0,
    });
    const call = settle(
      client.call('POST', '/webhooks/1.0/{sourcedApplicationId}/subscriptions', {
        params: { path: { sourcedApplicationId: APP_ID } },
        body: { url: 'https://hooks.example.com/x', eventTypes: ['enrollment.created'] },
      }),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(ConnectionError);
    expect((r as { error: ConnectionError }).error.code).toBe('UND_ERR_SOCKET');
    expect(fake.apiCalls()).toBe(1);
  });
});

describe('finding 9: Retry-After is a non-negative integer of seconds or an IMF-fixdate, else ignored', () => {
  /** One 503 with `retryAfter`, then 200; returns when the second request went out. */
  async function retriedAfter(retryAfter: string): Promise<number> {
    let n = 0;
    let secondAt = -1;
    const started = Date.now();
    const fake = platform(async () => {
      if (++n === 1) return new Response('busy', { status: 503, headers: { 'retry-after': retryAfter } });
      secondAt = Date.now() - started;
      return Response.json({ CFItems: [] });
    });
    const call = settle(caseClient(fake.fetch).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(5000);
    expect((await call.result).ok).toBe(true);
    return secondAt;
  }

  it.each(['-5', '1 2', '1.5', '+3', '0x10', 'Sunday, 06-Nov-94 08:49:37 GMT', 'soon', ''])(
    'ignores Retry-After %j and backs off normally (500 ms)',
    async (value) => {
      expect(await retriedAfter(value)).toBe(500);
    },
  );

  it('honours delta-seconds and an IMF-fixdate', async () => {
    expect(await retriedAfter('2')).toBe(2000);
    expect(await retriedAfter(new Date(Date.now() + 3000).toUTCString())).toBe(3000);
  });

  it('reports no retryAfterMs on a RateLimitError whose Retry-After is garbage', async () => {
    const fake = platform(
      async () =>
        new Response('{"error":"rate_limited","message":"slow down"}', {
          status: 429,
          headers: { 'retry-after': '-5', 'content-type': 'application/json' },
        }),
    );
    const call = settle(caseClient(fake.fetch, { retry: false }).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(100);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(RateLimitError);
    expect((r as { error: RateLimitError }).error.retryAfterMs).toBeUndefined();
  });

  it('still returns a 503 whose valid Retry-After exceeds the cap at once', async () => {
    const fake = platform(
      async () => new Response('busy', { status: 503, headers: { 'retry-after': '3600' } }),
    );
    const call = settle(caseClient(fake.fetch).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(10);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(InternalServerError);
    expect(fake.apiCalls()).toBe(1);
  });
});

describe('one timer for every attempt in flight (docs/decisions.md#d-shared-attempt-timer)', () => {
  it('ends each stalled attempt at its own time limit, earlier limits first, whatever order they began in', async () => {
    const fake = platform(async () => stalledBody('{"CFItems":[').response);
    const slow = settle(caseClient(fake.fetch, { timeoutMs: 9000, retry: false }).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(1000);
    const quick = settle(caseClient(fake.fetch, { timeoutMs: 2000, retry: false }).call('GET', ITEMS_PATH));
    const middle = settle(caseClient(fake.fetch, { timeoutMs: 5000, retry: false }).call('GET', ITEMS_PATH));
    const started = Date.now() - 1000;
    await vi.advanceTimersByTimeAsync(9000);
    for (const call of [slow, quick, middle]) expect((await call.result).ok).toBe(false);
    expect([quick.endedAt(), middle.endedAt(), slow.endedAt()].map((at) => at - started)).toEqual([
      3000, 6000, 9000,
    ]);
  });

  it('leaves no limit behind after calls that got their response in time: a later stalled call still ends at its limit', async () => {
    let stall = false;
    const fake = platform(async () =>
      stall ? stalledBody('{"CFItems":[').response : Response.json({ CFItems: [] }),
    );
    const client = caseClient(fake.fetch, { timeoutMs: 3000, retry: false });
    for (let i = 0; i < 50; i++) await client.call('GET', ITEMS_PATH);
    stall = true;
    const started = Date.now();
    const call = settle(client.call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(3000);
    expect(!(await call.result).ok && call.endedAt() - started).toBe(3000);
  });

  it('still times out on real timers after a test armed it with fake ones (and the other way round)', async () => {
    const fake = platform(async () => stalledBody('{"CFItems":[').response);
    // Armed with the fake clock for an hour, then the clock is taken away before it fires.
    const armed = settle(
      caseClient(fake.fetch, { timeoutMs: 3_600_000, retry: false }).call('GET', ITEMS_PATH),
    );
    await vi.advanceTimersByTimeAsync(0);
    vi.useRealTimers();
    const real = settle(caseClient(fake.fetch, { timeoutMs: 50, retry: false }).call('GET', ITEMS_PATH));
    const r = await real.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
    // And back: a limit set on real time is not what a fake clock waits for.
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00.000Z') });
    const again = settle(caseClient(fake.fetch, { timeoutMs: 1000, retry: false }).call('GET', ITEMS_PATH));
    await vi.advanceTimersByTimeAsync(1000);
    expect(!(await again.result).ok).toBe(true);
    void armed;
  });

  it('turns a fetch that throws instead of rejecting into a ConnectionError', async () => {
    const fetch: FetchLike = (input) => {
      if (String(input) === TOKEN_URL) return Promise.resolve(tokenJson());
      throw new TypeError('fetch failed synchronously');
    };
    const r = await settle(caseClient(fetch, { retry: false }).call('GET', ITEMS_PATH)).result;
    expect(!r.ok && r.error).toBeInstanceOf(ConnectionError);
  });
});
