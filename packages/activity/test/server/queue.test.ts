// The activity queue over the memory store (docs/activity.md#the-activity-queue): `queue.record` checks and stores
// what `record` would send, with the same ids; a worker sends batches within the bounds; what the platform refuses
// is dead-lettered, listed and retried; hooks and stats report it (docs/decisions.md#d-queue-same-events to
// docs/decisions.md#d-queue-observability).
import { ValidationError } from '@learnkit/core';
import type { QueueHookInfo } from '@learnkit/core/internal';
import { afterEach, describe, expect, test } from 'vitest';
import { ActivityQueueStoreError, createMemoryQueueStore, type RecordParams } from '../../src/server/index';
import { CONFIG, LESSON, RUN, useMock } from './harness';

const CALIPER = '/caliper/v1p2';
const RESULTS = '/ims/oneroster/gradebook/v1p2/assessmentResults';
const USERS = '/ims/oneroster/rostering/v1p2/users';
const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('the activity queue (memory store)', () => {
  const ctx = useMock('msw');
  const ada = () => ctx.platform.fixtures.roster.student;
  const completion = (extra: Partial<RecordParams> = {}): RecordParams => ({
    user: { email: ada().email, platformId: ada().sourcedId },
    activity: LESSON,
    metrics: { xpEarned: 3, totalQuestions: 4, correctQuestions: 3 },
    ...extra,
  });

  test('sends the events record sends, with the same ids: a queued repeat of a record is a duplicate', async () => {
    const params = completion({
      runId: RUN,
      idempotencyKey: 'job-1',
      time: { startedAt: '2026-01-05T10:00:00Z', endedAt: '2026-01-05T10:05:00Z', activeMs: 240_000 },
    });
    const direct = await ctx.server().record(params);
    const queue = ctx.queue();
    const queued = await queue.record(params);
    expect(queued).toEqual({ id: expect.any(String), runId: RUN, eventIds: direct.events.map((e) => e.id) });
    expect(ctx.requests('POST', CALIPER)).toHaveLength(1); // stored, not sent
    expect(await queue.flush()).toEqual({ sent: 2, deadLettered: 0, remaining: 0 });
    // The ingest got the same two ids again, in one request, and stored nothing new.
    expect(ctx.stored()).toEqual(direct.events);
    expect([...ctx.receipts().values()]).toEqual([2, 2]);
    expect(ctx.requests('POST', CALIPER)).toHaveLength(2);
  });

  test('without a key: fresh ids, known when stored, each queued record a new completion', async () => {
    const queue = ctx.queue();
    const [a, b] = [await queue.record(completion()), await queue.record(completion())];
    expect(a.eventIds).toHaveLength(1);
    expect(a.eventIds?.[0]).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(a.eventIds).not.toEqual(b.eventIds);
    await queue.flush();
    expect(ctx.stored().map((event) => event.id)).toEqual([...(a.eventIds ?? []), ...(b.eventIds ?? [])]);
  });

  test('refuses invalid params with the ValidationError of record, before anything is stored', async () => {
    const queue = ctx.queue();
    const server = ctx.server();
    const bad: unknown[] = [
      undefined,
      { ...completion(), user: { email: 'not an email' } },
      { ...completion(), metrics: { xpEarned: -1, totalQuestions: 3 } },
      { ...completion(), runId: 'run-1', idempotencyKey: '' },
      { ...completion(), activity: { ...LESSON, course: { subject: 'Math', grade: 9 } } },
      {
        ...completion(),
        time: { startedAt: '2026-01-05T10:00:00Z', endedAt: '2026-01-05T10:00:01Z', activeMs: 60_000 },
      },
    ];
    for (const params of bad) {
      const fromRecord = await server.record(params as RecordParams).catch((error: unknown) => error);
      const fromQueue = await queue.record(params as RecordParams).catch((error: unknown) => error);
      expect(fromQueue).toBeInstanceOf(ValidationError);
      expect(fromQueue).toMatchObject({
        message: (fromRecord as ValidationError).message,
        issues: (fromRecord as ValidationError).issues,
      });
    }
    expect(await queue.stats()).toMatchObject({ depth: 0 });
    expect(ctx.platform.state.requests).toEqual([]);
  });

  test('a worker sends batches of at most maxEvents, and a batch that does not fill after maxWaitMs', async () => {
    const queue = ctx.queue({ batch: { maxEvents: 100, maxWaitMs: 300 }, pollIntervalMs: 20 });
    await Promise.all(Array.from({ length: 250 }, () => queue.record(completion())));
    const worker = await queue.startWorker();
    stops.push(() => worker.stop());
    await expect.poll(() => ctx.stored().length, { timeout: 10_000 }).toBe(250);
    expect(ctx.requests('POST', CALIPER)).toHaveLength(3);
    const started = Date.now();
    await queue.record(completion());
    await queue.record(completion());
    await expect.poll(() => ctx.stored().length, { timeout: 5_000, interval: 10 }).toBe(252);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(ctx.requests('POST', CALIPER)).toHaveLength(4);
  });

  test('a batch never exceeds maxBytes: it is cut into requests that each fit', async () => {
    const queue = ctx.queue({ batch: { maxBytes: 8 * 1024 } });
    await Promise.all(Array.from({ length: 30 }, () => queue.record(completion())));
    await queue.flush();
    const bodies = ctx.sent.filter((request) => request.url.pathname === CALIPER);
    expect(bodies.length).toBeGreaterThan(3);
    for (const request of bodies)
      expect(new TextEncoder().encode(request.body ?? '').byteLength).toBeLessThanOrEqual(8 * 1024);
    expect(ctx.stored()).toHaveLength(30);
  });

  test('decision 10 in the worker: the gradebook is read once per student and batch, completions add up in order', async () => {
    const queue = ctx.queue();
    const user = { email: ada().email }; // looked up once, by email
    await queue.record(completion({ user, metrics: { xpEarned: 4, masteredUnits: 2 } }));
    await queue.record(completion({ user, metrics: { xpEarned: 6, masteredUnits: 3 } }));
    await queue.record(completion({ user, metrics: { xpEarned: 1, masteredUnits: 1, pctComplete: 90 } }));
    expect(ctx.platform.state.requests).toEqual([]); // record reads nothing of the platform
    await queue.flush();
    const pct = ctx
      .stored()
      .map(
        (event) =>
          (event.generated as { extensions?: { pctCompleteApp?: number } }).extensions?.pctCompleteApp,
      );
    expect(pct).toEqual([17.5, 25, 90]); // (5 + 2) / 40, (5 + 2 + 3) / 40, given
    expect(ctx.requests('GET', RESULTS)).toHaveLength(1);
    expect(ctx.requests('GET', USERS)).toHaveLength(1);
  });

  test('a user the roster does not have: the record is dead-lettered, the rest sent; retried once the roster has them', async () => {
    const queue = ctx.queue();
    const good = await queue.record(completion());
    await queue.record(completion({ user: { email: 'nobody@example.com' }, idempotencyKey: 'k-9' }));
    expect(await queue.flush()).toMatchObject({ sent: 1, deadLettered: 1, remaining: 0 });
    expect(ctx.stored().map((event) => event.id)).toEqual(good.eventIds);
    const [letter] = await queue.deadLetters.list();
    expect(letter).toMatchObject({
      reason: expect.stringContaining('no rostering user matches for user email "nobody@example.com"'),
      record: { user: { email: 'nobody@example.com' }, key: 'k-9', activity: { id: LESSON.id } },
    });
    expect(letter?.status).toBeUndefined();
    expect(await queue.stats()).toMatchObject({ deadLetters: 1, deadLettered: 1 });
    // Once the roster has the user, a retry sends the record.
    ctx.platform.state.roster.users.set('usr-nobody', {
      ...ctx.platform.state.roster.users.get(ada().sourcedId)!,
      sourcedId: 'usr-nobody',
      email: 'nobody@example.com',
    });
    expect(await queue.deadLetters.retry('all')).toBe(1);
    expect(await queue.flush()).toMatchObject({ sent: 1, deadLettered: 0 });
    expect(await queue.deadLetters.list()).toEqual([]);
    expect(ctx.stored()).toHaveLength(2);
  });

  test('onQueue and stats: sent, retried and dead-lettered counts, depth and oldest age', async () => {
    const seen: QueueHookInfo[] = [];
    const queue = ctx.queue({ hooks: { onQueue: (info) => seen.push(info) }, retry: { initialDelayMs: 5 } });
    await queue.record(completion());
    const empty = await queue.stats();
    expect(empty).toMatchObject({
      depth: 1,
      inFlight: 0,
      deadLetters: 0,
      sent: 0,
      retried: 0,
      deadLettered: 0,
    });
    expect(empty.oldestAgeMs).toBeGreaterThanOrEqual(0);
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, status: 503 });
    await queue.flush();
    expect(seen.map((info) => [info.event, info.count, info.status])).toEqual([
      ['retried', 1, 503],
      ['sent', 1, undefined],
    ]);
    expect(seen[0]).toMatchObject({
      queue: 'memory',
      reason: 'status 503',
      stats: { depth: 1, inFlight: 1 },
    });
    expect(seen[1]?.stats).toEqual({
      depth: 0,
      inFlight: 0,
      oldestAgeMs: 0,
      deadLetters: 0,
      sent: 1,
      retried: 1,
      deadLettered: 0,
    });
  });

  test('a hook that throws is ignored: the worker goes on', async () => {
    const queue = ctx.queue({
      hooks: {
        onQueue: () => {
          throw new Error('exporter down');
        },
      },
    });
    await queue.record(completion());
    expect(await queue.flush()).toMatchObject({ sent: 1 });
  });

  test('serverless: what the handler recorded is sent before its response returns', async () => {
    const queue = ctx.queue();
    const handler = queue.serverless(async (request: Request) => {
      const body = (await request.json()) as { xp: number };
      await queue.record(completion({ metrics: { xpEarned: body.xp } }));
      return new Response(null, { status: 204 });
    });
    const response = await handler(
      new Request('https://app.example.com/done', { method: 'POST', body: '{"xp":5}' }),
    );
    expect(response.status).toBe(204);
    expect(ctx.stored()).toHaveLength(1);
  });

  test('closeAndFlush: stops the workers, sends what is left, and refuses records afterwards', async () => {
    const queue = ctx.queue({ batch: { maxWaitMs: 60_000 } });
    const worker = await queue.startWorker();
    await Promise.all(Array.from({ length: 5 }, () => queue.record(completion())));
    expect(await queue.closeAndFlush({ timeoutMs: 5_000 })).toEqual({
      sent: 5,
      deadLettered: 0,
      remaining: 0,
    });
    await worker.stopped;
    expect(ctx.stored()).toHaveLength(5);
    await expect(queue.record(completion())).rejects.toThrow(/closed by closeAndFlush/);
  });

  test('a full memory store refuses the record, naming the store', async () => {
    const queue = ctx.queue({ store: createMemoryQueueStore({ maxEntries: 2 }) });
    await queue.record(completion());
    await queue.record(completion());
    const error = await queue.record(completion()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActivityQueueStoreError);
    expect(error).toMatchObject({
      store: 'memory',
      message: expect.stringMatching(/memory store holds its maximum of 2 records/),
    });
  });

  test('bad settings are a ValidationError naming each', () => {
    expect(() =>
      ctx.queue({
        batch: { maxEvents: 0, maxBytes: 10 },
        visibilityTimeoutMs: -1,
        store: undefined as never,
      }),
    ).toThrow(ValidationError);
    const error = (() => {
      try {
        ctx.queue({ batch: { maxEvents: 0 }, store: undefined as never });
      } catch (e) {
        return e as ValidationError;
      }
    })();
    expect(error?.issues.map((issue) => issue.path.join('.'))).toEqual(['store', 'batch.maxEvents']);
    expect(CONFIG.courses.length).toBeGreaterThan(0);
  });
});
