// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import { ActivitySendError } from '../src/index';
import type { TimeSpentMessage } from '../src/protocol';
import { pageHide, settle, setVisibility } from './helpers/page';
import { setupPage } from './helpers/setup';

const ids = (body: string) => (JSON.parse(body).events as { id: string }[]).map((e) => e.id);
const stored = (page: ReturnType<typeof setupPage>) =>
  JSON.parse(page.storage.getItem('learnkit:activity:outbox') ?? '[]') as TimeSpentMessage[];

describe('retries (retryAttempts, retryDelaysMs)', () => {
  test('default retryAttempts 0: one attempt, then onError with the timeSpent context', async () => {
    const page = setupPage();
    page.server.mode = 'network';
    const onError = vi.fn();
    const run = page.start({ onError });
    await page.advance(15_000);
    expect(page.server.requests).toHaveLength(1);
    expect(onError).toHaveBeenCalledTimes(1);
    const [error, context] = onError.mock.calls[0]!;
    expect(error).toBeInstanceOf(ActivitySendError);
    expect(error).toMatchObject({
      name: 'ActivitySendError',
      status: undefined,
      message: 'activity: POST /api/activity failed',
    });
    expect(context).toEqual({ type: 'timeSpent', activityId: 'fractions-1', runId: run.runId });
  });

  test('retries after each delay of retryDelaysMs, reusing the last; onError only after all attempts', async () => {
    const page = setupPage();
    page.server.mode = 503;
    const onError = vi.fn();
    page.start({ onError, time: { retryAttempts: 5, flushIntervalMs: 60_000 } });
    await page.advance(60_000);
    const at = () => page.server.requests.length;
    expect(at()).toBe(1);
    await page.advance(99);
    expect(at()).toBe(1);
    await page.advance(1); // +100
    expect(at()).toBe(2);
    await page.advance(300);
    expect(at()).toBe(3);
    await page.advance(1000);
    expect(at()).toBe(4);
    await page.advance(999);
    expect(at()).toBe(4);
    await page.advance(1); // the last delay (1000) is reused
    expect(at()).toBe(5);
    expect(onError).not.toHaveBeenCalled();
    await page.advance(1000);
    expect(at()).toBe(6);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({
      status: 503,
      message: 'activity: POST /api/activity returned 503',
    });
    // Every attempt resent the same window with the same id.
    expect(new Set(page.server.requests.map((r) => ids(r.body).join()))).toHaveProperty('size', 1);
  });

  test('custom retryDelaysMs; a retry that succeeds reports no error and calls onFlush', async () => {
    const page = setupPage();
    page.server.mode = (n) => (n < 2 ? 'network' : 'ok');
    const onError = vi.fn();
    const onFlush = vi.fn();
    page.start({ onError, onFlush, time: { retryAttempts: 2, retryDelaysMs: [50] } });
    await page.advance(15_000);
    await page.advance(50);
    expect(page.server.requests).toHaveLength(2);
    await page.advance(50);
    expect(page.server.requests).toHaveLength(3);
    expect(onError).not.toHaveBeenCalled();
    expect(onFlush).toHaveBeenCalledWith(15000);
    expect(page.server.activeMs()).toBe(15000);
  });

  test('408, 429 and 5xx are retried; 401 and 403 are not (and are kept)', async () => {
    for (const [status, attempts] of [
      [408, 2],
      [429, 2],
      [500, 2],
      [401, 1],
      [403, 1],
    ] as const) {
      const page = setupPage();
      page.server.mode = status;
      page.start({ time: { retryAttempts: 1 } });
      await page.advance(15_000 + 100);
      expect(page.server.requests, `status ${status}`).toHaveLength(attempts);
      expect(stored(page)).toHaveLength(1);
    }
  });

  test('a window the endpoint refuses as invalid (400, 413, 422) is dropped, after onError', async () => {
    const page = setupPage();
    page.server.mode = 400;
    const onError = vi.fn();
    page.start({ onError, time: { retryAttempts: 3 } });
    await page.advance(15_000);
    expect(page.server.requests).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }), expect.anything());
    expect(stored(page)).toEqual([]);
    page.server.mode = 'ok';
    await page.advance(15_000);
    expect(page.server.requests.at(-1) && ids(page.server.requests.at(-1)!.body)).toHaveLength(1);
  });

  test('a hung request times out after requestTimeoutMs, counts as a failure, and is retried', async () => {
    const page = setupPage({ requestTimeoutMs: 2_000 });
    page.server.mode = (n) => (n === 0 ? 'hang' : 'ok');
    const onError = vi.fn();
    page.start({ onError, time: { retryAttempts: 1 } });
    await page.advance(15_000 + 2_000);
    expect(page.server.requests).toHaveLength(1);
    await page.advance(100);
    expect(page.server.requests).toHaveLength(2);
    expect(onError).not.toHaveBeenCalled();
    expect(page.server.activeMs()).toBe(15000);
  });

  test('the timeout error says so', async () => {
    const page = setupPage({ requestTimeoutMs: 1_000 });
    page.server.mode = 'hang';
    const onError = vi.fn();
    page.start({ onError });
    await page.advance(16_000);
    expect(onError.mock.calls[0]![0].message).toBe('activity: POST /api/activity timed out after 1000 ms');
  });
});

describe('failed windows are kept, never dropped or merged (decision 8)', () => {
  test('a failed window is sent again with the same id, alongside the next one', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    page.server.mode = 'network';
    page.start({ onFlush });
    await page.advance(15_000);
    const [firstId] = ids(page.server.requests[0]!.body);
    page.server.mode = 'ok';
    await page.advance(15_000);
    expect(ids(page.server.requests[1]!.body)).toEqual([firstId, expect.any(String)]);
    expect(page.server.activeMs()).toBe(30000);
    // Once per window the endpoint took, the late one included, each with its own active ms.
    expect(onFlush.mock.calls).toEqual([[15000], [15000]]);
    expect(stored(page)).toEqual([]);
  });

  test('minutes of failures: every window is kept, in memory and in storage, until the network recovers', async () => {
    const page = setupPage();
    page.server.mode = 'network';
    const run = page.start();
    await page.advance(5 * 60_000);
    expect(stored(page)).toHaveLength(20);
    expect(new Set(stored(page).map((m) => m.id)).size).toBe(20);
    page.server.mode = 'ok';
    await page.advance(15_000);
    expect(page.server.activeMs()).toBe(run.totalActiveMs);
    expect(page.server.accepted.size).toBe(21);
    expect(stored(page)).toEqual([]);
  });

  test('large outboxes are split into bodies far below 64 KiB', async () => {
    const page = setupPage();
    page.server.mode = 'network';
    page.start({ time: { flushIntervalMs: 1_000 } });
    await page.advance(200_000);
    page.server.mode = 'ok';
    const before = page.server.requests.length;
    await page.advance(1_000);
    const bodies = page.server.requests.slice(before);
    expect(bodies.length).toBeGreaterThan(1);
    for (const { body } of bodies) expect(new TextEncoder().encode(body).length).toBeLessThan(16_384);
    expect(page.server.accepted.size).toBe(201);
  });
});

describe('one flush at a time', () => {
  test('a flush during a flush waits for it; calls meanwhile share the one that follows', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(1_000);
    const release = page.server.hold();
    const first = run.flushTimeSpent();
    await page.advance(1_000);
    const second = run.flushTimeSpent();
    await page.advance(1_000);
    const third = run.flushTimeSpent();
    await settle();
    expect(page.server.requests).toHaveLength(1);
    release();
    await Promise.all([first, second, third]);
    expect(page.server.requests).toHaveLength(2);
    expect(page.server.maxInFlight).toBe(1);
    expect(ids(page.server.requests[1]!.body)).toHaveLength(2);
    expect(page.server.activeMs()).toBe(3_000);
  });

  test('flushTimeSpent resolves once its time is delivered, and never rejects', async () => {
    const page = setupPage();
    const run = page.start();
    await page.advance(2_500);
    await run.flushTimeSpent();
    expect(page.server.activeMs()).toBe(2_500);
    page.server.mode = 'network';
    await expect(run.flushTimeSpent()).resolves.toBeUndefined();
  });

  test('onError fires once for a failure that several callers shared', async () => {
    const page = setupPage();
    page.server.mode = 'network';
    const onError = vi.fn();
    const run = page.start({ onError });
    await page.advance(1_000);
    const release = page.server.hold();
    const a = run.flushTimeSpent();
    const b = run.flushTimeSpent();
    const c = run.flushTimeSpent();
    release();
    await Promise.all([a, b, c]);
    expect(onError).toHaveBeenCalledTimes(2); // the first send, and the one b and c shared
  });

  test('flushTimeSpent with nothing measured sends nothing', async () => {
    const page = setupPage();
    const onFlush = vi.fn();
    const run = page.start({ onFlush });
    await run.flushTimeSpent();
    expect(page.server.requests).toHaveLength(0);
    expect(onFlush).not.toHaveBeenCalled();
  });
});

describe('reload: the localStorage outbox', () => {
  test('unsent windows survive a reload and go at configure, with their ids', async () => {
    const page = setupPage();
    page.server.mode = 'network';
    const run = page.start();
    await page.advance(45_000);
    await run.end(); // the old page goes; its windows stay stored
    const kept = stored(page).map((m) => m.id);
    expect(kept).toHaveLength(3);
    page.server.mode = 'ok';
    page.reload(); // a new page: a new tracker on the same storage
    await settle();
    expect(ids(page.server.requests.at(-1)!.body)).toEqual(kept);
    expect(page.server.activeMs()).toBe(45_000);
    expect(stored(page)).toEqual([]);
  });

  test('a reload that fails again keeps them for the next heartbeat of the next activity', async () => {
    const page = setupPage();
    page.server.mode = 'network';
    const old = page.start();
    await page.advance(15_000);
    await old.end();
    const tracker = page.reload();
    await settle();
    expect(stored(page)).toHaveLength(1);
    page.server.mode = 'ok';
    const onFlush = vi.fn();
    const run = tracker.start({ id: 'fractions-2', name: 'Fractions 2', course: { code: 'ALG-1' }, onFlush });
    await page.advance(15_000);
    expect(page.server.activeMs()).toBe(30_000);
    expect(run.totalActiveMs).toBe(15_000);
    // onFlush reports this run's time only.
    expect(onFlush).toHaveBeenCalledWith(15_000);
  });

  test('storageKey namespaces the outbox; storage: null keeps windows in memory only', async () => {
    const page = setupPage({ storageKey: 'app:user-7:outbox' });
    page.server.mode = 'network';
    page.start();
    await page.advance(15_000);
    expect(page.storage.getItem('app:user-7:outbox')).toContain('timeSpent');
    expect(page.storage.getItem('learnkit:activity:outbox')).toBeNull();

    const memory = setupPage({ storage: null });
    memory.server.mode = 'network';
    memory.start();
    await memory.advance(15_000);
    expect(memory.storage.length).toBe(0);
  });

  test('corrupt storage is ignored; a failing storage does not break tracking', async () => {
    const page = setupPage();
    page.storage.setItem('learnkit:activity:outbox', '{not json');
    page.reload();
    page.storage.setItem('learnkit:activity:outbox', JSON.stringify([{ kind: 'other' }, 5, null]));
    const tracker = page.reload();
    await settle();
    expect(page.server.requests).toHaveLength(0);
    page.storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    page.tracker.current?.end();
    const run = tracker.start({ id: 'x', name: 'X', course: { code: 'ALG-1' } });
    await page.advance(15_000);
    expect(page.server.activeMs()).toBe(15_000);
    expect(run.totalActiveMs).toBe(15_000);
  });

  test("other tabs' stored windows are kept when this tab writes", async () => {
    const page = setupPage();
    const other = {
      kind: 'timeSpent',
      id: 'urn:uuid:3f0c6a5e-2b1d-4c8e-9a7f-1d2e3f4a5b6c',
      runId: 'r',
      activity: { id: 'a', name: 'A', course: { code: 'ALG-1' } },
      window: {
        activeMs: 1,
        inactiveMs: 0,
        startedAt: '2026-01-05T09:00:00.000Z',
        endedAt: '2026-01-05T09:00:00.001Z',
      },
    };
    page.server.mode = 'network';
    page.start();
    page.storage.setItem('learnkit:activity:outbox', JSON.stringify([other]));
    await page.advance(15_000);
    expect(stored(page).map((m) => m.id)).toEqual([other.id, expect.any(String)]);
  });
});

describe('exit path: pagehide and hidden', () => {
  test('pagehide sends the remaining time by sendBeacon, as a JSON Blob, to the endpoint', async () => {
    const page = setupPage();
    const beacon = vi.spyOn(navigator, 'sendBeacon');
    page.start();
    await page.advance(7_000);
    pageHide();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/activity');
    expect((blob as Blob).type).toBe('application/json');
    expect(page.server.requests.map((r) => r.via)).toEqual(['beacon']);
    expect(page.server.activeMs()).toBe(7_000);
  });

  test('falls back to fetch with keepalive when sendBeacon refuses', async () => {
    const page = setupPage();
    page.server.beaconQueues = false;
    page.start();
    await page.advance(7_000);
    pageHide();
    await settle();
    const [request] = page.server.requests;
    expect(request?.via).toBe('keepalive');
    expect(request?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(page.server.activeMs()).toBe(7_000);
  });

  test('falls back to fetch with keepalive when sendBeacon is missing', async () => {
    const bare = setupPage();
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: undefined });
    bare.start();
    await bare.advance(3_000);
    pageHide();
    await settle();
    expect(bare.server.requests.map((r) => r.via)).toEqual(['keepalive']);
  });

  test('beaconed windows stay in the outbox until a fetch is acknowledged (resent with the same id)', async () => {
    const page = setupPage();
    page.start();
    await page.advance(7_000);
    pageHide();
    expect(page.server.activeMs()).toBe(7_000);
    expect(stored(page)).toHaveLength(1);
    await page.advance(8_000); // back from the bfcache: the next heartbeat resends it
    expect(page.server.duplicates).toBe(1);
    expect(page.server.activeMs()).toBe(15_000);
    expect(stored(page)).toEqual([]);
  });

  test('hidden sends by beacon when flushOnVisibilityHidden (default)', async () => {
    const page = setupPage();
    page.start();
    await page.advance(5_000);
    setVisibility('hidden');
    expect(page.server.requests.map((r) => r.via)).toEqual(['beacon']);
    expect(page.server.activeMs()).toBe(5_000);
  });

  test('hidden sends nothing when flushOnVisibilityHidden is false', async () => {
    const quiet = setupPage();
    quiet.start({ time: { flushOnVisibilityHidden: false } });
    await quiet.advance(5_000);
    setVisibility('hidden');
    expect(quiet.server.requests).toHaveLength(0);
  });

  test('flushOnPageHide: false sends nothing on pagehide', async () => {
    const page = setupPage();
    page.start({ time: { flushOnPageHide: false } });
    await page.advance(5_000);
    pageHide();
    await settle();
    expect(page.server.requests).toHaveLength(0);
  });

  test('an exit sends at most 48 KiB; the rest waits in storage for the next page', async () => {
    const page = setupPage();
    page.server.mode = 'network';
    page.start({ time: { flushIntervalMs: 1_000 } });
    await page.advance(400_000);
    page.server.mode = 'ok';
    pageHide();
    const beacons = page.server.requests.filter((r) => r.via === 'beacon');
    expect(beacons.length).toBeGreaterThan(0);
    expect(beacons.reduce((n, r) => n + new TextEncoder().encode(r.body).length, 0)).toBeLessThanOrEqual(
      49_152,
    );
    expect(page.server.accepted.size).toBeLessThan(400);
    page.server.mode = 'network';
    await page.tracker.current?.end(); // the page is gone
    page.server.mode = 'ok';
    page.reload();
    await settle();
    expect(page.server.accepted.size).toBe(400);
  });
});
