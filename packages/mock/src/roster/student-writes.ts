import { badRequest, HttpError, notFound } from '../internal/http-error.js';
import { randomId } from '../internal/random.js';
import type { RequestBody } from '../operations/dispatch.js';
import type { StoredAgent, StoredUser } from '../state.js';
import { type Caller, canSeeUser, today } from './orgs.js';
import { syncRoles } from './users.js';
import { isOpenAgent } from './views.js';

// The onboarding writes of the platform's reference (integration/level-1-student-onboarding): a student upserted
// from `{ student }`, and a student's agent upserted by its `agentId` (docs/decisions.md#d-platform-new-operations).

type StudentInput = RequestBody<'upsertStudent'>['student'];

/** The user a student upsert makes, over the user it updates, if any. */
function studentRecord(
  core: Caller['core'],
  input: StudentInput,
  existing: StoredUser | undefined,
): StoredUser {
  return {
    sourcedId: input.sourcedId,
    status: existing?.status ?? 'active',
    dateLastModified: core.iso(),
    givenName: input.givenName,
    familyName: input.familyName,
    email: input.email ?? existing?.email ?? '',
    username: input.username ?? existing?.username ?? null,
    enabledUser:
      input.enabledUser === undefined ? (existing?.enabledUser ?? true) : input.enabledUser === 'true',
    primaryOrgId: input.primaryOrg?.sourcedId ?? existing?.primaryOrgId ?? null,
    grades: input.grades ?? existing?.grades,
    metadata: existing?.metadata ?? null,
  };
}

/**
 * Creates or updates a student (`PUT /rostering/1.0/students`): a new one needs a `primaryOrg` in the caller's
 * scope and gets a `student` role there; raises `user.created` or `user.updated`.
 */
export function upsertStudent(
  context: Caller,
  input: StudentInput,
  checkOrgs: (context: Caller, orgIds: string[]) => void,
): { user: StoredUser; created: boolean } {
  const { core, client } = context;
  const roster = core.state.roster;
  const existing = roster.users.get(input.sourcedId);
  if (existing && !canSeeUser(roster, client, input.sourcedId))
    throw notFound(`user ${input.sourcedId} not found`);
  if (!existing && input.primaryOrg === undefined)
    throw badRequest('a new student needs primaryOrg: { sourcedId: <school id>, type: "org" }');
  const user = studentRecord(core, input, existing);
  checkOrgs(context, user.primaryOrgId ? [user.primaryOrgId] : []);
  if (input.status === 'tobedeleted')
    throw badRequest(
      'status tobedeleted is not taken here; delete a user with PUT /rostering/1.0/users/{id}',
    );
  roster.users.set(user.sourcedId, user);
  const origin = { originClientId: client.clientId };
  core.raise(existing ? 'user.updated' : 'user.created', { userId: user.sourcedId }, origin);
  if (!existing && user.primaryOrgId) {
    syncRoles(
      core,
      user.sourcedId,
      [{ orgId: user.primaryOrgId, role: 'student', roleType: 'primary' }],
      origin,
    );
  }
  return { user, created: !existing };
}

/**
 * Creates or updates the agent relationship `agentId` of a student from `{ relationshipType, user }`: the agent
 * must be a user the caller sees (400 otherwise); an ended relationship of that id cannot be reopened (409).
 */
export function upsertAgent(
  context: Caller,
  studentId: string,
  agentId: string,
  input: RequestBody<'upsertUserAgent'>,
): { agent: StoredAgent; created: boolean } {
  const roster = context.core.state.roster;
  const agentUserId = input.user.sourcedId;
  if (!roster.users.has(agentUserId) || !canSeeUser(roster, context.client, agentUserId))
    throw badRequest(
      `user.sourcedId ${agentUserId} is not a user of the roster; create the agent's user first`,
    );
  if (agentUserId === studentId) throw badRequest('user.sourcedId must be another user than the student');
  const existing = roster.agents.find((agent) => agent.agentId === agentId);
  if (existing && existing.userId !== studentId) throw badRequest(`agent ${agentId} belongs to another user`);
  if (existing && !isOpenAgent(existing, today(context)))
    throw new HttpError(409, `agent ${agentId} has ended; upsert a new agentId to link the users again`);
  if (existing) {
    existing.relationshipType = input.relationshipType;
    existing.agentUserId = agentUserId;
    return { agent: existing, created: false };
  }
  const agent: StoredAgent = {
    agentId: agentId || randomId(),
    userId: studentId,
    agentUserId,
    relationshipType: input.relationshipType,
    beginDate: today(context),
    endDate: null,
    status: 'active',
  };
  roster.agents.push(agent);
  return { agent, created: true };
}
