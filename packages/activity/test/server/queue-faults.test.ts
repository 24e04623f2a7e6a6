// Faults the activity queue survives with the ingest misbehaving, on a fake clock (docs/decisions.md#d-queue-retries,
// docs/decisions.md#d-queue-split-refused-batch): the ingest down for two minutes loses nothing and dead-letters nothing; a
// Retry-After is honoured; one event the ingest refuses is dead-lettered with its reason and the 99 others sent.
import { advanceTime } from '@learnkit/test-utils';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { RecordParams } from '../../src/server/index';
import { LESSON, useMock } from './harness';

const CALIPER = '/caliper/v1p2';

describe('the activity queue when the ingest fails', () => {
  const ctx = useMock('msw');
  const ada = () => ctx.platform.fixtures.roster.student;
  const completion = (xpEarned = 2): RecordParams => ({
    user: { email: ada().email, platformId: ada().sourcedId },
    activity: LESSON,
    metrics: { xpEarned },
  });
  const responded = (status: number) => ctx.requests('POST', CALIPER).filter((r) => r.status === status);
  let stop: (() => Promise<void>) | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await stop?.();
    stop = undefined;
  });

  test('503 for 2 minutes: nothing lost, nothing dead-lettered, delivery resumes with the same ids', async () => {
    const queue = ctx.queue({ pollIntervalMs: 100 });
    const ids = (await Promise.all(Array.from({ length: 250 }, () => queue.record(completion())))).flatMap(
      (queued) => queued.eventIds ?? [],
    );
    ctx.platform.faults.inject({
      method: 'POST',
      path: CALIPER,
      status: 503,
      times: Infinity,
      forMs: 120_000,
    });
    const worker = await queue.startWorker();
    stop = () => worker.stop({ timeoutMs: 1_000 });
    for (let second = 0; second < 120; second++) await advanceTime(ctx.platform, 1_000);
    expect(ctx.stored()).toEqual([]);
    expect(responded(503).length).toBeGreaterThanOrEqual(5); // backoff from 1 s, doubling, at most 30 s
    expect(responded(503).length).toBeLessThan(20);
    const during = await queue.stats();
    expect(during).toMatchObject({ depth: 250, deadLetters: 0, deadLettered: 0, sent: 0 });
    expect(during.retried).toBe(responded(503).length);
    expect(during.oldestAgeMs).toBeGreaterThanOrEqual(120_000);
    // Back: the next attempt (within the longest backoff, 30 s) delivers, and every batch after it.
    for (let second = 0; second < 35 && ctx.stored().length < 250; second++)
      await advanceTime(ctx.platform, 1_000);
    expect(ctx.stored().map((event) => event.id)).toEqual(ids);
    expect([...ctx.receipts().values()].every((count) => count === 1)).toBe(true);
    expect(await queue.deadLetters.list()).toEqual([]);
    expect(await queue.stats()).toMatchObject({ depth: 0, sent: 250, deadLettered: 0 });
    // Every attempt of a batch carried the same ids: the 503s were the first batch, sent again and again.
    const bodies = ctx.sent
      .filter((request) => request.url.pathname === CALIPER)
      .map((request) => request.body ?? '');
    const first = (bodies[0] ?? '').match(/urn:uuid:[0-9a-f-]{36}/g)?.filter((_, i) => i % 2 === 0);
    for (const body of bodies.slice(0, responded(503).length + 1))
      expect(body.match(/urn:uuid:[0-9a-f-]{36}/g)?.filter((_, i) => i % 2 === 0)).toEqual(first);
  });

  test('429 with Retry-After: 20 waits 20 s, not the backoff', async () => {
    const queue = ctx.queue({ pollIntervalMs: 100, retry: { initialDelayMs: 1_000 } });
    await queue.record(completion());
    ctx.platform.faults.inject({ method: 'POST', path: CALIPER, status: 429, retryAfter: 20 });
    const worker = await queue.startWorker();
    stop = () => worker.stop({ timeoutMs: 1_000 });
    for (let second = 0; second < 19; second++) await advanceTime(ctx.platform, 1_000);
    expect(responded(429)).toHaveLength(1);
    expect(ctx.stored()).toEqual([]);
    for (let second = 0; second < 3 && ctx.stored().length === 0; second++)
      await advanceTime(ctx.platform, 1_000);
    expect(ctx.stored()).toHaveLength(1);
    expect(responded(200)).toHaveLength(1);
  });

  test('one poison event in a batch of 100: 99 delivered, 1 dead-lettered with the reason, and retried later', async () => {
    const queue = ctx.queue();
    const queued = await Promise.all(Array.from({ length: 100 }, (_, i) => queue.record(completion(i + 1))));
    const poison = queued[37]?.eventIds?.[0] as string;
    const reason = `data[0].generated: the platform refuses ${poison}`;
    const fault = ctx.platform.faults.inject({
      method: 'POST',
      path: CALIPER,
      status: 400,
      times: Infinity,
      bodyIncludes: poison,
      body: { error: 'bad_request', message: reason },
    });
    vi.useRealTimers();
    expect(await queue.flush()).toEqual({ sent: 99, deadLettered: 1, remaining: 0 });
    const stored = ctx.stored().map((event) => event.id);
    expect(stored).toHaveLength(99);
    expect(stored).not.toContain(poison);
    expect(new Set(stored)).toEqual(
      new Set(queued.flatMap((q) => q.eventIds ?? []).filter((id) => id !== poison)),
    );
    // The whole batch first, then halves down to the one event: about 2 log2(100) requests, not 100.
    expect(responded(400).length).toBe(fault.hits);
    expect(ctx.requests('POST', CALIPER).length).toBeLessThanOrEqual(16);
    const letters = await queue.deadLetters.list();
    expect(letters).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        reason,
        status: 400,
        event: expect.objectContaining({ id: poison }),
      },
    ]);
    expect(await queue.stats()).toMatchObject({ deadLetters: 1, deadLettered: 1, sent: 99, depth: 0 });
    // Once the platform takes it, a retry sends it with its id.
    ctx.platform.faults.clear();
    expect(await queue.deadLetters.retry([letters[0]?.id as string])).toBe(1);
    expect(await queue.flush()).toMatchObject({ sent: 1, deadLettered: 0 });
    expect(ctx.stored().map((event) => event.id)).toContain(poison);
    expect(await queue.deadLetters.list()).toEqual([]);
  });
});
