import type { TimeWindow } from '../protocol';
import { eventHead } from './common';
import { activityContext, type ProfileEventInput, profileExtensions, timebackUser } from './profile';
import { type CaliperTimeSpentEvent, TIMEBACK_PROFILE, type TimebackTimeSpentMetric } from './types';

/** Input of {@link timeSpentEvent}: the profile members and one time window. */
export interface TimeSpentInput extends ProfileEventInput {
  /** The window to report; its `endedAt` is the default event time. */
  window: TimeWindow;
}

/**
 * A TimeSpentEvent (`SpentTime`) for one window: an `active` item (seconds) and, when there was any, an
 * `inactive` one. The event time defaults to the window's end.
 *
 * @example
 * timeSpentEvent({ sensor, actor, app, course, activity: { id: 'fractions-1', name: 'Fractions 1' }, runId,
 *   window: { activeMs: 15000, inactiveMs: 0, startedAt, endedAt } });
 */
export function timeSpentEvent(input: TimeSpentInput): CaliperTimeSpentEvent {
  const { activeMs, inactiveMs, startedAt, endedAt } = input.window;
  const head = eventHead('TimeSpentEvent', 'SpentTime', { ...input, eventTime: input.eventTime ?? endedAt });
  const item = (type: 'active' | 'inactive', ms: number): TimebackTimeSpentMetric => ({
    type,
    value: ms / 1000,
    startDate: startedAt,
    endDate: endedAt,
  });
  const items = [item('active', activeMs)];
  if (inactiveMs > 0) items.push(item('inactive', inactiveMs));
  return {
    ...head,
    actor: timebackUser(input.actor),
    object: activityContext(input),
    profile: TIMEBACK_PROFILE,
    generated: { id: `${head.id}/metrics`, type: 'TimebackTimeSpentMetricsCollection', items },
    extensions: profileExtensions(input),
  };
}
