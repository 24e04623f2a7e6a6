/**
 * How an event type is routed: `org` events go to subscribers whose org scope covers the event's orgs,
 * `application` events (no org) only to platform-internal clients, `broadcast` events (not tied to an entity,
 * only `test.ping`) to every subscriber of the type.
 */
export type EventRouting = 'org' | 'application' | 'broadcast';

/** One entry of the event catalogue: the members of `data` and the catalogue version it appeared in. */
export type CatalogueEntry = { fields: readonly string[]; since: string; routing: EventRouting };

const INSIGHT = [
  'insightId',
  'insightType',
  'insightGroup',
  'userId',
  'caliperSessionId',
  'rolloutState',
] as const;
const ENROLLMENT = ['enrollmentId', 'classId', 'userId'] as const;
const ROLE = ['roleId', 'userId', 'orgId'] as const;
const PROFILE = ['profileId', 'userId', 'applicationId'] as const;
const MASTERY = ['userId', 'subject', 'masteredGrade'] as const;
const SESSION = ['caliperSessionId', 'userId', 'applicationId', 'isProctored'] as const;
const TEST = [
  'userId',
  'applicationId',
  'assessmentId',
  'caliperSessionId',
  'attemptId',
  'action',
  'isProctored',
] as const;

/** The 29 event types of the platform's catalogue. */
export const EVENT_CATALOGUE = {
  'test.ping': { fields: ['message'], since: 'v1.0', routing: 'broadcast' },
  'insight.created': { fields: INSIGHT, since: 'v1.0', routing: 'org' },
  'insight.updated': { fields: INSIGHT, since: 'v1.0', routing: 'org' },
  'insight.deleted': { fields: INSIGHT, since: 'v1.0', routing: 'org' },
  'enrollment.created': { fields: ENROLLMENT, since: 'v1.1', routing: 'org' },
  'enrollment.updated': { fields: ENROLLMENT, since: 'v1.1', routing: 'org' },
  'enrollment.deleted': { fields: ENROLLMENT, since: 'v1.1', routing: 'org' },
  'user.created': { fields: ['userId'], since: 'v1.4', routing: 'org' },
  'user.updated': { fields: ['userId'], since: 'v1.4', routing: 'org' },
  'user.deleted': { fields: ['userId', 'email'], since: 'v1.4', routing: 'org' },
  'user_role.created': { fields: ROLE, since: 'v1.4', routing: 'org' },
  'user_role.updated': { fields: ROLE, since: 'v1.4', routing: 'org' },
  'user_role.deleted': { fields: ROLE, since: 'v1.4', routing: 'org' },
  'user_profile.created': { fields: PROFILE, since: 'v1.0', routing: 'org' },
  'user_profile.updated': { fields: PROFILE, since: 'v1.0', routing: 'org' },
  'user_profile.deleted': { fields: PROFILE, since: 'v1.0', routing: 'org' },
  'application.created': { fields: ['applicationId'], since: 'v1.4', routing: 'application' },
  'application.updated': { fields: ['applicationId'], since: 'v1.4', routing: 'application' },
  'application.deleted': { fields: ['applicationId'], since: 'v1.4', routing: 'application' },
  'mastery.created': { fields: MASTERY, since: 'v1.3', routing: 'org' },
  'mastery.updated': { fields: MASTERY, since: 'v1.3', routing: 'org' },
  'mastery.deleted': { fields: MASTERY, since: 'v1.3', routing: 'org' },
  'session.started': { fields: SESSION, since: 'v1.2', routing: 'org' },
  'session.ended': { fields: SESSION, since: 'v1.2', routing: 'org' },
  'test.started': { fields: TEST, since: 'v1.5', routing: 'org' },
  'test.ended': { fields: TEST, since: 'v1.5', routing: 'org' },
  'test.exited': { fields: TEST, since: 'v1.5', routing: 'org' },
  'proctoring_enforcement.recorded': {
    fields: [
      'enforcementEventId',
      'enforcementType',
      'userId',
      'caliperSessionId',
      'occurredAt',
      'lockoutId',
      'triggeringInsightId',
    ],
    since: 'v1.6',
    routing: 'org',
  },
  'org.config.updated': { fields: ['orgId'], since: 'v1.7', routing: 'org' },
} as const satisfies Record<string, CatalogueEntry>;

/** A type of the event catalogue. */
export type EventType = keyof typeof EVENT_CATALOGUE;

/** Every catalogue event type, in catalogue order. */
export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];

/** Whether `value` is a catalogue event type. */
export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(EVENT_CATALOGUE, value);
}
