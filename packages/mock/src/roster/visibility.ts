import type { Core } from '../core.js';
import { notFound } from '../internal/http-error.js';
import type { MockClient, RosterRecord, RosterState, StoredUser } from '../state.js';
import { orgsOfUser, scopeCovers } from './orgs.js';
import { refId } from './views.js';

/** What the rostering routes read of a request: the platform and the calling client. */
export type Caller = { core: Core; client: MockClient };

/** Today's date on the mock clock (agent relationships end by date). */
export const today = ({ core }: { core: Core }) => core.iso().slice(0, 10);

/** Whether a client's org scope lets it read a user (primary org or any role org). */
export function canSeeUser(roster: RosterState, client: MockClient, userId: string): boolean {
  return scopeCovers(roster, client, orgsOfUser(roster, userId));
}

/** A user the caller may see, or 404. */
export function visibleUser({ core, client }: Caller, userId: string): StoredUser {
  const roster = core.state.roster;
  const user = roster.users.get(userId);
  if (!user || !canSeeUser(roster, client, userId)) throw notFound(`user ${userId} not found`);
  return user;
}

/**
 * The orgs a OneRoster record belongs to, for org-scoped reads; undefined for the record of a user who no longer
 * exists (deleted: docs/decisions.md#d-user-deletion), which no org scope covers any more.
 */
function orgsOfRecord(roster: RosterState, collection: string, record: RosterRecord): string[] | undefined {
  switch (collection) {
    case 'courses':
      return [refId(record.org)].filter((id): id is string => !!id);
    case 'classes':
      return [refId(record.school)].filter((id): id is string => !!id);
    case 'assessmentLineItems': {
      const classId = refId(record.class);
      const school = classId ? refId(roster.classes.get(classId)?.school) : undefined;
      return school ? [school] : [];
    }
    case 'assessmentResults':
    case 'results':
    case 'demographics': {
      const userId = collection === 'demographics' ? record.sourcedId : refId(record.student);
      if (userId && !roster.users.has(userId)) return undefined;
      return userId ? orgsOfUser(roster, userId) : [];
    }
    default:
      return [];
  }
}

/**
 * Whether a client may read a OneRoster record: records tied to no org (sessions, resources) are visible to all,
 * records of a deleted user to clients of every org only.
 */
export function canSeeRecord(
  roster: RosterState,
  client: MockClient,
  collection: string,
  record: RosterRecord,
): boolean {
  const orgs = orgsOfRecord(roster, collection, record);
  if (orgs === undefined) return client.orgIds === 'all';
  return orgs.length === 0 || scopeCovers(roster, client, orgs);
}
