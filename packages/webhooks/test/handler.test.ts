import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryDedupeStore, type DedupeStore, ValidationError } from '@learnkit/core';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWebhookHandler,
  type KnownWebhookEvent,
  toNodeListener,
  type WebhookEvent,
  type WebhookHandlerOptions,
} from '../src/index';
import { delivery, envelope, nowAt, SECRET, T0 } from './helpers';

const URL_ = 'https://consumer.example/webhooks';

function post(d: { body: string; headers: Record<string, string> }, init: RequestInit = {}) {
  return new Request(URL_, { method: 'POST', headers: d.headers, body: d.body, ...init });
}

function setup(options: Partial<WebhookHandlerOptions> = {}) {
  const handled: KnownWebhookEvent<'enrollment.created'>[] = [];
  const handler = createWebhookHandler({
    secret: SECRET,
    now: nowAt(T0),
    on: { 'enrollment.created': (event) => void handled.push(event) },
    ...options,
  });
  return { handler, handled };
}

describe('createWebhookHandler with a web Request', () => {
  it('responds with 200 and runs the handler of the type with the typed event', async () => {
    const { handler, handled } = setup();
    const d = delivery();
    const response = await handler(post(d));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(handled).toEqual([JSON.parse(d.body)]);
  });

  it('runs a redelivery (same id, new signature and timestamp) once, responding with 200 both times', async () => {
    const { handler, handled } = setup();
    const body = JSON.stringify(envelope());
    const first = await handler(post(delivery({ body, timestamp: T0 - 10 })));
    const again = await handler(post(delivery({ body, timestamp: T0 })));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(handled).toHaveLength(1);
  });

  it('runs concurrent copies of one event once', async () => {
    const { handler, handled } = setup();
    const body = JSON.stringify(envelope());
    const responses = await Promise.all(Array.from({ length: 10 }, () => handler(post(delivery({ body })))));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(handled).toHaveLength(1);
  });

  const failingTwice = () => {
    let calls = 0;
    const fn = vi.fn(() => {
      calls++;
      if (calls <= 2) throw new Error(`boom ${calls}`);
    });
    return fn;
  };

  it.each([
    ['the default store (core memory store)', undefined],
    ['a custom store with release', 'releasable'],
    ['core memory store given explicitly', 'memory'],
    ['a custom store without release (in-process fallback)', 'claim-only'],
    ['a store whose release fails (in-process fallback)', 'release-fails'],
  ] as const)(
    'responds with 500 when the handler throws and runs it again on the redelivery: %s',
    async (_label, kind) => {
      const fn = failingTwice();
      let dedupe: DedupeStore | undefined;
      const seen = new Set<string>();
      const claim = async (id: string) => {
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      };
      if (kind === 'memory') dedupe = createMemoryDedupeStore();
      if (kind === 'releasable') dedupe = { claim, release: async (id) => void seen.delete(id) };
      if (kind === 'claim-only') dedupe = { claim };
      if (kind === 'release-fails')
        dedupe = { claim, release: () => Promise.reject(new Error('redis down')) };
      const handler = createWebhookHandler({
        secret: SECRET,
        now: nowAt(T0),
        on: { 'enrollment.created': fn },
        ...(dedupe && { dedupe }),
      });
      const body = JSON.stringify(envelope());
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await handler(post(delivery({ body })))).status);
      expect(statuses).toEqual([500, 500, 200, 200]);
      expect(fn).toHaveBeenCalledTimes(3);
    },
  );

  it('releases the claim through the store, so another handler sharing the store runs the retry', async () => {
    const store = createMemoryDedupeStore();
    const release = vi.spyOn(store, 'release');
    let calls = 0;
    const make = () =>
      createWebhookHandler({
        secret: SECRET,
        now: nowAt(T0),
        dedupe: store,
        on: {
          'enrollment.created': () => {
            calls++;
            if (calls === 1) throw new Error('first attempt fails');
          },
        },
      });
    // Two handlers over one store: what two processes over one Redis store look like.
    const [a, b] = [make(), make()];
    const body = JSON.stringify(envelope());
    expect((await a(post(delivery({ body })))).status).toBe(500);
    expect(release).toHaveBeenCalledWith(JSON.parse(body).id);
    expect((await b(post(delivery({ body })))).status).toBe(200);
    expect((await a(post(delivery({ body })))).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('without release, a claim left by a failure is known only to the handler that failed', async () => {
    const seen = new Set<string>();
    const store: DedupeStore = {
      claim: async (id) => !seen.has(id) && Boolean(seen.add(id)),
    };
    let calls = 0;
    const make = () =>
      createWebhookHandler({
        secret: SECRET,
        now: nowAt(T0),
        dedupe: store,
        on: {
          'enrollment.created': () => {
            calls++;
            if (calls === 1) throw new Error('first attempt fails');
          },
        },
      });
    const [a, b] = [make(), make()];
    const body = JSON.stringify(envelope());
    expect((await a(post(delivery({ body })))).status).toBe(500);
    // The documented limit of the fallback: why custom stores should implement release.
    expect(await (await b(post(delivery({ body })))).json()).toEqual({ received: true, duplicate: true });
    expect((await a(post(delivery({ body })))).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('responds with 500 when the dedupe store fails, without running the handler', async () => {
    const fn = vi.fn();
    const dedupe: DedupeStore = { claim: () => Promise.reject(new Error('redis down')) };
    const handler = createWebhookHandler({
      secret: SECRET,
      now: nowAt(T0),
      on: { 'enrollment.created': fn },
      dedupe,
    });
    expect((await handler(post(delivery()))).status).toBe(500);
    expect(fn).not.toHaveBeenCalled();
  });

  it('with dedupe: false runs every delivery', async () => {
    const { handler, handled } = setup({ dedupe: false });
    const body = JSON.stringify(envelope());
    await handler(post(delivery({ body })));
    await handler(post(delivery({ body })));
    expect(handled).toHaveLength(2);
  });

  it('responds with 401 for a bad signature or a stale timestamp, naming only the reason', async () => {
    const { handler, handled } = setup();
    const d = delivery();
    const tampered = await handler(post({ ...d, body: d.body.replace('usr-1', 'usr-2') }));
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toEqual({ error: 'signature_mismatch' });
    const stale = await handler(post(delivery({ timestamp: T0 - 301 })));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ error: 'timestamp_too_old' });
    const unsigned = await handler(new Request(URL_, { method: 'POST', body: d.body }));
    expect(unsigned.status).toBe(401);
    expect(handled).toHaveLength(0);
  });

  it('responds with 400 for a signed payload that does not fit its type, and 405 for other methods', async () => {
    const { handler } = setup();
    const bad = await handler(
      post(delivery({ body: JSON.stringify(envelope('enrollment.created', { classId: 'c' })) })),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_payload' });
    const get = await handler(new Request(URL_));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('acknowledges events without a handler, or passes them to onUnhandled (unknown types too)', async () => {
    const { handler, handled } = setup();
    const ping = await handler(
      post(delivery({ body: JSON.stringify(envelope('test.ping', { message: 'hi' })) })),
    );
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ received: true, handled: false });
    expect(handled).toHaveLength(0);

    const unhandled: WebhookEvent[] = [];
    const withFallback = setup({ onUnhandled: (event) => void unhandled.push(event) });
    const future = envelope('course.published', { courseId: 'c1' });
    expect((await withFallback.handler(post(delivery({ body: JSON.stringify(future) })))).status).toBe(200);
    expect(unhandled).toEqual([future]);
  });

  it('passes the request to the handler and honours toleranceSec', async () => {
    let seen: Request | undefined;
    const handler = createWebhookHandler({
      secret: [SECRET],
      toleranceSec: 5,
      now: nowAt(T0 + 6),
      on: {
        'enrollment.created': (_event, { request }) => {
          seen = request;
        },
      },
    });
    expect((await handler(post(delivery()))).status).toBe(401);
    const lenient = createWebhookHandler({
      secret: SECRET,
      toleranceSec: 10,
      now: nowAt(T0 + 6),
      on: {
        'enrollment.created': (_e, c) => {
          seen = c.request;
        },
      },
    });
    expect((await lenient(post(delivery()))).status).toBe(200);
    expect(seen?.headers.get('x-service-webhook-timestamp')).toBe(String(T0));
  });

  it('refuses bad options when created', () => {
    expect(() => createWebhookHandler({ secret: '', on: {} })).toThrow(ValidationError);
    expect(() => createWebhookHandler({ secret: [], on: 'x' as never })).toThrow(
      /^Invalid input: secret: must be the subscription's signingSecret \(or a rotation list\); on: must be/,
    );
    expect(() =>
      createWebhookHandler({ secret: SECRET, on: { 'enrolment.created': () => {} } as never }),
    ).toThrow(/on\.enrolment\.created/);
    expect(() =>
      createWebhookHandler({ secret: SECRET, on: { 'enrollment.created': 'x' } as never }),
    ).toThrow(/must be a function/);
    expect(() => createWebhookHandler({ secret: SECRET, on: {}, dedupe: {} as never })).toThrow(/dedupe/);
    expect(() => createWebhookHandler({ secret: SECRET, on: {}, dedupeTtlMs: 0 })).toThrow(/dedupeTtlMs/);
    expect(() =>
      createWebhookHandler({
        secret: SECRET,
        on: { 'course.published': () => {} } as never,
        allowUnknownEventTypes: true,
      }),
    ).not.toThrow();
  });

  it('logs refused deliveries and failed handlers without the secret', async () => {
    const lines: string[] = [];
    const sink = (fields: Record<string, unknown>, message?: string) =>
      void lines.push(`${message} ${JSON.stringify(fields)}`);
    const handler = createWebhookHandler({
      secret: `${SECRET} `,
      now: nowAt(T0),
      on: {},
      logger: { debug: sink, info: sink, warn: sink, error: sink },
    });
    await handler(post(delivery()));
    expect(lines.join('\n')).toMatch(/signature_mismatch/);
    expect(lines.join('\n')).not.toContain(SECRET);
  });
});

/** A gate a handler function waits on, opened by the test. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Whether `promise` settled within a few turns of the event loop (it should not have, while it waits). */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

// Issue 13, finding 11: a copy arriving while the first is being handled was acknowledged at once; if the first then
// failed, the event was lost.
describe('a copy of a delivery still being handled is acknowledged only once it was handled', () => {
  it('in one process: the copy waits for the first, and gets its 500 when it fails; the retry then runs it', async () => {
    const first = gate();
    let calls = 0;
    const handler = createWebhookHandler({
      secret: SECRET,
      now: nowAt(T0),
      on: {
        'enrollment.created': async () => {
          calls++;
          if (calls === 1) {
            await first.opened;
            throw new Error('database down');
          }
        },
      },
    });
    const body = JSON.stringify(envelope());
    const original = handler(post(delivery({ body })));
    const copy = handler(post(delivery({ body })));
    expect(await settledSoon(copy)).toBe(false);
    first.open();
    expect((await original).status).toBe(500);
    const copied = await copy;
    expect(copied.status).toBeGreaterThanOrEqual(500);
    // The platform's retry of the event runs the function again, and succeeds.
    expect((await handler(post(delivery({ body })))).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('in one process: the copy of a delivery that succeeds gets 200 (duplicate) only after it succeeded', async () => {
    const first = gate();
    const done: string[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      now: nowAt(T0),
      on: {
        'enrollment.created': async () => {
          await first.opened;
          done.push('handled');
        },
      },
    });
    const body = JSON.stringify(envelope());
    const original = handler(post(delivery({ body })));
    const copy = handler(post(delivery({ body })));
    expect(await settledSoon(copy)).toBe(false);
    first.open();
    const copied = await copy;
    expect(done).toEqual(['handled']);
    expect(copied.status).toBe(200);
    expect(await copied.json()).toEqual({ received: true, duplicate: true });
    expect((await original).status).toBe(200);
  });

  it('across handlers sharing a store: a copy of one still being handled gets a retryable 503, never a 2xx', async () => {
    const store = createMemoryDedupeStore();
    const first = gate();
    let calls = 0;
    const make = () =>
      createWebhookHandler({
        secret: SECRET,
        now: nowAt(T0),
        dedupe: store,
        on: {
          'enrollment.created': async () => {
            calls++;
            if (calls === 1) {
              await first.opened;
              throw new Error('first attempt fails');
            }
          },
        },
      });
    const [a, b] = [make(), make()];
    const body = JSON.stringify(envelope());
    const original = a(post(delivery({ body })));
    await new Promise((resolve) => setImmediate(resolve));
    const elsewhere = await b(post(delivery({ body })));
    expect(elsewhere.status).toBe(503);
    expect(elsewhere.headers.get('retry-after')).toBe('60');
    first.open();
    expect((await original).status).toBe(500);
    // Released: the platform's retry, on either process, runs it again.
    expect((await b(post(delivery({ body })))).status).toBe(200);
    expect((await a(post(delivery({ body })))).status).toBe(200);
    expect(calls).toBe(2);
  });
});

// Issue 13, finding 12: the web-Request handler buffered a body of any size.
describe('the body cap of the web-Request handler (one mechanism with toNodeListener)', () => {
  it('responds with 413 for a signed body over 1 MiB, without running the function', async () => {
    const { handler, handled } = setup();
    const big = JSON.stringify(
      envelope('enrollment.created', {
        enrollmentId: 'x'.repeat(1024 * 1024),
        classId: 'c',
        userId: 'u',
      }),
    );
    const response = await handler(post(delivery({ body: big })));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'body_too_large' });
    expect(handled).toHaveLength(0);
  });

  it('stops reading a streamed body without Content-Length at the cap (maxBodyBytes)', async () => {
    const { handler } = setup({ maxBodyBytes: 1000 });
    let pulled = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(400));
        if (pulled === 50) controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    const d = delivery();
    const request = new Request(URL_, {
      method: 'POST',
      headers: d.headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    expect(cancelled).toBe(true);
  });

  it('responds with 413 from a declared Content-Length over the cap before reading anything', async () => {
    const { handler } = setup({ maxBodyBytes: 100 });
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(10));
        if (pulled === 500) controller.close();
      },
    });
    const d = delivery();
    const request = new Request(URL_, {
      method: 'POST',
      headers: { ...d.headers, 'content-length': '5000' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('accepts a body up to the cap, and refuses a maxBodyBytes that is no positive whole number', async () => {
    const d = delivery();
    const { handler, handled } = setup({ maxBodyBytes: new TextEncoder().encode(d.body).byteLength });
    expect((await handler(post(d))).status).toBe(200);
    expect(handled).toHaveLength(1);
    for (const maxBodyBytes of [0, -1, 1.5, Number.NaN]) {
      expect(() => setup({ maxBodyBytes })).toThrow(/maxBodyBytes/);
    }
  });
});

// Issue 13, finding 16: event types named after Object.prototype members reached Object's own functions.
describe('event types named after Object.prototype members', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'a signed %s event finds no handler of Object.prototype: acknowledged as unhandled',
    async (type) => {
      const onUnhandled = vi.fn();
      const { handler, handled } = setup({ onUnhandled });
      const body = JSON.stringify({ ...envelope(), type });
      const response = await handler(post(delivery({ body })));
      expect(response.status).toBe(200);
      expect(onUnhandled).toHaveBeenCalledOnce();
      expect(onUnhandled.mock.calls[0]?.[0]).toMatchObject({ type });
      expect(handled).toEqual([]);
      const bare = createWebhookHandler({ secret: SECRET, now: nowAt(T0), on: {} });
      const plain = await bare(post(delivery({ body })));
      expect([plain.status, await plain.json()]).toEqual([200, { received: true, handled: false }]);
    },
  );

  it('runs a function registered under such a name on purpose (allowUnknownEventTypes)', async () => {
    const fn = vi.fn();
    const handler = createWebhookHandler({
      secret: SECRET,
      now: nowAt(T0),
      allowUnknownEventTypes: true,
      on: { constructor: fn } as never,
    });
    const response = await handler(
      post(delivery({ body: JSON.stringify({ ...envelope(), type: 'constructor' }) })),
    );
    expect(response.status).toBe(200);
    expect(fn).toHaveBeenCalledOnce();
  });
});

describe('toNodeListener', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });
  const listen = async (listener: Parameters<typeof createServer>[1]) => {
    server = createServer(listener);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const send = (url: string, d: { body: string; headers: Record<string, string> }) =>
    fetch(`${url}/webhooks`, { method: 'POST', headers: d.headers, body: d.body });

  it('serves node:http: reads the raw body itself, responds with 200, 401 and dedupes', async () => {
    const { handler, handled } = setup();
    const url = await listen(toNodeListener(handler) as never);
    const d = delivery();
    const ok = await send(url, d);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json');
    expect(await ok.json()).toEqual({ received: true });
    expect((await send(url, d)).status).toBe(200);
    expect(handled).toHaveLength(1);
    expect((await send(url, { ...d, body: `${d.body} ` })).status).toBe(401);
  });

  it('responds with 413 for a body over maxBodyBytes', async () => {
    const { handler } = setup();
    const url = await listen(toNodeListener(handler, { maxBodyBytes: 64 }) as never);
    expect((await send(url, delivery())).status).toBe(413);
  });

  it('works in Express on its own, after express.raw, and after express.text', async () => {
    const { handler, handled } = setup();
    const app = express();
    app.post('/own', toNodeListener(handler));
    app.post('/raw', express.raw({ type: 'application/json' }), toNodeListener(handler));
    app.post('/text', express.text({ type: 'application/json' }), toNodeListener(handler));
    const url = await listen(app);
    for (const path of ['own', 'raw', 'text']) {
      const d = delivery();
      const response = await fetch(`${url}/${path}`, { method: 'POST', headers: d.headers, body: d.body });
      expect(response.status, path).toBe(200);
    }
    expect(handled).toHaveLength(3);
  });

  it('in Express after express.json(): hands Express a body_not_raw error (no handler run)', async () => {
    const { handler, handled } = setup();
    const app = express();
    const errors: unknown[] = [];
    app.use(express.json());
    app.post('/webhooks', toNodeListener(handler));
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      errors.push(error);
      res.status(500).json({ error: (error as { reason?: string }).reason });
    });
    const url = await listen(app);
    const response = await send(url, delivery());
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'body_not_raw' });
    expect(String((errors[0] as Error).message)).toMatch(/express\.json\(\)/);
    expect(handled).toHaveLength(0);
  });

  it('in Express: a throwing handler responds with 500 and the redelivery runs it again', async () => {
    let calls = 0;
    const handler = createWebhookHandler({
      secret: SECRET,
      now: nowAt(T0),
      on: {
        'enrollment.created': () => {
          calls++;
          if (calls === 1) throw new Error('database unavailable');
        },
      },
    });
    const app = express();
    app.post('/webhooks', express.raw({ type: 'application/json' }), toNodeListener(handler));
    const url = await listen(app);
    const d = delivery();
    expect((await send(url, d)).status).toBe(500);
    expect((await send(url, d)).status).toBe(200);
    expect((await send(url, d)).status).toBe(200);
    expect(calls).toBe(2);
  });
});
