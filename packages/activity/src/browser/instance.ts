import { checkCompletion, pickMetrics } from '../completion';
import { invalid, misuse } from '../invalid';
import type { ActivityRef } from '../protocol';
import { newEventId, randomUuid } from '../uuid';
import { createMeter } from './meter';
import type { TimeSettings } from './options';
import type { Runtime } from './runtime';
import type { ActivityInstance, StartParams } from './types';

const isHidden = () => document.visibilityState === 'hidden';

// A callback that throws must not break the tracker: its error is reported like an uncaught one.
const call = <A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A) => {
  try {
    fn?.(...args);
  } catch (e) {
    (globalThis.reportError ?? console.error)(e);
  }
};

// Why the activity is paused: not (0), by pause() (1), or by the hidden timeout (2).
const RUNNING = 0;
const EXPLICIT = 1;
const HIDDEN = 2;

/**
 * Runs one activity: time windows (decision 9), heartbeats, visibility and exit handlers, completion.
 * `params` are checked by the caller; `release` is called once the activity has ended.
 */
export function runActivity(
  rt: Runtime,
  params: StartParams,
  activity: ActivityRef,
  time: TimeSettings | undefined,
  release: () => void,
): ActivityInstance {
  const { onError, onPause, onResume, onFlush } = params;
  const { outbox, sender, mono, send } = rt;
  const runId = params.runId ?? randomUuid();
  const retry = time || { retryAttempts: 0, retryDelaysMs: [] };
  const aware = time?.visibilityAware && typeof document === 'object';
  const hiddenTimeoutMs = time?.hiddenTimeoutMs ?? Infinity;
  const t0 = mono();
  const wall0 = rt.now();
  // Wall times derive from the monotonic clock, so a window's endedAt - startedAt equals its durations.
  const iso = (t: number) => new Date(wall0 + t - t0).toISOString();

  let visible = !(aware && isHidden());
  const meter = createMeter(visible);
  let paused = RUNNING;
  let ended = false;
  let ending: Promise<void> | undefined;
  let hiddenSince = visible ? NaN : t0;
  let closedActive = 0;
  // This run's windows the server has not acknowledged yet: id -> active ms (for onFlush).
  const unconfirmed = new Map<string, number>();
  let lastError: unknown;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  let completion: { id: string; at: string } | undefined;
  let overridden = false;

  const queue = (activeMs: number, inactiveMs: number, start: number, end: number) => {
    closedActive += activeMs;
    if (activeMs + inactiveMs === 0) return;
    const id = newEventId();
    const window = { activeMs, inactiveMs, startedAt: iso(start), endedAt: iso(end) };
    unconfirmed.set(id, activeMs);
    outbox.add({ kind: 'timeSpent', id, runId, activity, window });
  };
  // With `time: false` nothing is measured, stored or sent (docs/decisions.md#d-tracker-time-figures).
  const cut = (t: number, stop?: boolean) => {
    if (!time) return;
    const w = meter.cut(t, stop);
    queue(w.activeMs, w.inactiveMs, w.start, t);
  };

  const deliver = async () => {
    const { sent, error } = await send(retry);
    // onFlush once per window of this run the endpoint took, with that window's active ms, oldest first.
    for (const id of sent) {
      const active = unconfirmed.get(id);
      if (active === undefined) continue;
      unconfirmed.delete(id);
      call(onFlush, active);
    }
    // Callers that shared one send share its error too: it is reported once.
    if (error !== undefined && error !== lastError) {
      lastError = error;
      call(onError, error, { type: 'timeSpent', activityId: activity.id, runId });
    }
  };
  const exit = () => sender.exit(outbox.list());

  const stopTimers = () => {
    clearInterval(heartbeat);
    clearTimeout(hiddenTimer);
  };
  const startHeartbeat = () => {
    clearInterval(heartbeat);
    if (time) heartbeat = setInterval(() => instance.flushTimeSpent(), time.flushIntervalMs);
  };
  const pauseAt = (t: number, why: number) => {
    cut(t, true);
    paused = why;
    stopTimers();
    call(onPause);
  };
  // Hidden for hiddenTimeoutMs pauses at exactly hiddenSince + hiddenTimeoutMs, however late a throttled
  // background timer fires; every entry point checks this first, so windows never run backwards.
  const lateTimeout = (t: number) => {
    if (!paused && !ended && t - hiddenSince >= hiddenTimeoutMs) {
      pauseAt(hiddenSince + hiddenTimeoutMs, HIDDEN);
      deliver();
    }
    return t;
  };
  const hide = (t: number) => {
    hiddenSince = t;
    clearInterval(heartbeat);
    if (hiddenTimeoutMs < Infinity) hiddenTimer = setTimeout(() => lateTimeout(mono()), hiddenTimeoutMs);
  };
  const resumeAt = (t: number) => {
    paused = RUNNING;
    visible = !(aware && isHidden());
    meter.setVisible(visible, t);
    meter.start(t);
    if (visible) startHeartbeat();
    else hide(t);
    call(onResume);
  };

  const onVisibility = () => {
    const t = lateTimeout(mono());
    if (isHidden()) {
      if (aware && visible) {
        visible = false;
        meter.setVisible(false, t);
        if (!paused) hide(t);
      }
      if (time?.flushOnVisibilityHidden) {
        if (!paused) cut(t);
        exit();
      }
    } else if (aware && !visible) {
      visible = true;
      hiddenSince = NaN;
      clearTimeout(hiddenTimer);
      if (paused === HIDDEN) resumeAt(t);
      else {
        meter.setVisible(true, t);
        if (!paused) startHeartbeat();
      }
    }
  };
  const onPageHide = () => {
    if (!time?.flushOnPageHide) return;
    const t = lateTimeout(mono());
    if (!paused) cut(t);
    exit();
  };
  const listen = time && typeof document === 'object';

  const instance: ActivityInstance = {
    id: activity.id,
    runId,
    startedAt: new Date(wall0),
    get isPaused() {
      return paused !== RUNNING;
    },
    get isEnded() {
      return ended;
    },
    get totalActiveMs() {
      return closedActive + (ended || !time ? 0 : meter.activeAt(mono()));
    },
    get elapsedMs() {
      // The active ms of the heartbeat window in progress: 0 after each flush, while paused and once ended.
      return ended || !time ? 0 : meter.activeAt(mono());
    },
    async pause() {
      if (ended) return;
      const t = lateTimeout(mono());
      // Already paused by the hidden timeout: from now on only resume() ends the pause.
      if (paused) paused = EXPLICIT;
      else {
        pauseAt(t, EXPLICIT);
        if (time) await deliver();
      }
    },
    resume() {
      if (!ended && paused) resumeAt(mono());
    },
    async flushTimeSpent() {
      if (!time || ended) return;
      const t = lateTimeout(mono());
      // Spec: a no-op while paused, even with windows a failed send left in the outbox; they go with the first
      // send after resume() (docs/decisions.md#d-paused-outbox).
      if (paused) return;
      cut(t);
      await deliver();
    },
    async end(data) {
      if (ended) throw misuse(`activity "${activity.id}" has already ended`);
      ending ??= (async () => {
        if (data !== undefined) checkCompletion(data);
        if (!time && data?.time)
          throw invalid(
            ['time'],
            `activity "${activity.id}" has time: false; send data.time by record({ time }) on your server`,
          );
        const t = lateTimeout(mono());
        clearInterval(heartbeat);
        const given = data?.time;
        if (given) {
          // The given time replaces what the open window measured (see docs/decisions.md), once per run.
          meter.cut(t);
          if (!overridden) {
            overridden = true;
            queue(given.active, given.inactive, t - given.active - given.inactive, t);
          }
        } else if (!paused) cut(t);
        if (time) await deliver();
        if (data) {
          // One id per instance, so retrying end() after a lost response cannot complete twice; a new start() under
          // the same runId (a resumed run) is a new completion with its own id.
          completion ??= { id: newEventId(), at: iso(t) };
          const message = { kind: 'completion' as const, ...completion, runId, activity };
          try {
            await sender.post([{ ...message, completion: pickMetrics(data) }], retry);
          } catch (error) {
            call(onError, error, { type: 'completion', activityId: activity.id, runId });
            // The activity stays usable: heartbeats go on, and end() may be called again.
            if (!paused && visible) startHeartbeat();
            throw error;
          }
        }
        ended = true;
        // Time after end() was called is not part of the activity.
        meter.cut(mono(), true);
        stopTimers();
        if (listen) {
          document.removeEventListener('visibilitychange', onVisibility);
          removeEventListener('pagehide', onPageHide);
        }
        release();
      })().finally(() => {
        ending = undefined;
      });
      return ending;
    },
  };

  if (time) {
    meter.start(t0);
    if (listen) {
      document.addEventListener('visibilitychange', onVisibility);
      addEventListener('pagehide', onPageHide);
    }
    if (visible) startHeartbeat();
    else hide(t0);
  }
  return instance;
}
