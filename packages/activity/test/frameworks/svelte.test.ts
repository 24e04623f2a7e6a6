// @vitest-environment happy-dom
// The Svelte helper: a store a template reads with `$lesson`, the activity bound to the component's life, bad input
// as `$lesson.error`; on fake clocks and a fake endpoint (docs/decisions.md#d-framework-svelte).
import { ValidationError } from '@learnkit/core';
import { type Component, flushSync, mount, unmount } from 'svelte';
import { fromStore, get } from 'svelte/store';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ActivityTracker, StartParams } from '../../src/browser/types';
import type { ActivityStore } from '../../src/frameworks/svelte';
import { LESSON, type Page, setupPage } from '../helpers/setup';
import { compileSvelte, SVELTE_ENTRY } from './svelte-compile';

interface Props {
  params: StartParams;
  tracker: ActivityTracker;
  expose: (lesson: ActivityStore) => void;
}
let Lesson: Component<Props>;

beforeAll(async () => {
  Lesson = await compileSvelte<Component<Props>>(
    `<script>
      import { useActivity } from ${JSON.stringify(SVELTE_ENTRY)};
      let { params, tracker, expose } = $props();
      const lesson = useActivity(params, { tracker });
      expose(lesson);
    </script>
    <p>{$lesson.error ? 'error: ' + $lesson.error.message : $lesson.totalActiveMs + ' ms'}</p>`,
    'client',
  );
});

function mountLesson(page: Page, params: StartParams) {
  const target = document.createElement('div');
  let lesson: ActivityStore | undefined;
  const component = mount(Lesson, {
    target,
    props: { params, tracker: page.tracker, expose: (store) => (lesson = store) },
  });
  flushSync();
  return { target, lesson: lesson!, unmount: () => unmount(component) };
}

const timeSpent = (page: Page, runId?: string) =>
  page.server
    .events('timeSpent')
    .filter((event) => event.runId === runId)
    .reduce((sum, event) => sum + (event.kind === 'timeSpent' ? event.window.activeMs : 0), 0);

describe('useActivity (Svelte)', () => {
  test('starts in onMount; $lesson renders every second; destroying the component flushes and ends it', async () => {
    const page = setupPage();
    const view = mountLesson(page, LESSON);
    const runId = page.tracker.current!.runId;
    expect(get(view.lesson).runId).toBe(runId);
    await page.advance(2000);
    flushSync();
    expect(view.target.textContent).toBe('2000 ms');
    // Rune-friendly: fromStore gives `.current`.
    expect(fromStore(view.lesson).current.totalActiveMs).toBe(2000);
    view.unmount();
    await page.advance(0);
    expect(page.tracker.current).toBeNull();
    expect(timeSpent(page, runId)).toBe(2000);
    expect(page.server.events('completion')).toEqual([]);
    const sent = page.server.requests.length;
    await page.advance(60_000);
    expect(page.server.requests).toHaveLength(sent);
  });

  test('end(data) completes once; pause and resume show in the store', async () => {
    const page = setupPage();
    const view = mountLesson(page, LESSON);
    await page.advance(1000);
    await view.lesson.pause();
    expect(get(view.lesson).isPaused).toBe(true);
    view.lesson.resume();
    expect(get(view.lesson).isPaused).toBe(false);
    await page.advance(1000);
    await view.lesson.end({ xpEarned: 1 });
    expect(get(view.lesson)).toMatchObject({ isEnded: true, totalActiveMs: 2000 });
    view.unmount();
    await page.advance(60_000);
    expect(page.server.events('completion')).toHaveLength(1);
  });

  test('missing name: renders, $lesson.error is a ValidationError naming it, nothing is sent', async () => {
    const page = setupPage();
    const view = mountLesson(page, { id: 'fractions-1', course: LESSON.course } as StartParams);
    const { error } = get(view.lesson);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]!.path).toEqual(['name']);
    flushSync();
    expect(view.target.textContent).toBe(`error: ${error!.message}`);
    await page.advance(30_000);
    view.unmount();
    expect(page.server.requests).toEqual([]);
  });
});
