// What every call returns (docs/decisions.md#d-api-promise): a Promise of the data that also gives the
// response and request id, or the raw response, without parsing what the caller did not ask for.
import { describe, expect, it } from 'vitest';
import { ApiError, ApiPromise, createHttpClient, staticToken, ValidationError } from '../src/index';

type CannedResponse = { status?: number; body: string; type?: string };

/** A client over a fetch that responds with `rawResponses` in turn, recording the request ids it was sent. */
function clientResponding(...rawResponses: CannedResponse[]) {
  const ids: (string | null)[] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    ids.push(new Headers(init?.headers).get('x-request-id'));
    const next = rawResponses.shift() ?? { body: '{}' };
    return new Response(next.body, {
      status: next.status ?? 200,
      headers: { 'content-type': next.type ?? 'application/json', 'x-trace': 'abc' },
    });
  };
  const http = createHttpClient<object>({
    baseUrl: 'https://api.example.com',
    auth: staticToken('tok'),
    fetch,
    retry: false,
    logger: false,
  });
  const get = (path = '/things/{id}') =>
    (http.call as (m: string, p: string, i: object) => ApiPromise<unknown>)('GET', path, {
      params: { path: { id: '1' } },
    });
  return { http, get, ids };
}

describe('ApiPromise', () => {
  it('is a Promise of the data; then/catch/finally give plain Promises', async () => {
    const { get } = clientResponding({ body: '{"a":1}' });
    const call = get();
    expect(call).toBeInstanceOf(Promise);
    expect(call).toBeInstanceOf(ApiPromise);
    const chained = call.then((data) => data);
    expect(chained).not.toBeInstanceOf(ApiPromise);
    expect(await chained).toEqual({ a: 1 });
    expect(await call.finally(() => {})).toEqual({ a: 1 });
  });

  it('withResponse gives the same data object, the final response and the request id sent', async () => {
    const { get, ids } = clientResponding({ body: '{"a":1}' });
    const call = get();
    const { data, response, requestId } = await call.withResponse();
    expect(data).toBe(await call); // parsed once, shared
    expect(response.status).toBe(200);
    expect(response.headers.get('x-trace')).toBe('abc');
    expect(requestId).toBe(ids[0]);
    expect(requestId).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('withRawResponse (what page loaders use) shapes the data and the response it came in, parsed once either way', async () => {
    const { get, ids } = clientResponding({ body: '{"a":1}' }, { body: '{"b":2}' });
    const page = await get().withRawResponse((data, rawResponse) => ({
      items: [data],
      requestId: rawResponse.requestId,
    }));
    expect(page).toEqual({ items: [{ a: 1 }], requestId: ids[0] });
    const read = get();
    const data = await read; // already parsed: withRawResponse gives that same object, not a second parse
    const { data: again, rawResponse } = await read.withRawResponse();
    expect(again).toBe(data);
    expect(rawResponse.response.status).toBe(200);
    expect(rawResponse.requestId).toBe(ids[1]);
  });

  it('asResponse gives a body that is not JSON as it came, where awaiting the data is an ApiError', async () => {
    const { get } = clientResponding(
      { body: '<html>login</html>', type: 'text/html' },
      { body: '<html>login</html>', type: 'text/html' },
    );
    const raw = await get().asResponse();
    expect(raw.bodyUsed).toBe(false);
    expect(await raw.text()).toBe('<html>login</html>');
    await expect(get()).rejects.toBeInstanceOf(ApiError);
  });

  it('a 4xx rejects await, withResponse and asResponse alike, with the request id', async () => {
    const body = '{"error":"not_found","message":"no such thing"}';
    const { get, ids } = clientResponding(
      { status: 404, body },
      { status: 404, body },
      { status: 404, body },
    );
    const reads: ((call: ApiPromise<unknown>) => Promise<unknown>)[] = [
      (call) => call,
      (call) => call.withResponse(),
      (call) => call.asResponse(),
    ];
    for (const read of reads) {
      const error = await Promise.resolve(read(get())).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(404);
      expect((error as ApiError).requestId).toBe(ids.at(-1));
    }
  });

  it('map keeps the response and id of the call it maps', async () => {
    const { get, ids } = clientResponding({ body: '{"thing":{"id":"1"}}' });
    const thing = get().map((data) => (data as { thing: unknown }).thing);
    const { data, requestId } = await thing.withResponse();
    expect(data).toEqual({ id: '1' });
    expect(requestId).toBe(ids[0]);
  });

  it('guard turns a synchronous throw into a rejection, so bad input never throws where a caller awaits', async () => {
    const bad = () =>
      ApiPromise.guard<never>(() => {
        throw new ValidationError([{ path: ['id'], message: 'is required' }]);
      });
    let call: ApiPromise<never> | undefined;
    expect(() => {
      call = bad();
    }).not.toThrow();
    await expect(call).rejects.toBeInstanceOf(ValidationError);
    await expect(bad().withResponse()).rejects.toBeInstanceOf(ValidationError);
  });

  it('callWithResponse is call(...).withResponse(): data, response and request id', async () => {
    const { http, ids } = clientResponding({ body: '{"a":2}' });
    const result = await (
      http.callWithResponse as (
        m: string,
        p: string,
        i: object,
      ) => Promise<{ data: unknown; response: Response; requestId: string }>
    )('GET', '/things', {});
    expect(result.data).toEqual({ a: 2 });
    expect(result.response.ok).toBe(true);
    expect(result.requestId).toBe(ids[0]);
  });
});
