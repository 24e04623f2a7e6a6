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

  test('still measures totalActiveMs (all running time is active) and flushTimeSpent is a no-op', async () => {
    const page = setupPage();
    const run = page.start({ time: false });
    await page.advance(10_000);
    await run.flushTimeSpent();
    await run.pause();
    await page.advance(5_000);
    run.resume();
    await page.advance(2_000);
    expect(run.totalActiveMs).toBe(12_000);
    expect(run.elapsedMs).toBe(17_000);
    expect(page.server.requests).toHaveLength(0);
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
    expect(run.elapsedMs).toBe(15_000);
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
    expect(run.elapsedMs).toBe(29_000);
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
    expect(run.elapsedMs).toBe(55_000);
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
    expect(run.elapsedMs).toBe(3_600_000);
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
    expect(run.elapsedMs).toBe(79_000);
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
