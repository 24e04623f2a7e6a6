/**
 * `@learnkit/activity/caliper`: pure builders of the Caliper 1.2 events the platform ingests (docs/decisions.md#d-caliper-wire)
 * and of their envelope. No network; usable on servers, in workers and in browsers.
 *
 * @packageDocumentation
 * @module \@learnkit/activity/caliper
 */

export {
  type CaliperIssue,
  caliperEnvelopeIssues,
  caliperEventIssues,
  formatCaliperIssue,
} from '@learnkit/caliper';
export { ASSESSMENT_ACTIONS, type AssessmentEventInput, assessmentEvent } from './assessment';
export type { EventInput } from './common';
export { type ActivityCompletedInput, activityCompletedEvent } from './completed';
export { type EnvelopeInput, envelope } from './envelope';
export { caliperEventFromMessage, type MessageContext } from './from-message';
export {
  type ActorInput,
  activityContext,
  activityUrl,
  type ProfileEventInput,
  profileExtensions,
  timebackUser,
} from './profile';
export {
  type SessionArchivedInput,
  type SessionEventInput,
  sessionArchivedEvent,
  sessionEvent,
} from './session';
export { type TimeSpentInput, timeSpentEvent } from './time-spent';
export {
  type AssessmentAction,
  CALIPER_CONTEXT,
  type CaliperActivityCompletedEvent,
  type CaliperAssessmentEvent,
  type CaliperEntity,
  type CaliperEntityRef,
  type CaliperEnvelope,
  type CaliperEvent,
  type CaliperEventBase,
  type CaliperSessionEvent,
  type CaliperTimeSpentEvent,
  type SessionRecording,
  TIMEBACK_PROFILE,
  type TimebackActivityContext,
  type TimebackActivityMetric,
  type TimebackEventExtensions,
  type TimebackTimeSpentMetric,
  type TimebackUser,
} from './types';
