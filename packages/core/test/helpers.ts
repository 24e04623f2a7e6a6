import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clientCredentials, createTokenCache, type TokenProvider } from '../src/index';

export const BASE = 'https://api.example.com';
export const TOKEN_URL = `${BASE}/auth/1.0/token`;
export const ITEMS_URL = `${BASE}/ims/case/v1p1/CFItems`;
export const SUBSCRIPTIONS_URL = `${BASE}/webhooks/1.0/app-123/subscriptions`;

/** An MSW server for one test file; unhandled requests are errors. */
export function useMswServer() {
  const server = setupServer();
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requests.length = 0;
  });
  afterAll(() => server.close());
  return {
    server,
    requests,
    count: (path: string) => requests.filter((r) => new URL(r.url).pathname === path).length,
  };
}

/** A token endpoint issuing `token-1`, `token-2`, ... (or what `issue` returns). */
export function tokenEndpoint(options: { expiresIn?: number; issue?: (n: number) => string } = {}) {
  let n = 0;
  const issued: string[] = [];
  const handler = http.post(TOKEN_URL, () => {
    n++;
    const token = options.issue ? options.issue(n) : `token-${n}`;
    issued.push(token);
    return HttpResponse.json({
      access_token: token,
      token_type: 'Bearer',
      expires_in: options.expiresIn ?? 3600,
      scope: 'https://scopes.example.com/case.readonly',
    });
  });
  return {
    handler,
    issued,
    get count() {
      return n;
    },
  };
}

/** A client-credentials provider with its own cache, so tests never share tokens. */
export function makeAuth(overrides: Partial<Parameters<typeof clientCredentials>[0]> = {}): TokenProvider {
  return clientCredentials({
    tokenUrl: TOKEN_URL,
    clientId: 'client-abc',
    clientSecret: 'secret-xyz-0123456789',
    style: 'basic',
    cache: createTokenCache(),
    ...overrides,
  });
}

/** A CFItem as the platform answers it. */
export function cfItem(i: number) {
  return {
    sourcedId: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
    identifier: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
    fullStatement: `Statement ${i}`,
    CFItemType: 'Standard',
    lastChangeDateTime: '2024-01-01T00:00:00Z',
    uri: `https://api.example.com/ims/case/v1p1/CFItems/${i}`,
  };
}
