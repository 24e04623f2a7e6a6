import type { Core } from '../core.js';
import type { EmitOptions } from '../emit-options.js';
import { randomId } from '../internal/random.js';
import type { RequestBody } from '../operations/dispatch.js';
import type { RosterState, StoredRole } from '../state.js';
import { orgsOfUser } from './orgs.js';
import { isOpenAgent, rolesOf } from './views.js';

// The writes of users that both the platform's rostering paths and the OneRoster paths make: a deletion with its
// cascade, and a roles-list sync with its events (docs/decisions.md#d-mock-oneroster-events).

/** A role membership as a write gives it (the platform's role input; OneRoster's `org` is its `orgId`). */
export type RoleSpec = RequestBody<'upsertUserRole'>;

/**
 * Deletes a user with everything that hangs on it, in one step: its roles, profiles, enrollments, resource
 * assignments and agent relationships (both sides) are hard-removed, with no event of their own, and so are its
 * demographics and mastery grades (docs/decisions.md#d-user-deletion). Gradebook results stay, readable by internal
 * clients only. Returns the user's orgs, read before anything goes, so `user.deleted` still reaches the subscribers
 * that could see the user.
 */
export function deleteUser(roster: RosterState, userId: string): string[] {
  const orgIds = orgsOfUser(roster, userId);
  const dropWhere = <T>(map: Map<string, T>, belongs: (value: T, key: string) => boolean) => {
    for (const [key, value] of map) if (belongs(value, key)) map.delete(key);
  };
  dropWhere(roster.roles, (role) => role.userId === userId);
  dropWhere(roster.profiles, (profile) => profile.userId === userId);
  dropWhere(roster.enrollments, (enrollment) => enrollment.userId === userId);
  dropWhere(roster.resourceLinks, (link) => link.kind === 'users' && link.ownerId === userId);
  // In place: `platform.state.roster.agents` is the same array before and after.
  const kept = roster.agents.filter((agent) => agent.userId !== userId && agent.agentUserId !== userId);
  roster.agents.splice(0, roster.agents.length, ...kept);
  roster.demographics.delete(userId);
  dropWhere(roster.mastery, (_, key) => key.startsWith(`${userId}|`));
  roster.users.delete(userId);
  return orgIds;
}

/** The key of a membership: a role sync creates or ends one only when this changes. */
export const roleKey = (role: { roleType?: unknown; role?: unknown; orgId?: unknown }) =>
  `${String(role.roleType ?? 'primary')}|${String(role.role)}|${String(role.orgId)}`;

/** `value` when the input gives it (null included), else `kept`: an upsert keeps what it does not name. */
export const given = <T>(value: T | undefined, kept: T): T => (value !== undefined ? value : kept);

/** The role an upsert's role input makes, over the open role it replaces, if any. */
export function roleOf(roleId: string, userId: string, input: RoleSpec, live?: StoredRole): StoredRole {
  return {
    roleId,
    userId,
    orgId: input.orgId ?? live!.orgId,
    role: input.role ?? live!.role,
    roleType: input.roleType ?? live?.roleType ?? 'primary',
    beginDate: given(input.beginDate, live?.beginDate ?? null),
    endDate: given(input.endDate, live?.endDate ?? null),
    ended: false,
  };
}

/**
 * Syncs a user's open roles to `inputs`: a membership whose key (role type, role, org) is kept is updated in place,
 * one that is not named ends (`user_role.deleted`), one that is new is created (`user_role.created`); dates alone
 * raise nothing (spec/001, user_role.*).
 */
export function syncRoles(
  core: Core,
  userId: string,
  inputs: readonly RoleSpec[],
  origin: EmitOptions,
): void {
  const roster = core.state.roster;
  const now = core.iso();
  const wanted = new Map(inputs.map((role) => [roleKey(role), role]));
  for (const role of rolesOf(roster, userId)) {
    const match = wanted.get(roleKey(role));
    if (match) {
      roster.roles.set(role.roleId, roleOf(role.roleId, userId, match, role));
      wanted.delete(roleKey(role));
    } else {
      role.ended = true;
      role.endDate ??= now.slice(0, 10);
      core.raise(
        'user_role.deleted',
        { roleId: role.roleId, userId, orgId: role.orgId },
        { ...origin, orgIds: [role.orgId, ...orgsOfUser(roster, userId)] },
      );
    }
  }
  for (const input of wanted.values()) {
    const role = roleOf(randomId(), userId, input);
    roster.roles.set(role.roleId, role);
    core.raise('user_role.created', { roleId: role.roleId, userId, orgId: role.orgId }, origin);
  }
}

/**
 * Sets a user's open agent relationships to the agents given (a OneRoster user's `agents`): a relationship to an
 * agent not named ends, one to a new agent opens, typed by the agent's role when it is parent, guardian or relative
 * (docs/decisions.md#d-mock-oneroster-events).
 */
export function syncAgents(core: Core, userId: string, agentIds: readonly string[]): void {
  const roster = core.state.roster;
  const today = core.iso().slice(0, 10);
  const open = roster.agents.filter((agent) => agent.userId === userId && isOpenAgent(agent, today));
  for (const agent of open) {
    if (!agentIds.includes(agent.agentUserId)) {
      agent.status = 'inactive';
      agent.endDate = today;
    }
  }
  for (const agentUserId of agentIds) {
    if (open.some((agent) => agent.agentUserId === agentUserId)) continue;
    const role = rolesOf(roster, agentUserId).find((r) =>
      ['parent', 'guardian', 'relative'].includes(r.role),
    );
    const relationshipType = role?.role ?? 'guardian';
    roster.agents.push({
      agentId: randomId(),
      userId,
      agentUserId,
      relationshipType,
      beginDate: today,
      endDate: null,
      status: 'active',
    });
  }
}
