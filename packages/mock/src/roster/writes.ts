import { HttpError, notFound, unprocessable } from '../internal/http-error.js';
import { ONEROSTER_USER_EXTRAS, type StoredEnrollment, type StoredOrg, type StoredUser } from '../state.js';
import { canSeeUser, scopeCovers } from './orgs.js';
import { profilesOf } from './profiles.js';
import { type Caller, checkRecord, type Row } from './store.js';
import { deleteUser, syncAgents, syncRoles } from './users.js';
import { refId } from './views.js';

// The writes of the three kinds of objects the platform's own rostering shares with OneRoster (orgs, users,
// enrollments): their records are the platform's, and their writes raise the catalogue's events
// (docs/decisions.md#d-mock-oneroster-events). Every other table is written by the generic `recordOf`.

type Input = Record<string, unknown>;

/** An org written from a OneRoster org (or school) body; its parent must exist and the caller's scope cover it. */
export function writeOrg(caller: Caller, input: Input, sourcedId: string, existing?: StoredOrg): StoredOrg {
  const { core } = caller;
  const org: StoredOrg = {
    sourcedId,
    status: (input.status as StoredOrg['status'] | undefined) ?? 'active',
    dateLastModified: core.iso(),
    name: input.name as string,
    type: input.type as StoredOrg['type'],
    identifier: (input.identifier as string | undefined) ?? existing?.identifier ?? sourcedId,
    parentId: input.parent !== undefined ? (refId(input.parent) ?? null) : (existing?.parentId ?? null),
    metadata: (input.metadata as Input | undefined) ?? existing?.metadata ?? null,
  };
  const roster = core.state.roster;
  if (org.parentId !== null && !roster.orgs.has(org.parentId)) {
    throw unprocessable(`org parent ${org.parentId} does not exist (no org has it)`);
  }
  if (org.parentId === sourcedId) throw unprocessable(`org ${sourcedId} cannot be its own parent`);
  // The org as written belongs where its new parent is (one of the client's own orgs may be re-parented): a write
  // that would leave the client's scope is refused, as one outside it is.
  const granted = caller.client.orgIds;
  const covered =
    granted === 'all' ||
    granted.includes(sourcedId) ||
    (org.parentId !== null && scopeCovers(roster, caller.client, [org.parentId]));
  if (!covered) throw new HttpError(403, `org ${sourcedId} would be outside the client's org scope`);
  roster.orgs.set(sourcedId, org);
  if (!roster.orgConfigs.has(sourcedId)) roster.orgConfigs.set(sourcedId, {});
  return org;
}

/**
 * A user written from a OneRoster user body (create, or PUT's upsert): its members replaced, its roles synced to the
 * list given (`user_role.*`), its agents set, and `user.created` or `user.updated` raised. The platform's rostering
 * read and `user.deleted` carry the email, so a user needs one (422).
 */
export function writeUser(caller: Caller, input: Input, sourcedId: string): StoredUser {
  const { core, client } = caller;
  const roster = core.state.roster;
  const existing = roster.users.get(sourcedId);
  if (existing && !canSeeUser(roster, client, sourcedId)) throw notFound(`user ${sourcedId} not found`);
  if (typeof input.email !== 'string') {
    throw unprocessable(
      'a user of this platform needs an email: its rostering read and user.deleted carry it (user.email)',
    );
  }
  const roles = (input.roles as Input[]).map((role) => ({
    roleType: role.roleType as string,
    role: role.role as string,
    orgId: refId(role.org) as string,
    beginDate: (role.beginDate as string | undefined) ?? null,
    endDate: (role.endDate as string | undefined) ?? null,
  }));
  const primaryOrgId = refId(input.primaryOrg) ?? null;
  const agents = ((input.agents as Input[] | undefined) ?? []).map((agent) => refId(agent) as string);
  const orgIds = [...new Set([...(primaryOrgId ? [primaryOrgId] : []), ...roles.map((role) => role.orgId)])];
  checkRecord(caller, 'users', { sourcedId, primaryOrg: input.primaryOrg, agents: input.agents });
  for (const orgId of orgIds) {
    if (!roster.orgs.has(orgId))
      throw unprocessable(`user roles org ${orgId} does not exist (no org has it)`);
  }
  if (client.orgIds !== 'all' && !orgIds.every((orgId) => scopeCovers(roster, client, [orgId]))) {
    throw new HttpError(403, `user ${sourcedId} would belong to orgs outside the client's org scope`);
  }
  const user: StoredUser = {
    sourcedId,
    status: (input.status as StoredUser['status'] | undefined) ?? 'active',
    dateLastModified: core.iso(),
    givenName: input.givenName as string,
    familyName: input.familyName as string,
    email: input.email,
    username: (input.username as string | null | undefined) ?? null,
    enabledUser: input.enabledUser as boolean,
    primaryOrgId,
    grades: input.grades as string[] | undefined,
    metadata: (input.metadata as Input | undefined) ?? null,
  };
  for (const key of ONEROSTER_USER_EXTRAS)
    if (input[key] !== undefined) Object.assign(user, { [key]: input[key] });
  if (input.userProfiles !== undefined)
    user.userProfiles = profilesOf(input.userProfiles) as typeof user.userProfiles;
  roster.users.set(sourcedId, user);
  const origin = { originClientId: client.clientId };
  // Routed by the orgs the write gives the user (its roles are synced just after).
  core.raise(existing ? 'user.updated' : 'user.created', { userId: sourcedId }, { ...origin, orgIds });
  syncRoles(core, sourcedId, roles, origin);
  syncAgents(core, sourcedId, agents);
  return user;
}

/** Deletes a user as the platform does (docs/decisions.md#d-user-deletion) and raises `user.deleted`. */
export function removeUser(caller: Caller, sourcedId: string): void {
  const { core, client } = caller;
  const roster = core.state.roster;
  const user = roster.users.get(sourcedId);
  if (!user || !canSeeUser(roster, client, sourcedId)) throw notFound(`user ${sourcedId} not found`);
  const orgIds = deleteUser(roster, sourcedId);
  core.raise(
    'user.deleted',
    { userId: sourcedId, email: user.email },
    { originClientId: client.clientId, orgIds },
  );
}

/** The members of an enrollment whose change `enrollment.updated` reports (spec/001). */
const TRACKED = ['role', 'beginDate', 'endDate', 'status', 'metadata', 'primary'] as const;

/**
 * Stores an enrollment and raises what its readers see change (spec/001, enrollment.*): `created` when it becomes
 * active (new, or from another status), `deleted` when it stops being active, `updated` when an active one changes
 * a member the catalogue names. Its user and class must exist (422) and the class's school be in the caller's scope.
 */
export function writeEnrollment(
  caller: Caller,
  enrollment: Omit<StoredEnrollment, 'schoolId'>,
): StoredEnrollment {
  const { core, client } = caller;
  const roster = core.state.roster;
  checkRecord(caller, 'enrollments', {
    sourcedId: enrollment.sourcedId,
    user: { sourcedId: enrollment.userId },
    class: { sourcedId: enrollment.classId },
  });
  const schoolId = refId(roster.classes.get(enrollment.classId)?.school) ?? '';
  if (client.orgIds !== 'all' && !scopeCovers(roster, client, [schoolId])) {
    throw new HttpError(403, `the class ${enrollment.classId} is outside the client's org scope`);
  }
  const before = roster.enrollments.get(enrollment.sourcedId);
  const stored: StoredEnrollment = { ...enrollment, schoolId };
  roster.enrollments.set(stored.sourcedId, stored);
  enrollmentEvents(caller, before, stored);
  return stored;
}

/** The `enrollment.*` event of a change from `before` to `after` of one enrollment, if its readers see one. */
export function enrollmentEvents(
  caller: Caller,
  before: StoredEnrollment | undefined,
  after: StoredEnrollment,
) {
  const wasActive = before?.status === 'active';
  const isActive = after.status === 'active';
  const changed =
    before !== undefined && TRACKED.some((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  const type =
    !wasActive && isActive
      ? 'created'
      : wasActive && !isActive
        ? 'deleted'
        : isActive && changed
          ? 'updated'
          : null;
  if (type === null) return;
  const data = { enrollmentId: after.sourcedId, classId: after.classId, userId: after.userId };
  caller.core.raise(`enrollment.${type}`, data, { originClientId: caller.client.clientId });
}

/** The enrollment of a OneRoster body: its members, with the path's class and role where the path gives them. */
export function enrollmentOf(
  caller: Caller,
  input: Input,
  sourcedId: string,
  fixed: { classId?: string; role?: string } = {},
): Omit<StoredEnrollment, 'schoolId'> {
  return {
    sourcedId,
    status: (input.status as StoredEnrollment['status'] | undefined) ?? 'active',
    dateLastModified: caller.core.iso(),
    role: (fixed.role ?? input.role) as StoredEnrollment['role'],
    userId: refId(input.user) as string,
    classId: fixed.classId ?? (refId(input.class) as string),
    primary: (input.primary as boolean | undefined) ?? false,
    beginDate: (input.beginDate as string | undefined) ?? null,
    endDate: (input.endDate as string | undefined) ?? null,
    metadata: (input.metadata as Input | undefined) ?? null,
  };
}

/** A stored row as the store's record type (the platform's records are rows of their tables too). */
export const asRow = (record: object) => record as Row;
