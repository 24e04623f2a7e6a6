import type {
  ApplicationsClient,
  BeyondClient,
  EventsClient,
  InsightsClient,
  PlatformCallOptions,
  RosteringClient,
  UserRole,
} from '@learnkit/platform';
import type { WebhookEventDataMap, WebhookEventType } from '@learnkit/webhooks';

/** The platform clients hydration reads through (a LearnKit instance has them all). */
export interface HydrationClients {
  readonly rostering: RosteringClient;
  readonly applications: ApplicationsClient;
  readonly events: EventsClient;
  readonly insights: InsightsClient;
  readonly beyond: BeyondClient;
}

/**
 * @internal What an event refers to: a read (named by `key`, so one batch reads each once, and `pick`ing the entity
 * from the response when the read is a list), a tombstone (a delete event), or nothing.
 */
export type Reference =
  | {
      kind: 'read';
      /** Names the read: two events with the same key share one request. */
      key: string;
      read: (clients: HydrationClients, options: PlatformCallOptions | undefined) => Promise<unknown>;
      /** The entity in what `read` responded; undefined when it is not there (gone). */
      pick?: (rawResponse: unknown) => unknown;
    }
  | { kind: 'tombstone' }
  | { kind: 'none' };

/** An id as a path segment of a key (an id holding `/` cannot pass for another path). */
const p = (id: string) => encodeURIComponent(id);

const TOMBSTONE: Reference = { kind: 'tombstone' };
const NONE: Reference = { kind: 'none' };

// Keys are the request each read sends, so equal keys are equal requests whatever the event type (session.ended and
// test.ended of one session read it once).
const insightSession = ({ caliperSessionId }: { caliperSessionId: string }): Reference => ({
  kind: 'read',
  key: `GET /insights/1.0/sessions/${p(caliperSessionId)}`,
  read: (c, o) => c.insights.sessions.get(caliperSessionId, o),
});
const enrollment = ({ enrollmentId }: { enrollmentId: string }): Reference => ({
  kind: 'read',
  key: `GET /rostering/1.0/enrollments/${p(enrollmentId)}`,
  read: (c, o) => c.rostering.enrollments.get(enrollmentId, o),
});
const user = ({ userId }: { userId: string }): Reference => ({
  kind: 'read',
  key: `GET /rostering/1.0/users/${p(userId)}`,
  read: (c, o) => c.rostering.users.get(userId, o),
});
// One read of the user's roles serves every role event of that user in a batch.
const role = ({ roleId, userId }: { roleId: string; userId: string }): Reference => ({
  kind: 'read',
  key: `GET /rostering/1.0/users/${p(userId)}/roles`,
  read: async (c, o) => (await c.rostering.roles.list(userId, undefined, o)).data,
  pick: (roles) => (roles as UserRole[]).find((found) => found.roleId === roleId),
});
const profile = ({ profileId, userId }: { profileId: string; userId: string }): Reference => ({
  kind: 'read',
  key: `GET /rostering/1.0/users/${p(userId)}/profiles/${p(profileId)}`,
  read: (c, o) => c.rostering.profiles.get(userId, profileId, o),
});
const application = ({ applicationId }: { applicationId: string }): Reference => ({
  kind: 'read',
  key: `GET /applications/1.0/applications/${p(applicationId)}`,
  read: (c, o) => c.applications.applications.get(applicationId, o),
});
const grade = ({ userId, subject }: { userId: string; subject: string }): Reference => ({
  kind: 'read',
  key: `GET /beyond/1.0/educator/students/grades?${new URLSearchParams({ studentId: userId, subject })}`,
  read: (c, o) => c.beyond.grades.get({ studentId: userId, subject }, o),
});
const caliperSession = ({ caliperSessionId }: { caliperSessionId: string | null }): Reference =>
  typeof caliperSessionId === 'string' && caliperSessionId !== ''
    ? {
        kind: 'read',
        key: `GET /events/1.0/sessions/${p(caliperSessionId)}/events`,
        read: (c, o) => c.events.sessions.get(caliperSessionId, o),
      }
    : NONE;
const enforcement = ({ caliperSessionId }: { caliperSessionId: string }): Reference => ({
  kind: 'read',
  key: `GET /insights/1.0/sessions/${p(caliperSessionId)}/enforcement-state`,
  read: (c, o) => c.insights.sessions.getEnforcementState(caliperSessionId, o),
});
const orgConfig = ({ orgId }: { orgId: string }): Reference => ({
  kind: 'read',
  key: `GET /rostering/1.0/orgs/${p(orgId)}/config`,
  read: (c, o) => c.rostering.orgs.config.get(orgId, o),
});

/**
 * @internal What each event type of the catalogue refers to (docs/decisions.md#d-hydrate-table). A type added to
 * the catalogue is a type error here until it is given a row.
 */
export const REFERENCES: { readonly [K in WebhookEventType]: (data: WebhookEventDataMap[K]) => Reference } = {
  'test.ping': () => NONE,
  'insight.created': insightSession,
  'insight.updated': insightSession,
  'insight.deleted': () => TOMBSTONE,
  'enrollment.created': enrollment,
  'enrollment.updated': enrollment,
  'enrollment.deleted': () => TOMBSTONE,
  'user.created': user,
  'user.updated': user,
  'user.deleted': () => TOMBSTONE,
  'user_role.created': role,
  'user_role.updated': role,
  'user_role.deleted': () => TOMBSTONE,
  'user_profile.created': profile,
  'user_profile.updated': profile,
  'user_profile.deleted': () => TOMBSTONE,
  'application.created': application,
  'application.updated': application,
  'application.deleted': () => TOMBSTONE,
  'mastery.created': grade,
  'mastery.updated': grade,
  'mastery.deleted': () => TOMBSTONE,
  'session.started': caliperSession,
  'session.ended': caliperSession,
  'test.started': caliperSession,
  'test.ended': caliperSession,
  'test.exited': caliperSession,
  'proctoring_enforcement.recorded': enforcement,
  'org.config.updated': orgConfig,
};
