import type { OneRosterComponents } from '@learnkit/core';
import type { RosterState, StoredAgent, StoredEnrollment, StoredRole, StoredUser } from '../state.js';

type OneRoster = OneRosterComponents['schemas'];

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

/** A user in the OneRoster 1.2 shape. */
export function oneRosterUser(
  roster: RosterState,
  user: StoredUser,
  baseUrl: string,
  today: string,
): OneRoster['User'] {
  return {
    sourcedId: user.sourcedId,
    status: user.status,
    dateLastModified: user.dateLastModified,
    metadata: user.metadata ?? null,
    username: user.username ?? null,
    enabledUser: user.enabledUser,
    givenName: user.givenName,
    familyName: user.familyName,
    email: user.email,
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
  };
}

/** A role in the platform's rostering shape. */
export function platformRole(role: StoredRole) {
  return {
    roleId: role.roleId,
    userId: role.userId,
    orgId: role.orgId,
    role: role.role,
    roleType: role.roleType,
    beginDate: role.beginDate,
    endDate: role.endDate,
  };
}

/** An agent relationship in the platform's shape, seen from `userId`. */
export function platformRelationship(agent: {
  agentUserId: string;
  relationshipType: string;
  beginDate: string | null;
  endDate: string | null;
}) {
  return {
    userId: agent.agentUserId,
    relationshipType: agent.relationshipType,
    beginDate: agent.beginDate,
    endDate: agent.endDate,
  };
}

/** A user in the platform's rostering shape (`/rostering/1.0/users/{id}`). */
export function platformUser(roster: RosterState, user: StoredUser, today: string) {
  return {
    sourcedId: user.sourcedId,
    email: user.email,
    givenName: user.givenName,
    familyName: user.familyName,
    primaryOrgId: user.primaryOrgId,
    status: user.status,
    roles: rolesOf(roster, user.sourcedId).map(platformRole),
    agents: openAgentsOf(roster, user.sourcedId, today).map(platformRelationship),
    metadata: user.metadata ?? null,
  };
}

/** An enrollment in the OneRoster shape. */
export function oneRosterEnrollment(enrollment: StoredEnrollment, baseUrl: string): OneRoster['Enrollment'] {
  return {
    sourcedId: enrollment.sourcedId,
    status: enrollment.status,
    dateLastModified: enrollment.dateLastModified,
    metadata: enrollment.metadata,
    user: guidRef(baseUrl, 'user', 'users', enrollment.userId),
    class: guidRef(baseUrl, 'class', 'classes', enrollment.classId),
    school: guidRef(baseUrl, 'org', 'orgs', enrollment.schoolId),
    role: enrollment.role,
    primary: enrollment.primary,
    beginDate: enrollment.beginDate,
    endDate: enrollment.endDate,
  };
}

/** An enrollment in the platform's rostering shape. */
export function platformEnrollment(enrollment: StoredEnrollment) {
  return {
    enrollmentId: enrollment.sourcedId,
    classId: enrollment.classId,
    userId: enrollment.userId,
    role: enrollment.role,
    status: enrollment.status,
    beginDate: enrollment.beginDate,
    endDate: enrollment.endDate,
    primary: enrollment.primary,
    metadata: enrollment.metadata,
  };
}
