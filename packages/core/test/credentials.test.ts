// Issue 13, findings 1 to 5: credentials stay with their origin and out of every text the SDK writes.
// Its own file: the secrets registered here stay with the redactor of this worker.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import { recordingLogger } from '../../test-utils/src/logger';
import { expectNoPassword, withUserinfo } from '../../test-utils/src/userinfo';
import {
  ApiError,
  AuthenticationError,
  clientCredentials,
  createHttpClient,
  createTokenCache,
  RedirectError,
  type TokenCache,
  ValidationError,
} from '../src/index';
import { createApiError, createTransport } from '../src/internal/index';
import { redactValue } from '../src/internal/redact';
import { BASE, IDP_TOKEN_URL, ITEMS_URL, TOKEN_URL, tokenResponse, useMswServer } from './helpers';

const msw = useMswServer();
const ITEMS_PATH = '/ims/case/v1p1/CFItems';
const EVIL = 'https://collector.evil.example';

/** Every spelling of `secret` that could carry it: as is, URL- and form-encoded, and inside the Basic header. */
function spellings(clientId: string, secret: string): string[] {
  const form = encodeURIComponent(secret).replace(/%20/g, '+');
  return [secret, encodeURIComponent(secret), form, btoa(`${clientId}:${form}`)];
}

/** A cache that records the keys providers look tokens up by. */
function recordingCache(): { cache: TokenCache; keys: string[] } {
  const inner = createTokenCache();
  const keys: string[] = [];
  return {
    keys,
    cache: {
      entry(key) {
        keys.push(key);
        return inner.entry(key);
      },
      clear: () => inner.clear(),
    },
  };
}

describe('finding 1: a cached token is reused only by a caller that proved the same credentials', () => {
  /** A token endpoint that issues a token only for the right secret, as the platform does. */
  function strictTokenEndpoint(rightSecret: string) {
    let issued = 0;
    return http.post(TOKEN_URL, ({ request }) => {
      const basic = atob((request.headers.get('authorization') ?? '').replace(/^Basic /, ''));
      const secret = decodeURIComponent(basic.slice(basic.indexOf(':') + 1).replace(/\+/g, ' '));
      if (secret !== rightSecret) {
        return HttpResponse.json(
          { error: 'invalid_client', error_description: 'Client authentication failed' },
          { status: 401 },
        );
      }
      return tokenResponse(`token-for-right-secret-${++issued}`);
    });
  }

  it('does not hand the token of one secret to a provider with another (same URL, client id and scope)', async () => {
    msw.server.use(strictTokenEndpoint('right-secret-0123456789'));
    const cache = createTokenCache();
    const right = clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret: 'right-secret-0123456789',
      style: 'basic',
      cache,
    });
    const wrong = clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret: 'revoked-secret-987654321',
      style: 'basic',
      cache,
    });
    expect(await right.getToken()).toBe('token-for-right-secret-1');
    await expect(wrong.getToken()).rejects.toBeInstanceOf(AuthenticationError);
    // A second provider with the right secret still shares the first one's token: one token request.
    const again = clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret: 'right-secret-0123456789',
      style: 'basic',
      cache,
    });
    expect(await again.getToken()).toBe('token-for-right-secret-1');
  });

  it('keys the cache by a keyed hash of the secret, never by the secret in any spelling', async () => {
    msw.server.use(strictTokenEndpoint('right-secret-0123456789'));
    const { cache, keys } = recordingCache();
    const auth = clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret: 'right-secret-0123456789',
      style: 'basic',
      cache,
    });
    await auth.getToken();
    auth.invalidate('token-for-right-secret-1');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      for (const spelling of spellings('client-abc', 'right-secret-0123456789')) {
        expect(key).not.toContain(spelling);
      }
      expect(key).toContain(TOKEN_URL);
      expect(key).toContain('client-abc');
    }
  });
});

describe('finding 2: no credential follows a redirect to another origin', () => {
  it('refuses a cross-origin 307/308 from the token endpoint, sending the secret nowhere else', async () => {
    const reached: { url: string; authorization: string | null; body: string }[] = [];
    msw.server.use(
      http.post(
        TOKEN_URL,
        () => new HttpResponse(null, { status: 307, headers: { location: `${EVIL}/token` } }),
      ),
      http.post(
        IDP_TOKEN_URL,
        () => new HttpResponse(null, { status: 308, headers: { location: `${EVIL}/oauth2/token` } }),
      ),
      http.all(`${EVIL}/*`, async ({ request }) => {
        reached.push({
          url: request.url,
          authorization: request.headers.get('authorization'),
          body: await request.text(),
        });
        return tokenResponse('stolen-token');
      }),
    );
    // Redirects are off-contract: the documents declare none.
    msw.offContract(/token -> 30[78] /, ['status'], 'a redirect is what this test is about');
    for (const [tokenUrl, style] of [
      [TOKEN_URL, 'basic'],
      [IDP_TOKEN_URL, 'form'],
    ] as const) {
      const auth = clientCredentials({
        tokenUrl,
        clientId: 'client-abc',
        clientSecret: 'secret-xyz-0123456789',
        style,
        cache: createTokenCache(),
        retry: false,
      });
      const error = await auth.getToken().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      const { origin } = new URL(tokenUrl);
      expect((error as RedirectError).from).toBe(origin);
      expect((error as RedirectError).to).toBe(EVIL);
      expect((error as Error).message).toContain(origin);
      expect((error as Error).message).toContain(EVIL);
    }
    expect(reached).toEqual([]);
  });

  it('refuses a cross-origin redirect of an API call, carrying the bearer token nowhere else', async () => {
    const reached: (string | null)[] = [];
    msw.server.use(
      http.post(TOKEN_URL, () => tokenResponse('bearer-token-0123456789')),
      http.get(
        ITEMS_URL,
        () => new HttpResponse(null, { status: 302, headers: { location: `${EVIL}/items` } }),
      ),
      http.get(`${EVIL}/items`, ({ request }) => {
        reached.push(request.headers.get('authorization'));
        return HttpResponse.json({ CFItems: [] });
      }),
    );
    msw.offContract(/CFItems -> 302 /, ['status'], 'a redirect is what this test is about');
    const client = createHttpClient<CasePaths>({
      baseUrl: BASE,
      auth: clientCredentials({
        tokenUrl: TOKEN_URL,
        clientId: 'client-abc',
        clientSecret: 'secret-xyz-0123456789',
        style: 'basic',
        cache: createTokenCache(),
      }),
    });
    const error = await client.call('GET', ITEMS_PATH).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as RedirectError).status).toBe(302);
    expect((error as Error).message).toContain(`from ${BASE} to ${EVIL}`);
    expect((error as Error).message).not.toContain('bearer-token-0123456789');
    // The raw openapi-fetch route goes through the same transport.
    await expect(client.GET(ITEMS_PATH)).rejects.toBeInstanceOf(RedirectError);
    expect(reached).toEqual([]);
  });

  it('follows a redirect within the origin, with the token, as fetch would', async () => {
    const seen: string[] = [];
    msw.server.use(
      http.post(TOKEN_URL, () => tokenResponse('bearer-token-0123456789')),
      http.get(
        ITEMS_URL,
        () => new HttpResponse(null, { status: 301, headers: { location: '/ims/case/v1p1/CFItems-moved' } }),
      ),
      http.get(`${BASE}/ims/case/v1p1/CFItems-moved`, ({ request }) => {
        seen.push(request.headers.get('authorization') ?? 'none');
        return HttpResponse.json({ CFItems: [] });
      }),
    );
    msw.offContract(/CFItems(-moved)? /, ['status', 'operation'], 'a moved path is what this test is about');
    const client = createHttpClient<CasePaths>({
      baseUrl: BASE,
      auth: clientCredentials({
        tokenUrl: TOKEN_URL,
        clientId: 'client-abc',
        clientSecret: 'secret-xyz-0123456789',
        style: 'basic',
        cache: createTokenCache(),
      }),
    });
    await expect(client.call('GET', ITEMS_PATH)).resolves.toEqual({ CFItems: [] });
    expect(seen).toEqual(['Bearer bearer-token-0123456789']);
  });
});

describe('finding 2: redirects of a relative request (as in a browser page)', () => {
  it("takes the page's origin as the request's: follows within it, refuses another, never a raw TypeError", async () => {
    vi.stubGlobal('location', { href: 'https://app.example.com/page' });
    try {
      const seen: string[] = [];
      const fetch = async (input: RequestInfo | URL) => {
        const url = String(input);
        seen.push(url);
        if (url === '/start') return new Response(null, { status: 302, headers: { location: '/next' } });
        if (url === 'https://app.example.com/next') {
          return new Response(null, { status: 307, headers: { location: `${EVIL}/x` } });
        }
        return new Response('ok');
      };
      const transport = createTransport({ fetch, retry: false });
      const error = await transport('/start').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as RedirectError).from).toBe('https://app.example.com');
      expect(seen).toEqual(['/start', 'https://app.example.com/next']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('finding 3: URL options with userinfo are refused without echoing it', () => {
  const WITH_USERINFO = 'https://partner:hunter2-password@api.example.com';

  it('refuses user:pass@ in baseUrl and tokenUrl, showing the URL with the userinfo removed', () => {
    const errors = [
      () => createHttpClient({ baseUrl: WITH_USERINFO }),
      () =>
        clientCredentials({
          tokenUrl: `${WITH_USERINFO}/auth/1.0/token`,
          clientId: 'client-abc',
          clientSecret: 'secret-xyz-0123456789',
          style: 'basic',
        }),
    ].map((make) => {
      try {
        make();
      } catch (error) {
        return error;
      }
      return undefined;
    });
    for (const error of errors) {
      expect(error).toBeInstanceOf(ValidationError);
      const text = [(error as Error).message, JSON.stringify(error), inspect(error, { depth: 5 })].join('\n');
      expect(text).not.toContain('hunter2-password');
      expect(text).not.toContain('partner:');
      expect((error as Error).message).toContain('https://api.example.com');
      expect((error as Error).message).toMatch(/user:password@|userinfo|credentials/i);
    }
  });

  it('does not echo the userinfo of a URL it cannot use for another reason either', () => {
    for (const baseUrl of [
      'ftp://partner:hunter2-password@api.example.com',
      'partner:hunter2-password@api.example.com',
    ]) {
      const error = (() => {
        try {
          createHttpClient({ baseUrl });
        } catch (e) {
          return e as Error;
        }
        throw new Error('accepted');
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).not.toContain('hunter2-password');
    }
  });
});

/** The ValidationError `make` throws, as every text a log or a user sees of it. */
function refusalTexts(make: () => unknown): string[] {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const e = error as ValidationError;
    return [
      e.message,
      String(e.stack),
      String(e),
      JSON.stringify(e),
      inspect(e, { depth: 5 }),
      JSON.stringify(e.issues),
    ];
  }
  throw new Error('accepted');
}

describe('issue 33, item 1: a URL option that is no URL shows no password shaped like userinfo', () => {
  const TOKEN_OPTIONS = {
    clientId: 'client-abc',
    clientSecret: 'secret-xyz-0123456789',
    style: 'basic',
  } as const;

  it.each([
    'https//user:pa55word@example.test',
    'user:pa55word@example.test',
    '//user:pa55word@host',
    'ftp:/user:pa55word@h',
    'https//user:pa%2F55word@example.test',
    'https%3A%2F%2Fuser%3Apa55word%40example.test',
  ])('refuses %s with the password redacted everywhere', (value) => {
    for (const texts of [
      refusalTexts(() => createHttpClient({ baseUrl: value })),
      refusalTexts(() => clientCredentials({ ...TOKEN_OPTIONS, tokenUrl: value })),
    ]) {
      for (const text of texts) expect(text).not.toMatch(/pa55word|pa%2F55word/);
      expect(texts[0]).toMatch(/^Invalid input: (baseUrl|tokenUrl): must be an absolute http\(s\) URL/);
    }
  });

  it('property: baseUrl and tokenUrl, however the userinfo is written, never show its password', () => {
    fc.assert(
      fc.property(withUserinfo, ({ value, password }) => {
        for (const text of [
          ...refusalTexts(() => createHttpClient({ baseUrl: value })),
          ...refusalTexts(() => clientCredentials({ ...TOKEN_OPTIONS, tokenUrl: value })),
        ])
          expectNoPassword(text, password);
      }),
      { numRuns: 300 },
    );
  });
});

describe('finding 4: redaction does not depend on how many tokens were issued', () => {
  it('still redacts the client secret after 1,000 token refreshes', async () => {
    let issued = 0;
    const fakeFetch = async () =>
      Response.json({ access_token: `issued-token-${String(++issued).padStart(6, '0')}`, expires_in: 3600 });
    const clientSecret = 'client-secret-that-must-stay-hidden';
    const auth = clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret,
      style: 'basic',
      cache: createTokenCache(),
      fetch: fakeFetch,
    });
    for (let i = 0; i < 1000; i++) auth.invalidate(await auth.getToken());
    expect(issued).toBe(1000);
    const echoed = createApiError({
      status: 500,
      headers: new Headers(),
      body: `upstream said: client_id=client-abc, ${clientSecret} / ${encodeURIComponent(clientSecret)}`,
      operation: 'GET /x',
    });
    for (const text of [echoed.message, echoed.body, inspect(echoed)]) {
      for (const spelling of spellings('client-abc', clientSecret)) expect(text).not.toContain(spelling);
    }
  });

  it('redacts a token-endpoint body by what it is: only error members are kept', async () => {
    const { logger, lines } = recordingLogger();
    const auth = clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret: 'secret-xyz-0123456789',
      style: 'basic',
      cache: createTokenCache(),
      logger,
      // The token sits under a member the SDK does not know: no value list and no key pattern can catch it.
      fetch: async () => Response.json({ token: 'opaque-token-never-seen-before', expires_in: 3600 }),
    });
    const error = await auth.getToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const texts = [
      (error as Error).message,
      (error as AuthenticationError).body,
      JSON.stringify(error),
      inspect(error, { depth: 5 }),
      ...lines,
    ];
    for (const text of texts) expect(text).not.toContain('opaque-token-never-seen-before');
    expect((error as Error).message).toContain('without an access_token');
  });

  it('redacts an Authorization value given by the caller, which the SDK never registered', async () => {
    const { logger, lines } = recordingLogger();
    const transportClient = createHttpClient<CasePaths>({
      baseUrl: BASE,
      logger,
      retry: false,
      fetch: async (_input, init) =>
        Response.json(
          { error: 'unauthorized', message: `refused ${new Headers(init?.headers).get('authorization')}` },
          { status: 401 },
        ),
    });
    const error = await transportClient
      .call('GET', ITEMS_PATH, { headers: { authorization: 'Token caller-own-credential-42' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const texts = [
      (error as Error).message,
      (error as ApiError).body,
      inspect(error, { depth: 5 }),
      ...lines,
    ];
    for (const text of texts) expect(text).not.toContain('caller-own-credential-42');
  });
});

describe('finding 5: util.inspect of an error shows what a log may hold, and nothing else', () => {
  // Found by the transport fuzz suite: the request id is the server's to choose, and was kept raw.
  it('redacts a request id that echoes the token, in the error, its JSON, inspect and the log', async () => {
    const { logger, lines } = recordingLogger();
    const fetch = async (input: RequestInfo | URL) =>
      String(input) === TOKEN_URL
        ? tokenResponse('issued-token-echoed-back-42')
        : Response.json(
            { error: 'not_found', message: 'no such item' },
            { status: 404, headers: { 'x-request-id': 'issued-token-echoed-back-42' } },
          );
    const client = createHttpClient<CasePaths>({
      baseUrl: BASE,
      fetch,
      logger,
      auth: clientCredentials({
        tokenUrl: TOKEN_URL,
        clientId: 'client-abc',
        clientSecret: 'secret-xyz-0123456789',
        style: 'basic',
        cache: createTokenCache(),
        fetch,
      }),
    });
    const error = await client.call('GET', ITEMS_PATH).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).requestId).toBe('[redacted]');
    for (const text of [(error as Error).message, JSON.stringify(error), inspect(error), ...lines]) {
      expect(text).not.toContain('issued-token-echoed-back-42');
    }
  });

  it('shows operation, status, request id and a redacted body; not headers or internal parse errors', async () => {
    const client = createHttpClient<CasePaths>({
      baseUrl: BASE,
      retry: false,
      fetch: async () =>
        new Response('<html>Please sign in</html>', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'set-cookie': 'session=abcdef-session-cookie-value',
            'x-request-id': 'req-inspect-1',
          },
        }),
    });
    const error = await client.call('GET', ITEMS_PATH).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const shown = inspect(error, { depth: 10 });
    expect(shown).toContain('GET /ims/case/v1p1/CFItems');
    expect(shown).toMatch(/status: 200/);
    expect(shown).toContain('req-inspect-1');
    expect(shown).toContain('body:');
    expect(shown).not.toContain('set-cookie');
    expect(shown).not.toContain('abcdef-session-cookie-value');
    expect(shown).not.toContain('Unexpected token');
    expect(shown).not.toContain('SyntaxError: ');
    // The message does not quote the parser either: it names the problem and shows the (redacted) start.
    expect((error as Error).message).not.toContain('Unexpected token');
  });

  it('shows a connection failure by operation and code, not the runtime error chain', async () => {
    const client = createHttpClient<CasePaths>({
      baseUrl: BASE,
      retry: false,
      fetch: async (_input, init) => {
        const headers = new Headers(init?.headers);
        throw Object.assign(new TypeError('fetch failed'), {
          cause: Object.assign(new Error(`connect ECONNREFUSED (sent ${headers.get('x-api-key')})`), {
            code: 'ECONNREFUSED',
            request: { headers: Object.fromEntries(headers) },
          }),
        });
      },
    });
    const error = await client
      .call('GET', ITEMS_PATH, { headers: { 'x-api-key': 'raw-header-value-9876' } })
      .catch((e: unknown) => e);
    const shown = inspect(error, { depth: 10 });
    expect(shown).toContain('GET /ims/case/v1p1/CFItems');
    expect(shown).toContain('ECONNREFUSED');
    expect(shown).not.toContain('raw-header-value-9876');
  });
});

describe('finding 16: input that meets a lookup table finds only own entries', () => {
  it("gives an OAuth error code named after an Object.prototype member the generic advice, not Object's", async () => {
    for (const code of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const auth = clientCredentials({
        tokenUrl: TOKEN_URL,
        clientId: 'client-abc',
        clientSecret: 'secret-xyz-0123456789',
        style: 'basic',
        cache: createTokenCache(),
        fetch: async () => Response.json({ error: code }, { status: 400 }),
      });
      const error = await auth.getToken().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as Error).message).toContain('Check the credentials and the token URL.');
      expect((error as Error).message).not.toMatch(/native code|\[object/);
    }
  });

  it('keeps a log field named __proto__ as data (redacted inside), instead of making it a prototype', () => {
    const fields = JSON.parse('{"__proto__":{"password":"hunter2-password"},"path":"/x"}') as object;
    const safe = redactValue(fields) as Record<string, unknown>;
    expect(Object.keys(safe)).toEqual(['__proto__', 'path']);
    expect(JSON.stringify(safe)).toBe('{"__proto__":{"password":"[redacted]"},"path":"/x"}');
  });
});
