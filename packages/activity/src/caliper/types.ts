/** The Caliper 1.2 context IRI, `@context` of every event and `dataVersion` of every envelope. */
export const CALIPER_CONTEXT = 'http://purl.imsglobal.org/ctx/caliper/v1p2';

/** The platform's Caliper profile name, `profile` of its two events. */
export const TIMEBACK_PROFILE = 'TimebackProfile';

/** A Caliper entity given as an object; members beyond `id` and `type` pass through. */
export interface CaliperEntity {
  id: string;
  type: string;
  [member: string]: unknown;
}

/** A Caliper entity, as an object or only as its IRI. */
export type CaliperEntityRef = string | CaliperEntity;

/** The actor of the platform's profile: exactly these members (DESIGN decision 7). */
export interface TimebackUser {
  /** The rostering user URL. */
  id: string;
  type: 'TimebackUser';
  email: string;
  name?: string;
  role?: string;
}

/** The object of the platform's profile (DESIGN decision 7). */
export interface TimebackActivityContext {
  /** `<sensor>/activities/<Subject>/g<grade>/<activity id>` or `<sensor>/activities/<code>/<activity id>`. */
  id: string;
  type: 'TimebackActivityContext';
  subject: string;
  app: { name: string; id?: string };
  course: { id?: string; name: string };
  activity: { id?: string; name: string };
}

/** `extensions` of the profile's events: `runId` ties a run's windows and completion together. */
export interface TimebackEventExtensions {
  runId: string;
  courseId?: string;
}

/** One item of a time-spent collection; `value` in seconds. */
export interface TimebackTimeSpentMetric {
  type: 'active' | 'inactive';
  value: number;
  startDate: string;
  endDate: string;
}

/** One item of an activity-metrics collection. */
export interface TimebackActivityMetric {
  type: 'xpEarned' | 'totalQuestions' | 'correctQuestions' | 'masteredUnits';
  value: number;
}

/** Members every Caliper event has. */
export interface CaliperEventBase {
  '@context': typeof CALIPER_CONTEXT;
  /** `urn:uuid:<uuid>`. */
  id: string;
  type: string;
  action: string;
  eventTime: string;
  edApp?: CaliperEntityRef;
}

/** Time on task (DESIGN decision 7). */
export interface CaliperTimeSpentEvent extends CaliperEventBase {
  type: 'TimeSpentEvent';
  action: 'SpentTime';
  actor: TimebackUser;
  object: TimebackActivityContext;
  profile: typeof TIMEBACK_PROFILE;
  generated: { id: string; type: 'TimebackTimeSpentMetricsCollection'; items: TimebackTimeSpentMetric[] };
  extensions: TimebackEventExtensions;
}

/** The spec's "ActivityCompletedEvent": `ActivityEvent` with action `Completed` (DESIGN decision 7). */
export interface CaliperActivityCompletedEvent extends CaliperEventBase {
  type: 'ActivityEvent';
  action: 'Completed';
  actor: TimebackUser;
  object: TimebackActivityContext;
  profile: typeof TIMEBACK_PROFILE;
  generated: {
    id: string;
    type: 'TimebackActivityMetricsCollection';
    items: TimebackActivityMetric[];
    extensions?: { pctCompleteApp: number };
  };
  extensions: TimebackEventExtensions;
}

/** The recording a SessionEvent `Archived` carries as its object, for an existing session. */
export interface SessionRecording {
  type: 'SessionRecording';
  /** The IRI of the existing session. */
  session: string;
  id?: string;
  isProctored?: boolean;
  webcamUsed?: boolean;
  recordingStartedAtTime?: string;
  recordingEndedAtTime?: string | null;
  storageKey?: string;
  subject?: string;
  extensions?: Record<string, unknown>;
}

/** A Caliper SessionEvent (`LoggedIn`, `LoggedOut`, `TimedOut`, `Archived`, ...). */
export interface CaliperSessionEvent extends CaliperEventBase {
  type: 'SessionEvent';
  actor: CaliperEntityRef;
  object?: SessionRecording | CaliperEntityRef;
  session?: CaliperEntityRef;
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
  type: 'AssessmentEvent';
  action: AssessmentAction;
  actor: CaliperEntityRef;
  object: CaliperEntityRef;
  generated?: CaliperEntityRef;
  session?: CaliperEntityRef;
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
  sensor: string;
  sendTime: string;
  dataVersion: typeof CALIPER_CONTEXT;
  data: E[];
}
