import { type EventInput, eventHead } from './common';
import type { AssessmentAction, CaliperAssessmentEvent, CaliperEntityRef } from './types';

/** Input of {@link assessmentEvent}. */
export interface AssessmentEventInput extends EventInput {
  /** One of {@link ASSESSMENT_ACTIONS}; `Started`, `Submitted` and `Abandoned` raise `test.*` webhooks. */
  action: AssessmentAction;
  /** The person taking the assessment, as an entity or an IRI. */
  actor: CaliperEntityRef;
  /** The assessment. */
  object: CaliperEntityRef;
  /** The attempt, whose id becomes `attemptId` of the `test.*` webhooks. */
  generated?: CaliperEntityRef;
  /** The session the assessment runs in, as an entity or an IRI. */
  session?: CaliperEntityRef;
  /** Further members, passed through as `extensions`. */
  extensions?: Record<string, unknown>;
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
 * A Caliper AssessmentEvent; throws a TypeError for an action the platform does not know.
 *
 * @example
 * assessmentEvent({ action: 'Started', actor: userUrl, object: { id: testUrl, type: 'Assessment' },
 *   generated: { id: attemptUrl, type: 'Attempt' } });
 */
export function assessmentEvent(input: AssessmentEventInput): CaliperAssessmentEvent {
  if (!ASSESSMENT_ACTIONS.includes(input.action))
    throw new TypeError(
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
