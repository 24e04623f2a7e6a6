// The activity queue's bounds and its shutdown, held exactly (docs/testing.md#tests-that-bite): a full batch goes at
// once, no request holds more than maxEvents events or maxBytes bytes (its envelope included), maxWaitMs counts from
// the oldest record, 413 is a refusal (split, dead-lettered), Retry-After is capped by maxRetryAfterMs, the memory
// store waits out the idle time before a takeover, and closeAndFlush counts what is being written and what a worker
// holds. Time is the fake clock where a bound in time is checked.
import { advanceTime } from '@learnkit/test-utils';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type ActivityQueueStore, createMemoryQueueStore, type RecordParams } from '../../src/server/index';
import { LESSON, useMock } from './harness';

const CALIPER = '/caliper/v1p2';
const FAKE: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('the activity queue, bound by bound', () => {
  const ctx = useMock('msw');
  const ada = () => ctx.platform.fixtures.roster.student;
  const completion = (extra: Partial<RecordParams> = {}): RecordParams => ({
    user: { email: ada().email, platformId: ada().sourcedId },
    activity: LESSON,
    metrics: { xpEarned: 3 },
    ...extra,
  });
  /** A record that makes two Caliper events: the completion and its TimeSpentEvent. */
  const timed = (): RecordParams =>
    completion({
      time: { startedAt: '2026-01-05T10:00:00Z', endedAt: '2026-01-05T10:05:00Z', activeMs: 240_000 },
    });
  /** The bodies of the Caliper requests sent so far, from `from` on. */
  const caliperBodies = (from = 0) =>
    ctx.sent
      .slice(from)
      .filter((request) => request.url.pathname === CALIPER)
      .map((request) => request.body ?? '');
  const eventsIn = (body: string) => (JSON.parse(body) as { data: unknown[] }).data.length;
  /** Advances the fake clock and the platform's by `ms`, in steps of `step`, while `until` is false. */
  const advance = async (ms: number, step = 100, until = () => false) => {
    for (let spent = 0; spent < ms && !until(); spent += step) await advanceTime(ctx.platform, step);
  };

  test('a full batch (exactly maxEvents) is sent at once, not after maxWaitMs', async () => {
    vi.useFakeTimers(FAKE);
    const queue = ctx.queue({ batch: { maxEvents: 5, maxWaitMs: 60_000 }, pollIntervalMs: 50 });
    await Promise.all(Array.from({ length: 5 }, () => queue.record(completion())));
    const worker = await queue.startWorker();
    stops.push(() => worker.stop({ timeoutMs: 1_000 }));
    await advance(1_000, 50, () => ctx.stored().length === 5);
    expect(ctx.stored()).toHaveLength(5);
    expect(ctx.requests('POST', CALIPER)).toHaveLength(1);
  });

  test('records of two events each and an odd maxEvents: no request holds more than maxEvents events', async () => {
    const queue = ctx.queue({ batch: { maxEvents: 3 } });
    await Promise.all(Array.from({ length: 4 }, () => queue.record(timed())));
    expect(await queue.flush()).toMatchObject({ sent: 8, remaining: 0 });
    const counts = caliperBodies().map(eventsIn);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(8);
    expect(Math.max(...counts)).toBe(3);
  });

  test('maxBytes swept over events near it: every request body, envelope included, is at most maxBytes', async () => {
    // One event's size, to sweep maxBytes around two and three of them with their envelope.
    await ctx.queue().record(completion());
    const probe = ctx.queue();
    await probe.record(completion());
    await probe.flush();
    const [sample] = caliperBodies();
    const event = JSON.stringify((JSON.parse(sample as string) as { data: unknown[] }).data[0]);
    const eventBytes = new TextEncoder().encode(event).byteLength;
    let checked = 0;
    for (const events of [2, 3])
      for (let extra = 0; extra <= 320; extra += 40) {
        const maxBytes = events * (eventBytes + 1) + extra;
        const from = ctx.sent.length;
        const queue = ctx.queue({ batch: { maxBytes } });
        await Promise.all(Array.from({ length: 6 }, () => queue.record(completion())));
        expect(await queue.flush()).toMatchObject({ sent: 6, deadLettered: 0 });
        for (const body of caliperBodies(from)) {
          expect(new TextEncoder().encode(body).byteLength, `maxBytes ${maxBytes}`).toBeLessThanOrEqual(
            maxBytes,
          );
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(18 * 2);
  });

  test('maxWaitMs counts from the oldest record of a batch, not the newest', async () => {
    vi.useFakeTimers(FAKE);
    const queue = ctx.queue({ batch: { maxWaitMs: 3_000 }, pollIntervalMs: 100 });
    const worker = await queue.startWorker();
    stops.push(() => worker.stop({ timeoutMs: 1_000 }));
    await queue.record(completion());
    await advance(2_000);
    await queue.record(completion());
    await advance(800);
    expect(ctx.stored()).toEqual([]); // 2.8 s after the first record: not yet
    await advance(600, 50, () => ctx.stored().length === 2);
    // About 3 s after the first record (not 3 s after the second), both in one request.
    expect(ctx.stored()).toHaveLength(2);
    expect(ctx.requests('POST', CALIPER)).toHaveLength(1);
  });

  test('413 for one event is a refusal: the batch is split, that event dead-lettered with 413, the rest sent', async () => {
    const queue = ctx.queue({ retry: { initialDelayMs: 10, maxDelayMs: 10 } });
    const queued = await Promise.all(
      Array.from({ length: 8 }, (_, i) => queue.record(completion({ metrics: { xpEarned: i + 1 } }))),
    );
    const tooLarge = queued[5]?.eventIds?.[0] as string;
    // openapi/ declares no 413 for the ingest; a proxy's body limit in front of it returns one
    // (docs/decisions.md#d-queue-split-refused-batch treats it as a refusal), so this response is outside the contract on purpose.
    ctx.allowBadResponses();
    ctx.platform.faults.inject({
      method: 'POST',
      path: CALIPER,
      status: 413,
      times: Infinity,
      bodyIncludes: tooLarge,
      body: { error: 'payload_too_large', message: `${tooLarge} is too large` },
    });
    expect(await queue.flush({ timeoutMs: 3_000 })).toEqual({ sent: 7, deadLettered: 1, remaining: 0 });
    expect(ctx.stored().map((event) => event.id)).not.toContain(tooLarge);
    expect(ctx.stored()).toHaveLength(7);
    expect(await queue.deadLetters.list()).toEqual([
      expect.objectContaining({ status: 413, event: expect.objectContaining({ id: tooLarge }) }),
    ]);
    expect(await queue.stats()).toMatchObject({ retried: 0 });
  });

  test('a Retry-After longer than maxRetryAfterMs waits maxRetryAfterMs', async () => {
    vi.useFakeTimers(FAKE);
    const queue = ctx.queue({ pollIntervalMs: 100, retry: { maxRetryAfterMs: 5_000 } });
    await queue.record(completion());
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, status: 429, retryAfter: 600 });
    const worker = await queue.startWorker();
    stops.push(() => worker.stop({ timeoutMs: 1_000 }));
    await advance(1_000, 100, () => ctx.requests('POST', CALIPER).length === 1);
    expect(ctx.requests('POST', CALIPER).map((r) => r.status)).toEqual([429]);
    await advance(4_500);
    expect(ctx.stored()).toEqual([]);
    await advance(1_500, 100, () => ctx.stored().length === 1);
    expect(ctx.stored()).toHaveLength(1);
    expect(ctx.requests('POST', CALIPER).map((r) => r.status)).toEqual([429, 200]);
  });

  test('closeAndFlush waits for a record still being written: it is sent and counted', async () => {
    let opened: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let adding: () => void = () => {};
    const addCalled = new Promise<void>((resolve) => {
      adding = resolve;
    });
    const memory = createMemoryQueueStore();
    // A store whose writes are slow: `add` resolves once the test opens the gate.
    const slow: ActivityQueueStore = {
      ...memory,
      async add(payloads) {
        adding();
        await gate;
        return memory.add(payloads);
      },
    };
    const queue = ctx.queue({ store: slow });
    const recording = queue.record(completion());
    await addCalled;
    const closing = queue.closeAndFlush({ timeoutMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    opened();
    expect(await closing).toEqual({ sent: 1, deadLettered: 0, remaining: 0 });
    expect(await recording).toMatchObject({ id: expect.any(String) });
    expect(ctx.stored()).toHaveLength(1);
  });

  test('closeAndFlush counts the batch a worker holds: sent is what this process sent from the call on', async () => {
    const queue = ctx.queue({ batch: { maxWaitMs: 60_000 }, pollIntervalMs: 20 });
    const worker = await queue.startWorker();
    await Promise.all(Array.from({ length: 5 }, () => queue.record(completion())));
    await expect.poll(async () => (await queue.stats()).inFlight, { timeout: 5_000, interval: 10 }).toBe(5);
    expect(ctx.stored()).toEqual([]);
    expect(await queue.closeAndFlush({ timeoutMs: 5_000 })).toEqual({
      sent: 5,
      deadLettered: 0,
      remaining: 0,
    });
    await worker.stopped;
    expect(ctx.stored()).toHaveLength(5);
  });
});

describe('the memory store', () => {
  test('reclaim hands over only entries left untouched for the idle time', async () => {
    let now = 1_000_000;
    const store = createMemoryQueueStore({ now: () => now });
    await store.add(['{"a":1}', '{"a":2}']);
    expect(await store.take('a', 10)).toHaveLength(2);
    expect(await store.reclaim('b', 1_000, 10)).toEqual([]);
    now += 999;
    expect(await store.reclaim('b', 1_000, 10)).toEqual([]);
    now += 1;
    const taken = await store.reclaim('b', 1_000, 10);
    expect(taken.map((entry) => entry.payload)).toEqual(['{"a":1}', '{"a":2}']);
    // Now b's: a fresh idle time starts for it.
    expect(await store.reclaim('c', 1_000, 10)).toEqual([]);
  });

  test('extend keeps entries from a takeover; only the holder can extend', async () => {
    let now = 0;
    const store = createMemoryQueueStore({ now: () => now });
    const [id] = await store.add(['{}']);
    await store.take('a', 1);
    now += 800;
    await store.extend('b', [id as string]); // not b's: no effect
    await store.extend('a', [id as string]);
    now += 800;
    expect(await store.reclaim('b', 1_000, 10)).toEqual([]);
    now += 200;
    expect(await store.reclaim('b', 1_000, 10)).toHaveLength(1);
  });
});
