import { inspect } from 'node:util';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  clientCredentials,
  createTokenCache,
  NotFoundError,
  staticToken,
  ValidationError,
} from '../src/index';
import {
  IDP_TOKEN_URL,
  makeAuth,
  platformError,
  TOKEN_URL,
  tokenEndpoint,
  tokenResponse,
  useMswServer,
} from './helpers';

const msw = useMswServer();
afterEach(() => vi.useRealTimers());

function decodeForm(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

describe('clientCredentials on the wire', () => {
  it("style 'basic': RFC 6749 form-encoded id and secret in HTTP Basic, grant_type and scope in the form", async () => {
    let request: { headers: Headers; body: string } | undefined;
    msw.server.use(
      http.post(TOKEN_URL, async ({ request: r }) => {
        request = { headers: r.headers, body: await r.text() };
        return HttpResponse.json({ access_token: 'tok-basic-123', token_type: 'Bearer', expires_in: 3600 });
      }),
    );
    const clientId = 'client:id é';
    const clientSecret = "p@ss word+/=!'()~*";
    const auth = makeAuth({ clientId, clientSecret, scope: ['case.readonly', 'events.write'] });
    expect(await auth.getToken()).toBe('tok-basic-123');

    const header = request?.headers.get('authorization') ?? '';
    expect(header.startsWith('Basic ')).toBe(true);
    const decoded = atob(header.slice(6));
    const colon = decoded.indexOf(':');
    // Form-encoding first means a ':' inside the id cannot be confused with the separator.
    expect(decoded.slice(0, colon)).toBe('client%3Aid+%C3%A9');
    expect(decodeForm(decoded.slice(0, colon))).toBe(clientId);
    expect(decodeForm(decoded.slice(colon + 1))).toBe(clientSecret);
    expect(decoded.slice(colon + 1)).toBe('p%40ss+word%2B%2F%3D%21%27%28%29%7E*');
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request?.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      scope: 'case.readonly events.write',
    });
  });

  it("style 'form': client_id and client_secret as form fields, no Authorization header", async () => {
    let request: { headers: Headers; body: string } | undefined;
    msw.server.use(
      http.post(IDP_TOKEN_URL, async ({ request: r }) => {
        request = { headers: r.headers, body: await r.text() };
        return HttpResponse.json({ access_token: 'tok-form-456', token_type: 'Bearer', expires_in: 3600 });
      }),
    );
    const auth = makeAuth({
      tokenUrl: IDP_TOKEN_URL,
      style: 'form',
      scope: 'roster.readonly',
    });
    expect(await auth.getToken()).toBe('tok-form-456');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-abc',
      client_secret: 'secret-xyz-0123456789',
      scope: 'roster.readonly',
    });
  });
});

describe('token cache', () => {
  it('reuses a token, and shares it between providers with the same URL, client id and scope', async () => {
    const tokens = tokenEndpoint();
    msw.server.use(tokens.handler);
    const cache = createTokenCache();
    const a = makeAuth({ cache });
    const b = makeAuth({ cache });
    const other = makeAuth({ cache, scope: 'events.write' });
    expect(await a.getToken()).toBe('token-1');
    expect(await a.getToken()).toBe('token-1');
    expect(await b.getToken()).toBe('token-1');
    expect(await other.getToken()).toBe('token-2');
    expect(tokens.count).toBe(2);
  });

  it('refreshes 60 s before expiry, with one request however many callers wait', async () => {
    let now = 1_000_000;
    const tokens = tokenEndpoint({ expiresIn: 3600 });
    msw.server.use(tokens.handler);
    const auth = makeAuth({ now: () => now });
    expect(await auth.getToken()).toBe('token-1');
    now += 3539_000;
    expect(await auth.getToken()).toBe('token-1');
    expect(tokens.count).toBe(1);
    now += 2_000;
    const all = await Promise.all(Array.from({ length: 100 }, () => auth.getToken()));
    expect(new Set(all)).toEqual(new Set(['token-2']));
    expect(tokens.count).toBe(2);
  });

  it('keeps the current token when an early refresh fails but the token is still valid', async () => {
    let now = 0;
    let fail = false;
    msw.server.use(
      http.post(TOKEN_URL, () =>
        fail ? HttpResponse.json({ error: 'invalid_client' }, { status: 401 }) : tokenResponse('token-early'),
      ),
    );
    const auth = makeAuth({ now: () => now });
    expect(await auth.getToken()).toBe('token-early');
    fail = true;
    now = 3550_000;
    expect(await auth.getToken()).toBe('token-early');
    now = 3600_000;
    await expect(auth.getToken()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('invalidate(token) drops only the token it names', async () => {
    const tokens = tokenEndpoint();
    msw.server.use(tokens.handler);
    const auth = makeAuth();
    expect(await auth.getToken()).toBe('token-1');
    auth.invalidate('some-older-token');
    expect(await auth.getToken()).toBe('token-1');
    auth.invalidate('token-1');
    expect(await auth.getToken()).toBe('token-2');
    auth.invalidate('token-1');
    expect(await auth.getToken()).toBe('token-2');
    expect(tokens.count).toBe(2);
  });

  it('rejects one waiter with its own abort reason while the shared refresh completes for the others', async () => {
    msw.server.use(
      http.post(TOKEN_URL, async () => {
        await delay(50);
        return tokenResponse('slow-token');
      }),
    );
    const auth = makeAuth();
    const controller = new AbortController();
    const aborted = auth.getToken({ signal: controller.signal });
    const other = auth.getToken();
    controller.abort('caller gave up');
    await expect(aborted).rejects.toBe('caller gave up');
    expect(await other).toBe('slow-token');
    expect(msw.count('/auth/1.0/token')).toBe(1);
  });

  it('falls back to 3600 s when expires_in is missing', async () => {
    let now = 0;
    const tokens = { n: 0 };
    msw.server.use(
      http.post(TOKEN_URL, () =>
        HttpResponse.json({ access_token: `t-${++tokens.n}`, token_type: 'Bearer' }),
      ),
    );
    // The documents require expires_in; the SDK's lenient fallback for an endpoint that omits it is under test.
    msw.offContract(/^POST \/auth\/1\.0\/token -> 200 /, ['required'], 'expires_in left out on purpose');
    const auth = makeAuth({ now: () => now });
    await auth.getToken();
    now = 3000_000;
    expect(await auth.getToken()).toBe('t-1');
    now = 3550_000;
    expect(await auth.getToken()).toBe('t-2');
  });
});

describe('token endpoint errors', () => {
  it('turns an OAuth error body into AuthenticationError with error and errorDescription, and never retries invalid_client', async () => {
    msw.server.use(
      http.post(TOKEN_URL, () =>
        HttpResponse.json(
          { error: 'invalid_client', error_description: 'Client authentication failed' },
          { status: 401, headers: { 'x-request-id': 'req-tok-1' } },
        ),
      ),
    );
    const error = await makeAuth()
      .getToken()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const e = error as AuthenticationError;
    expect(e.error).toBe('invalid_client');
    expect(e.errorDescription).toBe('Client authentication failed');
    expect(e.status).toBe(401);
    expect(e.requestId).toBe('req-tok-1');
    expect(e.message).toContain('POST /auth/1.0/token');
    expect(e.message).toContain('Check clientId/clientSecret and the token URL');
    expect(msw.count('/auth/1.0/token')).toBe(1);
  });

  it('does not retry invalid_client sent with 400 either, and names invalid_scope advice', async () => {
    msw.server.use(
      http.post(TOKEN_URL, () =>
        HttpResponse.json({ error: 'invalid_scope', error_description: 'nope' }, { status: 400 }),
      ),
    );
    const error = (await makeAuth({ scope: 'admin' })
      .getToken()
      .catch((e: unknown) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.error).toBe('invalid_scope');
    expect(error.message).toContain('ask the platform team');
    expect(msw.count('/auth/1.0/token')).toBe(1);
  });

  it('retries the token endpoint on 5xx and connection errors with the same policy', async () => {
    let n = 0;
    msw.allowGatewayStatuses();
    msw.server.use(
      http.post(TOKEN_URL, () => {
        n++;
        if (n === 1) return new HttpResponse(null, { status: 503 });
        if (n === 2) return HttpResponse.error();
        return tokenResponse('after-retries');
      }),
    );
    const auth = makeAuth({ retry: { initialDelayMs: 1 } });
    expect(await auth.getToken()).toBe('after-retries');
    expect(n).toBe(3);
  });

  it('gives a clear error when the token URL is wrong (404) or the response has no access_token', async () => {
    // A token URL that points at no token endpoint: a 404, which the token operation does not declare, and an
    // respond without access_token (a wrong service). Both are the misconfigurations under test.
    msw.offContract(/^POST \/auth\/1\.0\/token -> 404 /, ['status'], 'a wrong token URL on purpose');
    msw.offContract(/^POST \/auth\/1\.0\/token -> 200 /, ['required'], 'no access_token on purpose');
    msw.server.use(http.post(TOKEN_URL, () => platformError(404, 'not_found', 'no route')));
    const notFound = await makeAuth({ retry: false })
      .getToken()
      .catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect((notFound as NotFoundError).code).toBe('not_found');

    msw.server.use(http.post(TOKEN_URL, () => HttpResponse.text('Not Found', { status: 404 })));
    const plain = await makeAuth({ retry: false })
      .getToken()
      .catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(NotFoundError);
    expect((plain as Error).message).toContain(`Check the token URL (${TOKEN_URL})`);

    msw.server.use(http.post(TOKEN_URL, () => HttpResponse.json({ token_type: 'Bearer' })));
    const missing = await makeAuth()
      .getToken()
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AuthenticationError);
    expect((missing as Error).message).toContain('without an access_token');
  });
});

describe('credential checks and secrecy', () => {
  it('refuses a secret or id with stray whitespace before any request, saying so', () => {
    const secret = 'my-secret-value-123\n';
    let error: unknown;
    try {
      makeAuth({ clientSecret: secret });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toEqual(['clientSecret']);
    expect((error as Error).message).toContain('leading or trailing whitespace');
    expect((error as Error).message).not.toContain('my-secret-value-123');
    expect(() => makeAuth({ clientId: ' client-abc' })).toThrow(
      /clientId: has leading or trailing whitespace/,
    );
    expect(msw.requests).toHaveLength(0);
  });

  it('refuses a missing style, an empty secret and a relative token URL, naming each', () => {
    expect(() =>
      clientCredentials({
        tokenUrl: '/auth/1.0/token',
        clientId: 'a',
        clientSecret: '',
        style: 'bearer' as 'basic',
      }),
    ).toThrow(ValidationError);
    try {
      clientCredentials({
        tokenUrl: '/auth/1.0/token',
        clientId: 'a',
        clientSecret: '',
        style: 'bearer' as 'basic',
      });
    } catch (e) {
      expect((e as ValidationError).issues.map((i) => i.path[0])).toEqual([
        'tokenUrl',
        'clientSecret',
        'style',
      ]);
    }
  });

  it('never shows the secret or the token in toString, JSON or util.inspect', async () => {
    msw.server.use(http.post(TOKEN_URL, () => tokenResponse('access-token-value-xyz')));
    const auth = makeAuth({ clientSecret: 'super-secret-value-42' });
    await auth.getToken();
    for (const text of [String(auth), JSON.stringify(auth), inspect(auth, { depth: 10, showHidden: true })]) {
      expect(text).not.toContain('super-secret-value-42');
      expect(text).not.toContain('access-token-value-xyz');
      expect(text).toContain('client-abc');
    }
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXYifQ.c2lnbmF0dXJl';
    const dev = staticToken(jwt);
    for (const text of [String(dev), JSON.stringify(dev), inspect(dev, { showHidden: true })]) {
      expect(text).not.toContain(jwt);
    }
    expect(await dev.getToken()).toBe(jwt);
  });

  it('refuses a static token with whitespace or a Bearer prefix', () => {
    expect(() => staticToken('Bearer abc.def.ghi')).toThrow(/bare token/);
    expect(() => staticToken('')).toThrow(ValidationError);
  });
});
