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

/** A student's orgs; undefined for a user who no longer exists (deleted: docs/decisions.md#d-user-deletion). */
const orgsOfStudent = (roster: RosterState, userId: string | undefined) =>
  userId && !roster.users.has(userId) ? undefined : userId ? orgsOfUser(roster, userId) : [];

type Orgs = (roster: RosterState, record: RosterRecord) => (string | undefined)[] | undefined;

/** The orgs a record belongs to, for org-scoped reads, by table; the records of other tables belong to none. */
const ORGS_OF: Partial<Record<keyof RosterState, Orgs>> = {
  courses: (_, record) => [refId(record.org)],
  classes: (_, record) => [refId(record.school)],
  lineItems: (roster, record) => [refId(roster.classes.get(refId(record.class) ?? '')?.school)],
  assessmentResults: (roster, record) => orgsOfStudent(roster, refId(record.student)),
  results: (roster, record) => orgsOfStudent(roster, refId(record.student)),
  demographics: (roster, record) => orgsOfStudent(roster, record.sourcedId),
};

/**
 * Whether a client may read a OneRoster record: records tied to no org (sessions, resources) are visible to all,
 * records of a deleted user to clients of every org only.
 */
export function canSeeRecord(
  roster: RosterState,
  client: MockClient,
  table: keyof RosterState,
  record: RosterRecord,
): boolean {
  const orgsOf = ORGS_OF[table];
  const orgs = orgsOf ? orgsOf(roster, record) : [];
  if (orgs === undefined) return client.orgIds === 'all';
  const known = orgs.filter((id): id is string => !!id);
  return known.length === 0 || scopeCovers(roster, client, known);
}
