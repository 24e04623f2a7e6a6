// @vitest-environment happy-dom
// The Vue composable: refs a template renders, the activity bound to the component's life, a new id from a ref,
// bad input as an error ref; on fake clocks and a fake endpoint (docs/decisions.md#d-framework-vue).
import { LearnKitError, ValidationError } from '@learnkit/core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createApp, defineComponent, h, nextTick, type Ref, ref } from 'vue';
import type { StartParams } from '../../src/browser/types';
import { type UseActivityResult, useActivity } from '../../src/frameworks/vue';
import { LESSON, type Page, setupPage } from '../helpers/setup';

const apps: { unmount(): void }[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.unmount();
});

/** Mounts a lesson component whose params are `params` (a ref: a new id is a new activity). */
function mountLesson(page: Page, params: Ref<StartParams> | StartParams) {
  const seen: { lesson?: UseActivityResult } = {};
  const Lesson = defineComponent({
    setup() {
      const lesson = useActivity(params, { tracker: page.tracker });
      seen.lesson = lesson;
      return () =>
        h(
          'p',
          lesson.error.value
            ? `error: ${lesson.error.value.message}`
            : `${lesson.totalActiveMs.value} ms${lesson.isPaused.value ? ' (paused)' : ''}`,
        );
    },
  });
  const container = document.createElement('div');
  const app = createApp(Lesson);
  app.mount(container);
  apps.push(app);
  return {
    container,
    lesson: seen.lesson!,
    unmount() {
      apps.splice(apps.indexOf(app), 1);
      app.unmount();
    },
  };
}

const timeSpent = (page: Page, runId?: string) =>
  page.server
    .events('timeSpent')
    .filter((event) => event.runId === runId)
    .reduce((sum, event) => sum + (event.kind === 'timeSpent' ? event.window.activeMs : 0), 0);

describe('useActivity (Vue)', () => {
  test('starts in onMounted; the refs render every second; unmount flushes and ends without completion', async () => {
    const page = setupPage();
    const view = mountLesson(page, LESSON);
    const runId = page.tracker.current!.runId;
    expect(view.lesson.runId.value).toBe(runId);
    await page.advance(3000);
    await nextTick();
    expect(view.container.textContent).toBe('3000 ms');
    await view.lesson.pause();
    await nextTick();
    expect(view.container.textContent).toBe('3000 ms (paused)');
    view.lesson.resume();
    await page.advance(1000);
    view.unmount();
    await page.advance(0);
    expect(page.tracker.current).toBeNull();
    expect(timeSpent(page, runId)).toBe(4000);
    expect(page.server.events('completion')).toEqual([]);
    const sent = page.server.requests.length;
    await page.advance(60_000);
    expect(page.server.requests).toHaveLength(sent);
  });

  test('end(data) completes once; unmounting after it sends nothing more', async () => {
    const page = setupPage();
    const view = mountLesson(page, LESSON);
    await page.advance(2000);
    await view.lesson.end({ xpEarned: 2 });
    expect(view.lesson.isEnded.value).toBe(true);
    const sent = page.server.requests.length;
    view.unmount();
    await page.advance(60_000);
    expect(page.server.requests).toHaveLength(sent);
    expect(page.server.events('completion')).toHaveLength(1);
  });

  test('a new id in the params ref ends the old activity and starts the new one', async () => {
    const page = setupPage();
    const params = ref<StartParams>(LESSON);
    const view = mountLesson(page, params);
    const first = view.lesson.runId.value;
    await page.advance(5000);
    params.value = { ...LESSON, id: 'fractions-2' };
    await nextTick();
    await page.advance(0);
    expect(page.tracker.current?.id).toBe('fractions-2');
    expect(view.lesson.runId.value).toBe(page.tracker.current!.runId);
    expect(view.lesson.runId.value).not.toBe(first);
    expect(timeSpent(page, first)).toBe(5000);
  });

  test('the refs are read-only', () => {
    const page = setupPage();
    const view = mountLesson(page, LESSON);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      (view.lesson.totalActiveMs as Ref<number>).value = 99;
      expect(warn.mock.calls[0]?.[0]).toMatch(
        /Set operation on key "totalActiveMs" failed: target is readonly/,
      );
    } finally {
      warn.mockRestore();
    }
    expect(view.lesson.totalActiveMs.value).toBe(0);
  });

  test.each([
    ['id', { name: 'Fractions 1', course: LESSON.course }],
    ['course', { id: 'fractions-1', name: 'Fractions 1' }],
  ])('missing %s: renders, error is a ValidationError naming it, nothing is sent', async (field, params) => {
    const page = setupPage();
    const view = mountLesson(page, params as StartParams);
    const error = view.lesson.error.value;
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]!.path).toEqual([field]);
    await nextTick();
    expect(view.container.textContent).toBe(`error: ${error!.message}`);
    await page.advance(30_000);
    view.unmount();
    expect(page.server.requests).toEqual([]);
  });

  test('two at once: the second has an error naming both ids', () => {
    const page = setupPage();
    mountLesson(page, LESSON);
    const second = mountLesson(page, { ...LESSON, id: 'decimals-1' });
    expect(second.lesson.error.value).toBeInstanceOf(LearnKitError);
    expect(second.lesson.error.value!.message).toBe(
      'activity.start: "fractions-1" is still running; end() it before starting "decimals-1"',
    );
  });
});
