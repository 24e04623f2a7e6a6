/**
 * How an event type is routed: `org` events go to subscribers whose org scope covers the event's orgs,
 * `application` events (no org) only to platform-internal clients, `broadcast` events (not tied to an entity,
 * only `test.ping`) to every subscriber of the type.
 */
export type EventRouting = 'org' | 'application' | 'broadcast';

/**
 * One entry of {@link EVENT_CATALOGUE}: what an event type's `data` carries, since when, how it is routed. Every
 * member is a string unless listed in `flags` (booleans), and never null unless listed in `nullable`.
 */
export interface EventCatalogueEntry {
  /** The members every `data` of the type has, and the only ones: `platform.emit` throws for a missing or extra one. */
  readonly fields: readonly string[];
  /** The catalogue version that introduced the type (`v1.0` to `v1.7`). */
  readonly since: string;
  /** Which subscribers receive the type: see {@link EventRouting}. */
  readonly routing: EventRouting;
  /** Members that may be null (for example `insightGroup` of a type without a group). */
  readonly nullable?: readonly string[];
  /** Members that are booleans (`isProctored`). */
  readonly flags?: readonly string[];
  /** Members whose value is one of a closed list (for example `enforcementType`). */
  readonly values?: Readonly<Record<string, readonly (string | null)[]>>;
}

/** A type of the event catalogue: one of the 29 keys of {@link EVENT_CATALOGUE}. */
export type EventType =
  | 'test.ping'
  | 'insight.created'
  | 'insight.updated'
  | 'insight.deleted'
  | 'enrollment.created'
  | 'enrollment.updated'
  | 'enrollment.deleted'
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'user_role.created'
  | 'user_role.updated'
  | 'user_role.deleted'
  | 'user_profile.created'
  | 'user_profile.updated'
  | 'user_profile.deleted'
  | 'application.created'
  | 'application.updated'
  | 'application.deleted'
  | 'mastery.created'
  | 'mastery.updated'
  | 'mastery.deleted'
  | 'session.started'
  | 'session.ended'
  | 'test.started'
  | 'test.ended'
  | 'test.exited'
  | 'proctoring_enforcement.recorded'
  | 'org.config.updated';

/** The `insight.*` types: a finding in `SHADOW` raises none of them. */
export type InsightEventType = Extract<EventType, `insight.${string}`>;

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

/** Rollout stages of a finding that are delivered; a finding in `SHADOW` raises no event. */
export const DELIVERED_ROLLOUT_STATES = ['NOTIFY', 'ENFORCE'] as const;

/** The `enforcementType` values of `proctoring_enforcement.recorded`, as the spec's table lists them. */
export const ENFORCEMENT_TYPES = [
  'prevented_start',
  'warning_accrued',
  'warning_displayed',
  'warning_released',
  'forced_end',
  'locked_out_restart',
  'warnings_reset',
  'warning_budget_granted',
  'blocked_mid_test',
  'unblocked_mid_test',
  'exited_mid_test',
] as const;

const INSIGHT_ENTRY = {
  fields: INSIGHT,
  since: 'v1.0',
  routing: 'org',
  nullable: ['insightGroup'],
  values: { rolloutState: DELIVERED_ROLLOUT_STATES },
} as const;
const PROFILE_ENTRY = {
  fields: PROFILE,
  since: 'v1.0',
  routing: 'org',
  nullable: ['applicationId'],
} as const;
const SESSION_ENTRY = { fields: SESSION, since: 'v1.2', routing: 'org', flags: ['isProctored'] } as const;
const testEntry = (action: string): EventCatalogueEntry => ({
  fields: TEST,
  since: 'v1.5',
  routing: 'org',
  nullable: ['caliperSessionId'],
  flags: ['isProctored'],
  values: { action: [action] },
});

/**
 * The 29 event types of the platform's catalogue, in catalogue order. Its type requires every
 * {@link EventType} and no other key, so the table and the union cannot drift apart.
 */
export const EVENT_CATALOGUE: Readonly<Record<EventType, EventCatalogueEntry>> = {
  'test.ping': { fields: ['message'], since: 'v1.0', routing: 'broadcast' },
  'insight.created': INSIGHT_ENTRY,
  'insight.updated': INSIGHT_ENTRY,
  'insight.deleted': INSIGHT_ENTRY,
  'enrollment.created': { fields: ENROLLMENT, since: 'v1.1', routing: 'org' },
  'enrollment.updated': { fields: ENROLLMENT, since: 'v1.1', routing: 'org' },
  'enrollment.deleted': { fields: ENROLLMENT, since: 'v1.1', routing: 'org' },
  'user.created': { fields: ['userId'], since: 'v1.4', routing: 'org' },
  'user.updated': { fields: ['userId'], since: 'v1.4', routing: 'org' },
  'user.deleted': { fields: ['userId', 'email'], since: 'v1.4', routing: 'org' },
  'user_role.created': { fields: ROLE, since: 'v1.4', routing: 'org' },
  'user_role.updated': { fields: ROLE, since: 'v1.4', routing: 'org' },
  'user_role.deleted': { fields: ROLE, since: 'v1.4', routing: 'org' },
  'user_profile.created': PROFILE_ENTRY,
  'user_profile.updated': PROFILE_ENTRY,
  'user_profile.deleted': PROFILE_ENTRY,
  'application.created': { fields: ['applicationId'], since: 'v1.4', routing: 'application' },
  'application.updated': { fields: ['applicationId'], since: 'v1.4', routing: 'application' },
  'application.deleted': { fields: ['applicationId'], since: 'v1.4', routing: 'application' },
  'mastery.created': { fields: MASTERY, since: 'v1.3', routing: 'org' },
  'mastery.updated': { fields: MASTERY, since: 'v1.3', routing: 'org' },
  // The highest mastered grade went from a value to null: `masteredGrade` is null here and only here.
  'mastery.deleted': {
    fields: MASTERY,
    since: 'v1.3',
    routing: 'org',
    nullable: ['masteredGrade'],
    values: { masteredGrade: [null] },
  },
  'session.started': SESSION_ENTRY,
  'session.ended': SESSION_ENTRY,
  'test.started': testEntry('Started'),
  'test.ended': testEntry('Submitted'),
  'test.exited': testEntry('Abandoned'),
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
    nullable: ['lockoutId', 'triggeringInsightId'],
    values: { enforcementType: ENFORCEMENT_TYPES },
  },
  'org.config.updated': { fields: ['orgId'], since: 'v1.7', routing: 'org' },
};

/** Every catalogue event type, in catalogue order. */
export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];

/** Whether `value` is a catalogue event type. */
export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(EVENT_CATALOGUE, value);
}
