// @vitest-environment happy-dom
// useActivity and <ActivityBoundary> on React 19 (the workspace's React; React 18 runs the same page in Chromium,
// examples/frontend-react): what a lesson component relies on, on fake clocks and a fake endpoint
// (docs/decisions.md#d-framework-controller).
import { LearnKitError, ValidationError } from '@learnkit/core';
import { act, createElement, type ReactNode, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createActivityTracker } from '../../src/browser/tracker';
import type { StartParams } from '../../src/browser/types';
import {
  ActivityBoundary,
  type UseActivityResult,
  useActivity,
  useActivityContext,
} from '../../src/frameworks/react';
import { setVisibility } from '../helpers/page';
import { LESSON, type Page, setupPage } from '../helpers/setup';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
});

/** What each render of the component saw, latest last, by lesson id. */
type Seen = Map<string, UseActivityResult>;

function Lesson({
  page,
  params,
  seen,
}: {
  page: Pick<Page, 'tracker'>;
  params: StartParams;
  seen: Seen;
}): ReactNode {
  const lesson = useActivity(params, { tracker: page.tracker });
  seen.set(params.id ?? '(no id)', lesson);
  return createElement(
    'p',
    null,
    lesson.error ? `error: ${lesson.error.message}` : `${lesson.totalActiveMs} ms, ${lesson.runId}`,
  );
}

/** Renders `element` into a fresh root (in StrictMode when asked), inside act. */
function render(element: ReactNode, strict = false) {
  const container = document.createElement('div');
  const root = createRoot(container);
  roots.push(root);
  act(() => root.render(strict ? createElement(StrictMode, null, element) : element));
  return {
    container,
    update: (next: ReactNode) =>
      act(() => root.render(strict ? createElement(StrictMode, null, next) : next)),
    unmount: () => {
      roots.splice(roots.indexOf(root), 1);
      act(() => root.unmount());
    },
  };
}

const advance = (page: Page, ms: number) => act(() => page.advance(ms));
const timeSpent = (page: Page, runId?: string) =>
  page.server
    .events('timeSpent')
    .filter((event) => event.runId === runId)
    .reduce((sum, event) => sum + (event.kind === 'timeSpent' ? event.window.activeMs : 0), 0);

describe('useActivity', () => {
  test('starts on mount; totalActiveMs is rendered again every second; unmount flushes and ends without completion', async () => {
    const page = setupPage();
    const seen: Seen = new Map();
    const view = render(createElement(Lesson, { page, params: LESSON, seen }));
    const runId = page.tracker.current?.runId;
    expect(runId).toBeDefined();
    expect(seen.get(LESSON.id)).toMatchObject({ runId, isPaused: false, isEnded: false, totalActiveMs: 0 });
    await advance(page, 1000);
    expect(view.container.textContent).toBe(`1000 ms, ${runId}`);
    await advance(page, 4000);
    expect(view.container.textContent).toBe(`5000 ms, ${runId}`);

    view.unmount();
    await advance(page, 0);
    expect(page.tracker.current).toBeNull();
    expect(timeSpent(page, runId)).toBe(5000);
    expect(page.server.events('completion')).toEqual([]);
    // Nothing after unmount: no heartbeat, no window.
    const sent = page.server.requests.length;
    await advance(page, 60_000);
    expect(page.server.requests).toHaveLength(sent);
  });

  test('under StrictMode the second mount keeps the same run: one start, time counted once', async () => {
    const page = setupPage();
    const start = vi.spyOn(page.tracker, 'start');
    const seen: Seen = new Map();
    const view = render(createElement(Lesson, { page, params: LESSON, seen }), true);
    await advance(page, 0);
    expect(start).toHaveBeenCalledTimes(1);
    const runId = page.tracker.current!.runId;
    await advance(page, 20_000);
    expect(seen.get(LESSON.id)).toMatchObject({ runId, totalActiveMs: 20_000, error: undefined });
    view.unmount();
    await advance(page, 0);
    expect(timeSpent(page, runId)).toBe(20_000);
    expect(new Set(page.server.events().map((event) => event.runId))).toEqual(new Set([runId]));
  });

  test('end(data) completes once; the unmount after it sends nothing more', async () => {
    const page = setupPage();
    const seen: Seen = new Map();
    const view = render(createElement(Lesson, { page, params: LESSON, seen }), true);
    await advance(page, 3000);
    await act(() => seen.get(LESSON.id)!.end({ xpEarned: 3 }));
    expect(seen.get(LESSON.id)).toMatchObject({ isEnded: true, totalActiveMs: 3000 });
    const sent = page.server.requests.length;
    view.unmount();
    await advance(page, 60_000);
    expect(page.server.requests).toHaveLength(sent);
    expect(page.server.events('completion')).toHaveLength(1);
    expect(page.server.activeMs()).toBe(3000);
  });

  test('pause and resume re-render at once; hidden time is not active', async () => {
    const page = setupPage();
    const seen: Seen = new Map();
    render(createElement(Lesson, { page, params: LESSON, seen }));
    await advance(page, 2000);
    await act(() => seen.get(LESSON.id)!.pause());
    expect(seen.get(LESSON.id)).toMatchObject({ isPaused: true, totalActiveMs: 2000 });
    await advance(page, 5000);
    act(() => seen.get(LESSON.id)!.resume());
    expect(seen.get(LESSON.id)!.isPaused).toBe(false);
    act(() => setVisibility('hidden'));
    await advance(page, 5000);
    act(() => setVisibility('visible'));
    await advance(page, 1000);
    expect(seen.get(LESSON.id)!.totalActiveMs).toBe(3000);
  });

  test('a new params.id ends the old activity (flushed, no completion) and starts the new one', async () => {
    const page = setupPage();
    const seen: Seen = new Map();
    const view = render(createElement(Lesson, { page, params: LESSON, seen }), true);
    const first = page.tracker.current!.runId;
    await advance(page, 4000);
    view.update(createElement(Lesson, { page, params: { ...LESSON, id: 'fractions-2' }, seen }));
    await advance(page, 0);
    expect(page.tracker.current?.id).toBe('fractions-2');
    const second = page.tracker.current!.runId;
    expect(second).not.toBe(first);
    expect(timeSpent(page, first)).toBe(4000);
    await advance(page, 2000);
    expect(seen.get('fractions-2')).toMatchObject({ runId: second, totalActiveMs: 2000 });
    expect(page.server.events('completion')).toEqual([]);
  });

  test('a route change (one lesson unmounts, another mounts in the same commit) starts the new one', async () => {
    const page = setupPage();
    const seen: Seen = new Map();
    const view = render(createElement(Lesson, { key: 'a', page, params: LESSON, seen }), true);
    const first = page.tracker.current!.runId;
    await advance(page, 1500);
    view.update(createElement(Lesson, { key: 'b', page, params: { ...LESSON, id: 'decimals-1' }, seen }));
    await advance(page, 0);
    expect(seen.get('decimals-1')!.error).toBeUndefined();
    expect(page.tracker.current?.id).toBe('decimals-1');
    expect(timeSpent(page, first)).toBe(1500);
  });

  test.each([
    ['id', { name: 'Fractions 1', course: LESSON.course }],
    ['name', { id: 'fractions-1', course: LESSON.course }],
    ['course', { id: 'fractions-1', name: 'Fractions 1' }],
  ])('missing %s: renders, error is a ValidationError naming it, nothing is sent', async (field, params) => {
    const page = setupPage();
    const seen: Seen = new Map();
    const view = render(createElement(Lesson, { page, params: params as StartParams, seen }), true);
    const lesson = seen.get((params as StartParams).id ?? '(no id)')!;
    expect(lesson.error).toBeInstanceOf(ValidationError);
    expect((lesson.error as ValidationError).issues[0]!.path).toEqual([field]);
    expect(lesson.error!.message).toMatch(new RegExp(`^activity\\.start: ${field} `));
    expect(lesson.runId).toBeUndefined();
    expect(view.container.textContent).toBe(`error: ${lesson.error!.message}`);
    await advance(page, 30_000);
    await act(() => lesson.pause());
    act(() => lesson.resume());
    await expect(lesson.end({ xpEarned: 1 })).rejects.toBe(lesson.error);
    view.unmount();
    expect(page.server.requests).toEqual([]);
    expect(page.tracker.current).toBeNull();
  });

  test('two at once: the second returns an error naming both ids; the first runs on', async () => {
    const page = setupPage();
    const seen: Seen = new Map();
    render(
      createElement(
        'div',
        null,
        createElement(Lesson, { page, params: LESSON, seen }),
        createElement(Lesson, { page, params: { ...LESSON, id: 'decimals-1' }, seen }),
      ),
      true,
    );
    await advance(page, 2000);
    const second = seen.get('decimals-1')!;
    expect(second.error).toBeInstanceOf(LearnKitError);
    expect(second.error!.message).toBe(
      'activity.start: "fractions-1" is still running; end() it before starting "decimals-1"',
    );
    expect(seen.get(LESSON.id)).toMatchObject({ error: undefined, totalActiveMs: 2000 });
    expect(page.server.events().every((event) => event.activity.id === LESSON.id)).toBe(true);
  });

  test('before activity.configure: an error saying so, nothing sent', () => {
    setupPage();
    const seen: Seen = new Map();
    render(createElement(Lesson, { page: { tracker: createActivityTracker() }, params: LESSON, seen }));
    expect(seen.get(LESSON.id)!.error?.message).toMatch(/call activity\.configure/);
    expect(seen.get(LESSON.id)!.error).toBeInstanceOf(LearnKitError);
  });
});

/** A part of a page under a boundary (a timer, a quiz): it reads the boundary's activity. */
function Part({ name, seen }: { name: string; seen: Seen }): ReactNode {
  const lesson = useActivityContext();
  seen.set(name, lesson);
  return createElement('span', null, String(lesson.totalActiveMs));
}

describe('ActivityBoundary', () => {
  test('components under it share the one activity', async () => {
    const page = setupPage();
    const shared: Seen = new Map();
    render(
      createElement(
        ActivityBoundary,
        { ...LESSON, options: { tracker: page.tracker } },
        createElement(Part, { name: 'timer', seen: shared }),
        createElement(Part, { name: 'quiz', seen: shared }),
      ),
      true,
    );
    await advance(page, 2000);
    expect(shared.get('timer')).toMatchObject({ totalActiveMs: 2000, runId: page.tracker.current!.runId });
    await act(() => shared.get('quiz')!.end({ xpEarned: 2 }));
    expect(shared.get('timer')!.isEnded).toBe(true);
    expect(page.server.events('completion')).toHaveLength(1);
  });

  test('useActivityContext outside a boundary throws a LearnKitError saying so', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(createElement(Part, { name: 'orphan', seen: new Map() }))).toThrow(
        /useActivityContext: no <ActivityBoundary> above this component/,
      );
    } finally {
      error.mockRestore();
    }
  });
});
