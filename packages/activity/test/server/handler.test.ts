import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryDedupeStore, type DedupeStore, ValidationError } from '@learnkit/core';
import { describe, expect, test, vi } from 'vitest';
import { MAX_BATCH_BYTES } from '../../src/protocol';
import { createActivityServer, toNodeListener } from '../../src/server/index';
import {
  activeSeconds,
  CONFIG,
  completionMessage,
  type Mode,
  post,
  RUN,
  useMock,
  windowMessage,
} from './harness';

const CALIPER = '/caliper/v1p2';
const rawResponse = async (response: Response) => ({ status: response.status, body: await response.json() });

describe.each<Mode>(['msw', 'loopback'])('handler (%s)', (mode) => {
  const ctx = useMock(mode);

  test('202: each window and completion becomes one Caliper event with the browser-made id', async () => {
    const server = ctx.server();
    const windows = [windowMessage(15_000), windowMessage(14_250)];
    const done = completionMessage({ xpEarned: 12, totalQuestions: 10, correctQuestions: 8 });
    const res = await server.handler(post([...windows, done]));
    expect(await rawResponse(res)).toEqual({ status: 202, body: { accepted: 3, duplicates: 0 } });
    const stored = ctx.stored();
    expect(stored.map((e) => e.id)).toEqual([windows[0]!.id, windows[1]!.id, done.id]);
    expect(stored[0]).toMatchObject({
      type: 'TimeSpentEvent',
      actor: {
        id: `${ctx.baseUrl}/rostering/1.0/users/${ctx.platform.fixtures.roster.student.sourcedId}`,
        email: ctx.platform.fixtures.roster.student.email,
      },
      object: { id: 'https://app.example.com/activities/Math/g3/fractions-1' },
      extensions: { runId: RUN, courseId: 'course-math-g3' },
    });
    expect(stored[2]).toMatchObject({ type: 'ActivityEvent', action: 'Completed', eventTime: done.at });
    expect(activeSeconds(stored)).toBe(29.25);
  });

  test('an upstream failure is a 5xx, the ids are not marked seen, and the resend is counted exactly once', async () => {
    const dedupe = createMemoryDedupeStore();
    const server = ctx.server({ dedupe });
    const windows = [windowMessage(15_000), windowMessage(15_000)];
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, status: 500, times: 3 });
    const failed = await rawResponse(await server.handler(post(windows)));
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ error: 'upstream_failed' });
    expect(ctx.stored()).toHaveLength(0);
    // Not claimed: the store still treats the ids as new (claim, then give them back).
    expect(await dedupe.claim(windows[0]!.id, 1000)).toBe(true);
    await dedupe.release(windows[0]!.id);

    expect(await rawResponse(await server.handler(post(windows)))).toEqual({
      status: 202,
      body: { accepted: 2, duplicates: 0 },
    });
    expect(await rawResponse(await server.handler(post(windows)))).toEqual({
      status: 202,
      body: { accepted: 0, duplicates: 2 },
    });
    expect(activeSeconds(ctx.stored())).toBe(30);
    expect(ctx.requests('POST', CALIPER).map((r) => r.status)).toEqual([500, 500, 500, 200]);
  });
});

describe('handler statuses and dedupe (msw)', () => {
  const ctx = useMock('msw');

  test('405 for anything but POST, with Allow', async () => {
    const res = await ctx.server().handler(new Request('https://app.example.com/api/activity'));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  test('413 above the protocol byte limit, by content-length or by what arrives', async () => {
    const server = ctx.server();
    const big = 'x'.repeat(MAX_BATCH_BYTES + 1);
    expect((await server.handler(post([], { body: big }))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = new Request('https://app.example.com/api/activity', {
      method: 'POST',
      body: stream,
      headers: { cookie: 'session=ada' },
      duplex: 'half',
    } as RequestInit);
    expect((await server.handler(streamed)).status).toBe(413);
  });

  test('401 when getUser finds no user (or an adapter passes user: null)', async () => {
    const server = ctx.server();
    const anonymous = post([windowMessage(1000)], { headers: { 'content-type': 'application/json' } });
    expect(await rawResponse(await server.handler(anonymous))).toEqual({
      status: 401,
      body: { error: 'unauthorized', message: 'no user' },
    });
    expect((await server.handler(post([windowMessage(1000)]), { user: null })).status).toBe(401);
    expect(ctx.platform.state.requests).toHaveLength(0);
  });

  test('400 for a body that is not JSON, a batch the protocol refuses, or an unknown course', async () => {
    const server = ctx.server();
    const notJson = await rawResponse(await server.handler(post([], { body: '{"v":1,' })));
    expect(notJson).toEqual({
      status: 400,
      body: { error: 'invalid_json', message: 'the body is not JSON' },
    });
    const bad = await rawResponse(await server.handler(post([{ ...windowMessage(1000), id: 'w-1' }])));
    expect(bad).toEqual({
      status: 400,
      body: { error: 'invalid_batch', message: 'events[0].id must be urn:uuid:<uuid>' },
    });
    const unknown = windowMessage(1000, {
      activity: { id: 'x', name: 'X', course: { subject: 'Science', grade: 5 } },
    });
    const refused = await rawResponse(await server.handler(post([windowMessage(1000), unknown])));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'unknown_course',
      message:
        'course {"subject":"Science","grade":5} is not in learnkit.config.json, whose courses are: Math grade 3, code "ALG-1", Reading grade 3',
    });
    expect(ctx.platform.state.requests).toHaveLength(0);
  });

  test('400 naming the field for a window that claims more time than its wall-clock span (time inflation)', async () => {
    const server = ctx.server();
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, 0) + ms).toISOString();
    const window = (activeMs: number, inactiveMs: number, startedAt = at(0), endedAt = at(15_000)) =>
      windowMessage(0, { window: { activeMs, inactiveMs, startedAt, endedAt } });
    const refused = async (events: unknown[]) => {
      const res = await rawResponse(await server.handler(post(events)));
      expect(res.status).toBe(400);
      return (res.body as { message: string }).message;
    };
    // A 15 s window that claims 10 hours, alone or hidden among valid windows: the whole body is refused.
    expect(await refused([window(36_000_000, 0)])).toBe(
      'events[0].window.activeMs: activeMs + inactiveMs (36000000 ms) exceed endedAt - startedAt (15000 ms) by more than 1000 ms',
    );
    expect(await refused([windowMessage(1000), window(10_000, 10_000)])).toMatch(
      /^events\[1\]\.window\.activeMs: activeMs \+ inactiveMs \(20000 ms\) exceed/,
    );
    expect(await refused([window(1000, 0, at(15_000), at(0))])).toBe(
      'events[0].window.endedAt: must not be before startedAt',
    );
    // Not finite or negative (1e400 is JSON for Infinity): refused, naming the member.
    const raw = (activeMs: string) =>
      post([], {
        body: JSON.stringify({ v: 1, events: [window(1000, 0)] }).replace(
          '"activeMs":1000',
          `"activeMs":${activeMs}`,
        ),
      });
    for (const bad of ['1e400', '-1', '-1e400']) {
      const res = await rawResponse(await server.handler(raw(bad)));
      expect([bad, res.status]).toEqual([bad, 400]);
      expect((res.body as { message: string }).message).toMatch(/^events\[0\]\.window\.activeMs/);
    }
    expect(ctx.platform.state.requests).toHaveLength(0);

    // Within the span, and up to 1 s over it (clocks read separately), a window is taken.
    const taken = await rawResponse(await server.handler(post([window(14_000, 1000), window(15_900, 0)])));
    expect(taken).toEqual({ status: 202, body: { accepted: 2, duplicates: 0 } });
    expect(activeSeconds(ctx.stored())).toBe(29.9);
  });

  test('500 (never 4xx) when getUser throws or returns no email, or learnkit.config.json cannot be loaded', async () => {
    const error = vi.fn();
    const logger = { debug() {}, info() {}, warn() {}, error };
    const throws = ctx.server({
      logger,
      getUser: () => {
        throw new Error('session store down');
      },
    });
    // The browser learns to send again; the reason goes to the log only.
    expect(await rawResponse(await throws.handler(post([windowMessage(1000)])))).toEqual({
      status: 500,
      body: { error: 'internal_error', message: 'the activity endpoint failed; see its log' },
    });
    expect(error).toHaveBeenLastCalledWith(
      { error: 'session store down', name: 'Error' },
      'activity handler: getUser threw',
    );
    const noEmail = ctx.server({ getUser: () => ({ name: 'Ada' }) as never });
    expect((await noEmail.handler(post([windowMessage(1000)]))).status).toBe(500);
    const missing = ctx.server({ logger, config: 'does-not-exist/learnkit.config.json' });
    expect((await missing.handler(post([windowMessage(1000)]))).status).toBe(500);
    expect(error.mock.lastCall?.[0].error).toMatch(/does-not-exist\/learnkit\.config\.json does not exist/);
  });

  test('502 for a user the roster does not know (the tracker keeps the windows)', async () => {
    const error = vi.fn();
    const server = ctx.server({
      getUser: () => ({ email: 'nobody@example.com' }),
      logger: { debug() {}, info() {}, warn() {}, error },
    });
    const res = await rawResponse(await server.handler(post([windowMessage(1000)])));
    expect(res).toEqual({
      status: 502,
      body: { error: 'upstream_failed', message: 'the platform did not take the events; send them again' },
    });
    expect(error.mock.lastCall?.[0]).toMatchObject({
      name: 'UnknownUserError',
      error: expect.stringMatching(/nobody@/),
    });
  });

  test('resent ids get a response from the dedupe store without sending, across server instances', async () => {
    const dedupe = createMemoryDedupeStore();
    const windows = [windowMessage(5000), windowMessage(5000)];
    const first = ctx.server({ dedupe });
    expect((await first.handler(post(windows))).status).toBe(202);
    // Another process sharing the store: nothing goes to the platform again.
    const second = ctx.server({ dedupe });
    const again = await rawResponse(
      await second.handler(post([windows[1]!, windowMessage(2000), windows[0]!])),
    );
    expect(again).toEqual({ status: 202, body: { accepted: 1, duplicates: 2 } });
    expect(ctx.requests('POST', CALIPER)).toHaveLength(2);
    expect(activeSeconds(ctx.stored())).toBe(12);
  });

  test('the same id twice in one body is sent once', async () => {
    const window = windowMessage(5000);
    const res = await rawResponse(await ctx.server().handler(post([window, window])));
    expect(res).toEqual({ status: 202, body: { accepted: 1, duplicates: 1 } });
  });

  test('with dedupe: false the platform still counts every id once', async () => {
    const server = ctx.server({ dedupe: false });
    const window = windowMessage(5000);
    await server.handler(post([window]));
    const other = ctx.server({ dedupe: false });
    expect(await rawResponse(await other.handler(post([window])))).toEqual({
      status: 202,
      body: { accepted: 0, duplicates: 1 },
    });
    expect(activeSeconds(ctx.stored())).toBe(5);
  });

  test('concurrent copies of one body (beacon and fetch) send once and share the outcome', async () => {
    const server = ctx.server();
    const windows = [windowMessage(3000)];
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, delayMs: 50 });
    const [a, b] = await Promise.all([server.handler(post(windows)), server.handler(post(windows))]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(ctx.requests('POST', CALIPER)).toHaveLength(1);

    const failing = [windowMessage(4000)];
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, status: 500, times: 3, delayMs: 20 });
    const [c, d] = await Promise.all([server.handler(post(failing)), server.handler(post(failing))]);
    expect([c.status, d.status]).toEqual([502, 502]);
    expect((await server.handler(post(failing))).status).toBe(202);
    expect(activeSeconds(ctx.stored())).toBe(7);
  });

  test('a store without release: a failed id is still sent again by this process', async () => {
    const inner = createMemoryDedupeStore();
    const store: DedupeStore = { claim: (id, ttl) => inner.claim(id, ttl) };
    const server = ctx.server({ dedupe: store });
    const windows = [windowMessage(6000)];
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, status: 500, times: 3 });
    expect((await server.handler(post(windows))).status).toBe(502);
    expect((await server.handler(post(windows))).status).toBe(202);
    expect(activeSeconds(ctx.stored())).toBe(6);
  });

  test('a dedupe store that fails does not lose time: the events are sent (the platform dedupes)', async () => {
    const warn = vi.fn();
    const store: DedupeStore = {
      claim: () => Promise.reject(new Error('redis down')),
      release: () => Promise.resolve(),
    };
    const server = ctx.server({ dedupe: store, logger: { debug() {}, info() {}, warn, error() {} } });
    expect((await server.handler(post([windowMessage(6000)]))).status).toBe(202);
    expect(warn).toHaveBeenCalledWith({ error: 'redis down' }, 'activity handler: dedupe store failed');
  });

  test('pctComplete of completions: gradebook history plus the completions before it in the body', async () => {
    const server = ctx.server();
    const other = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const res = await server.handler(
      post([
        completionMessage({ xpEarned: 5, masteredUnits: 3 }),
        completionMessage({ xpEarned: 5, masteredUnits: 2 }, { runId: other }),
        completionMessage({ xpEarned: 5, masteredUnits: 2, pctComplete: 50 }, { runId: other }),
      ]),
    );
    expect(res.status).toBe(202);
    const pct = ctx
      .stored()
      .map((e) => (e.generated as { extensions?: { pctCompleteApp: number } }).extensions);
    // 5 earlier units (seeded) + 3 = 8 of 40; + 2 = 10 of 40; a given value is forwarded.
    expect(pct).toEqual([{ pctCompleteApp: 20 }, { pctCompleteApp: 25 }, { pctCompleteApp: 50 }]);
  });

  test('a resumed run (same runId) completes again: each completion is stored and its units count', async () => {
    const server = ctx.server();
    // Two page visits of one stateful activity, each ending with its own completion (its own event id).
    const first = await server.handler(post([completionMessage({ xpEarned: 5, masteredUnits: 3 })]));
    const second = await server.handler(post([completionMessage({ xpEarned: 5, masteredUnits: 2 })]));
    expect(await first.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await second.json()).toEqual({ accepted: 1, duplicates: 0 });
    const stored = ctx.stored();
    expect(stored.map((e) => (e.extensions as { runId: string }).runId)).toEqual([RUN, RUN]);
    // 5 seeded units + 3 = 8 of 40, then the first completion of the run is history: 5 + 3 + 2 = 10 of 40.
    expect(stored.map((e) => (e.generated as { extensions?: unknown }).extensions)).toEqual([
      { pctCompleteApp: 20 },
      { pctCompleteApp: 25 },
    ]);
  });

  test('an adapter that knows the user passes it and getUser is not called', async () => {
    const getUser = vi.fn(() => null);
    const server = ctx.server({ getUser });
    const user = { email: ctx.platform.fixtures.roster.student.email };
    expect((await server.handler(post([windowMessage(1000)]), { user })).status).toBe(202);
    // Next.js passes { params }: no `user` member, so getUser runs.
    expect((await server.handler(post([windowMessage(1000)]), { params: {} } as never)).status).toBe(401);
    expect(getUser).toHaveBeenCalledTimes(1);
  });

  test('client may hold an HTTP client with its base URL, as a LearnKit does (lk.http, lk.baseUrl)', async () => {
    const holder = { http: ctx.http(), baseUrl: ctx.baseUrl, credentials: 'client' as const };
    const server = createActivityServer({
      client: holder,
      config: CONFIG,
      getUser: () => ({ email: ctx.platform.fixtures.roster.student.email }),
    });
    expect((await server.handler(post([windowMessage(1000)]))).status).toBe(202);
    const actor = ctx.platform.state.caliperEvents[0]?.event.actor as { id?: string } | undefined;
    expect(actor?.id?.startsWith(`${ctx.baseUrl}/rostering/1.0/users/`)).toBe(true);
  });

  test('the handler needs getUser; bad options are refused at creation', () => {
    const server = createActivityServer({ client: ctx.options(), config: CONFIG });
    expect(() => server.handler).toThrow(ValidationError);
    expect(() => server.handler).toThrow(/getUser: is required to serve the browser tracker/);
    expect(() => createActivityServer({ client: ctx.http(), config: CONFIG })).toThrow(
      /baseUrl: is required when client is an HTTP client: pass the platform base URL as baseUrl.*or pass the LearnKit you hold as client/,
    );
    expect(() =>
      createActivityServer({ client: ctx.options(), getUser: 'x' as never, dedupeTtlMs: -1 }),
    ).toThrow(/getUser: must be a function.*dedupeTtlMs: must be a number of ms >= 0/);
    expect(() => createActivityServer({ client: ctx.options(), config: { sensor: 'x' } })).toThrow(
      /config: the given configuration: sensor must be an http\(s\) URL/,
    );
  });
});

describe('toNodeListener (the loopback platform, a real Node server for the handler)', () => {
  const ctx = useMock('loopback');

  async function serve(listener: Parameters<typeof createServer>[1]) {
    const server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/activity`;
    return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const send = (url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  test('reads the raw body, takes the user from the Node request, returns what the handler returns', async () => {
    const server = ctx.server();
    const email = ctx.platform.fixtures.roster.student.email;
    const node = await serve(
      toNodeListener<import('node:http').IncomingMessage>(server.handler, {
        getUser: (req) => (req.headers['x-user'] === 'ada' ? { email } : null),
      }) as never,
    );
    try {
      const body = JSON.stringify({ v: 1, events: [windowMessage(2000)] });
      expect((await send(node.url, body, { 'x-user': 'ada' })).status).toBe(202);
      expect((await send(node.url, body)).status).toBe(401);
      expect((await send(node.url, 'z'.repeat(MAX_BATCH_BYTES + 10), { 'x-user': 'ada' })).status).toBe(413);
      expect((await fetch(node.url)).status).toBe(405);
    } finally {
      await node.close();
    }
  });

  test('takes a body an Express parser already read (Buffer, string or parsed JSON)', async () => {
    const server = ctx.server();
    const listener = toNodeListener(server.handler);
    const statuses: number[] = [];
    for (const body of [
      Buffer.from(JSON.stringify({ v: 1, events: [windowMessage(1000)] })),
      JSON.stringify({ v: 1, events: [windowMessage(1000)] }),
      { v: 1, events: [windowMessage(1000)] },
    ]) {
      const res = {
        statusCode: 0,
        headers: {} as Record<string, string>,
        setHeader(name: string, value: string) {
          this.headers[name] = value;
        },
        end: vi.fn(),
      };
      const req = {
        method: 'POST',
        url: '/api/activity',
        headers: { host: 'app.example.com', cookie: 'session=ada', 'content-length': '99999' },
        body,
        async *[Symbol.asyncIterator]() {},
      };
      await listener(req, res);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202]);
    expect(activeSeconds(ctx.stored())).toBe(3);
  });
});
