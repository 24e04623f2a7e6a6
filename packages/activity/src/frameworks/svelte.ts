/**
 * `@learnkit/activity/svelte`: `useActivity` for Svelte 5 (and 4), a readable store of the activity's state with the
 * actions beside `subscribe`: `$lesson.totalActiveMs` in a template, `fromStore(lesson)` with runes. The activity
 * starts in `onMount` and flushes and ends (without completion data) when the component is destroyed, unless
 * `end(data)` ran. Server rendering is safe: `onMount` never runs on the server (docs/decisions.md#d-framework-svelte).
 *
 * @packageDocumentation
 * @module \@learnkit/activity/svelte
 */
import type { StartParams } from '@learnkit/activity';
import { onMount } from 'svelte';
import { type Readable, writable } from 'svelte/store';
import {
  type ActivityActions,
  type ActivityOptions,
  type ActivityState,
  createController,
  INITIAL,
} from './controller';

export type { ActivityActions, ActivityOptions, ActivityState } from './controller';

/** What `useActivity` returns: a readable store of the state, and the actions. */
export interface ActivityStore extends Readable<ActivityState>, ActivityActions {}

/**
 * Runs one activity for the life of the component (call `activity.configure` once before, in the browser). Call it
 * while the component initialises (in its `<script>`); for another `id`, key the component (`{#key id}`).
 * Bad params render nothing broken: `$store.error` says which parameter and nothing is sent.
 *
 * @example
 * const lesson = useActivity({ id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } });
 */
export function useActivity(params: StartParams, options?: ActivityOptions): ActivityStore {
  const { subscribe, set } = writable(INITIAL);
  const controller = createController(options, set);
  onMount(() => {
    controller.mount(params);
    return controller.unmount;
  });
  return { subscribe, pause: controller.pause, resume: controller.resume, end: controller.end };
}
