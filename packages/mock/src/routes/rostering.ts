import { badRequest, HttpError, notFound } from '../internal/http-error.js';
import { randomId } from '../internal/random.js';
import type { OperationRoutes, RequestBody } from '../operations/dispatch.js';
import { type Caller, canSeeUser, orgsOfUser, scopeCovers, today, visibleUser } from '../roster/orgs.js';
import {
  isOpenAgent,
  openAgentsOf,
  platformEnrollment,
  platformRelationship,
  platformRole,
  platformUser,
  rolesOf,
} from '../roster/views.js';
import type { RosterState, StoredEnrollment, StoredRole, StoredUser } from '../state.js';

type RoleInput = RequestBody<'upsertUserRole'>;

/**
 * Deletes a user with everything that hangs on it, in one step: its roles, profiles, enrollments and agent
 * relationships (both sides) are hard-removed, with no event of their own, and so are its demographics and
 * mastery grades (docs/decisions.md#d-user-deletion). Gradebook results stay, readable by internal clients only.
 * Returns the user's orgs, read before anything goes, so `user.deleted` still reaches the subscribers that could
 * see the user.
 */
function deleteUser(roster: RosterState, userId: string): string[] {
  const orgIds = orgsOfUser(roster, userId);
  const dropWhere = <T>(map: Map<string, T>, belongs: (value: T, key: string) => boolean) => {
    for (const [key, value] of map) if (belongs(value, key)) map.delete(key);
  };
  dropWhere(roster.roles, (role) => role.userId === userId);
  dropWhere(roster.profiles, (profile) => profile.userId === userId);
  dropWhere(roster.enrollments, (enrollment) => enrollment.userId === userId);
  // In place: `platform.state.roster.agents` is the same array before and after.
  const kept = roster.agents.filter((agent) => agent.userId !== userId && agent.agentUserId !== userId);
  roster.agents.splice(0, roster.agents.length, ...kept);
  roster.demographics.delete(userId);
  dropWhere(roster.mastery, (_, key) => key.startsWith(`${userId}|`));
  roster.users.delete(userId);
  return orgIds;
}

/** An org the caller's scope covers, or 404. */
function visibleOrg({ core, client }: Caller, orgId: string): void {
  const roster = core.state.roster;
  if (!roster.orgs.has(orgId) || !scopeCovers(roster, client, [orgId]))
    throw notFound(`org ${orgId} not found`);
}

/** Refuses writes that would place a user or role in an org the caller's scope does not cover. */
function checkOrgs({ core, client }: Caller, orgIds: string[]): void {
  const roster = core.state.roster;
  for (const orgId of orgIds) {
    if (!roster.orgs.has(orgId)) throw badRequest(`org ${orgId} does not exist`);
    if (!scopeCovers(roster, client, [orgId]))
      throw new HttpError(403, `org ${orgId} is outside the client's org scope`);
  }
}

const roleKey = (role: { roleType?: unknown; role?: unknown; orgId?: unknown }) =>
  `${String(role.roleType ?? 'primary')}|${String(role.role)}|${String(role.orgId)}`;

/** `value` when the input gives it (null included), else `kept`: an upsert keeps what it does not name. */
const given = <T>(value: T | undefined, kept: T): T => (value !== undefined ? value : kept);

/** The role an upsert's role input makes, over the open role it replaces, if any. */
function roleOf(roleId: string, userId: string, input: RoleInput, live?: StoredRole): StoredRole {
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

/** Whether the caller sees an enrollment: an active one in a school of its org scope. */
const visibleEnrollment = ({ core, client }: Caller, enrollment: StoredEnrollment | undefined) =>
  enrollment?.status === 'active' && scopeCovers(core.state.roster, client, [enrollment.schoolId]);

/** Platform rostering: users (upsert with events), roles, profiles, agents, enrollments, org config. */
export const handlers: OperationRoutes = {
  listEnrollments: (context) => {
    const enrollments = [...context.core.state.roster.enrollments.values()];
    const visible = enrollments.filter((enrollment) => visibleEnrollment(context, enrollment));
    return context.json(200, { enrollments: visible.map(platformEnrollment) });
  },

  getEnrollment: (context, { enrollmentId }) => {
    const enrollment = context.core.state.roster.enrollments.get(enrollmentId);
    if (!visibleEnrollment(context, enrollment)) throw notFound(`enrollment ${enrollmentId} not found`);
    return context.json(200, platformEnrollment(enrollment!));
  },

  getUser: (context, { sourcedId }) => {
    const user = visibleUser(context, sourcedId);
    return context.json(200, platformUser(context.core.state.roster, user, today(context)));
  },

  upsertUser: async (context, { sourcedId: userId }) => {
    const { core, client } = context;
    const roster = core.state.roster;
    const input = await context.body();
    const existing = roster.users.get(userId);
    if (existing && !canSeeUser(roster, client, userId)) throw notFound(`user ${userId} not found`);
    const origin = { originClientId: client.clientId };
    // `tobedeleted` ends the user: no longer returned, with its roles, profiles, enrollments and agents
    // (docs/decisions.md#d-user-deletion).
    if (input.status === 'tobedeleted') {
      if (!existing)
        throw notFound(
          `user ${userId} not found; status tobedeleted deletes an existing user, it creates none`,
        );
      const gone = { ...existing, status: 'tobedeleted' as const, dateLastModified: core.iso() };
      const last = platformUser(roster, gone, today(context));
      const orgIds = deleteUser(roster, userId);
      core.raise('user.deleted', { userId, email: existing.email }, { ...origin, orgIds });
      return context.json(200, last);
    }
    if (!existing) {
      const missing = ['email', 'givenName', 'familyName'].filter((key) => input[key] === undefined);
      if (missing.length > 0) throw badRequest(`a new user needs ${missing.join(', ')}`);
    }
    const roleInputs = input.roles;
    for (const [index, role] of (roleInputs ?? []).entries()) {
      if (typeof role.orgId !== 'string' || typeof role.role !== 'string')
        throw badRequest(`roles[${index}] needs orgId and role`);
    }
    const primaryOrgId = given(input.primaryOrgId, existing?.primaryOrgId ?? null);
    checkOrgs(context, [
      ...(primaryOrgId ? [primaryOrgId] : []),
      ...(roleInputs ?? []).map((role) => role.orgId!),
    ]);

    const now = core.iso();
    const user: StoredUser = {
      sourcedId: userId,
      status: existing?.status ?? 'active',
      dateLastModified: now,
      givenName: input.givenName ?? existing!.givenName,
      familyName: input.familyName ?? existing!.familyName,
      email: input.email ?? existing!.email,
      username: existing?.username ?? null,
      enabledUser: existing?.enabledUser ?? true,
      primaryOrgId,
      grades: existing?.grades,
      metadata: given(input.metadata, existing?.metadata ?? null),
    };
    roster.users.set(userId, user);
    core.raise(existing ? 'user.updated' : 'user.created', { userId }, origin);

    if (roleInputs) {
      // A roles-list sync emits only when a membership key (role type, role, org) appears or goes; dates alone emit nothing.
      const wanted = new Map(roleInputs.map((role) => [roleKey(role), role]));
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
    return context.json(existing ? 200 : 201, platformUser(roster, user, today(context)));
  },

  listUserRoles: (context, { sourcedId }) => {
    visibleUser(context, sourcedId);
    return context.json(200, { roles: rolesOf(context.core.state.roster, sourcedId).map(platformRole) });
  },

  upsertUserRole: async (context, { sourcedId: userId, roleId }) => {
    const { core, client } = context;
    const roster = core.state.roster;
    visibleUser(context, userId);
    const input = await context.body();
    const existing = roster.roles.get(roleId);
    if (existing && existing.userId !== userId) throw badRequest(`role ${roleId} belongs to another user`);
    const live = existing && !existing.ended ? existing : undefined;
    if (!live && (typeof input.orgId !== 'string' || typeof input.role !== 'string')) {
      throw badRequest('a new role needs orgId and role');
    }
    const role = roleOf(roleId, userId, input, live);
    checkOrgs(context, [role.orgId]);
    roster.roles.set(roleId, role);
    const origin = { originClientId: client.clientId };
    const data = { roleId, userId, orgId: role.orgId };
    if (!live) core.raise('user_role.created', data, origin);
    else if (roleKey(live) !== roleKey(role)) {
      core.raise('user_role.updated', data, {
        ...origin,
        orgIds: [...new Set([live.orgId, ...orgsOfUser(roster, userId)])],
      });
    }
    return context.json(live ? 200 : 201, platformRole(role));
  },

  listUserProfiles: (context, { userId }) => {
    visibleUser(context, userId);
    const profiles = [...context.core.state.roster.profiles.values()].filter(
      (profile) => profile.userId === userId,
    );
    return context.json(200, { profiles });
  },

  getUserProfile: (context, { userId, profileId }) => {
    visibleUser(context, userId);
    const profile = context.core.state.roster.profiles.get(profileId);
    if (!profile || profile.userId !== userId) throw notFound(`profile ${profileId} not found`);
    return context.json(200, profile);
  },

  listUserAgents: (context, { sourcedId }) => {
    visibleUser(context, sourcedId);
    const agents = openAgentsOf(context.core.state.roster, sourcedId, today(context));
    return context.json(200, { agents: agents.map(platformRelationship) });
  },

  listLinkedUsers: (context, { sourcedId: userId }) => {
    visibleUser(context, userId);
    const open = context.core.state.roster.agents.filter((agent) => isOpenAgent(agent, today(context)));
    // Either side of a relationship: the other user is named as the agent.
    const linked = open.filter((agent) => agent.userId === userId || agent.agentUserId === userId);
    const agents = linked.map((agent) =>
      agent.userId === userId ? agent : { ...agent, agentUserId: agent.userId },
    );
    return context.json(200, { linkedUsers: agents.map(platformRelationship) });
  },

  getOrgConfig: (context, { sourcedId }) => {
    visibleOrg(context, sourcedId);
    return context.json(200, context.core.state.roster.orgConfigs.get(sourcedId) ?? {});
  },

  putOrgConfig: async (context, { sourcedId: orgId }) => {
    visibleOrg(context, orgId);
    const body = await context.body();
    const configs = context.core.state.roster.orgConfigs;
    const config = { ...(configs.get(orgId) ?? {}), ...body };
    configs.set(orgId, config);
    // One event per write whatever the number of keys; an empty write emits nothing.
    if (Object.keys(body).length > 0)
      context.core.raise('org.config.updated', { orgId }, { originClientId: context.client.clientId });
    return context.json(200, config);
  },
};
