// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import type { TimeSpentMessage } from '../src/protocol';
import { pageHide, settle, setVisibility } from './helpers/page';
import { setupPage } from './helpers/setup';

const windows = (page: ReturnType<typeof setupPage>) =>
  page.server.events('timeSpent').map((m) => (m as TimeSpentMessage).window);

describe('heartbeats', () => {
  test('send one window every flushIntervalMs (default 15000), timed by the monotonic clock', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    page.start({ onFlush });
    await page.advance(14_999);
    expect(page.server.requests).toHaveLength(0);
    await page.advance(1);
    expect(windows(page)).toEqual([
      {
        activeMs: 15000,
        inactiveMs: 0,
        startedAt: '2026-01-05T10:00:00.000Z',
        endedAt: '2026-01-05T10:00:15.000Z',
      },
    ]);
    await page.advance(30_000);
    expect(windows(page).map((w) => w.activeMs)).toEqual([15000, 15000, 15000]);
    expect(onFlush.mock.calls).toEqual([[15000], [15000], [15000]]);
    expect(page.server.requests.every((r) => r.via === 'fetch')).toBe(true);
  });

  test('flushIntervalMs sets the period', async () => {
    const page = setupPage();
    page.start({ time: { flushIntervalMs: 5000 } });
    await page.advance(20_000);
    expect(windows(page).map((w) => w.activeMs)).toEqual([5000, 5000, 5000, 5000]);
  });

  test('POSTs JSON to the endpoint with same-origin credentials', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(15_000);
    const [request] = page.server.requests;
    expect(request?.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
    });
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      v: 1,
      events: [
        {
          kind: 'timeSpent',
          id: expect.stringMatching(/^urn:uuid:[0-9a-f-]{36}$/),
          runId: run.runId,
          activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
          window: expect.any(Object),
        },
      ],
    });
  });

  test('a course named by code goes on the wire by code', async () => {
    const page = setupPage();
    page.start({ course: { code: 'ALG-1' } });
    await page.advance(15_000);
    expect(page.server.events()[0]?.activity.course).toEqual({ code: 'ALG-1' });
  });
});

describe('time: false', () => {
  test('disables heartbeats, visibility handlers and the final flush of end()', async () => {
    const page = setupPage();
    const onPause = vi.fn();
    const run = page.start({ time: false, onPause });
    await page.advance(60_000);
    setVisibility('hidden');
    pageHide();
    await page.advance(700_000);
    expect(onPause).not.toHaveBeenCalled();
    expect(run.isPaused).toBe(false);
    await run.end();
    expect(page.server.requests).toHaveLength(0);
    expect(run.isEnded).toBe(true);
  });

  test('measures, stores and sends no time: totalActiveMs and elapsedMs stay 0, flushTimeSpent resolves', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    const run = page.start({ time: false, onFlush });
    await page.advance(10_000);
    await expect(run.flushTimeSpent()).resolves.toBeUndefined();
    await run.pause();
    await page.advance(5_000);
    run.resume();
    await page.advance(2_000);
    expect(run.totalActiveMs).toBe(0);
    expect(run.elapsedMs).toBe(0);
    expect(page.storage.getItem('learnkit:activity:outbox')).toBeNull();
    await run.end({ xpEarned: 2 });
    // end() sends the completion and no time.
    expect(page.server.requests).toHaveLength(1);
    expect(page.server.events('timeSpent')).toEqual([]);
    expect(page.server.events('completion')).toHaveLength(1);
    expect(onFlush).not.toHaveBeenCalled();
  });
});

describe('time accounting (decision 9)', () => {
  test('visible time is active, hidden time inactive; totalActiveMs and elapsedMs add up', async () => {
    const page = setupPage();
    const run = page.start({ time: { flushOnVisibilityHidden: false } });
    await page.advance(10_000);
    setVisibility('hidden');
    await page.advance(4_000);
    expect(run.totalActiveMs).toBe(10_000);
    setVisibility('visible');
    await page.advance(1_000); // heartbeat restarts on return: next at 16 s after it
    expect(run.totalActiveMs).toBe(11_000);
    expect(run.elapsedMs).toBe(11_000);
    await page.advance(14_000);
    expect(windows(page)).toEqual([
      {
        activeMs: 25000,
        inactiveMs: 4000,
        startedAt: '2026-01-05T10:00:00.000Z',
        endedAt: '2026-01-05T10:00:29.000Z',
      },
    ]);
    expect(run.totalActiveMs).toBe(25_000);
    expect(run.elapsedMs).toBe(0);
  });

  test('heartbeats stop while hidden (nothing to report but inactive time) and restart on return', async () => {
    const page = setupPage();
    page.start({ time: { flushOnVisibilityHidden: false, hiddenTimeoutMs: null } });
    setVisibility('hidden');
    await page.advance(120_000);
    expect(page.server.requests).toHaveLength(0);
    setVisibility('visible');
    await page.advance(15_000);
    expect(windows(page)).toEqual([expect.objectContaining({ activeMs: 15000, inactiveMs: 120000 })]);
  });

  test('visibilityAware: false counts hidden time as active', async () => {
    const page = setupPage();
    const run = page.start({ time: { visibilityAware: false, flushOnVisibilityHidden: false } });
    setVisibility('hidden');
    await page.advance(15_000);
    expect(windows(page)).toEqual([expect.objectContaining({ activeMs: 15000, inactiveMs: 0 })]);
    await page.advance(700_000);
    expect(run.isPaused).toBe(false);
  });

  test('timer ticks are not counted: a late heartbeat still reports the clock', async () => {
    let skew = 0;
    const page = setupPage({ monotonic: () => performance.now() + skew });
    const run = page.start();
    await page.advance(5_000);
    skew = 40_000; // the tab was frozen: the monotonic clock moved, no timer ran
    await page.advance(10_000);
    expect(windows(page)).toEqual([expect.objectContaining({ activeMs: 55000, inactiveMs: 0 })]);
    expect(run.totalActiveMs).toBe(55_000);
    expect(run.elapsedMs).toBe(0);
  });

  test('window times derive from the monotonic clock, so a wall-clock jump does not bend durations', async () => {
    let jump = 0;
    const page = setupPage({ now: () => Date.now() + jump });
    page.start();
    jump = -3_600_000;
    await page.advance(15_000);
    expect(windows(page)).toEqual([
      {
        activeMs: 15000,
        inactiveMs: 0,
        startedAt: '2026-01-05T10:00:00.000Z',
        endedAt: '2026-01-05T10:00:15.000Z',
      },
    ]);
  });

  test('a page hidden at start begins inactive', async () => {
    const page = setupPage();
    setVisibility('hidden');
    const run = page.start({ time: { flushOnVisibilityHidden: false } });
    await page.advance(3_000);
    setVisibility('visible');
    await page.advance(2_000);
    expect(run.totalActiveMs).toBe(2_000);
    await run.flushTimeSpent();
    expect(windows(page)).toEqual([expect.objectContaining({ activeMs: 2000, inactiveMs: 3000 })]);
  });
});

describe('hidden timeout', () => {
  test('hidden for hiddenTimeoutMs (default 600000) pauses with onPause; return resumes with onResume', async () => {
    const page = setupPage();
    const onPause = vi.fn();
    const onResume = vi.fn();
    const run = page.start({ time: { flushOnVisibilityHidden: false }, onPause, onResume });
    await page.advance(10_000);
    setVisibility('hidden');
    await page.advance(599_999);
    expect(onPause).not.toHaveBeenCalled();
    await page.advance(1);
    expect(onPause).toHaveBeenCalledTimes(1);
    expect(run.isPaused).toBe(true);
    // The pause sends the window: its inactive part is exactly the timeout.
    expect(windows(page)).toEqual([expect.objectContaining({ activeMs: 10000, inactiveMs: 600000 })]);
    await page.advance(3_600_000);
    expect(page.server.requests).toHaveLength(1);
    expect(run.totalActiveMs).toBe(10_000);
    setVisibility('visible');
    expect(onResume).toHaveBeenCalledTimes(1);
    expect(run.isPaused).toBe(false);
    await page.advance(15_000);
    expect(windows(page)[1]).toEqual(expect.objectContaining({ activeMs: 15000, inactiveMs: 0 }));
    expect(run.totalActiveMs).toBe(25_000);
  });

  test('a late timer (throttled tab) still pauses at exactly hiddenSince + hiddenTimeoutMs', async () => {
    let skew = 0;
    const page = setupPage({ monotonic: () => performance.now() + skew });
    const onPause = vi.fn();
    const onResume = vi.fn();
    const run = page.start({
      time: { hiddenTimeoutMs: 60_000, flushOnVisibilityHidden: false },
      onPause,
      onResume,
    });
    setVisibility('hidden');
    skew = 3_600_000; // an hour passes, the timer has not fired yet
    setVisibility('visible');
    expect(onPause).toHaveBeenCalledTimes(1);
    expect(onResume).toHaveBeenCalledTimes(1);
    await settle();
    expect(windows(page)).toEqual([expect.objectContaining({ activeMs: 0, inactiveMs: 60000 })]);
    expect(run.elapsedMs).toBe(0); // a fresh window since the return
    expect(run.totalActiveMs).toBe(0);
  });

  test('custom hiddenTimeoutMs; null and Infinity never pause', async () => {
    for (const [hiddenTimeoutMs, paused] of [
      [1_000, true],
      [null, false],
      [Number.POSITIVE_INFINITY, false],
    ] as const) {
      const page = setupPage();
      const onPause = vi.fn();
      const run = page.start({ time: { hiddenTimeoutMs }, onPause });
      setVisibility('hidden');
      await page.advance(10_000_000);
      expect(run.isPaused).toBe(paused);
      expect(onPause).toHaveBeenCalledTimes(paused ? 1 : 0);
      setVisibility('visible');
      await run.end();
    }
  });

  test('pause() during the hidden pause makes it explicit: returning does not resume', async () => {
    const page = setupPage();
    const onPause = vi.fn();
    const onResume = vi.fn();
    const run = page.start({ time: { hiddenTimeoutMs: 1_000 }, onPause, onResume });
    setVisibility('hidden');
    await page.advance(1_000);
    await run.pause();
    setVisibility('visible');
    expect(run.isPaused).toBe(true);
    expect(onPause).toHaveBeenCalledTimes(1);
    expect(onResume).not.toHaveBeenCalled();
    run.resume();
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  test('hiding while explicitly paused neither counts nor times out; resume() while hidden starts inactive', async () => {
    const page = setupPage();
    const onPause = vi.fn();
    const run = page.start({ time: { hiddenTimeoutMs: 1_000, flushOnVisibilityHidden: false }, onPause });
    await page.advance(2_000);
    await run.pause();
    setVisibility('hidden');
    await page.advance(5_000);
    expect(onPause).toHaveBeenCalledTimes(1);
    run.resume();
    await page.advance(500);
    expect(run.isPaused).toBe(false);
    await page.advance(500);
    expect(run.isPaused).toBe(true); // the timeout counts from the resume
    expect(onPause).toHaveBeenCalledTimes(2);
    expect(run.totalActiveMs).toBe(2_000);
  });
});

describe('pause and resume', () => {
  test('pause() flushes then stops heartbeats; resume() starts a fresh window', async () => {
    const page = setupPage();
    const onPause = vi.fn();
    const onResume = vi.fn();
    const onFlush = vi.fn();
    const run = page.start({ onPause, onResume, onFlush });
    await page.advance(4_000);
    await run.pause();
    expect(onPause).toHaveBeenCalledTimes(1);
    expect(onFlush).toHaveBeenCalledWith(4000);
    expect(windows(page)).toEqual([
      expect.objectContaining({ activeMs: 4000, endedAt: '2026-01-05T10:00:04.000Z' }),
    ]);
    await page.advance(60_000);
    expect(page.server.requests).toHaveLength(1);
    await run.flushTimeSpent(); // no-op while paused
    expect(page.server.requests).toHaveLength(1);
    expect(run.totalActiveMs).toBe(4_000);
    run.resume();
    expect(onResume).toHaveBeenCalledTimes(1);
    await page.advance(15_000);
    expect(windows(page)[1]).toEqual({
      activeMs: 15000,
      inactiveMs: 0,
      startedAt: '2026-01-05T10:01:04.000Z',
      endedAt: '2026-01-05T10:01:19.000Z',
    });
    expect(run.totalActiveMs).toBe(19_000);
    expect(run.elapsedMs).toBe(0);
  });

  test('pause() twice calls onPause once; resume() when running does nothing', async () => {
    const page = setupPage();
    const onPause = vi.fn();
    const onResume = vi.fn();
    const run = page.start({ onPause, onResume });
    run.resume();
    expect(onResume).not.toHaveBeenCalled();
    await run.pause();
    await run.pause();
    expect(onPause).toHaveBeenCalledTimes(1);
  });

  test('a callback that throws does not break the tracker', async () => {
    const page = setupPage();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = page.start({
      onPause: () => {
        throw new Error('app bug');
      },
    });
    await page.advance(1_000);
    await expect(run.pause()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(new Error('app bug'));
    expect(run.isPaused).toBe(true);
    error.mockRestore();
  });
});

describe("the instance's time figures (spec: elapsedMs, onFlush, totalActiveMs)", () => {
  test('elapsedMs is the active time of the current heartbeat window and resets to 0 after each flush', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    const run = page.start({ time: { flushOnVisibilityHidden: false }, onFlush });
    await page.advance(5_000);
    expect(run.elapsedMs).toBe(5_000);
    setVisibility('hidden');
    await page.advance(3_000);
    expect(run.elapsedMs).toBe(5_000); // hidden time is inactive
    setVisibility('visible');
    await page.advance(2_000);
    expect(run.elapsedMs).toBe(7_000);
    await run.flushTimeSpent();
    expect(onFlush.mock.calls).toEqual([[7_000]]); // that window's active ms, as elapsedMs read before the flush
    expect(run.elapsedMs).toBe(0);
    await page.advance(1_000);
    expect(run.elapsedMs).toBe(1_000);
    // totalActiveMs: the flushed windows plus the window in progress.
    expect(run.totalActiveMs).toBe(8_000);
    await page.advance(14_000); // the heartbeat, 15 s after the return to the page
    expect(onFlush.mock.calls).toEqual([[7_000], [13_000]]);
    expect(run.elapsedMs).toBe(2_000);
    expect(run.totalActiveMs).toBe(22_000);
    await run.pause();
    expect(onFlush.mock.calls.at(-1)).toEqual([2_000]);
    expect(run.elapsedMs).toBe(0);
    await page.advance(30_000);
    expect(run.elapsedMs).toBe(0); // paused: no window runs
    expect(run.totalActiveMs).toBe(22_000);
  });

  test('onFlush is called once per window the endpoint took, with that window, also for one delivered late', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    const run = page.start({ onFlush });
    page.server.mode = 'network';
    await page.advance(4_000);
    await run.flushTimeSpent(); // fails: the window waits in the outbox
    expect(onFlush).not.toHaveBeenCalled();
    page.server.mode = 'ok';
    await page.advance(11_000); // the heartbeat sends the 4 s window and the 11 s one
    expect(onFlush.mock.calls).toEqual([[4_000], [11_000]]);
    expect(run.totalActiveMs).toBe(15_000);
  });

  test('flushTimeSpent() while paused is a no-op that resolves, whatever the network', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    const onError = vi.fn();
    const run = page.start({ onFlush, onError });
    await page.advance(3_000);
    await run.pause();
    const sent = page.server.requests.length;
    page.server.mode = 'network';
    await page.advance(10_000);
    await expect(run.flushTimeSpent()).resolves.toBeUndefined();
    await expect(Promise.all([run.flushTimeSpent(), run.flushTimeSpent()])).resolves.toEqual([
      undefined,
      undefined,
    ]);
    expect(page.server.requests).toHaveLength(sent);
    expect(onFlush.mock.calls).toEqual([[3_000]]);
    expect(onError).not.toHaveBeenCalled();
    expect(run.elapsedMs).toBe(0);
  });

  test('flushTimeSpent() while paused sends nothing, not even a window left in the outbox; the next flush after resume() sends it once', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    const onError = vi.fn();
    const run = page.start({ onFlush, onError });
    await page.advance(3_000);
    // The network fails before pause(), so the paused window stays in the outbox.
    page.server.mode = 'network';
    await run.pause();
    expect(onError).toHaveBeenCalledTimes(1);
    const [failed] = page.server.requests.map((r) => JSON.parse(r.body).events[0].id as string);
    page.server.mode = 'ok';
    const sent = page.server.requests.length;
    await page.advance(10_000);
    // Spec: flushTimeSpent() is a no-op while paused, whatever the outbox holds.
    await expect(run.flushTimeSpent()).resolves.toBeUndefined();
    await page.advance(60_000);
    expect(page.server.requests).toHaveLength(sent);
    expect(onFlush).not.toHaveBeenCalled();
    // Never lost: resume() sends nothing itself; the next heartbeat carries the kept window along with the new one
    // (docs/decisions.md#d-paused-outbox).
    run.resume();
    await settle();
    expect(page.server.requests).toHaveLength(sent);
    await page.advance(15_000);
    expect(page.server.requests).toHaveLength(sent + 1);
    expect(onFlush.mock.calls).toEqual([[3_000], [15_000]]);
    const carrying = page.server.requests.filter((r) => r.body.includes(failed!));
    expect(carrying).toHaveLength(2); // the failed send of pause(), then the heartbeat after resume()
    expect(page.server.accepted.has(failed!)).toBe(true);
    expect(page.server.duplicates).toBe(0);
    await page.advance(30_000);
    expect(page.server.requests.filter((r) => r.body.includes(failed!))).toHaveLength(2);
    expect(run.totalActiveMs).toBe(48_000);
  });
});
