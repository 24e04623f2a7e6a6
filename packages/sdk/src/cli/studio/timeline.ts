import type { ActivityRun, RunCompletion, RunWindow } from './view';

/** A stored Caliper event, as the platform's profile writes its members (only what the timeline reads). */
type ProfileEvent = {
  type?: unknown;
  action?: unknown;
  eventTime?: unknown;
  actor?: { email?: unknown; id?: unknown };
  object?: { activity?: { name?: unknown; id?: unknown }; id?: unknown };
  generated?: { items?: { type?: unknown; value?: unknown; startDate?: unknown; endDate?: unknown }[] } & {
    extensions?: { pctCompleteApp?: unknown };
  };
  extensions?: { runId?: unknown };
};

const time = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** The `active`/`inactive` items of a TimeSpentEvent as one window (seconds on the wire, milliseconds here). */
function windowOf(event: ProfileEvent): Omit<RunWindow, 'pauseBeforeMs' | 'exit'> | undefined {
  const items = event.generated?.items ?? [];
  const active = items.find((item) => item.type === 'active');
  if (!active) return undefined;
  const inactive = items.find((item) => item.type === 'inactive');
  return {
    startedAt: time(active.startDate),
    endedAt: time(active.endDate),
    activeMs: Math.round(Number(active.value) * 1000),
    inactiveMs: inactive ? Math.round(Number(inactive.value) * 1000) : 0,
  };
}

/** The ActivityEvent `Completed`'s metrics. */
function completionOf(event: ProfileEvent): RunCompletion {
  const completion: RunCompletion = { at: time(event.eventTime) };
  for (const item of event.generated?.items ?? []) {
    if (
      typeof item.type === 'string' &&
      ['xpEarned', 'totalQuestions', 'correctQuestions', 'masteredUnits'].includes(item.type)
    ) {
      completion[item.type as 'xpEarned'] = Number(item.value);
    }
  }
  const pct = event.generated?.extensions?.pctCompleteApp;
  if (typeof pct === 'number') completion.pctComplete = pct;
  return completion;
}

/** Orders a run's windows and marks the pauses between them and the exit window of a run never completed. */
function settle(run: ActivityRun & { raw: Omit<RunWindow, 'pauseBeforeMs' | 'exit'>[] }): ActivityRun {
  const ordered = run.raw.sort((a, b) => a.startedAt - b.startedAt);
  const windows = ordered.map((window, i) => ({
    ...window,
    pauseBeforeMs: i === 0 ? 0 : Math.max(0, window.startedAt - (ordered[i - 1] as RunWindow).endedAt),
    exit: run.completion === undefined && i === ordered.length - 1,
  }));
  const { raw: _raw, ...rest } = run;
  return {
    ...rest,
    windows,
    activeMs: windows.reduce((sum, w) => sum + w.activeMs, 0),
    inactiveMs: windows.reduce((sum, w) => sum + w.inactiveMs, 0),
  };
}

/**
 * The runs of the platform's profile events: each `extensions.runId`'s TimeSpentEvent windows in time order, the
 * pauses between them, and its ActivityEvent `Completed` (docs/decisions.md#d-studio-timeline).
 */
export function activityRuns(events: readonly Record<string, unknown>[]): ActivityRun[] {
  const runs = new Map<string, ActivityRun & { raw: Omit<RunWindow, 'pauseBeforeMs' | 'exit'>[] }>();
  for (const raw of events) {
    const event = raw as ProfileEvent;
    const runId = event.extensions?.runId;
    if (typeof runId !== 'string') continue;
    let run = runs.get(runId);
    if (!run) {
      const activity = event.object?.activity;
      run = {
        runId,
        activity: String(activity?.name ?? activity?.id ?? event.object?.id ?? 'activity'),
        student: String(event.actor?.email ?? event.actor?.id ?? ''),
        windows: [],
        raw: [],
        activeMs: 0,
        inactiveMs: 0,
      };
      runs.set(runId, run);
    }
    if (event.type === 'TimeSpentEvent') {
      const window = windowOf(event);
      if (window) run.raw.push(window);
    } else if (event.type === 'ActivityEvent' && event.action === 'Completed') {
      run.completion = completionOf(event);
    }
  }
  return [...runs.values()].map(settle);
}
