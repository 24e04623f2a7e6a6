// The activity handler on the durable queue (docs/decisions.md#d-handler-on-queue): bodies of many learners are
// responded with 202 once stored, a worker sends them in few Caliper requests, resends are never counted twice, an outage
// of the platform is no outage of the handler, a store that fails gets 503 and loses nothing.
import { createMemoryDedupeStore, ValidationError } from '@learnkit/core';
import { afterEach, describe, expect, test } from 'vitest';
import type { ActivityMessage } from '../../src/protocol';
import {
  type ActivityQueueStore,
  ActivityQueueStoreError,
  type ActivityServer,
  createMemoryQueueStore,
  type GetUser,
} from '../../src/server/index';
import { completionMessage, post, useMock, windowMessage } from './harness';

const CALIPER = '/caliper/v1p2';

/** Learner `n`: the session cookie `learner=<n>` and the rostering id `learner-<n>`. */
const learnerOf: GetUser = (request) => {
  const n = /learner=(\d+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  return n === undefined ? null : { email: `learner${n}@example.com`, platformId: `learner-${n}` };
};
const postAs = (n: number, events: ActivityMessage[]) =>
  post(events, { headers: { 'content-type': 'application/json', cookie: `learner=${n}` } });

describe('the activity handler on the queue', () => {
  const ctx = useMock('msw');
  const stops: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
  const queued = (extra: { store?: ActivityQueueStore; dedupe?: false } = {}): ActivityServer =>
    ctx.server({
      getUser: learnerOf,
      queue: { store: extra.store ?? createMemoryQueueStore(), batch: { maxWaitMs: 0 } },
      ...(extra.dedupe === false && { dedupe: false }),
    });

  test('200 learners, 3 windows each: 202 once stored, then a worker sends them in 6 Caliper requests', async () => {
    const server = queued();
    const sent: string[] = [];
    for (let round = 0; round < 3; round++)
      for (let n = 0; n < 200; n++) {
        const window = windowMessage(14_000);
        sent.push(window.id);
        const rawResponse = await server.handler(postAs(n, [window]));
        expect(rawResponse.status).toBe(202);
        expect(await rawResponse.json()).toEqual({ accepted: 1, duplicates: 0 });
      }
    // Nothing went to the platform while the handler responded.
    expect(ctx.requests('POST', CALIPER)).toEqual([]);
    expect(await server.handlerQueue?.stats()).toMatchObject({ depth: 600, sent: 0 });
    const flushed = await server.handlerQueue?.flush();
    expect(flushed).toEqual({ sent: 600, deadLettered: 0, remaining: 0 });
    // 100 events a request (the default batch): 600 windows of 200 learners in 6 requests, not 600.
    expect(ctx.requests('POST', CALIPER)).toHaveLength(6);
    expect(ctx.stored().map((event) => event.id)).toEqual(sent);
    const actors = new Set(ctx.stored().map((event) => (event.actor as { id: string }).id));
    expect(actors.size).toBe(200);
    expect([...actors][0]).toMatch(/\/rostering\/1\.0\/users\/learner-0$/);
  });

  test('a resend is never counted twice: once taken, its ids are duplicates, and the ingest gets each once', async () => {
    const server = queued();
    const body = [windowMessage(10_000), windowMessage(12_000), completionMessage({ xpEarned: 5 })];
    expect(await (await server.handler(postAs(1, body))).json()).toEqual({ accepted: 3, duplicates: 0 });
    // The tracker lost the response and sends the body again; then once more after the worker sent it.
    expect(await (await server.handler(postAs(1, body))).json()).toEqual({ accepted: 0, duplicates: 3 });
    await server.handlerQueue?.flush();
    expect(await (await server.handler(postAs(1, body))).json()).toEqual({ accepted: 0, duplicates: 3 });
    await server.handlerQueue?.flush();
    expect(ctx.stored().map((event) => event.id)).toEqual(body.map((message) => message.id));
    expect([...ctx.receipts().values()]).toEqual([1, 1, 1]);
  });

  test('two handler processes without a shared dedupe store: a copy stored twice is sent once', async () => {
    const store = createMemoryQueueStore();
    const [first, second] = [queued({ store }), queued({ store })];
    const body = [windowMessage(10_000), windowMessage(11_000)];
    expect((await first.handler(postAs(1, body))).status).toBe(202);
    expect((await second.handler(postAs(1, body))).status).toBe(202);
    expect(await first.handlerQueue?.flush()).toMatchObject({ sent: 2, remaining: 0 });
    expect(ctx.requests('POST', CALIPER)).toHaveLength(1);
    expect([...ctx.receipts().values()]).toEqual([1, 1]);
  });

  test('while the platform responds with 503, every body gets 202; the windows are sent once it is back', async () => {
    const server = queued();
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, status: 503, times: Infinity });
    const ids: string[] = [];
    for (let n = 0; n < 100; n++) {
      const window = windowMessage(15_000);
      ids.push(window.id);
      expect((await server.handler(postAs(n, [window]))).status).toBe(202);
    }
    expect(ctx.stored()).toEqual([]);
    ctx.platform.faults.clear();
    expect(await server.handlerQueue?.flush()).toEqual({ sent: 100, deadLettered: 0, remaining: 0 });
    expect(ctx.stored().map((event) => event.id)).toEqual(ids);
  });

  test('a completion through the queue gets decision 10 from the gradebook, as the direct handler gives it', async () => {
    const { student } = ctx.platform.fixtures.roster;
    const server = ctx.server({ queue: { store: createMemoryQueueStore(), batch: { maxWaitMs: 0 } } });
    const direct = ctx.server();
    const pctOf = (event: Record<string, unknown> | undefined) =>
      (event?.generated as { extensions?: { pctCompleteApp?: number } } | undefined)?.extensions
        ?.pctCompleteApp;
    // The seeded history holds 5 mastered units of the course's 40 lessons: 5 + 2 of 40 is 17.5 %.
    expect((await server.handler(post([completionMessage({ xpEarned: 5, masteredUnits: 2 })]))).status).toBe(
      202,
    );
    await server.handlerQueue?.flush();
    expect(pctOf(ctx.stored()[0])).toBe(17.5);
    expect(JSON.stringify(ctx.stored()[0])).toContain(encodeURIComponent(student.sourcedId));
    // The direct handler, after it, counts the queued completion's 2 units in the gradebook: 9 of 40.
    expect((await direct.handler(post([completionMessage({ xpEarned: 5, masteredUnits: 2 })]))).status).toBe(
      202,
    );
    expect(pctOf(ctx.stored()[1])).toBe(22.5);
  });

  test('a learner the roster does not have: the window is kept in the dead letters with its message and user', async () => {
    const server = ctx.server({
      getUser: () => ({ email: 'nobody@example.com' }),
      queue: { store: createMemoryQueueStore(), batch: { maxWaitMs: 0 } },
    });
    const window = windowMessage(10_000);
    expect((await server.handler(post([window]))).status).toBe(202);
    expect(await server.handlerQueue?.flush()).toEqual({ sent: 0, deadLettered: 1, remaining: 0 });
    const [letter] = (await server.handlerQueue?.deadLetters.list()) ?? [];
    expect(letter?.reason).toMatch(/nobody@example\.com/);
    expect(letter?.message).toMatchObject({ user: { email: 'nobody@example.com' }, message: window });
  });

  test('a store that fails: 503 with Retry-After, the claims released, and the resend is stored', async () => {
    const memory = createMemoryQueueStore();
    let down = true;
    const store: ActivityQueueStore = {
      ...memory,
      add: (payloads) =>
        down
          ? Promise.reject(new ActivityQueueStoreError('memory', 'activity queue: the store is down'))
          : memory.add(payloads),
    };
    const server = ctx.server({
      getUser: learnerOf,
      dedupe: createMemoryDedupeStore(),
      queue: { store, batch: { maxWaitMs: 0 } },
    });
    const body = [windowMessage(10_000)];
    const refused = await server.handler(postAs(1, body));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      error: 'queue_unavailable',
      message: 'the events could not be stored; send them again',
    });
    down = false;
    expect(await (await server.handler(postAs(1, body))).json()).toEqual({ accepted: 1, duplicates: 0 });
    await server.handlerQueue?.flush();
    expect(ctx.stored().map((event) => event.id)).toEqual([body[0]?.id]);
  });

  test('after closeAndFlush the handler stores nothing more: 503, so the tracker sends it to another process', async () => {
    const server = queued();
    expect((await server.handler(postAs(1, [windowMessage(5_000)]))).status).toBe(202);
    expect(await server.handlerQueue?.closeAndFlush()).toMatchObject({ sent: 1, remaining: 0 });
    const late = await server.handler(postAs(1, [windowMessage(5_000)]));
    expect(late.status).toBe(503);
  });

  test('without queue: no handlerQueue, and each body is sent as it comes', async () => {
    const server = ctx.server({ getUser: learnerOf });
    expect(server.handlerQueue).toBeUndefined();
    expect((await server.handler(postAs(1, [windowMessage(5_000)]))).status).toBe(202);
    expect(ctx.requests('POST', CALIPER)).toHaveLength(1);
  });

  test('bad queue settings are refused when the server is made, naming the field', () => {
    expect(() => ctx.server({ queue: {} as never })).toThrow(ValidationError);
    expect(() => ctx.server({ queue: {} as never })).toThrow(/store.*createRedisQueueStore\(redis\)/);
    expect(() => ctx.server({ queue: 'redis' as never })).toThrow(/queue.*\{ store, batch\?, retry\? \}/);
    expect(() => ctx.server({ queue: { store: createMemoryQueueStore(), batch: { maxEvents: 0 } } })).toThrow(
      /batch\.maxEvents.*integer >= 1/,
    );
  });

  test('a worker started on handlerQueue sends what the handler took, batched across learners', async () => {
    const server = ctx.server({
      getUser: learnerOf,
      queue: { store: createMemoryQueueStore(), batch: { maxWaitMs: 50 }, pollIntervalMs: 10 },
    });
    const worker = await server.handlerQueue?.startWorker();
    stops.push(async () => worker?.stop({ timeoutMs: 1_000 }));
    await Promise.all(
      Array.from({ length: 50 }, (_, n) => server.handler(postAs(n, [windowMessage(15_000)]))),
    );
    await expect.poll(() => ctx.stored().length, { timeout: 5_000 }).toBe(50);
    expect(ctx.requests('POST', CALIPER).length).toBeLessThanOrEqual(2);
  });
});
