/**
 * `@learnkit/activity/vue`: the `useActivity` composable for Vue 3.3 and later. The activity starts in `onMounted`
 * and flushes and ends (without completion data) in `onBeforeUnmount`, unless `end(data)` ran; a new `id` (when
 * `params` is a ref or a getter) ends the old activity and starts the new one. Server rendering is safe: mount hooks
 * never run on the server (docs/decisions.md#d-framework-vue).
 *
 * @packageDocumentation
 * @module \@learnkit/activity/vue
 */
import type { StartParams } from '@learnkit/activity';
import {
  type MaybeRefOrGetter,
  onBeforeUnmount,
  onMounted,
  readonly,
  shallowReactive,
  type ToRefs,
  toRefs,
  toValue,
  watch,
} from 'vue';
import {
  type ActivityActions,
  type ActivityOptions,
  type ActivityState,
  createController,
  INITIAL,
} from './controller';

export type { ActivityActions, ActivityOptions, ActivityState } from './controller';

/** What `useActivity` returns: each part of the state as a read-only ref, and the actions. */
export type UseActivityResult = Readonly<ToRefs<ActivityState>> & ActivityActions;

/**
 * Runs one activity for the life of the component (call `activity.configure` once before, in the browser). Call it
 * in `setup`. Bad params render nothing broken: `error` says which parameter and nothing is sent.
 *
 * @example
 * const { totalActiveMs, isPaused, end } = useActivity({ id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } });
 */
export function useActivity(
  params: MaybeRefOrGetter<StartParams>,
  options?: ActivityOptions,
): UseActivityResult {
  const state = shallowReactive({ ...INITIAL });
  const controller = createController(options, (next) => Object.assign(state, next));
  const mount = () => controller.mount(toValue(params));
  onMounted(mount);
  onBeforeUnmount(controller.unmount);
  watch(
    () => toValue(params).id,
    () => {
      controller.unmount();
      mount();
    },
  );
  return {
    ...(toRefs(readonly(state)) as ToRefs<ActivityState>),
    pause: controller.pause,
    resume: controller.resume,
    end: controller.end,
  };
}
