import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import type { paths as PlatformPaths } from '../../platform/src/generated/openapi-types';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  createHttpClient,
  InternalServerError,
  RateLimitError,
  staticToken,
  TimeoutError,
} from '../src/index';
import { createTransport, VERSION } from '../src/internal/index';
import {
  APP_ID,
  BASE,
  cfItem,
  ITEMS_URL,
  imsxBody,
  imsxError,
  makeAuth,
  platformError,
  SUBSCRIPTIONS_URL,
  subscriptionBody as subscription,
  TOKEN_URL,
  tokenEndpoint,
  useMswServer,
} from './helpers';

const msw = useMswServer();
const ITEMS_PATH = '/ims/case/v1p1/CFItems';
const SUBS_PATH = `/webhooks/1.0/${APP_ID}/subscriptions`;
const VALIDATE_URL = `${BASE}/ims/case/v1p1/CFItems/validate`;

function caseClient(options: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  return createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth(), random: () => 0, ...options });
}

function platformClient(options: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  return createHttpClient<PlatformPaths>({ baseUrl: BASE, auth: makeAuth(), random: () => 0, ...options });
}

const listItems = (
  c: ReturnType<typeof caseClient>,
  options?: Parameters<typeof c.call>[2] extends infer I ? I : never,
) => c.call('GET', ITEMS_PATH, options as never);

const createSubscription = (
  c: ReturnType<typeof platformClient>,
  options?: { idempotent?: boolean; timeoutMs?: number },
) =>
  c.call('POST', '/webhooks/1.0/{sourcedApplicationId}/subscriptions', {
    params: { path: { sourcedApplicationId: APP_ID } },
    body: { url: 'https://hooks.example.com/learnkit', eventTypes: ['enrollment.created'] },
    ...(options && { options }),
  });

/** Registers a handler for fake-clock tests whose promise must not be left unhandled while time advances. */
function settle<T>(p: Promise<T>) {
  const result = p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  let done = false;
  void result.then(() => {
    done = true;
  });
  return { result, isDone: () => done };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('tokens on the transport', () => {
  it('makes exactly one token request for 1,000 concurrent calls on a cold cache', async () => {
    const tokens = tokenEndpoint();
    msw.server.use(
      tokens.handler,
      http.get(ITEMS_URL, () => HttpResponse.json({ CFItems: [] })),
    );
    const client = caseClient();
    const results = await Promise.all(Array.from({ length: 1000 }, () => listItems(client)));
    expect(results).toHaveLength(1000);
    expect(results.every((r) => Array.isArray(r.CFItems))).toBe(true);
    expect(msw.count('/auth/1.0/token')).toBe(1);
    expect(msw.count(ITEMS_PATH)).toBe(1000);
  });

  it('refreshes once for 50 in-flight calls whose token is revoked, and all 50 succeed', async () => {
    const tokens = tokenEndpoint();
    const revoked = new Set<string>();
    let waiting: (() => void)[] = [];
    msw.server.use(
      tokens.handler,
      http.get(ITEMS_URL, async ({ request }) => {
        const token = request.headers.get('authorization')?.replace('Bearer ', '') ?? '';
        if (token === 'token-1' && !revoked.has(token)) {
          // Hold every first-token call until all 50 are in flight, then revoke the token under them.
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === 50) {
              revoked.add('token-1');
              // Half the 401s land before the refresh, half after it: neither may trigger another one.
              const [early, late] = [waiting.slice(0, 25), waiting.slice(25)];
              for (const w of early) w();
              setTimeout(() => {
                for (const w of late) w();
              }, 50);
              waiting = [];
            }
          });
        }
        if (revoked.has(token)) return imsxError(401, 'unauthorisedrequest', 'Token revoked');
        return HttpResponse.json({ CFItems: [cfItem(1)] });
      }),
    );
    const client = caseClient();
    const results = await Promise.all(Array.from({ length: 50 }, () => listItems(client)));
    expect(results.every((r) => r.CFItems.length === 1)).toBe(true);
    expect(tokens.count).toBe(2);
    expect(msw.count(ITEMS_PATH)).toBe(100);
  });

  it('gives AuthenticationError after a 401 on the retry, with no third request', async () => {
    const tokens = tokenEndpoint();
    msw.server.use(
      tokens.handler,
      http.get(ITEMS_URL, () => imsxError(401, 'unauthorisedrequest', 'Token rejected')),
    );
    const error = await listItems(caseClient()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).status).toBe(401);
    expect((error as AuthenticationError).message).toContain('GET /ims/case/v1p1/CFItems');
    expect((error as AuthenticationError).message).toContain('clientId/clientSecret');
    expect(msw.count(ITEMS_PATH)).toBe(2);
    expect(tokens.count).toBe(2);
  });

  it('treats a 401 with a static token as final: one request, advice to sign in again', async () => {
    msw.server.use(http.get(ITEMS_URL, () => imsxError(401, 'unauthorisedrequest', 'Token expired')));
    const client = createHttpClient<CasePaths>({
      baseUrl: BASE,
      auth: staticToken('eyJhbGciOiJIUzI1NiJ9.e30.sig-abcdef'),
    });
    const error = await client.call('GET', ITEMS_PATH).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('sign in again');
    expect(msw.count(ITEMS_PATH)).toBe(1);
  });

  it('sends the token it got as a bearer header, and no Authorization without auth', async () => {
    const seen: (string | null)[] = [];
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ CFItems: [] });
      }),
    );
    // The call without auth sends no Authorization, which listCFItems requires: that absence is under test.
    msw.offContract(
      /^GET \/ims\/case\/v1p1\/CFItems \(listCFItems\) request$/,
      ['security'],
      'no auth on purpose',
    );
    await listItems(caseClient());
    await listItems(caseClient({ auth: undefined }));
    expect(seen).toEqual(['Bearer token-1', null]);
  });
});

describe('retries and backoff', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00.000Z') });
    msw.allowGatewayStatuses();
  });

  it('waits for Retry-After: 2 (seconds) and then succeeds', async () => {
    let n = 0;
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () =>
        ++n === 1
          ? imsxError(429, 'server_busy', 'Too many requests', { headers: { 'Retry-After': '2' } })
          : HttpResponse.json({ CFItems: [cfItem(1)] }),
      ),
    );
    const call = settle(listItems(caseClient()));
    await vi.advanceTimersByTimeAsync(1999);
    expect(msw.count(ITEMS_PATH)).toBe(1);
    expect(call.isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const r = await call.result;
    expect(r.ok).toBe(true);
    expect(msw.count(ITEMS_PATH)).toBe(2);
  });

  it('honours Retry-After as an HTTP date', async () => {
    let n = 0;
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () =>
        ++n === 1
          ? new HttpResponse(null, {
              status: 503,
              headers: { 'Retry-After': new Date(Date.now() + 3000).toUTCString() },
            })
          : HttpResponse.json({ CFItems: [] }),
      ),
    );
    const call = settle(listItems(caseClient()));
    await vi.advanceTimersByTimeAsync(2999);
    expect(msw.count(ITEMS_PATH)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await call.result).ok).toBe(true);
    expect(msw.count(ITEMS_PATH)).toBe(2);
  });

  it('throws RateLimitError at once, without retrying, when Retry-After exceeds maxRetryAfterMs', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () =>
        imsxError(429, 'server_busy', 'slow down', { headers: { 'Retry-After': '120' } }),
      ),
    );
    const error = await listItems(caseClient()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
    expect((error as RateLimitError).message).toContain('maxRetryAfterMs');
    expect(msw.count(ITEMS_PATH)).toBe(1);
  });

  it('succeeds after 503, 503, 200 with two backoffs (500 ms, then 1000 ms) and counts retries in a header', async () => {
    const retryHeaders: (string | null)[] = [];
    let n = 0;
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, ({ request }) => {
        retryHeaders.push(request.headers.get('x-learnkit-retry-count'));
        return ++n <= 2
          ? new HttpResponse('busy', { status: 503 })
          : HttpResponse.json({ CFItems: [cfItem(1)] });
      }),
    );
    const call = settle(listItems(caseClient()));
    await vi.advanceTimersByTimeAsync(499);
    expect(msw.count(ITEMS_PATH)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(msw.count(ITEMS_PATH)).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(msw.count(ITEMS_PATH)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    const r = await call.result;
    expect(r.ok && r.value.CFItems).toHaveLength(1);
    expect(retryHeaders).toEqual([null, '1', '2']);
  });

  it('applies up to 25 % jitter below the exponential delay', async () => {
    let n = 0;
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () =>
        ++n === 1 ? new HttpResponse(null, { status: 502 }) : HttpResponse.json({ CFItems: [] }),
      ),
    );
    const call = settle(listItems(caseClient({ random: () => 0.999 })));
    await vi.advanceTimersByTimeAsync(374);
    expect(msw.count(ITEMS_PATH)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await call.result).ok).toBe(true);
  });

  it('gives InternalServerError after the retries run out (3 attempts)', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () => imsxError(500, 'internal_server_error', 'boom')),
    );
    const call = settle(listItems(caseClient()));
    await vi.advanceTimersByTimeAsync(10_000);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(InternalServerError);
    expect(msw.count(ITEMS_PATH)).toBe(3);
  });

  it('does not retry at all with retry: false', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () => new HttpResponse(null, { status: 503 })),
    );
    const error = await listItems(caseClient({ retry: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(msw.count(ITEMS_PATH)).toBe(1);
  });

  it('takes a per-call retry override through call()', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () => new HttpResponse(null, { status: 503 })),
    );
    const client = caseClient();
    const call = settle(
      client.call('GET', ITEMS_PATH, { options: { retry: { maxRetries: 4, initialDelayMs: 10 } } }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect((await call.result).ok).toBe(false);
    expect(msw.count(ITEMS_PATH)).toBe(5);
  });

  it('does not retry a non-idempotent POST (subscription create) on 500', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.post(SUBSCRIPTIONS_URL, () => platformError(500, 'internal', 'boom')),
    );
    const error = await createSubscription(platformClient()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as ApiError).operation).toBe('POST /webhooks/1.0/{sourcedApplicationId}/subscriptions');
    expect(msw.count(SUBS_PATH)).toBe(1);
  });

  it('does not retry a non-idempotent POST on a timeout', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.post(SUBSCRIPTIONS_URL, async () => {
        await delay('infinite');
        return HttpResponse.json(subscription, { status: 201 });
      }),
    );
    const call = settle(createSubscription(platformClient({ timeoutMs: 1000 })));
    await vi.advanceTimersByTimeAsync(1000);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(msw.count(SUBS_PATH)).toBe(1);
  });

  it('retries a non-idempotent POST on 429, sending the body intact', async () => {
    const bodies: string[] = [];
    msw.server.use(
      tokenEndpoint().handler,
      http.post(SUBSCRIPTIONS_URL, async ({ request }) => {
        bodies.push(await request.text());
        return bodies.length === 1
          ? platformError(429, 'rate_limited', 'slow down', { headers: { 'Retry-After': '1' } })
          : HttpResponse.json(subscription, { status: 201 });
      }),
    );
    const call = settle(createSubscription(platformClient()));
    await vi.advanceTimersByTimeAsync(1000);
    const r = await call.result;
    expect(r.ok && r.value.signingSecret).toBe(subscription.signingSecret);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({
      url: 'https://hooks.example.com/learnkit',
      eventTypes: ['enrollment.created'],
    });
  });

  it('retries a non-idempotent POST on connection refused, but not on a reset connection', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.post(SUBSCRIPTIONS_URL, () => HttpResponse.json(subscription, { status: 201 })),
    );
    const failFirst = (code: string) => {
      let calls = 0;
      return async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/webhooks/') && calls++ === 0) {
          throw new TypeError('fetch failed', {
            cause: Object.assign(new Error(`connect ${code}`), { code }),
          });
        }
        return globalThis.fetch(input, init);
      };
    };
    const refused = settle(createSubscription(platformClient({ fetch: failFirst('ECONNREFUSED') })));
    await vi.advanceTimersByTimeAsync(500);
    expect((await refused.result).ok).toBe(true);
    expect(msw.count(SUBS_PATH)).toBe(1);

    const reset = await createSubscription(platformClient({ fetch: failFirst('ECONNRESET') })).catch(
      (e: unknown) => e,
    );
    expect(reset).toBeInstanceOf(ConnectionError);
    expect((reset as ConnectionError).code).toBe('ECONNRESET');
    expect((reset as ConnectionError).message).toContain(
      'POST /webhooks/1.0/{sourcedApplicationId}/subscriptions',
    );
    expect(msw.count(SUBS_PATH)).toBe(1);
  });

  it('retries an idempotent GET on any connection error', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () => HttpResponse.json({ CFItems: [] })),
    );
    let n = 0;
    const flaky = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('CFItems') && n++ === 0) throw new TypeError('Failed to fetch');
      return globalThis.fetch(input, init);
    };
    const call = settle(listItems(caseClient({ fetch: flaky })));
    await vi.advanceTimersByTimeAsync(500);
    expect((await call.result).ok).toBe(true);
  });

  it('retries a POST the call marks idempotent (items/validate) on 503, with the body intact each time', async () => {
    const bodies: string[] = [];
    msw.server.use(
      tokenEndpoint().handler,
      http.post(VALIDATE_URL, async ({ request }) => {
        bodies.push(await request.text());
        return bodies.length < 3
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json({ valid: ['00000000-0000-0000-0000-000000000001'], invalid: [] });
      }),
    );
    const ids = ['00000000-0000-0000-0000-000000000001', '6b1e2c9a-3f4d-4a5b-8c7d-9e0f1a2b3c4d'];
    const call = settle(
      caseClient().call('POST', '/ims/case/v1p1/CFItems/validate', {
        body: { ids },
        options: { idempotent: true },
      }),
    );
    await vi.advanceTimersByTimeAsync(1500);
    const r = await call.result;
    expect(r.ok && r.value.valid).toEqual([ids[0]]);
    expect(bodies).toEqual([JSON.stringify({ ids }), JSON.stringify({ ids }), JSON.stringify({ ids })]);
  });

  it('throws TimeoutError after the configured time when the server hangs', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const call = settle(listItems(caseClient({ timeoutMs: 5000, retry: false })));
    await vi.advanceTimersByTimeAsync(4999);
    expect(call.isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
    const error = (r as { error: TimeoutError }).error;
    expect(error.kind).toBe('attempt');
    expect(error.timeoutMs).toBe(5000);
    expect(error.message).toContain('GET /ims/case/v1p1/CFItems');
  });

  it('retries a hanging GET and stops at the overall deadline', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const started = Date.now();
    let endedAt = 0;
    const call = settle(
      listItems(caseClient({ timeoutMs: 2000, deadlineMs: 3000 })).finally(() => {
        endedAt = Date.now();
      }),
    );
    await vi.advanceTimersByTimeAsync(3000);
    const r = await call.result;
    expect(!r.ok && r.error).toBeInstanceOf(TimeoutError);
    expect((r as { error: TimeoutError }).error.kind).toBe('deadline');
    expect(endedAt - started).toBe(3000);
    // 2 s attempt, 0.5 s backoff, then a second attempt cut to the 0.5 s left.
    expect(msw.count(ITEMS_PATH)).toBe(2);
  });

  it("stops a backoff sleep at once when the caller aborts, rejecting with the caller's reason", async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () => new HttpResponse(null, { status: 503 })),
    );
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    const call = settle(caseClient().call('GET', ITEMS_PATH, { options: { signal: controller.signal } }));
    await vi.advanceTimersByTimeAsync(100);
    expect(msw.count(ITEMS_PATH)).toBe(1);
    controller.abort(reason);
    const r = await call.result;
    expect(!r.ok && r.error).toBe(reason);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(msw.count(ITEMS_PATH)).toBe(1);
  });

  it("stops a hanging request and a token wait at once with the caller's reason", async () => {
    msw.server.use(
      http.post(TOKEN_URL, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const call = settle(caseClient().call('GET', ITEMS_PATH, { options: { signal: controller.signal } }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort('stop');
    expect(await call.result).toEqual({ ok: false, error: 'stop' });

    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const c2 = new AbortController();
    const hanging = settle(caseClient().call('GET', ITEMS_PATH, { options: { signal: c2.signal } }));
    await vi.advanceTimersByTimeAsync(10);
    const reason = new DOMException('cancelled by test', 'AbortError');
    c2.abort(reason);
    const r = await hanging.result;
    expect(!r.ok && r.error).toBe(reason);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    const error = await caseClient()
      .call('GET', ITEMS_PATH, { options: { signal: controller.signal } })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('too late');
    expect(msw.requests).toHaveLength(0);
  });
});

describe('the wire', () => {
  beforeEach(() => msw.allowGatewayStatuses());

  it('names the SDK and runtime once: in User-Agent on Node, with no X-LearnKit-Client beside it', async () => {
    let headers: Headers | undefined;
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ CFItems: [] });
      }),
    );
    await listItems(caseClient());
    expect(headers?.get('user-agent')).toBe(`learnkit-core/${VERSION} node/${process.versions.node}`);
    expect(headers?.get('x-learnkit-client')).toBeNull();
    expect(headers?.get('x-learnkit-retry-count')).toBeNull();
  });

  it('sends fields comma-joined and the filter as given', async () => {
    let url: URL | undefined;
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ CFItems: [] });
      }),
    );
    await caseClient().call('GET', ITEMS_PATH, {
      params: {
        query: { limit: 50, fields: ['sourcedId', 'fullStatement'], filter: "CFItemType='Standard'" },
      },
    });
    expect(url?.searchParams.get('fields')).toBe('sourcedId,fullStatement');
    expect(url?.searchParams.get('filter')).toBe("CFItemType='Standard'");
    expect(url?.searchParams.get('limit')).toBe('50');
  });

  it('looks globalThis.fetch up at call time', async () => {
    const client = caseClient({ auth: undefined });
    const fake = vi.fn(async () => HttpResponse.json({ CFItems: [cfItem(7)] }));
    vi.stubGlobal('fetch', fake);
    const r = await client.call('GET', ITEMS_PATH);
    expect(fake).toHaveBeenCalledOnce();
    expect(r.CFItems[0]?.fullStatement).toBe('Statement 7');
  });

  it('gives a clear error for a success body that is not JSON', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () => HttpResponse.html('<html><body>Please sign in</body></html>')),
    );
    // A login page instead of JSON (a proxy, a wrong baseUrl) is what this test is about.
    msw.offContract(/CFItems -> 200 /, ['content'], 'a non-JSON success body on purpose');
    const error = await listItems(caseClient()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    expect((error as ApiError).message).toContain(
      'expected JSON, got text/html: <html><body>Please sign in</body></html>',
    );
    expect((error as ApiError).body).toBe('<html><body>Please sign in</body></html>');
  });

  it('gives a clear error for an error body that is not JSON (a proxy page)', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () => HttpResponse.html('<html>502 Bad Gateway</html>', { status: 502 })),
    );
    const error = await listItems(caseClient({ retry: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as ApiError).message).toContain(
      'expected JSON, got text/html: <html>502 Bad Gateway</html>',
    );
  });

  it('passes an unknown enum value through untouched', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () =>
        HttpResponse.json({ CFItems: [{ ...cfItem(1), CFItemType: 'Brand New Kind' }], novel: { x: 1 } }),
      ),
    );
    const r = await listItems(caseClient());
    expect(r.CFItems[0]?.CFItemType).toBe('Brand New Kind');
    expect((r as unknown as { novel: unknown }).novel).toEqual({ x: 1 });
  });

  it('works as a plain fetch replacement, resolving non-2xx responses like fetch', async () => {
    msw.server.use(http.get(ITEMS_URL, () => imsxError(404, 'unknownobject', 'nope')));
    const transport = createTransport({ retry: false });
    const res = await transport(new URL(ITEMS_URL), {
      headers: { accept: 'application/json', authorization: 'Bearer token-by-hand' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(imsxBody('unknownobject', 'nope'));
  });

  it('sends a streamed request body intact on a retry', async () => {
    const bodies: string[] = [];
    const user = { givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com' };
    msw.server.use(
      http.put(`${BASE}/rostering/1.0/users/u1`, async ({ request }) => {
        bodies.push(await request.text());
        return bodies.length === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json({ sourcedId: 'u1', ...user, roles: [] });
      }),
    );
    const transport = createTransport({ auth: makeAuth(), retry: { initialDelayMs: 1 } });
    msw.server.use(tokenEndpoint().handler);
    const stream = new Blob([JSON.stringify(user)]).stream();
    const res = await transport(`${BASE}/rostering/1.0/users/u1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(bodies).toEqual([JSON.stringify(user), JSON.stringify(user)]);
  });

  it('refuses bad options with a ValidationError naming them', () => {
    expect(() => createTransport({ timeoutMs: 0 })).toThrow(/timeoutMs: must be a positive number/);
    expect(() => createTransport({ retry: { maxRetries: -1 } })).toThrow(/retry\.maxRetries/);
    expect(() => createHttpClient({ baseUrl: 'api.example.com' })).toThrow(
      /baseUrl: must be an absolute http\(s\) URL/,
    );
  });
});

describe('timeouts and sockets', () => {
  it('gives fetch a real signal when the caller has one, and aborts it on timeout', async () => {
    let seen: AbortSignal | null | undefined;
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) => {
      seen = init?.signal;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    };
    const transport = createTransport({ fetch: hanging, timeoutMs: 20, retry: false });
    const error = await transport(ITEMS_URL, undefined, { signal: new AbortController().signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(seen?.aborted).toBe(true);
  });

  it('without a caller signal, times out by racing and cancels the late response unread', async () => {
    let resolveLate: (r: Response) => void = () => {};
    let cancelled = false;
    const late = () =>
      new Promise<Response>((resolve) => {
        resolveLate = resolve;
      });
    const transport = createTransport({ fetch: late, timeoutMs: 20, retry: false });
    const error = await transport(ITEMS_URL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    const body = new ReadableStream({
      cancel() {
        cancelled = true;
      },
    });
    resolveLate(new Response(body, { status: 200 }));
    await new Promise((r) => setTimeout(r, 10));
    expect(cancelled).toBe(true);
  });
});

describe('refresh and caps', () => {
  it('refreshes a refused token once even with retry: false (a refresh is not a retry)', async () => {
    const tokens = tokenEndpoint();
    msw.server.use(
      tokens.handler,
      http.get(ITEMS_URL, ({ request }) =>
        request.headers.get('authorization') === 'Bearer token-1'
          ? imsxError(401, 'unauthorisedrequest', 'Token expired')
          : HttpResponse.json({ CFItems: [cfItem(3)] }),
      ),
    );
    const r = await listItems(caseClient({ retry: false }));
    expect(r.CFItems).toHaveLength(1);
    expect(tokens.count).toBe(2);
    expect(msw.count(ITEMS_PATH)).toBe(2);
  });

  it('returns a 503 whose Retry-After exceeds the cap at once, as InternalServerError', async () => {
    msw.allowGatewayStatuses();
    msw.server.use(
      tokenEndpoint().handler,
      http.get(
        ITEMS_URL,
        () => new HttpResponse('maintenance', { status: 503, headers: { 'Retry-After': '3600' } }),
      ),
    );
    const error = await listItems(caseClient()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as ApiError).status).toBe(503);
    expect(msw.count(ITEMS_PATH)).toBe(1);
  });
});
