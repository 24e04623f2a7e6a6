import type { JsonSchemaDefs } from '@learnkit/core/internal';
import { onerosterSchemas } from '../generated/openapi/json-schemas.js';
import type { components as OneRosterComponents } from '../generated/openapi/oneroster-types.js';
import { project } from '../internal/list-query.js';
import { pathSegment } from '../internal/path-segment.js';
import {
  ONEROSTER_USER_EXTRAS,
  type RosterState,
  type StoredAgent,
  type StoredEnrollment,
  type StoredOrg,
  type StoredRole,
  type StoredUser,
} from '../state.js';
import { profilesView } from './profiles.js';
import { refTo } from './tables.js';

type OneRoster = OneRosterComponents['schemas'];

const ONEROSTER = '/ims/oneroster/rostering/v1p2';

/** A OneRoster GUIDRef to an object of the rostering area. */
export function guidRef(baseUrl: string, type: string, collection: string, sourcedId: string) {
  return { href: `${baseUrl}${ONEROSTER}/${collection}/${pathSegment(sourcedId)}`, sourcedId, type };
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
 * The open roles of every user, by user, in one pass over the roles: what a listing of many users reads instead of
 * `rolesOf` per user (a walk of 100,000 users must not read every role for each of them).
 */
export function rolesByUser(roster: RosterState): Map<string, StoredRole[]> {
  const byUser = new Map<string, StoredRole[]>();
  for (const role of roster.roles.values()) {
    if (role.ended) continue;
    const list = byUser.get(role.userId);
    if (list) list.push(role);
    else byUser.set(role.userId, [role]);
  }
  return byUser;
}

/**
 * `record` in the shape of the documents' schema `name`: its members, in its order, and no others
 * (docs/decisions.md#d-mock-roster-views).
 */
function shaped(schemas: JsonSchemaDefs, name: string, record: object) {
  return project(record, Object.keys((schemas[name] as { properties: object }).properties));
}

/** A record in the shape of the OneRoster document's schema `name`. */
const oneRoster = <K extends keyof OneRoster>(name: K, record: object) =>
  shaped(onerosterSchemas, name, record) as OneRoster[K];

/**
 * A user in the OneRoster shape of openapi/oneroster.yaml: its open roles (given as `roles`, or read from the
 * roster), its open agents, its primary org when it has one (the member is left out otherwise: the document does not
 * let it be null).
 */
export function oneRosterUser(
  roster: RosterState,
  user: StoredUser,
  baseUrl: string,
  today: string,
  roles: readonly StoredRole[] = rolesOf(roster, user.sourcedId),
) {
  const extras: Record<string, unknown> = {};
  for (const key of ONEROSTER_USER_EXTRAS) if (user[key] !== undefined) extras[key] = user[key];
  return oneRoster('User', {
    ...user,
    ...extras,
    metadata: user.metadata ?? null,
    username: user.username ?? null,
    roles: roles.map((role) => ({
      roleType: role.roleType === 'secondary' ? 'secondary' : 'primary',
      role: role.role,
      org: refTo(baseUrl, 'orgs', role.orgId, 'guid'),
      beginDate: role.beginDate,
      endDate: role.endDate,
    })),
    primaryOrg: user.primaryOrgId ? refTo(baseUrl, 'orgs', user.primaryOrgId, 'guid') : undefined,
    agents: openAgentsOf(roster, user.sourcedId, today).map((agent) =>
      refTo(baseUrl, 'users', agent.agentUserId, 'guid'),
    ),
    grades: user.grades,
    userProfiles: profilesView(user),
  });
}

/** The orgs whose parent each org is, in one pass (an org's `children`). */
export function childrenByOrg(roster: RosterState): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const org of roster.orgs.values()) {
    if (org.parentId === null) continue;
    const list = children.get(org.parentId);
    if (list) list.push(org.sourcedId);
    else children.set(org.parentId, [org.sourcedId]);
  }
  return children;
}

/** An org in the OneRoster shape: its parent and its children as references. */
export function oneRosterOrg(org: StoredOrg, baseUrl: string, children: readonly string[]) {
  return oneRoster('Org', {
    ...org,
    metadata: org.metadata ?? null,
    identifier: org.identifier ?? org.sourcedId,
    parent: org.parentId === null ? null : refTo(baseUrl, 'orgs', org.parentId, 'guid'),
    children: children.map((id) => refTo(baseUrl, 'orgs', id, 'guid')),
  });
}

/** A stored OneRoster object in the shape of its schema (its own members, in the schema's order). */
export const oneRosterRecord = <K extends keyof OneRoster>(name: K, record: object) =>
  oneRoster(name, record);

/**
 * An enrollment in the OneRoster shape (the vendor's of 2025-10: its class's `school` as a reference; `primary` a
 * JSON boolean; docs/decisions.md#d-oneroster-2025-10).
 */
export function oneRosterEnrollment(enrollment: StoredEnrollment, baseUrl: string) {
  return oneRoster('Enrollment', {
    ...enrollment,
    primary: enrollment.primary ?? false,
    user: refTo(baseUrl, 'users', enrollment.userId, 'guid'),
    class: refTo(baseUrl, 'classes', enrollment.classId, 'guid'),
    school: refTo(baseUrl, 'orgs', enrollment.schoolId, 'guid'),
  });
}
