// @vitest-environment happy-dom
// The controller the React, Vue and Svelte entries share (docs/decisions.md#d-framework-controller): a component mounted
// again after its activity ended starts a new run; only a run still going is kept across a quick remount.
import { describe, expect, test } from 'vitest';
import { type ActivityState, createController } from '../../src/frameworks/controller';
import { LESSON, setupPage } from '../helpers/setup';

describe('createController', () => {
  test('mount, end(data), unmount, mount again: a new run, not the ended one', async () => {
    const page = setupPage();
    const states: ActivityState[] = [];
    const controller = createController({ tracker: page.tracker }, (state) => states.push(state));
    controller.mount(LESSON);
    const first = states.at(-1)?.runId;
    expect(first).toBeDefined();
    await page.advance(2_000);
    await controller.end({ xpEarned: 3 });
    expect(states.at(-1)).toMatchObject({ runId: first, isEnded: true });
    controller.unmount();
    controller.mount(LESSON);
    await page.advance(0);
    const second = states.at(-1);
    expect(second?.runId).toBeDefined();
    expect(second?.runId).not.toBe(first);
    expect(second).toMatchObject({ isEnded: false, error: undefined });
    expect(page.tracker.current?.runId).toBe(second?.runId);
    expect(page.server.events('completion')).toHaveLength(1);
  });

  test('a quick unmount and mount of a run still going keeps it (same run, same clock)', async () => {
    const page = setupPage();
    const states: ActivityState[] = [];
    const controller = createController({ tracker: page.tracker }, (state) => states.push(state));
    controller.mount(LESSON);
    const runId = states.at(-1)?.runId;
    controller.unmount();
    controller.mount(LESSON);
    await page.advance(3_000);
    expect(states.at(-1)).toMatchObject({ runId, isEnded: false, totalActiveMs: 3_000 });
  });
});
