import { CALIPER_CONTEXT } from '@learnkit/caliper';
import type { PlatformSchemas } from '../generated/platform-types';

// The Caliper 1.2 context IRI lives with the rules (docs/decisions.md#d-caliper-one-rule-set).
export { CALIPER_CONTEXT };

/** The platform's Caliper profile name, `profile` of its two events. */
export const TIMEBACK_PROFILE = 'TimebackProfile';

/** A Caliper entity given as an object; members beyond `id` and `type` pass through. */
export interface CaliperEntity {
  /** The entity's IRI. */
  id: string;
  /** The Caliper entity type, for example `Person`, `SoftwareApplication` or `Assessment`. */
  type: string;
  [member: string]: unknown;
}

/** A Caliper entity, as an object or only as its IRI. */
export type CaliperEntityRef = string | CaliperEntity;

/** The actor of the platform's profile: exactly these members (docs/decisions.md#d-caliper-wire). */
export type TimebackUser = PlatformSchemas['TimebackUser'];

/** The object of the platform's profile: the activity, its course and app (docs/decisions.md#d-caliper-wire). */
export type TimebackActivityContext = PlatformSchemas['TimebackActivityContext'];

/** `extensions` of the profile's events: `runId` ties a run's windows and completion together. */
export type TimebackEventExtensions = PlatformSchemas['TimebackEventExtensions'];

/** One item of a time-spent collection; `value` in seconds. */
export type TimebackTimeSpentMetric = PlatformSchemas['TimebackTimeSpentMetric'];

/** One item of an activity-metrics collection. */
export type TimebackActivityMetric = PlatformSchemas['TimebackActivityMetric'];

/** Members every Caliper event has. */
export interface CaliperEventBase {
  /** Always {@link CALIPER_CONTEXT}. */
  '@context': typeof CALIPER_CONTEXT;
  /** `urn:uuid:<uuid>`. */
  id: string;
  /** The Caliper event type, for example `SessionEvent`. */
  type: string;
  /** The Caliper action, for example `LoggedIn`. */
  action: string;
  /** When it happened: an ISO 8601 date-time. */
  eventTime: string;
  /** The application the event happened in, as an entity or an IRI. */
  edApp?: CaliperEntityRef;
}

/** Time on task (docs/decisions.md#d-caliper-wire). */
export interface CaliperTimeSpentEvent extends CaliperEventBase {
  /** Always `TimeSpentEvent`. */
  type: 'TimeSpentEvent';
  /** Always `SpentTime`. */
  action: 'SpentTime';
  /** The student. */
  actor: TimebackUser;
  /** The activity, its course and app. */
  object: TimebackActivityContext;
  /** Always {@link TIMEBACK_PROFILE}. */
  profile: typeof TIMEBACK_PROFILE;
  /** The time spent, as a collection of metrics. */
  generated: {
    /** The event id with `/metrics` appended. */
    id: string;
    /** Always `TimebackTimeSpentMetricsCollection`. */
    type: 'TimebackTimeSpentMetricsCollection';
    /** An `active` item, and an `inactive` one when there was inactive time. */
    items: TimebackTimeSpentMetric[];
  };
  /** The run id and, when configured, the course id. */
  extensions: TimebackEventExtensions;
}

/** The spec's "ActivityCompletedEvent": `ActivityEvent` with action `Completed` (docs/decisions.md#d-caliper-wire). */
export interface CaliperActivityCompletedEvent extends CaliperEventBase {
  /** Always `ActivityEvent`. */
  type: 'ActivityEvent';
  /** Always `Completed`. */
  action: 'Completed';
  /** The student. */
  actor: TimebackUser;
  /** The activity, its course and app. */
  object: TimebackActivityContext;
  /** Always {@link TIMEBACK_PROFILE}. */
  profile: typeof TIMEBACK_PROFILE;
  /** The completion metrics, as a collection. */
  generated: {
    /** The event id with `/metrics` appended. */
    id: string;
    /** Always `TimebackActivityMetricsCollection`. */
    type: 'TimebackActivityMetricsCollection';
    /** One item per metric given (`pctComplete` is not an item: see `extensions`). */
    items: TimebackActivityMetric[];
    /** Present when `pctComplete` was given or computed. */
    extensions?: {
      /** The course completion percentage, 0 to 100. */
      pctCompleteApp: number;
    };
  };
  /** The run id and, when configured, the course id. */
  extensions: TimebackEventExtensions;
}

/** The recording a SessionEvent `Archived` carries as its object, for an existing session. */
export type SessionRecording = PlatformSchemas['SessionRecording'];

/** A Caliper SessionEvent (`LoggedIn`, `LoggedOut`, `TimedOut`, `Archived`, ...). */
export interface CaliperSessionEvent extends CaliperEventBase {
  /** Always `SessionEvent`. */
  type: 'SessionEvent';
  /** The person, as an entity or an IRI. */
  actor: CaliperEntityRef;
  /** Usually the application logged into; for `Archived`, the SessionRecording. */
  object?: SessionRecording | CaliperEntityRef;
  /** The session the event belongs to, as an entity or an IRI. */
  session?: CaliperEntityRef;
  /** Further members, passed through. */
  extensions?: Record<string, unknown>;
}

/** The AssessmentEvent actions the platform knows; Started, Submitted and Abandoned raise `test.*` webhooks. */
export type AssessmentAction =
  | 'Started'
  | 'Submitted'
  | 'Abandoned'
  | 'Reviewed'
  | 'Restarted'
  | 'Reset'
  | 'Paused'
  | 'Resumed';

/** A Caliper AssessmentEvent. */
export interface CaliperAssessmentEvent extends CaliperEventBase {
  /** Always `AssessmentEvent`. */
  type: 'AssessmentEvent';
  /** What happened to the assessment. */
  action: AssessmentAction;
  /** The person taking the assessment, as an entity or an IRI. */
  actor: CaliperEntityRef;
  /** The assessment. */
  object: CaliperEntityRef;
  /** The attempt, whose id becomes `attemptId` of the `test.*` webhooks. */
  generated?: CaliperEntityRef;
  /** The session the assessment runs in, as an entity or an IRI. */
  session?: CaliperEntityRef;
  /** Further members, passed through. */
  extensions?: Record<string, unknown>;
}

/** Any event the builders make. */
export type CaliperEvent =
  | CaliperTimeSpentEvent
  | CaliperActivityCompletedEvent
  | CaliperSessionEvent
  | CaliperAssessmentEvent;

/** A Caliper 1.2 envelope, the body of POST /caliper/v1p2. */
export interface CaliperEnvelope<E extends CaliperEventBase = CaliperEvent> {
  /** The sending application's IRI. */
  sensor: string;
  /** When the envelope was sent: an ISO 8601 date-time. */
  sendTime: string;
  /** Always {@link CALIPER_CONTEXT}. */
  dataVersion: typeof CALIPER_CONTEXT;
  /** The events, at least one. */
  data: E[];
}
