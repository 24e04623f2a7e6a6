import { HttpResponse, http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import type { paths as PlatformPaths } from '../../platform/src/generated/openapi-types';
import { createHttpClient, InternalServerError, NotFoundError, TimeoutError } from '../src/index';
import {
  APP_ID,
  BASE,
  cfItem,
  ITEMS_URL,
  imsxError,
  makeAuth,
  platformError,
  SUBSCRIPTION_ID,
  SUBSCRIPTIONS_URL,
  subscriptionBody,
  tokenEndpoint,
  useMswServer,
} from './helpers';

const msw = useMswServer();

describe('the contract check of these tests', () => {
  it('records every request and response, and catches a response that breaks the contract', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () => HttpResponse.json({ error: 'not_found' }, { status: 404 })),
    );
    const client = createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth(), retry: false });
    await expect(client.call('GET', '/ims/case/v1p1/CFItems')).rejects.toBeInstanceOf(NotFoundError);
    await msw.recorder.settled();
    expect(msw.recorder.results.map((r) => `${r.where}: ${r.ok}`).sort()).toEqual([
      'GET /ims/case/v1p1/CFItems (listCFItems) request: true',
      'GET /ims/case/v1p1/CFItems -> 404 (listCFItems) response: false',
      'POST /auth/1.0/token (issueToken) request: true',
      'POST /auth/1.0/token -> 200 (issueToken) response: true',
    ]);
    expect(msw.recorder.violations()[0]?.issues.map((i) => i.message)).toContain(
      "must have required property 'imsx_codeMajor'",
    );
    // Without this the afterEach check would fail the test: the platform-style body on a CASE path is the point.
    msw.offContract(/CFItems -> 404 /, ['required'], 'a CASE error without its imsx body, to see it caught');
  });
});

describe('createHttpClient', () => {
  it('types call() from the paths: data of the operation, required params, known methods only', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(`${ITEMS_URL}/:id`, ({ params }) =>
        HttpResponse.json({ CFItem: { ...cfItem(1), sourcedId: params.id } }),
      ),
    );
    const client = createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth() });
    const id = '6b1e2c9a-3f4d-4a5b-8c7d-9e0f1a2b3c4d';
    const got = await client.call('GET', '/ims/case/v1p1/CFItems/{sourcedId}', {
      params: { path: { sourcedId: id } },
      options: { timeoutMs: 5000 },
    });
    expectTypeOf(got.CFItem.sourcedId).toEqualTypeOf<string>();
    expect(got.CFItem.sourcedId).toBe(id);
    if (Math.random() > 2) {
      // @ts-expect-error the path parameter is required
      await client.call('GET', '/ims/case/v1p1/CFItems/{sourcedId}');
      // @ts-expect-error there is no DELETE on CFItems
      await client.call('DELETE', '/ims/case/v1p1/CFItems');
    }
  });

  it('resolves a 204 operation to undefined', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.delete(`${SUBSCRIPTIONS_URL}/${SUBSCRIPTION_ID}`, () => new HttpResponse(null, { status: 204 })),
    );
    const client = createHttpClient<PlatformPaths>({ baseUrl: BASE, auth: makeAuth() });
    const result = await client.call(
      'DELETE',
      '/webhooks/1.0/{sourcedApplicationId}/subscriptions/{subscriptionId}',
      {
        params: { path: { sourcedApplicationId: APP_ID, subscriptionId: SUBSCRIPTION_ID } },
      },
    );
    expectTypeOf(result).toEqualTypeOf<undefined>();
    expect(result).toBeUndefined();
  });

  it('gives the response with callWithResponse, for headers such as X-Total-Count', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () =>
        HttpResponse.json({ CFItems: [cfItem(1)] }, { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    const client = createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth() });
    const { data, response } = await client.callWithResponse('GET', '/ims/case/v1p1/CFItems');
    expect(data.CFItems).toHaveLength(1);
    expect(response.headers.get('x-total-count')).toBe('1');
  });

  it('routes the raw openapi-fetch methods through the transport, keeping their { data, error } results', async () => {
    const seen: (string | null)[] = [];
    msw.server.use(
      tokenEndpoint().handler,
      http.get(`${ITEMS_URL}/:id`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return imsxError(404, 'unknownobject', 'gone');
      }),
    );
    const client = createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth() });
    const { data, error, response } = await client.GET('/ims/case/v1p1/CFItems/{sourcedId}', {
      params: { path: { sourcedId: 'x' } },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ imsx_description: 'gone' });
    expect(seen).toEqual(['Bearer token-1']);
  });

  it('throws typed errors from call(), naming the operation', async () => {
    msw.server.use(
      tokenEndpoint().handler,
      http.get(`${ITEMS_URL}/:id`, () =>
        HttpResponse.json(
          {
            imsx_codeMajor: 'failure',
            imsx_severity: 'error',
            imsx_description: 'No CFItem with that id',
            imsx_codeMinor: {
              imsx_codeMinorField: [
                { imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: 'unknownobject' },
              ],
            },
          },
          { status: 404, headers: { 'x-request-id': 'req-404' } },
        ),
      ),
    );
    const client = createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth() });
    const error = (await client
      .call('GET', '/ims/case/v1p1/CFItems/{sourcedId}', { params: { path: { sourcedId: 'nope' } } })
      .catch((e: unknown) => e)) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.operation).toBe('GET /ims/case/v1p1/CFItems/{sourcedId}');
    expect(error.requestId).toBe('req-404');
    expect(error.imsx?.codeMinor[0]?.value).toBe('unknownobject');
    expect(error.message).toBe(
      'GET /ims/case/v1p1/CFItems/{sourcedId} returned 404 Not Found: No CFItem with that id (imsx unknownobject). [request id req-404] Check the id, and that your client is allowed to see the resource.',
    );
  });

  it('passes per-call options to the transport: timeout, idempotency, headers, operation name', async () => {
    let n = 0;
    const headers: (string | null)[] = [];
    msw.server.use(
      tokenEndpoint().handler,
      http.post(SUBSCRIPTIONS_URL, ({ request }) => {
        headers.push(request.headers.get('x-trace'));
        return ++n === 1
          ? platformError(500, 'internal', 'try again')
          : HttpResponse.json(subscriptionBody, { status: 201 });
      }),
      http.get(ITEMS_URL, async () => {
        await new Promise((r) => setTimeout(r, 200));
        return HttpResponse.json({ CFItems: [] });
      }),
    );
    const platform = createHttpClient<PlatformPaths>({
      baseUrl: BASE,
      auth: makeAuth(),
      retry: { initialDelayMs: 1 },
    });
    const created = await platform.call('POST', '/webhooks/1.0/{sourcedApplicationId}/subscriptions', {
      params: { path: { sourcedApplicationId: APP_ID } },
      body: { url: 'https://hooks.example.com/x', eventTypes: ['enrollment.created'] },
      options: { idempotent: true, headers: { 'x-trace': 't-1' } },
    });
    expect(created).toMatchObject({ id: SUBSCRIPTION_ID });
    expect(headers).toEqual(['t-1', 't-1']);

    const cases = createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth(), retry: false });
    const timedOut = await cases
      .call('GET', '/ims/case/v1p1/CFItems', { options: { timeoutMs: 20, operation: 'case.items.list' } })
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect((timedOut as TimeoutError).message).toMatch(
      /^case\.items\.list got no response within timeoutMs=20 ms/,
    );
  });

  it('sends the JSON body and content type openapi-fetch serialized', async () => {
    let received: { type: string | null; body: unknown } | undefined;
    msw.server.use(
      tokenEndpoint().handler,
      http.post(SUBSCRIPTIONS_URL, async ({ request }) => {
        received = { type: request.headers.get('content-type'), body: await request.json() };
        return platformError(500, 'internal', 'down');
      }),
    );
    const platform = createHttpClient<PlatformPaths>({ baseUrl: BASE, auth: makeAuth() });
    const error = await platform
      .call('POST', '/webhooks/1.0/{sourcedApplicationId}/subscriptions', {
        params: { path: { sourcedApplicationId: APP_ID } },
        body: { url: 'https://hooks.example.com/x', eventTypes: ['enrollment.created', 'user.updated'] },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).code).toBe('internal');
    expect(received).toEqual({
      type: 'application/json',
      body: { url: 'https://hooks.example.com/x', eventTypes: ['enrollment.created', 'user.updated'] },
    });
  });

  it('runs openapi-fetch middleware for call() once some is registered, and stops after eject', async () => {
    const seen: string[] = [];
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, ({ request }) => {
        seen.push(request.headers.get('x-from-middleware') ?? 'none');
        return HttpResponse.json({ CFItems: [cfItem(1)] });
      }),
    );
    const client = createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth() });
    const middleware = {
      onRequest({ request }: { request: Request }) {
        request.headers.set('x-from-middleware', 'yes');
        return undefined;
      },
    };
    client.use(middleware);
    const withMiddleware = await client.call('GET', '/ims/case/v1p1/CFItems', {
      params: { query: { limit: 1 } },
    });
    client.eject(middleware);
    const without = await client.call('GET', '/ims/case/v1p1/CFItems', { params: { query: { limit: 1 } } });
    expect(withMiddleware).toEqual(without);
    expect(seen).toEqual(['yes', 'none']);
  });

  it('builds the same request on the direct route as openapi-fetch does', async () => {
    const urls: string[] = [];
    const headers: (string | null)[] = [];
    msw.server.use(
      tokenEndpoint().handler,
      http.get(`${ITEMS_URL}/:id`, ({ request }) => {
        urls.push(request.url);
        headers.push(request.headers.get('x-extra'));
        return HttpResponse.json({ CFItem: cfItem(1) });
      }),
    );
    const client = createHttpClient<CasePaths>({ baseUrl: `${BASE}/`, auth: makeAuth() });
    const init = {
      params: { path: { sourcedId: 'a b/c?' }, query: { fields: ['sourcedId', 'fullStatement'] } },
      headers: { 'X-Extra': 'e' },
    };
    await client.call('GET', '/ims/case/v1p1/CFItems/{sourcedId}', init);
    await client.GET('/ims/case/v1p1/CFItems/{sourcedId}', init);
    expect(urls[0]).toBe(`${BASE}/ims/case/v1p1/CFItems/a%20b%2Fc%3F?fields=sourcedId,fullStatement`);
    expect(urls[1]).toBe(urls[0]);
    expect(headers).toEqual(['e', 'e']);
  });
});
