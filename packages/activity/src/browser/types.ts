import type { CompletionData } from '../completion';
import type { CourseConfig, CourseRef } from '../config/types';

/** Options of `activity.configure`. */
export interface ConfigureOptions {
  /** The partner's own endpoint (same origin) that `createActivityServer().handler` serves, e.g. `/api/activity`. */
  endpoint: string;
  /** The courses of `learnkit.config.json`; `start` refuses any other course. */
  courses: readonly CourseConfig[];
  /** The fetch to use (default `globalThis.fetch`). */
  fetch?: typeof fetch;
  /** Where unsent windows survive a reload (default `localStorage`; `null` keeps them in memory only). */
  storage?: Storage | null;
  /** The storage key (default `learnkit:activity:outbox`); namespace it per user when users share a browser. */
  storageKey?: string;
  /** Wall clock in ms (default `Date.now`); gives the ISO times of windows. */
  now?: () => number;
  /** Monotonic clock in ms (default `performance.now()`); measures every duration. */
  monotonic?: () => number;
  /** Time limit of one POST attempt (default 10000 ms), so a hung request cannot hold up later flushes. */
  requestTimeoutMs?: number;
}

/** Options of `time` in `activity.start` (spec: options of `time`). */
export interface TimeOptions {
  /** Heartbeat period (default 15000). */
  flushIntervalMs?: number;
  /** Count hidden time as inactive and pause after `hiddenTimeoutMs` (default true). */
  visibilityAware?: boolean;
  /** Send the remaining time when the page becomes hidden (default true). */
  flushOnVisibilityHidden?: boolean;
  /** Send the remaining time on `pagehide` (default true). */
  flushOnPageHide?: boolean;
  /** Hidden this long pauses the activity (default 600000); `null` or `Infinity` never pauses. */
  hiddenTimeoutMs?: number | null;
  /** Extra attempts of a failed send (default 0). */
  retryAttempts?: number;
  /** Delay before each extra attempt (default [100, 300, 1000]; the last value is reused). */
  retryDelaysMs?: readonly number[];
}

/** Context given to `onError`. */
export interface ActivityErrorContext {
  /** Which send failed: a time window (non-fatal) or the completion (`end()` rejects too). */
  type: 'timeSpent' | 'completion';
  /** The slug of the activity whose send failed. */
  activityId: string;
  /** The run whose send failed. */
  runId: string;
}

/** Parameters of `activity.start` (spec: the parameter table of the activity-tracking client library). */
export interface StartParams {
  /** URL-safe activity slug; forms the activity URL in Caliper events. */
  id: string;
  /** Sent as `object.activity.name`. */
  name: string;
  /** `{ subject, grade }` or `{ code }`; must match a configured course. */
  course: CourseRef;
  /**
   * Default a fresh UUID; pass the same value to resume a stateful activity. It correlates the run's events and
   * never dedupes: each `end(data)` is a completion of its own.
   */
  runId?: string;
  /**
   * `false` disables heartbeats, visibility handlers and the final flush in `end()`: no time is measured, stored
   * or sent (send it from your server with `record({ time })`).
   */
  time?: TimeOptions | false;
  /** After retries are exhausted; time-spent errors are non-fatal. */
  onError?: (error: unknown, context: ActivityErrorContext) => void;
  /** On explicit pause or hidden timeout. */
  onPause?: () => void;
  /** On resume or return after hidden timeout. */
  onResume?: () => void;
  /** After each successful flush, with that window's active milliseconds (once per window the endpoint took). */
  onFlush?: (elapsedMs: number) => void;
}

/** A running activity, as returned by `activity.start`. */
export interface ActivityInstance {
  /** The activity slug. */
  readonly id: string;
  /** The run id: given to `start`, or a fresh UUID. */
  readonly runId: string;
  /** When `start` was called (wall clock). */
  readonly startedAt: Date;
  /** Paused explicitly or by the hidden timeout. */
  readonly isPaused: boolean;
  /** True once `end()` succeeded. */
  readonly isEnded: boolean;
  /** Active milliseconds of this run so far: the flushed windows plus the window in progress (0 with `time: false`). */
  readonly totalActiveMs: number;
  /** Active milliseconds of the current heartbeat window; 0 after each flush, while paused and once ended. */
  readonly elapsedMs: number;
  /** Sends the open window, then stops heartbeats until `resume()`. */
  pause(): Promise<void>;
  /** Starts a fresh window and the heartbeats again. */
  resume(): void;
  /** Sends the time not yet sent; a no-op that resolves when time is disabled or paused. Never rejects. */
  flushTimeSpent(): Promise<void>;
  /**
   * Flushes the remaining time and, with `data`, sends the completion; rejects when the completion fails (an
   * `ActivitySendError`). Bad `data` is refused before anything is sent (a `ValidationError` of `@learnkit/core`),
   * and so is `data.time` with `time: false`.
   */
  end(data?: CompletionData): Promise<void>;
}

/** The tracker: `configure` once, then one `start` at a time. */
export interface ActivityTracker {
  /** Sets the endpoint and courses; sends windows a previous page left unsent. */
  configure(options: ConfigureOptions): void;
  /** Starts an activity; throws while another one runs. */
  start(params: StartParams): ActivityInstance;
  /** The running activity, or null. */
  readonly current: ActivityInstance | null;
}
