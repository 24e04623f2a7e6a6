import { inspect } from 'node:util';
import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import { recordingLogger } from '../../test-utils/src/logger';
import { clientCredentials, createHttpClient, createTokenCache } from '../src/index';
import { BASE, IDP_TOKEN_URL, ITEMS_URL, imsxError, TOKEN_URL, useMswServer } from './helpers';

// Its own file: every secret generated here is registered with the redactor of this worker only.
const msw = useMswServer();

const secretChars = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=!@#$%'.split(''),
);
const secret = fc.string({ unit: secretChars, minLength: 16, maxLength: 48 });
const token = fc.oneof(
  fc.string({ unit: secretChars, minLength: 16, maxLength: 64 }),
  fc
    .tuple(fc.base64String({ minLength: 8, maxLength: 40 }), fc.base64String({ minLength: 8, maxLength: 40 }))
    .map(([a, b]) => `eyJhbGciOiJSUzI1NiJ9.${a.replace(/[=+/]/g, 'x')}.${b.replace(/[=+/]/g, 'y')}`),
);

const authStyle = fc.constantFrom<'basic' | 'form'>('basic', 'form');

/**
 * One case of the property: a client holding `clientSecret` meets a careless server that echoes the credentials
 * and `accessToken` back (401, then 500 and 429), then a token endpoint that refuses the secret; no text a user can
 * see (log lines, error messages, error JSON, inspected errors and token provider) holds either.
 */
async function showsNoSecret(
  clientSecret: string,
  accessToken: string,
  style: 'basic' | 'form',
): Promise<void> {
  fc.pre(clientSecret !== accessToken);
  // Each style at its own endpoint: HTTP Basic at the platform's, form fields at the identity provider's.
  const tokenUrl = style === 'basic' ? TOKEN_URL : IDP_TOKEN_URL;
  const { logger, lines } = recordingLogger();
  let apiCalls = 0;
  let tokenCalls = 0;
  const secondToken = `${accessToken}.second`;
  msw.server.use(
    http.post(tokenUrl, () =>
      HttpResponse.json({
        access_token: tokenCalls++ === 0 ? accessToken : secondToken,
        token_type: 'Bearer',
        expires_in: 3600,
      }),
    ),
    http.get(ITEMS_URL, ({ request }) => {
      apiCalls++;
      const auth = request.headers.get('authorization') ?? '';
      // A careless server echoing credentials back: 401 first, then 500 and 429 with everything in the body.
      if (apiCalls === 1) return imsxError(401, 'unauthorisedrequest', `bad ${auth}`);
      if (apiCalls <= 3)
        return imsxError(
          500,
          'internal_server_error',
          `${auth} ${accessToken} ${clientSecret} whsec_abcdef123456`,
        );
      return imsxError(429, 'server_busy', `${accessToken} / ${clientSecret}`, {
        headers: { 'retry-after': '600' },
      });
    }),
  );
  // The client's provider, and below a second one with an empty cache, which meets the refusing token endpoint.
  const credentials = () =>
    clientCredentials({
      tokenUrl,
      clientId: 'client-abc',
      clientSecret,
      style,
      cache: createTokenCache(),
      logger,
    });
  const auth = credentials();
  const client = createHttpClient<CasePaths>({
    baseUrl: BASE,
    auth,
    logger,
    retry: { initialDelayMs: 0, maxRetries: 3 },
  });
  const errors: unknown[] = [];
  await client
    .call('GET', '/ims/case/v1p1/CFItems', { params: { query: { search: clientSecret } } })
    .catch((e: unknown) => errors.push(e));

  // A failing token endpoint that echoes the secret in its OAuth error.
  msw.server.use(
    http.post(tokenUrl, () =>
      HttpResponse.json(
        { error: 'invalid_client', error_description: `secret ${clientSecret} is wrong` },
        { status: 401 },
      ),
    ),
  );
  await credentials()
    .getToken()
    .catch((e: unknown) => errors.push(e));

  expect(errors).toHaveLength(2);
  expect(apiCalls).toBe(4);
  expect(lines.length).toBeGreaterThanOrEqual(7);
  const texts = [
    ...lines,
    ...errors.flatMap((e) => [String((e as Error).message), JSON.stringify(e), inspect(e, { depth: 5 })]),
    String(auth),
    JSON.stringify(auth),
    inspect(auth),
  ];
  for (const text of texts) {
    expect(text).not.toContain(clientSecret);
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(secondToken);
    expect(text).not.toContain(encodeURIComponent(clientSecret));
    expect(text).not.toContain(btoa(`client-abc:${encodeURIComponent(clientSecret)}`).slice(0, 20));
    expect(text).not.toContain('whsec_abcdef123456');
  }
}

describe('redaction', () => {
  it('property: no secret or token appears in any log line, error message, error JSON or inspected error', () =>
    fc.assert(fc.asyncProperty(secret, token, authStyle, showsNoSecret), { numRuns: 40 }));
});
