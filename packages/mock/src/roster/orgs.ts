import type { MockClient, RosterState } from '../state.js';
import { rolesOf } from './views.js';

/** An org and every org above it (a school, its district). */
function orgLineage(roster: RosterState, orgId: string): string[] {
  const lineage: string[] = [];
  let current: string | null = orgId;
  while (current !== null && !lineage.includes(current)) {
    lineage.push(current);
    current = roster.orgs.get(current)?.parentId ?? null;
  }
  return lineage;
}

/** Whether a client's expanded org scope (its orgs and their descendants) covers any of `orgIds`. */
export function scopeCovers(roster: RosterState, client: MockClient, orgIds: readonly string[]): boolean {
  if (client.orgIds === 'all') return true;
  const granted = client.orgIds;
  return orgIds.some((orgId) => orgLineage(roster, orgId).some((id) => granted.includes(id)));
}

/** The orgs a user is attributed to: the primary org and the orgs of open roles. */
export function orgsOfUser(roster: RosterState, userId: string): string[] {
  const primary = roster.users.get(userId)?.primaryOrgId;
  const roleOrgs = rolesOf(roster, userId).map((role) => role.orgId);
  return [...new Set(primary ? [primary, ...roleOrgs] : roleOrgs)];
}
