// A run's timeline from the platform's profile events: windows in time order, pauses, the exit window, completion.
import { describe, expect, it } from 'vitest';
import { activityRuns } from '../../src/cli/studio/timeline';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 2, 9, 0, seconds)).toISOString();
const window = (runId: string, from: number, to: number, active: number, inactive = 0) => ({
  type: 'TimeSpentEvent',
  action: 'SpentTime',
  eventTime: at(to),
  actor: { email: 'ada.lovelace@maple.learnkit.test' },
  object: { activity: { name: 'Fractions' } },
  generated: {
    items: [
      { type: 'active', value: active, startDate: at(from), endDate: at(to) },
      ...(inactive ? [{ type: 'inactive', value: inactive, startDate: at(from), endDate: at(to) }] : []),
    ],
  },
  extensions: { runId },
});
const completed = (runId: string, second: number) => ({
  type: 'ActivityEvent',
  action: 'Completed',
  eventTime: at(second),
  actor: { email: 'ada.lovelace@maple.learnkit.test' },
  object: { activity: { name: 'Fractions' } },
  generated: {
    items: [
      { type: 'xpEarned', value: 12 },
      { type: 'totalQuestions', value: 10 },
      { type: 'correctQuestions', value: 8 },
      { type: 'masteredUnits', value: 1 },
    ],
    extensions: { pctCompleteApp: 40 },
  },
  extensions: { runId },
});

describe('activityRuns', () => {
  it('orders a run’s windows, counts the pause between them and reads the completion’s metrics', () => {
    // Arrival order is not time order (a resent window comes late).
    const [run] = activityRuns([window('r1', 20, 30, 10), window('r1', 0, 15, 12, 3), completed('r1', 31)]);
    expect(run).toMatchObject({
      runId: 'r1',
      activity: 'Fractions',
      student: 'ada.lovelace@maple.learnkit.test',
      activeMs: 22_000,
      inactiveMs: 3_000,
      completion: {
        xpEarned: 12,
        totalQuestions: 10,
        correctQuestions: 8,
        masteredUnits: 1,
        pctComplete: 40,
      },
    });
    expect(run?.windows.map((w) => [w.activeMs, w.inactiveMs, w.pauseBeforeMs, w.exit])).toEqual([
      [12_000, 3_000, 0, false],
      [10_000, 0, 5_000, false],
    ]);
  });

  it('marks the last window of a run left without completion as the exit, and keeps runs apart', () => {
    const runs = activityRuns([window('a', 0, 15, 15), window('b', 0, 5, 5), window('a', 15, 18, 3)]);
    expect(runs.map((run) => [run.runId, run.windows.map((w) => w.exit)])).toEqual([
      ['a', [false, true]],
      ['b', [true]],
    ]);
    expect(runs[0]?.completion).toBeUndefined();
  });

  it('ignores events outside the profile (no runId)', () => {
    expect(activityRuns([{ type: 'SessionEvent', action: 'LoggedIn' }])).toEqual([]);
  });
});
