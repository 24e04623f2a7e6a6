/**
 * `@learnkit/activity/react`: `useActivity` and `<ActivityBoundary>` for React 18 and 19. The activity starts when
 * the component mounts, and flushes and ends (without completion data) when it unmounts, unless `end(data)` ran.
 * StrictMode's mount, unmount and mount again in development keeps one run (docs/decisions.md#d-framework-controller).
 * Server rendering is safe: nothing starts and nothing touches `window` until an effect runs in a browser.
 *
 * @packageDocumentation
 * @module \@learnkit/activity/react
 */
import type { StartParams } from '@learnkit/activity';
import { createContext, createElement, type ReactNode, useContext, useEffect, useState } from 'react';
import { misuse } from '../invalid';
import {
  type ActivityActions,
  type ActivityOptions,
  type ActivityState,
  createController,
  INITIAL,
} from './controller';

export type { ActivityActions, ActivityOptions, ActivityState } from './controller';

/** What `useActivity` returns: the state to render and the actions. */
export interface UseActivityResult extends ActivityState, ActivityActions {}

/**
 * Runs one activity for the life of the component (call `activity.configure` once before, in the browser).
 * `params` are read when the activity starts; a new `params.id` ends the old activity and starts the new one.
 * Bad params render nothing broken: `error` says which parameter and nothing is sent.
 *
 * @example
 * const lesson = useActivity({ id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } });
 * return <button onClick={() => lesson.end({ xpEarned: 12 })}>Done ({Math.round(lesson.totalActiveMs / 1000)} s)</button>;
 */
export function useActivity(params: StartParams, options?: ActivityOptions): UseActivityResult {
  const [state, setState] = useState(INITIAL);
  const [controller] = useState(() => createController(options, setState));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new id starts a new activity (docs/decisions.md#d-framework-controller)
  useEffect(() => {
    controller.mount(params);
    return controller.unmount;
  }, [controller, params.id]);
  return { ...state, pause: controller.pause, resume: controller.resume, end: controller.end };
}

const Context = /* @__PURE__ */ createContext<UseActivityResult | null>(null);

/** Props of {@link ActivityBoundary}: the parameters of `activity.start`, the options and the children. */
export interface ActivityBoundaryProps extends StartParams {
  /** As the options of {@link useActivity}. */
  options?: ActivityOptions;
  /** The components of the page; {@link useActivityContext} gives them the activity. */
  children?: ReactNode;
}

/**
 * Runs one activity (as {@link useActivity}) for a page made of several components; any of them reads it with
 * {@link useActivityContext}.
 *
 * @example
 * <ActivityBoundary id="fractions-1" name="Fractions 1" course={{ subject: 'Math', grade: 3 }}>
 *   <Timer />
 *   <Quiz />
 * </ActivityBoundary>
 */
export function ActivityBoundary({ options, children, ...params }: ActivityBoundaryProps): ReactNode {
  return createElement(Context.Provider, { value: useActivity(params, options) }, children);
}

/** The activity of the nearest {@link ActivityBoundary} above; throws a `LearnKitError` outside one. */
export function useActivityContext(): UseActivityResult {
  const value = useContext(Context);
  if (!value) throw misuse('useActivityContext: no <ActivityBoundary> above this component');
  return value;
}
