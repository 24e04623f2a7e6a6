// What the React, Vue and Svelte entries share: one activity bound to a component's life
// (docs/decisions.md#d-framework-controller). Framework-free; each entry only wires it to its framework's lifecycle and
// reactivity. The tracker comes from the package's own name, never from a relative path, so the CommonJS bundle of
// an entry uses the same `activity` as `@learnkit/activity` instead of a copy of its own
// (docs/decisions.md#d-framework-self-import). Nothing here touches `window`, `document` or `navigator` before `mount`.
import {
  type ActivityInstance,
  type ActivityTracker,
  activity,
  type CompletionData,
  type StartParams,
} from '@learnkit/activity';
import { misuse } from '../invalid';

/** What a component renders: the running activity's state, refreshed at least once a second while it runs. */
export interface ActivityState {
  /** The run id once the activity has started (undefined before mount, on the server, and after a refused start). */
  readonly runId: string | undefined;
  /** Paused by `pause()` or by the hidden timeout. */
  readonly isPaused: boolean;
  /** True once `end()` succeeded (with or without completion data). */
  readonly isEnded: boolean;
  /** Active ms of the run: the flushed windows plus the one in progress. */
  readonly totalActiveMs: number;
  /**
   * Why the activity did not start: a `ValidationError` naming the bad parameter (`id`, `name`, `course`), or a
   * `LearnKitError` (no `activity.configure` yet; another activity is running, both ids named). Nothing was sent.
   */
  readonly error: Error | undefined;
}

/** What the component calls. */
export interface ActivityActions {
  /** Sends the open window and stops the clock until `resume()`; a no-op before the activity started. */
  pause(): Promise<void>;
  /** Starts a fresh window. */
  resume(): void;
  /**
   * Flushes the remaining time and, with `data`, sends the completion (see `ActivityInstance.end`). Rejects with
   * {@link ActivityState.error} when the activity never started.
   */
  end(data?: CompletionData): Promise<void>;
}

/** Options of `useActivity` in every framework entry. */
export interface ActivityOptions {
  /** The tracker to run the activity on (default: the page's shared `activity`, configured once by the app). */
  tracker?: ActivityTracker;
}

/** The state before mount, on the server, and after a refused start. */
export const INITIAL: ActivityState = {
  runId: undefined,
  isPaused: false,
  isEnded: false,
  totalActiveMs: 0,
  error: undefined,
};

/** One activity bound to a component: `mount` on mount, `unmount` on unmount. */
export interface Controller extends ActivityActions {
  /** Starts the activity, or keeps the one a moment-ago `unmount` was about to end when `id` is the same. */
  mount(params: StartParams): void;
  /** Ends the activity (flush, no completion) a microtask later, unless `mount` comes back first. */
  unmount(): void;
}

/**
 * Instances whose component has gone, with the end in progress: a component mounting meanwhile waits for it
 * instead of being refused by "one activity at a time" (a route change, a new `id`).
 */
const leaving = new Map<ActivityInstance, Promise<unknown>>();

/** A {@link Controller}; `set` receives each new state (a fresh object, only when something changed). */
export function createController(options: ActivityOptions | undefined, set: (state: ActivityState) => void) {
  const tracker = options?.tracker ?? activity;
  let run: ActivityInstance | undefined;
  let gone = false;
  let state = INITIAL;
  let timer: ReturnType<typeof setInterval> | undefined;

  // The error stays until an activity starts: only a refused start sets it.
  const update = (error: unknown = run ? undefined : state.error) => {
    const next: ActivityState = {
      runId: run?.runId,
      isPaused: !!run?.isPaused,
      isEnded: !!run?.isEnded,
      totalActiveMs: run?.totalActiveMs ?? 0,
      error: error as Error | undefined,
    };
    if ((Object.keys(next) as (keyof ActivityState)[]).some((key) => next[key] !== state[key])) {
      state = next;
      set(next);
    }
    if (next.isEnded || !run) clearInterval(timer);
  };

  const begin = (params: StartParams): unknown => {
    const current = tracker.current;
    const pending = current && leaving.get(current);
    // The activity of a component that just went is ending: start once it has (its last window is on its way).
    if (pending) return pending.then(() => gone || run || begin(params));
    try {
      run = tracker.start(params);
    } catch (error) {
      return update(error);
    }
    clearInterval(timer);
    // At least once a second while it runs (docs/decisions.md#d-framework-active-time-refresh); `set` only when something changed.
    timer = setInterval(update, 1000);
    update();
  };

  const controller: Controller = {
    mount(params) {
      gone = false;
      // React's StrictMode (and a quick unmount-mount) comes back to the same activity: same run, same clock.
      if (run && !run.isEnded && run.id === params.id) leaving.delete(run);
      else {
        run = undefined;
        begin(params);
      }
    },
    unmount() {
      gone = true;
      const ending = run;
      if (!ending || ending.isEnded) return;
      leaving.set(
        ending,
        Promise.resolve()
          .then(() => {
            // Still gone (or another activity took its place): flush and end it, without completion data.
            if (gone || run !== ending) {
              clearInterval(timer);
              return ending.end().then(() => update());
            }
          })
          .catch(() => {})
          .finally(() => leaving.delete(ending)),
      );
    },
    pause: async () => {
      const paused = run?.pause();
      update();
      await paused;
    },
    resume() {
      run?.resume();
      update();
    },
    end: async (data) => {
      if (!run) throw state.error ?? misuse('useActivity: the activity has not started');
      try {
        await run.end(data);
      } finally {
        update();
      }
    },
  };
  return controller;
}
