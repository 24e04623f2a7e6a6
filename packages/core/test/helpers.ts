import { attachContract, loadContract } from '@learnkit/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clientCredentials, createTokenCache, type TokenProvider } from '../src/index';

export const BASE = 'https://api.example.com';
/** The platform's token endpoint (HTTP Basic credentials, `issueToken`). */
export const TOKEN_URL = `${BASE}/auth/1.0/token`;
/** The identity provider's token endpoint (credentials as form fields, `issueCaseToken`). */
export const IDP_TOKEN_URL = 'https://auth.example.com/oauth2/token';
export const ITEMS_URL = `${BASE}/ims/case/v1p1/CFItems`;
export const APP_ID = 'app-123';
export const SUBSCRIPTIONS_URL = `${BASE}/webhooks/1.0/${APP_ID}/subscriptions`;
export const SUBSCRIPTION_ID = '3f1c2b7e-8d4a-4c6b-9e2f-1a2b3c4d5e6f';

/** A contract rule (`status`, `security`, `content`, `required`, ...) a test breaks on purpose, and where. */
interface Allowance {
  where: RegExp;
  rules: readonly string[];
}

/**
 * An MSW server for one test file; unhandled requests are errors. Every request it sees and every response it
 * mocks is checked against openapi/ with the contract checker, and a test fails when one does not conform
 * (`recorder.assertClean()` after each test), unless the test declared that break with `offContract`.
 */
export function useMswServer() {
  const server = setupServer();
  const recorder = attachContract(server, loadContract());
  const requests: Request[] = [];
  const allowances: Allowance[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    requests.length = 0;
    await recorder.settled();
    // Drop only the issues a test declared, on the exchanges it named; everything else must conform.
    recorder.results.forEach((result, i) => {
      const allowed = allowances.filter((a) => a.where.test(result.where));
      if (result.ok || allowed.length === 0) return;
      const issues = result.issues.filter((issue) => !allowed.some((a) => a.rules.includes(issue.rule)));
      recorder.results[i] = { ...result, issues, ok: issues.length === 0 };
    });
    allowances.length = 0;
    try {
      recorder.assertClean();
    } finally {
      recorder.clear();
    }
  });
  afterAll(() => server.close());
  return {
    server,
    requests,
    recorder,
    count: (path: string) => requests.filter((r) => new URL(r.url).pathname === path).length,
    /**
     * Accepts, in this test only, contract issues of the given `rules` on exchanges whose description matches
     * `where` (e.g. `/CFItems -> 503/`). For tests that send or response something off-contract on purpose;
     * `why` is there to make each call say why.
     */
    offContract(where: RegExp, rules: readonly string[], why: string) {
      if (!why) throw new Error('offContract needs a reason');
      allowances.push({ where, rules });
    },
    /**
     * 502, 503 and 504 come from the gateway or load balancer in front of the platform, not from the platform
     * itself, so the documents declare none of them; docs/decisions.md#d-retries still has the SDK retry them, and these
     * tests respond to them on purpose.
     */
    allowGatewayStatuses() {
      allowances.push({ where: / -> 50[234] /, rules: ['status'] });
    },
  };
}

/** An imsx error body, as CASE and OneRoster paths respond with errors (docs/decisions.md#d-wire-errors). */
export function imsxBody(minor: string, description: string) {
  return {
    imsx_codeMajor: 'failure',
    imsx_severity: 'error',
    imsx_description: description,
    imsx_CodeMinor: {
      imsx_codeMinorField: [{ imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: minor }],
    },
  };
}

/** A CASE/OneRoster error response with an imsx body. */
export function imsxError(status: number, minor: string, description: string, init: ResponseInit = {}) {
  return HttpResponse.json(imsxBody(minor, description), { ...init, status });
}

/** A platform-path error response, `{ error, message }` (docs/decisions.md#d-wire-errors). */
export function platformError(status: number, error: string, message: string, init: ResponseInit = {}) {
  return HttpResponse.json({ error, message }, { ...init, status });
}

/** A token response as both token endpoints respond to it. */
export function tokenResponse(accessToken: string, expiresIn = 3600) {
  return HttpResponse.json({ access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn });
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

/** A webhook subscription as the platform returns create and rotate-secret. */
export const subscriptionBody = {
  id: SUBSCRIPTION_ID,
  url: 'https://hooks.example.com/learnkit',
  eventTypes: ['enrollment.created'],
  status: 'active',
  dateCreated: '2026-09-10T12:00:00Z',
  signingSecret: 'whsec_c2VjcmV0LWV4YW1wbGU',
};

/** A CFItem as the platform responds to it. */
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
