import type { RosterState } from '../state.js';
import { orgsOfUser } from './orgs.js';

/**
 * Deletes a user with everything that hangs on it, in one step: its roles, profiles, enrollments and agent
 * relationships (both sides) are hard-removed, with no event of their own, and so are its demographics and
 * mastery grades (docs/decisions.md#d-user-deletion). Gradebook results stay, readable by internal clients only.
 * Returns the user's orgs, read before anything goes, so `user.deleted` still reaches the subscribers that could
 * see the user.
 */
export function deleteUser(roster: RosterState, userId: string): string[] {
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
