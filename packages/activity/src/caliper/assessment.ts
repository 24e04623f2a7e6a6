import { invalid } from '../invalid';
import { type EventInput, eventHead } from './common';
import type { AssessmentAction, CaliperAssessmentEvent } from './types';

/** Input of {@link assessmentEvent}: the event's own members, with the head ({@link EventInput}) optional. */
export interface AssessmentEventInput
  extends EventInput,
    Pick<CaliperAssessmentEvent, 'actor' | 'object' | 'generated' | 'session' | 'extensions'> {
  /** One of {@link ASSESSMENT_ACTIONS}; `Started`, `Submitted` and `Abandoned` raise `test.*` webhooks. */
  action: AssessmentAction;
}

/** The actions an AssessmentEvent may carry. */
export const ASSESSMENT_ACTIONS: readonly AssessmentAction[] = [
  'Started',
  'Submitted',
  'Abandoned',
  'Reviewed',
  'Restarted',
  'Reset',
  'Paused',
  'Resumed',
];

/**
 * A Caliper AssessmentEvent; throws a ValidationError for an action the platform does not know.
 *
 * @example
 * assessmentEvent({ action: 'Started', actor: userUrl, object: { id: testUrl, type: 'Assessment' },
 *   generated: { id: attemptUrl, type: 'Attempt' } });
 */
export function assessmentEvent(input: AssessmentEventInput): CaliperAssessmentEvent {
  if (!ASSESSMENT_ACTIONS.includes(input.action))
    throw invalid(
      ['action'],
      `assessmentEvent: action must be one of ${ASSESSMENT_ACTIONS.join(', ')}, got "${input.action}"`,
    );
  const event: CaliperAssessmentEvent = {
    ...eventHead('AssessmentEvent', input.action, input),
    actor: input.actor,
    object: input.object,
  };
  if (input.generated !== undefined) event.generated = input.generated;
  if (input.session !== undefined) event.session = input.session;
  if (input.extensions !== undefined) event.extensions = input.extensions;
  return event;
}
