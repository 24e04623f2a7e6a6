// The redirect guard compares whole origins (scheme, host and port), not host names
// (docs/decisions.md#d-redirects-same-origin): a redirect to the same host over http, or on another port, is refused with a
// RedirectError, and the bearer token reaches neither target.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import { clientCredentials, createHttpClient, createTokenCache, RedirectError } from '../src/index';
import { BASE, ITEMS_URL, TOKEN_URL, tokenResponse, useMswServer } from './helpers';

const msw = useMswServer();
const ITEMS_PATH = '/ims/case/v1p1/CFItems';
const TOKEN = 'bearer-token-0123456789';

describe('a redirect to the same host on another scheme or port', () => {
  for (const target of ['http://api.example.com', 'https://api.example.com:8443']) {
    it(`from ${BASE} to ${target} is a RedirectError; no Authorization reaches ${target}`, async () => {
      const reached: (string | null)[] = [];
      msw.server.use(
        http.post(TOKEN_URL, () => tokenResponse(TOKEN)),
        http.get(
          ITEMS_URL,
          () => new HttpResponse(null, { status: 307, headers: { location: `${target}${ITEMS_PATH}` } }),
        ),
        http.get(`${target}${ITEMS_PATH}`, ({ request }) => {
          reached.push(request.headers.get('authorization'));
          return HttpResponse.json({ CFItems: [] });
        }),
      );
      msw.offContract(/CFItems -> 307 /, ['status'], 'a redirect is what this test is about');
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
      expect(error).toMatchObject({ status: 307, from: BASE, to: target });
      expect((error as Error).message).toContain(`from ${BASE} to ${target}`);
      expect((error as Error).message).not.toContain(TOKEN);
      expect(reached).toEqual([]);
    });
  }
});
