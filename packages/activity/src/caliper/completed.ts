import type { CompletionMetrics } from '../completion';
import { eventHead } from './common';
import { activityContext, type ProfileEventInput, profileExtensions, timebackUser } from './profile';
import { type CaliperActivityCompletedEvent, TIMEBACK_PROFILE, type TimebackActivityMetric } from './types';

/** Input of {@link activityCompletedEvent}: the profile members and the completion metrics. */
export interface ActivityCompletedInput extends ProfileEventInput {
  /** The completion metrics; `pctComplete` becomes `generated.extensions.pctCompleteApp`. */
  metrics: CompletionMetrics;
}

const METRICS = ['xpEarned', 'totalQuestions', 'correctQuestions', 'masteredUnits'] as const;

/**
 * The spec's ActivityCompletedEvent: `ActivityEvent` with action `Completed`, the metrics given as items and
 * `pctComplete` as `generated.extensions.pctCompleteApp`.
 *
 * @example
 * activityCompletedEvent({ sensor, actor, app, course, activity, runId, metrics: { xpEarned: 12 } });
 */
export function activityCompletedEvent(input: ActivityCompletedInput): CaliperActivityCompletedEvent {
  const { metrics } = input;
  const head = eventHead('ActivityEvent', 'Completed', input);
  const items: TimebackActivityMetric[] = [];
  for (const type of METRICS) {
    const value = metrics[type];
    if (value !== undefined) items.push({ type, value });
  }
  const generated: CaliperActivityCompletedEvent['generated'] = {
    id: `${head.id}/metrics`,
    type: 'TimebackActivityMetricsCollection',
    items,
  };
  if (metrics.pctComplete !== undefined) generated.extensions = { pctCompleteApp: metrics.pctComplete };
  return {
    ...head,
    actor: timebackUser(input.actor),
    object: activityContext(input),
    profile: TIMEBACK_PROFILE,
    generated,
    extensions: profileExtensions(input),
  };
}
