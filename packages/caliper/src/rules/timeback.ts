// The platform's profile (TimebackProfile, docs/decisions.md#d-caliper-wire and openapi/platform.yaml): its two events are
// closed, member by member, and `SessionEvent` `Archived` carries a SessionRecording. The OpenAPI schemas say
// the same; a test compares the two verdicts (docs/decisions.md#d-caliper-one-rule-set).
import {
  anyObject,
  boolean,
  type Check,
  dateTime,
  exactly,
  type Field,
  iri,
  list,
  nullable,
  number,
  object,
  oneOf,
  text,
} from './shape';

const required = (check: Check): Field => [check, 'required'];
const optional = (check: Check): Field => [check, 'optional'];

const TIMEBACK_USER = object({
  id: required(iri),
  type: required(exactly('TimebackUser')),
  email: required(text),
  name: optional(text),
  role: optional(text),
});

const ACTIVITY_CONTEXT = object({
  id: required(iri),
  type: required(exactly('TimebackActivityContext')),
  subject: required(text),
  app: required(object({ name: required(text), id: optional(text) })),
  course: required(object({ id: optional(text), name: required(text) })),
  // The profile types the activity id as a URI: the activity's URL, like `object.id`, never a bare slug.
  activity: required(object({ id: optional(iri), name: required(text) })),
});

const EXTENSIONS = object({ runId: required(text), courseId: optional(text) });

const TIME_SPENT_COLLECTION = object({
  id: required(text),
  type: required(exactly('TimebackTimeSpentMetricsCollection')),
  items: required(
    list(
      object({
        type: required(oneOf(['active', 'inactive'])),
        value: required(number(0)),
        startDate: required(dateTime),
        endDate: required(dateTime),
      }),
    ),
  ),
});

const ACTIVITY_COLLECTION = object({
  id: required(text),
  type: required(exactly('TimebackActivityMetricsCollection')),
  items: required(
    list(
      object({
        type: required(oneOf(['xpEarned', 'totalQuestions', 'correctQuestions', 'masteredUnits'])),
        value: required(number()),
      }),
    ),
  ),
  extensions: optional(object({ pctCompleteApp: optional(number(0, 100)) })),
});

/**
 * The members of the profile's two events beyond the common ones (`@context`, `id`, `type`, `action`,
 * `eventTime`, `edApp`, which every event's rules check): exactly these, no others.
 */
export const TIMEBACK_EVENTS: Readonly<Record<string, Readonly<Record<string, Field>>>> = {
  TimeSpentEvent: {
    actor: required(TIMEBACK_USER),
    object: required(ACTIVITY_CONTEXT),
    profile: required(exactly('TimebackProfile')),
    generated: required(TIME_SPENT_COLLECTION),
    extensions: required(EXTENSIONS),
  },
  ActivityEvent: {
    actor: required(TIMEBACK_USER),
    object: required(ACTIVITY_CONTEXT),
    profile: required(exactly('TimebackProfile')),
    generated: required(ACTIVITY_COLLECTION),
    extensions: required(EXTENSIONS),
  },
};

/** The members every event has, which the profile's closed events allow besides their own. */
export const COMMON_MEMBERS: readonly string[] = ['@context', 'id', 'type', 'action', 'eventTime', 'edApp'];

/** The session metadata a SessionRecording carries (the writes of POST /insights/1.0/sessions too). */
export const SESSION_RECORDING: Check = object(
  {
    id: optional(text),
    type: required(exactly('SessionRecording')),
    session: required(iri),
    isProctored: optional(boolean),
    webcamUsed: optional(boolean),
    recordingStartedAtTime: optional(dateTime),
    recordingEndedAtTime: optional(nullable(dateTime)),
    storageKey: optional(text),
    subject: optional(text),
    extensions: optional(anyObject),
  },
  true,
);
