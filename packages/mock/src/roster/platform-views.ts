import { platformSchemas } from '../generated/openapi/json-schemas.js';
import type { components as PlatformComponents } from '../generated/openapi/platform-types.js';
import { listQuery } from '../internal/list-query.js';
import { json } from '../internal/responses.js';
import type {
  RosterState,
  StoredAgent,
  StoredEnrollment,
  StoredOrg,
  StoredProfile,
  StoredRole,
  StoredSession,
  StoredUser,
} from '../state.js';
import { refTo } from './tables.js';
import { openAgentsOf, rolesOf } from './views.js';

// The platform's own shapes of `/rostering/1.0` and `/insights/1.0`, as its published reference shows them
// (docs/decisions.md#d-platform-reference-shapes): OneRoster-shaped records with GUIDRefs.

type Platform = PlatformComponents['schemas'];

/** The members of the platform document's schema `name` (what a `filter` may name). */
export function platformFields(name: keyof Platform): readonly string[] {
  const properties = (platformSchemas[name] as { properties?: object } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/** What a paged platform listing reads of its query (the document's defaults applied: `limit` 10, `offset` 0). */
export type PlatformPageQuery = { limit?: number; offset?: number; filter?: string };

/**
 * A page of a platform listing, `{ <key>, limit, offset, total }` (getting-started/oneroster-api-conventions,
 * docs/decisions.md#d-platform-paging): `rows` viewed, filtered by the fields of `schema`, then cut to the page.
 */
export function platformPage<R extends object, V extends object>(
  key: string,
  rows: readonly R[],
  view: (row: R) => V,
  query: PlatformPageQuery,
  schema: keyof Platform,
): Response {
  const { entries, offset, limit, totalCount } = listQuery(
    rows,
    { limit: query.limit ?? 10, offset: query.offset ?? 0, filter: query.filter },
    { fields: platformFields(schema), searchFields: [], view },
  );
  return json(200, { [key]: entries, limit, offset, total: totalCount });
}

/** An org of the platform: its parent and children as GUIDRefs. */
export function platformOrg(org: StoredOrg, baseUrl: string, children: readonly string[]): Platform['Org'] {
  return {
    sourcedId: org.sourcedId,
    status: org.status,
    dateLastModified: org.dateLastModified,
    name: org.name,
    type: org.type as Platform['Org']['type'],
    identifier: org.identifier ?? org.sourcedId,
    children: children.map((id) => refTo(baseUrl, 'orgs', id, 'guid') as Platform['GUIDRef']),
    parent:
      org.parentId === null ? null : (refTo(baseUrl, 'orgs', org.parentId, 'guid') as Platform['GUIDRef']),
    metadata: org.metadata ?? null,
  };
}

const ref = (baseUrl: string, table: 'users' | 'orgs' | 'classes', id: string) =>
  refTo(baseUrl, table, id, 'guid') as Platform['GUIDRef'];

/** A role of the platform: the org as a GUIDRef; `roleId` is what the role upsert takes. */
export const platformRole = (role: StoredRole, baseUrl: string): Platform['UserRole'] => ({
  roleId: role.roleId,
  org: ref(baseUrl, 'orgs', role.orgId),
  role: role.role,
  roleType: role.roleType === 'secondary' ? 'secondary' : 'primary',
  beginDate: role.beginDate,
  endDate: role.endDate,
  userProfile: null,
});

/** A profile of the platform (`vendorId` LearnKit's own when none is stored). */
export const platformProfile = (profile: StoredProfile): Platform['UserProfile'] => ({
  profileId: profile.profileId,
  profileType: profile.profileType ?? 'learner',
  vendorId: profile.vendorId ?? 'learnkit-mock',
  applicationId: profile.applicationId,
  credentials: profile.credentials ?? [],
  description: profile.description ?? null,
});

/** The profiles of a user. */
export const profilesOf = (roster: RosterState, userId: string) =>
  [...roster.profiles.values()].filter((profile) => profile.userId === userId);

/** An open agent relationship: `agentId`, the relationship, the agent as a GUIDRef. */
export const platformAgent = (agent: StoredAgent, baseUrl: string): Platform['UserAgent'] => ({
  agentId: agent.agentId,
  relationshipType: agent.relationshipType,
  user: ref(baseUrl, 'users', agent.agentUserId),
});

/** A linked user, seen from the user asked about: `userId` is the other user. */
export const platformLinkedUser = (agent: StoredAgent, otherUserId: string): Platform['LinkedUser'] => ({
  agentId: agent.agentId,
  relationshipType: agent.relationshipType,
  userId: otherUserId,
});

/** A user of the platform: `enabledUser` as a string, roles with GUIDRefs, agents as GUIDRefs, its profiles. */
export function platformUser(
  roster: RosterState,
  user: StoredUser,
  today: string,
  baseUrl: string,
): Platform['User'] {
  return {
    sourcedId: user.sourcedId,
    status: user.status,
    dateLastModified: user.dateLastModified,
    enabledUser: user.enabledUser ? 'true' : 'false',
    givenName: user.givenName,
    familyName: user.familyName,
    email: user.email,
    grades: user.grades ?? [],
    roles: rolesOf(roster, user.sourcedId).map((role) => platformRole(role, baseUrl)),
    agents: openAgentsOf(roster, user.sourcedId, today).map((agent) =>
      ref(baseUrl, 'users', agent.agentUserId),
    ),
    resources: [],
    userIds: [],
    userProfiles: profilesOf(roster, user.sourcedId).map(platformProfile),
    identifier: user.username ?? null,
    metadata: user.metadata ?? null,
  };
}

/** An enrollment of the platform, OneRoster-shaped: user, class and school as GUIDRefs. */
export const platformEnrollment = (
  enrollment: StoredEnrollment,
  baseUrl: string,
): Platform['Enrollment'] => ({
  sourcedId: enrollment.sourcedId,
  status: enrollment.status,
  dateLastModified: enrollment.dateLastModified,
  role: enrollment.role,
  primary: enrollment.primary,
  beginDate: enrollment.beginDate,
  endDate: enrollment.endDate,
  user: ref(baseUrl, 'users', enrollment.userId),
  class: ref(baseUrl, 'classes', enrollment.classId),
  school: ref(baseUrl, 'orgs', enrollment.schoolId),
  metadata: enrollment.metadata,
});

/** Seconds between two instants (null while the session is open). */
function secondsBetween(start: string, end: string | null): number | null {
  if (end === null) return null;
  return Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
}

/** A learning session of the platform's insights (`id`, `durationInSeconds`, `wastePercentage`, ...). */
export function platformSession(session: StoredSession): Platform['InsightSession'] {
  return {
    id: session.sessionId,
    applicationId: session.applicationId || null,
    startedAtTime: session.startedAtTime,
    endedAtTime: session.endedAtTime,
    durationInSeconds: secondsBetween(session.startedAtTime, session.endedAtTime),
    wasteDurationInSeconds: session.endedAtTime === null ? null : 0,
    wastePercentage: session.endedAtTime === null ? null : 0,
    isProctored: session.isProctored,
    webcamEnabled: session.webcamUsed,
    proctoredResult: null,
    recordingStartedAtTime: session.recordingStartedAtTime ?? null,
    recordingEndedAtTime: session.recordingEndedAtTime ?? null,
    recordingS3Key: session.storageKey,
    metadata: session.subject === null ? null : { subject: session.subject },
  };
}
