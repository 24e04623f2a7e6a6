// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import type { CompletionMessage, TimeSpentMessage } from '../src/protocol';
import { pageHide, setVisibility } from './helpers/page';
import { setupPage } from './helpers/setup';

const completions = (page: ReturnType<typeof setupPage>) =>
  page.server.events('completion') as CompletionMessage[];
const windows = (page: ReturnType<typeof setupPage>) =>
  (page.server.events('timeSpent') as TimeSpentMessage[]).map((m) => m.window);

describe('end()', () => {
  test('without data: flushes the remaining time and ends; no completion', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    const run = page.start({ onFlush });
    await page.advance(20_000);
    await run.end();
    expect(windows(page).map((w) => w.activeMs)).toEqual([15000, 5000]);
    expect(completions(page)).toEqual([]);
    expect(run.isEnded).toBe(true);
    expect(page.tracker.current).toBeNull();
    expect(onFlush).toHaveBeenLastCalledWith(5000);
  });

  test('with data: flushes, then sends the completion with its own id and the time of end()', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(8_000);
    await run.end({
      xpEarned: 8,
      totalQuestions: 10,
      correctQuestions: 9,
      masteredUnits: 1,
      pctComplete: 25,
    });
    expect(windows(page)).toEqual([expect.objectContaining({ activeMs: 8000 })]);
    expect(completions(page)).toEqual([
      {
        kind: 'completion',
        id: expect.stringMatching(/^urn:uuid:/),
        runId: run.runId,
        activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
        at: '2026-01-05T10:00:08.000Z',
        completion: {
          xpEarned: 8,
          totalQuestions: 10,
          correctQuestions: 9,
          masteredUnits: 1,
          pctComplete: 25,
        },
      },
    ]);
    expect(page.server.invalid).toEqual([]);
    expect(run.isEnded).toBe(true);
  });

  test('after end, time stops: totalActiveMs is frozen, elapsedMs 0, timers and listeners are gone', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(3_000);
    await run.end();
    const requests = page.server.requests.length;
    await page.advance(60_000);
    setVisibility('hidden');
    pageHide();
    expect(page.server.requests).toHaveLength(requests);
    expect(run.totalActiveMs).toBe(3_000);
    expect(run.elapsedMs).toBe(0);
  });

  test('end() after end() rejects; a new activity may start', async () => {
    const page = setupPage();
    const run = page.start();
    await run.end();
    await expect(run.end()).rejects.toThrow('activity "fractions-1" has already ended');
    expect(page.start({ id: 'next' }).id).toBe('next');
  });

  test('concurrent end() calls share one ending', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(1_000);
    await Promise.all([run.end({ xpEarned: 1 }), run.end({ xpEarned: 1 })]);
    expect(completions(page)).toHaveLength(1);
  });

  test('invalid completion data rejects naming the field; nothing is sent and the activity goes on', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(1_000);
    await expect(run.end({ xpEarned: 1, totalQuestions: 5 } as never)).rejects.toThrow(
      'completion data: totalQuestions and correctQuestions must be given together',
    );
    await expect(run.end({} as never)).rejects.toThrow(/xpEarned must be a number >= 0/);
    await expect(run.end({ xpEarned: 1, pctComplete: 120 })).rejects.toThrow(/pctComplete/);
    expect(page.server.requests).toHaveLength(0);
    expect(run.isEnded).toBe(false);
    expect(page.tracker.current).toBe(run);
    await page.advance(14_000);
    expect(windows(page)).toEqual([expect.objectContaining({ activeMs: 15000 })]);
  });

  test('end() while paused sends no new window but still the completion', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(2_000);
    await run.pause();
    await page.advance(50_000);
    await run.end({ xpEarned: 2 });
    expect(windows(page).map((w) => w.activeMs)).toEqual([2000]);
    expect(completions(page)).toHaveLength(1);
    expect(run.totalActiveMs).toBe(2_000);
  });

  test('a failed time flush is not fatal: the completion still goes and end() resolves', async () => {
    const page = setupPage();
    page.server.mode = (n) => (n === 0 ? 'network' : 'ok');
    const onError = vi.fn();
    const run = page.start({ onError });
    await page.advance(5_000);
    await run.end({ xpEarned: 5 });
    expect(onError).toHaveBeenCalledWith(expect.anything(), {
      type: 'timeSpent',
      activityId: 'fractions-1',
      runId: run.runId,
    });
    expect(completions(page)).toHaveLength(1);
    expect(run.isEnded).toBe(true);
    // The window was not lost: it stays stored for the next page or activity.
    expect(page.storage.getItem('learnkit:activity:outbox')).toContain('timeSpent');
  });
});

describe('a failed completion', () => {
  test('re-throws after onError("completion"); the activity stays usable and a retry keeps the same id', async () => {
    const page = setupPage();
    const onError = vi.fn();
    const run = page.start({ onError });
    await page.advance(5_000);
    page.server.mode = (n) => (n === 0 ? 'ok' : 503);
    const failure = run.end({ xpEarned: 5 });
    await expect(failure).rejects.toMatchObject({ name: 'ActivitySendError', status: 503 });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 503 }), {
      type: 'completion',
      activityId: 'fractions-1',
      runId: run.runId,
    });
    expect(run.isEnded).toBe(false);
    expect(page.tracker.current).toBe(run);
    expect(() => page.start({ id: 'other' })).toThrow(/still running/);
    // Heartbeats go on.
    page.server.mode = 'ok';
    await page.advance(15_000);
    expect(windows(page).map((w) => w.activeMs)).toEqual([5000, 15000]);
    const firstId = JSON.parse(page.server.requests[1]!.body).events[0].id;
    await run.end({ xpEarned: 5 });
    expect(completions(page).map((c) => c.id)).toEqual([firstId]);
    expect(run.isEnded).toBe(true);
    expect(page.tracker.current).toBeNull();
  });

  test('is retried per retryAttempts; onError only once they are exhausted', async () => {
    const page = setupPage();
    const onError = vi.fn();
    const run = page.start({ onError, time: { retryAttempts: 2, retryDelaysMs: [10, 20] } });
    page.server.mode = 500; // no time has passed: the only request is the completion
    const ending = run.end({ xpEarned: 1 }).catch((e: unknown) => e);
    await page.advance(10);
    expect(onError).not.toHaveBeenCalled();
    await page.advance(20);
    expect(await ending).toMatchObject({ status: 500 });
    expect(page.server.requests.filter((r) => r.body.includes('"completion"'))).toHaveLength(3);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  test('with time: false, a network failure is re-thrown as well', async () => {
    const page = setupPage();
    page.server.mode = 'network';
    const run = page.start({ time: false });
    await expect(run.end({ xpEarned: 1 })).rejects.toThrow('activity: POST /api/activity failed');
    expect(run.isEnded).toBe(false);
  });
});

describe('completion time override', () => {
  test('with time: false, end({ time }) is refused before anything is sent: that time goes with record()', async () => {
    const page = setupPage();
    const run = page.start({ time: false });
    await page.advance(90_000);
    await expect(run.end({ xpEarned: 3, time: { active: 60_000, inactive: 30_000 } })).rejects.toThrow(
      'activity "fractions-1" has time: false; send data.time by record({ time }) on your server',
    );
    expect(page.server.requests).toHaveLength(0);
    expect(run.isEnded).toBe(false);
    await run.end({ xpEarned: 3 });
    expect(windows(page)).toEqual([]);
    expect(completions(page)[0]?.completion).toEqual({ xpEarned: 3 });
  });

  test('with tracking on, it replaces the open window; windows already sent stay', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(20_000);
    await run.end({ xpEarned: 3, time: { active: 1_000, inactive: 0 } });
    expect(windows(page).map((w) => w.activeMs)).toEqual([15000, 1000]);
    expect(run.totalActiveMs).toBe(16_000);
  });

  test('a retried end() does not send the given time twice', async () => {
    const page = setupPage();
    const run = page.start();
    page.server.mode = (n) => (n === 1 ? 500 : 'ok');
    await expect(run.end({ xpEarned: 3, time: { active: 5_000, inactive: 0 } })).rejects.toThrow(/500/);
    await run.end({ xpEarned: 3, time: { active: 5_000, inactive: 0 } });
    expect(windows(page)).toHaveLength(1);
    expect(completions(page)).toHaveLength(1);
  });
});
