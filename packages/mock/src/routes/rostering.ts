import type { components as PlatformComponents } from '../generated/openapi/platform-types.js';
import { badRequest, HttpError, notFound } from '../internal/http-error.js';
import type { OperationRoutes } from '../operations/dispatch.js';
import { type Caller, canSeeUser, orgsOfUser, scopeCovers, today, visibleUser } from '../roster/orgs.js';
import {
  platformAgent,
  platformEnrollment,
  platformLinkedUser,
  platformOrg,
  platformPage,
  platformProfile,
  platformRole,
  platformUser,
  profilesOf,
} from '../roster/platform-views.js';
import { upsertAgent, upsertStudent } from '../roster/student-writes.js';
import { deleteUser, given, type RoleSpec, roleKey, roleOf, syncRoles } from '../roster/users.js';
import { childrenByOrg, isOpenAgent, openAgentsOf, rolesOf } from '../roster/views.js';
import type { StoredEnrollment, StoredUser } from '../state.js';

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

/** Whether the caller sees an enrollment: an active one in a school of its org scope. */
const visibleEnrollment = ({ core, client }: Caller, enrollment: StoredEnrollment | undefined) =>
  enrollment?.status === 'active' && scopeCovers(core.state.roster, client, [enrollment.schoolId]);

/** The stored config, as the document types it (the writes were checked against it). */
type OrgConfig = PlatformComponents['schemas']['OrgConfig'];

/** The base URL the GUIDRefs of a response point at. */
const baseOf = ({ core }: Caller) => core.options.baseUrl;

/**
 * Platform rostering: users (upsert with events), students, roles, profiles, agents, enrollments, orgs and their
 * config; listings page as the platform's reference says (docs/decisions.md#d-platform-paging).
 */
export const handlers: OperationRoutes = {
  listEnrollments: (context) => {
    const enrollments = [...context.core.state.roster.enrollments.values()];
    const visible = enrollments.filter((enrollment) => visibleEnrollment(context, enrollment));
    const base = baseOf(context);
    const view = (enrollment: StoredEnrollment) => platformEnrollment(enrollment, base);
    return platformPage('enrollments', visible, view, context.query, 'Enrollment');
  },

  getEnrollment: (context, { enrollmentId }) => {
    const enrollment = context.core.state.roster.enrollments.get(enrollmentId);
    if (!visibleEnrollment(context, enrollment)) throw notFound(`enrollment ${enrollmentId} not found`);
    return context.json(200, platformEnrollment(enrollment!, baseOf(context)));
  },

  listOrgs: (context) => {
    const roster = context.core.state.roster;
    const visible = [...roster.orgs.values()].filter((org) =>
      scopeCovers(roster, context.client, [org.sourcedId]),
    );
    const children = childrenByOrg(roster);
    const base = baseOf(context);
    const view = (org: (typeof visible)[number]) => platformOrg(org, base, children.get(org.sourcedId) ?? []);
    return platformPage('orgs', visible, view, context.query, 'Org');
  },

  upsertStudent: async (context) => {
    const { student } = await context.body();
    const { user, created } = upsertStudent(context, student, checkOrgs);
    return context.json(
      created ? 201 : 200,
      platformUser(context.core.state.roster, user, today(context), baseOf(context)),
    );
  },

  getUser: (context, { sourcedId }) => {
    const user = visibleUser(context, sourcedId);
    return context.json(200, platformUser(context.core.state.roster, user, today(context), baseOf(context)));
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
      const last = platformUser(roster, gone, today(context), baseOf(context));
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

    if (roleInputs) syncRoles(core, userId, roleInputs as RoleSpec[], origin);
    return context.json(existing ? 200 : 201, platformUser(roster, user, today(context), baseOf(context)));
  },

  listUserRoles: (context, { sourcedId }) => {
    visibleUser(context, sourcedId);
    const base = baseOf(context);
    const roles = rolesOf(context.core.state.roster, sourcedId);
    return platformPage('roles', roles, (role) => platformRole(role, base), context.query, 'UserRole');
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
    return context.json(live ? 200 : 201, platformRole(role, baseOf(context)));
  },

  listUserProfiles: (context, { userId }) => {
    visibleUser(context, userId);
    const profiles = profilesOf(context.core.state.roster, userId);
    return platformPage('userProfiles', profiles, platformProfile, context.query, 'UserProfile');
  },

  getUserProfile: (context, { userId, profileId }) => {
    visibleUser(context, userId);
    const profile = context.core.state.roster.profiles.get(profileId);
    if (!profile || profile.userId !== userId) throw notFound(`profile ${profileId} not found`);
    return context.json(200, platformProfile(profile));
  },

  listUserAgents: (context, { sourcedId }) => {
    visibleUser(context, sourcedId);
    const agents = openAgentsOf(context.core.state.roster, sourcedId, today(context));
    const base = baseOf(context);
    return platformPage('agents', agents, (agent) => platformAgent(agent, base), context.query, 'UserAgent');
  },

  upsertUserAgent: async (context, { sourcedId: studentId, agentId }) => {
    visibleUser(context, studentId);
    const input = await context.body();
    const { agent, created } = upsertAgent(context, studentId, agentId, input);
    return context.json(created ? 201 : 200, platformAgent(agent, baseOf(context)));
  },

  deleteUserAgent: (context, { sourcedId: studentId, agentId }) => {
    visibleUser(context, studentId);
    const agent = openAgentsOf(context.core.state.roster, studentId, today(context)).find(
      (open) => open.agentId === agentId,
    );
    if (!agent) throw notFound(`agent ${agentId} of user ${studentId} not found`);
    agent.status = 'inactive';
    agent.endDate = today(context);
    return new Response(null, { status: 204 });
  },

  listLinkedUsers: (context, { sourcedId: userId }) => {
    visibleUser(context, userId);
    const open = context.core.state.roster.agents.filter((agent) => isOpenAgent(agent, today(context)));
    // Either side of a relationship: the other user is named as the agent.
    const linked = open.filter((agent) => agent.userId === userId || agent.agentUserId === userId);
    const view = (agent: (typeof linked)[number]) =>
      platformLinkedUser(agent, agent.userId === userId ? agent.agentUserId : agent.userId);
    return platformPage('linkedUsers', linked, view, context.query, 'LinkedUser');
  },

  getOrgConfig: (context, { sourcedId }) => {
    visibleOrg(context, sourcedId);
    return context.json(200, (context.core.state.roster.orgConfigs.get(sourcedId) ?? {}) as OrgConfig);
  },

  putOrgConfig: async (context, { sourcedId: orgId }) => {
    visibleOrg(context, orgId);
    const body: Record<string, unknown> = await context.body();
    const configs = context.core.state.roster.orgConfigs;
    // A flat map: `null` deletes a key (back to the inherited or default value), absent keys are untouched
    // (docs/decisions.md#d-platform-reference-shapes).
    const config: Record<string, unknown> = { ...(configs.get(orgId) ?? {}) };
    for (const [key, value] of Object.entries(body)) {
      if (value === null) delete config[key];
      else config[key] = value;
    }
    configs.set(orgId, config);
    // One event per write whatever the number of keys; an empty write emits nothing.
    if (Object.keys(body).length > 0)
      context.core.raise('org.config.updated', { orgId }, { originClientId: context.client.clientId });
    return context.json(200, config as OrgConfig);
  },
};
