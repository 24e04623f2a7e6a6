import {
  type JsonSchemaDefs,
  type OneRosterComponents,
  onerosterSchemas,
  type PlatformComponents,
  platformSchemas,
} from '@learnkit/core';
import { project } from '../internal/list-query.js';
import type { RosterState, StoredAgent, StoredEnrollment, StoredRole, StoredUser } from '../state.js';

type OneRoster = OneRosterComponents['schemas'];
type Platform = PlatformComponents['schemas'];

const ONEROSTER = '/ims/oneroster/rostering/v1p2';

/** A OneRoster GUIDRef to an object of the rostering area. */
export function guidRef(baseUrl: string, type: string, collection: string, sourcedId: string) {
  return { href: `${baseUrl}${ONEROSTER}/${collection}/${sourcedId}`, sourcedId, type };
}

/** The `sourcedId` of a GUIDRef-shaped value (undefined when it is none). */
export const refId = (value: unknown) => (value as { sourcedId?: string } | null | undefined)?.sourcedId;

/** Whether an agent relationship is open (active, no end date in the past). */
export function isOpenAgent(agent: { status: string; endDate: string | null }, today: string): boolean {
  return agent.status === 'active' && (agent.endDate === null || agent.endDate > today);
}

/** The open agent relationships of a user (the agents of `userId`). */
export function openAgentsOf(roster: RosterState, userId: string, today: string): StoredAgent[] {
  return roster.agents.filter((agent) => agent.userId === userId && isOpenAgent(agent, today));
}

/** The open roles of a user. */
export function rolesOf(roster: RosterState, userId: string): StoredRole[] {
  return [...roster.roles.values()].filter((role) => role.userId === userId && !role.ended);
}

/**
 * `record` in the shape of the documents' schema `name`: its members, in its order, and no others
 * (docs/decisions.md#d-i15-roster-views).
 */
function shaped(schemas: JsonSchemaDefs, name: string, record: object) {
  return project(record, Object.keys((schemas[name] as { properties: object }).properties));
}

/** A record in the shape of the platform document's schema `name`. */
const platform = <K extends keyof Platform>(name: K, record: object) =>
  shaped(platformSchemas, name, record) as Platform[K];

/** A record in the shape of the OneRoster document's schema `name`. */
const oneRoster = <K extends keyof OneRoster>(name: K, record: object) =>
  shaped(onerosterSchemas, name, record) as OneRoster[K];

/** A user in the OneRoster 1.2 shape. */
export function oneRosterUser(roster: RosterState, user: StoredUser, baseUrl: string, today: string) {
  return oneRoster('User', {
    ...user,
    metadata: user.metadata ?? null,
    username: user.username ?? null,
    roles: rolesOf(roster, user.sourcedId).map((role) => ({
      roleType: role.roleType === 'secondary' ? 'secondary' : 'primary',
      role: role.role,
      org: guidRef(baseUrl, 'org', 'orgs', role.orgId),
      beginDate: role.beginDate,
      endDate: role.endDate,
    })),
    primaryOrg: user.primaryOrgId ? guidRef(baseUrl, 'org', 'orgs', user.primaryOrgId) : null,
    agents: openAgentsOf(roster, user.sourcedId, today).map((agent) =>
      guidRef(baseUrl, 'user', 'users', agent.agentUserId),
    ),
    grades: user.grades ?? null,
  });
}

/** A role in the platform's rostering shape. */
export const platformRole = (role: StoredRole) => platform('UserRole', role);

/** An agent relationship in the platform's shape, seen from `userId`: the other user is `agentUserId`. */
export const platformRelationship = (agent: StoredAgent) =>
  platform('UserRelationship', { ...agent, userId: agent.agentUserId });

/** A user in the platform's rostering shape (`/rostering/1.0/users/{id}`). */
export function platformUser(roster: RosterState, user: StoredUser, today: string) {
  return platform('User', {
    ...user,
    roles: rolesOf(roster, user.sourcedId).map(platformRole),
    agents: openAgentsOf(roster, user.sourcedId, today).map(platformRelationship),
    metadata: user.metadata ?? null,
  });
}

/** An enrollment in the OneRoster shape. */
export function oneRosterEnrollment(enrollment: StoredEnrollment, baseUrl: string) {
  return oneRoster('Enrollment', {
    ...enrollment,
    user: guidRef(baseUrl, 'user', 'users', enrollment.userId),
    class: guidRef(baseUrl, 'class', 'classes', enrollment.classId),
    school: guidRef(baseUrl, 'org', 'orgs', enrollment.schoolId),
  });
}

/** An enrollment in the platform's rostering shape. */
export const platformEnrollment = (enrollment: StoredEnrollment) =>
  platform('Enrollment', { ...enrollment, enrollmentId: enrollment.sourcedId });
