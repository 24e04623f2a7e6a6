import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test, vi } from 'vitest';
import { toNodeListener } from '../src/index';
import type { NodeRequestLike } from '../src/internal/index';

/** A fake Node request: its stream yields `chunks`; `body` as a parser would leave it. */
function nodeRequest(init: Partial<NodeRequestLike> & { chunks?: (Uint8Array | string)[] } = {}) {
  const { chunks = [], ...rest } = init;
  return {
    method: 'POST',
    url: '/hook?x=1',
    headers: { host: 'app.example.com' },
    ...rest,
    async *[Symbol.asyncIterator]() {
      yield* chunks;
    },
  };
}

/** A fake Node response that records what the listener wrote. */
function nodeResponse(headersSent = false) {
  const res = {
    statusCode: 0,
    headers: {} as Record<string, string>,
    headersSent,
    body: undefined as Uint8Array | undefined,
    setHeader(name: string, value: string) {
      res.headers[name] = value;
    },
    end(chunk?: Uint8Array) {
      res.body = chunk;
    },
    json: () => JSON.parse(new TextDecoder().decode(res.body)) as unknown,
  };
  return res;
}

/** A handler that returns what it saw of the request, and keeps the request. */
function echo() {
  const seen: { request: Request; req: unknown }[] = [];
  const handler = async (request: Request, req: unknown) => {
    seen.push({ request, req });
    const body = request.body ? await request.text() : null;
    return Response.json(
      { method: request.method, url: request.url, body, headers: Object.fromEntries(request.headers) },
      { status: 201, headers: { 'x-handled': 'yes' } },
    );
  };
  return { handler, seen };
}

describe('toNodeListener (core)', () => {
  test('serves node:http: method, URL, headers and the raw body in; status, headers and body out', async () => {
    const { handler, seen } = echo();
    const server = createServer(toNodeListener<IncomingMessage>(handler) as never);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/echo?q=1`, {
        method: 'PUT',
        headers: { 'x-one': 'a' },
        body: 'é'.repeat(10_000),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-handled')).toBe('yes');
      const rawResponse = (await response.json()) as {
        method: string;
        url: string;
        body: string;
        headers: object;
      };
      expect(rawResponse).toMatchObject({
        method: 'PUT',
        url: `http://127.0.0.1:${port}/echo?q=1`,
        body: 'é'.repeat(10_000),
        headers: { 'x-one': 'a' },
      });
      expect(rawResponse.headers).not.toHaveProperty('content-length');
      expect((seen[0]!.req as IncomingMessage).socket).toBeDefined();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('joins stream chunks (bytes and strings), appends repeated headers, skips pseudo-headers', async () => {
    const { handler } = echo();
    const res = nodeResponse();
    await toNodeListener(handler)(
      nodeRequest({
        method: 'patch',
        headers: { host: 'app.example.com', ':path': '/x', accept: ['a', 'b'], 'x-none': undefined },
        chunks: [new TextEncoder().encode('{"a":'), '1}'],
      }),
      res,
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers).toMatchObject({ 'x-handled': 'yes', 'content-type': 'application/json' });
    expect(res.json()).toEqual({
      method: 'PATCH',
      url: 'http://app.example.com/hook?x=1',
      body: '{"a":1}',
      headers: { host: 'app.example.com', accept: 'a, b' },
    });
  });

  test('defaults: POST, `/`, host localhost; an unparseable target falls back to http://localhost/', async () => {
    const { handler, seen } = echo();
    const listener = toNodeListener(handler);
    await listener({ headers: {}, async *[Symbol.asyncIterator]() {} }, nodeResponse());
    await listener(nodeRequest({ url: '//', headers: { host: 'bad host' } }), nodeResponse());
    expect(seen.map((s) => [s.request.method, s.request.url])).toEqual([
      ['POST', 'http://localhost/'],
      ['POST', 'http://localhost/'],
    ]);
  });

  test('takes a body a parser left (Buffer, string, parsed JSON) and drops the stale length headers', async () => {
    const { handler } = echo();
    const listener = toNodeListener(handler);
    const bodies: unknown[] = [];
    for (const body of [Buffer.from('{"v":1}'), '{"v":1}', { v: 1 }]) {
      const res = nodeResponse();
      const stream = vi.fn();
      const req = nodeRequest({
        body,
        headers: { host: 'h', 'content-length': '99999', 'transfer-encoding': 'chunked' },
      });
      await listener({ ...req, [Symbol.asyncIterator]: stream }, res);
      expect(stream).not.toHaveBeenCalled();
      const rawResponse = res.json() as { body: string; headers: Record<string, string> };
      expect(rawResponse.headers['host']).toBe('h');
      expect(Object.keys(rawResponse.headers)).not.toContain('content-length');
      expect(Object.keys(rawResponse.headers)).not.toContain('transfer-encoding');
      bodies.push(rawResponse.body);
    }
    expect(bodies).toEqual(['{"v":1}', '{"v":1}', '{"v":1}']);
  });

  test('an empty parsed object (a parser that found no body) reads the stream', async () => {
    const { handler } = echo();
    const res = nodeResponse();
    await toNodeListener(handler)(nodeRequest({ body: {}, chunks: ['raw'] }), res);
    expect(res.json()).toMatchObject({ body: 'raw' });
  });

  test('GET and HEAD: no body read, none forwarded', async () => {
    const { handler, seen } = echo();
    for (const method of ['GET', 'HEAD']) {
      const stream = vi.fn();
      await toNodeListener(handler)(
        { ...nodeRequest({ method }), [Symbol.asyncIterator]: stream },
        nodeResponse(),
      );
      expect(stream).not.toHaveBeenCalled();
    }
    expect(seen.map((s) => s.request.body)).toEqual([null, null]);
  });

  test('responds with 413 above maxBodyBytes (default 1 MiB) without calling the handler; tooLargeBody is its JSON', async () => {
    const handler = vi.fn(async () => new Response(null));
    const big = new Uint8Array(1024 * 1024 + 1);
    const res = nodeResponse();
    await toNodeListener(handler)(nodeRequest({ chunks: [big] }), res);
    expect([res.statusCode, res.headers['content-type'], res.json()]).toEqual([
      413,
      'application/json',
      { error: 'body_too_large' },
    ]);

    const small = nodeResponse();
    await toNodeListener(handler, { maxBodyBytes: 4, tooLargeBody: { error: 'too_big', max: 4 } })(
      nodeRequest({ chunks: ['ab', 'cde'] }),
      small,
    );
    expect([small.statusCode, small.json()]).toEqual([413, { error: 'too_big', max: 4 }]);
    expect(handler).not.toHaveBeenCalled();
  });

  test('parsedBody converts or refuses a parsed object; a refusal goes to next, or 500 with errorBody', async () => {
    const { handler, seen } = echo();
    const refusal = new Error('parsed');
    const listener = toNodeListener(handler, {
      parsedBody: (parsed) => {
        if ('refuse' in parsed) throw refusal;
        return 'converted';
      },
      errorBody: (error) => ({ error: (error as Error).message }),
    });
    const res = nodeResponse();
    await listener(nodeRequest({ body: { ok: true } }), res);
    expect(res.json()).toMatchObject({ body: 'converted' });

    const next = vi.fn();
    const untouched = nodeResponse();
    await listener(nodeRequest({ body: { refuse: true } }), untouched, next);
    expect(next).toHaveBeenCalledWith(refusal);
    expect(untouched.statusCode).toBe(0);

    const refused = nodeResponse();
    await listener(nodeRequest({ body: { refuse: true } }), refused);
    expect([refused.statusCode, refused.json()]).toEqual([500, { error: 'parsed' }]);
    expect(seen).toHaveLength(1);
  });

  test('a failing handler or stream: next(error), else 500 internal_error unless the response started', async () => {
    const failure = new Error('down');
    const listener = toNodeListener(async () => {
      throw failure;
    });
    const next = vi.fn();
    await listener(nodeRequest(), nodeResponse(), next);
    expect(next).toHaveBeenCalledWith(failure);

    const res = nodeResponse();
    await listener(nodeRequest(), res);
    expect([res.statusCode, res.json()]).toEqual([500, { error: 'internal_error' }]);

    const started = nodeResponse(true);
    await listener(nodeRequest(), started);
    expect([started.statusCode, started.body]).toEqual([0, undefined]);

    const broken = nodeResponse();
    await toNodeListener(echo().handler)(
      {
        ...nodeRequest(),
        // biome-ignore lint/correctness/useYield: a stream that fails before its first chunk
        async *[Symbol.asyncIterator]() {
          throw new Error('socket hang up');
        },
      },
      broken,
    );
    expect([broken.statusCode, broken.json()]).toEqual([500, { error: 'internal_error' }]);
  });
});

describe('toNodeListener: one adapter for every LearnKit handler (options carried by the handler)', () => {
  test("takes the handler's own options, the caller's winning member by member", async () => {
    const { handler } = echo();
    const own = Object.assign(handler, {
      nodeListenerOptions: { maxBodyBytes: 4, tooLargeBody: { error: 'own_limit' } },
    });
    const res = nodeResponse();
    await toNodeListener(own)(nodeRequest({ chunks: ['12345'] }), res);
    expect([res.statusCode, res.json()]).toEqual([413, { error: 'own_limit' }]);

    const wider = nodeResponse();
    await toNodeListener(own, { maxBodyBytes: 10, tooLargeBody: undefined })(
      nodeRequest({ chunks: ['12345'] }),
      wider,
    );
    expect(wider.statusCode).toBe(201);
  });

  test("gives the handler its context: the Node request by default, the handler's context, or { user } from getUser", async () => {
    const contexts: unknown[] = [];
    const handler = Object.assign(
      async (_request: Request, context: { user?: unknown } | undefined) => {
        contexts.push(context);
        return new Response(null, { status: 204 });
      },
      { nodeListenerOptions: { context: () => undefined } },
    );
    await toNodeListener(handler)(nodeRequest(), nodeResponse());
    await toNodeListener<NodeRequestLike & { user?: string }>(handler, {
      getUser: (req) => req.user ?? null,
    })({ ...nodeRequest(), user: 'ada' }, nodeResponse());
    const plain = echo();
    const req = nodeRequest();
    await toNodeListener(plain.handler)(req, nodeResponse());
    expect(contexts).toEqual([undefined, { user: 'ada' }]);
    expect(plain.seen[0]!.req).toBe(req);
  });
});
