// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import { activity, createActivityTracker, DEFAULT_STORAGE_KEY, TIME_DEFAULTS } from '../src/index';
import { createFakeEndpoint } from './helpers/fake-endpoint';
import { useClocks } from './helpers/page';
import { COURSES, LESSON, setupPage } from './helpers/setup';

describe('configure', () => {
  test('start before configure throws, naming configure', () => {
    expect(() => createActivityTracker().start(LESSON)).toThrow(
      /call activity\.configure\(\{ endpoint, courses \}\) first/,
    );
  });

  test('refuses a missing endpoint and missing courses', () => {
    const tracker = createActivityTracker();
    expect(() => tracker.configure({ endpoint: '', courses: [{ subject: 'Math', grade: 3 }] })).toThrow(
      /endpoint must be a URL/,
    );
    expect(() => tracker.configure({ endpoint: '/api/activity', courses: [] })).toThrow(
      /courses must be a non-empty array/,
    );
  });

  test('defaults: globalThis.fetch, localStorage, Date.now and performance.now', async () => {
    const clocks = useClocks();
    const server = createFakeEndpoint();
    vi.stubGlobal('fetch', server.fetch);
    localStorage.clear();
    try {
      const tracker = createActivityTracker();
      tracker.configure({ endpoint: '/api/activity', courses: COURSES });
      server.mode = 'network';
      const run = tracker.start(LESSON);
      expect(run.startedAt.toISOString()).toBe('2026-01-05T10:00:00.000Z');
      await clocks.advance(15_000);
      expect(server.requests).toHaveLength(1);
      expect(JSON.parse(localStorage.getItem(DEFAULT_STORAGE_KEY)!)[0].window).toEqual({
        activeMs: 15000,
        inactiveMs: 0,
        startedAt: '2026-01-05T10:00:00.000Z',
        endedAt: '2026-01-05T10:00:15.000Z',
      });
      server.mode = 'ok';
      await run.end();
      expect(server.activeMs()).toBe(15_000);
      expect(JSON.parse(localStorage.getItem(DEFAULT_STORAGE_KEY)!)).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      localStorage.clear();
    }
  });

  test('refuses to reconfigure while an activity runs', () => {
    const page = setupPage();
    page.start();
    expect(() =>
      page.tracker.configure({ endpoint: '/x', courses: [{ code: 'A', subject: 'Math' }] }),
    ).toThrow(/"fractions-1" is running; end\(\) it first/);
  });

  test('the package exports the shared tracker and the spec defaults', () => {
    expect(activity.current).toBeNull();
    expect(DEFAULT_STORAGE_KEY).toBe('learnkit:activity:outbox');
    expect(TIME_DEFAULTS).toEqual({
      flushIntervalMs: 15000,
      visibilityAware: true,
      flushOnVisibilityHidden: true,
      flushOnPageHide: true,
      hiddenTimeoutMs: 600000,
      retryAttempts: 0,
      retryDelaysMs: [100, 300, 1000],
    });
  });
});

describe('start', () => {
  test('returns the instance, sets current, and exposes id, runId and startedAt', () => {
    const page = setupPage();
    const run = page.start();
    expect(page.tracker.current).toBe(run);
    expect(run.id).toBe('fractions-1');
    expect(run.runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(run.startedAt.toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(run.isPaused).toBe(false);
    expect(run.isEnded).toBe(false);
    expect(run.totalActiveMs).toBe(0);
    expect(run.elapsedMs).toBe(0);
  });

  test('keeps a given runId, to resume a stateful activity', () => {
    const run = setupPage().start({ runId: 'run-42' });
    expect(run.runId).toBe('run-42');
  });

  test('two runs get different run ids', async () => {
    const page = setupPage();
    const first = page.start();
    await first.end();
    expect(page.start().runId).not.toBe(first.runId);
  });

  test('only one activity at a time: start while one runs throws; after end() a new one may start', async () => {
    const page = setupPage();
    const run = page.start();
    expect(() => page.start({ id: 'other' })).toThrow(
      /"fractions-1" is still running; end\(\) it before starting "other"/,
    );
    await run.end();
    expect(page.tracker.current).toBeNull();
    expect(page.start({ id: 'other' }).id).toBe('other');
  });

  test('a course not in the configuration is refused, naming the configured courses', () => {
    const page = setupPage();
    expect(() => page.start({ course: { subject: 'Math', grade: 4 } })).toThrow(
      'activity.start: course {"subject":"Math","grade":4} is not in the configured courses: Math grade 3, code "ALG-1"',
    );
    expect(() => page.start({ course: { code: 'ALG-2' } })).toThrow(
      /course \{"code":"ALG-2"\} is not in the configured/,
    );
    expect(() => page.start({ course: undefined as never })).toThrow(
      /course undefined is not in the configured/,
    );
    expect(page.tracker.current).toBeNull();
  });

  test('a course matches by code, or by subject and grade', () => {
    const page = setupPage();
    const run = page.start({ course: { code: 'ALG-1' } });
    expect(run.id).toBe('fractions-1');
  });

  test.each([
    [{ id: 'has space' }, /id must be a URL-safe slug/],
    [{ id: '' }, /id must be a URL-safe slug/],
    [{ name: ' ' }, /name must be a non-empty string/],
    [{ runId: '' }, /runId must be a non-empty string/],
    [{ time: { flushIntervalMs: 0 } }, /time\.flushIntervalMs must be a number > 0, got 0/],
  ])('refuses %j with a clear message', (params, message) => {
    const page = setupPage();
    expect(() => page.start(params as never)).toThrow(message);
    expect(page.tracker.current).toBeNull();
  });
});
