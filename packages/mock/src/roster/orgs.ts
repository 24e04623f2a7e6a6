import type { Core } from '../core.js';
import { notFound } from '../internal/http-error.js';
import type { MockClient, RosterRecord, RosterState, StoredEnrollment, StoredUser } from '../state.js';
import type { TableName } from './tables.js';
import { refId, rolesOf } from './views.js';

// Who may see what of the roster: org scopes, and the records and users they cover.

/** What the rostering routes read of a request: the platform and the calling client. */
export type Caller = { core: Core; client: MockClient };

/** Today's date on the mock clock (agent relationships end by date). */
export const today = ({ core }: { core: Core }) => core.iso().slice(0, 10);

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

/** The school of a class, by the class's id. */
const schoolOfClass = (roster: RosterState, classId: unknown) =>
  refId(roster.classes.get(refId(classId) ?? (typeof classId === 'string' ? classId : ''))?.school);

/** The org of a course, by the course's id. */
const orgOfCourse = (roster: RosterState, courseId: string | undefined) =>
  refId(roster.courses.get(courseId ?? '')?.org);

/**
 * The orgs a record belongs to, for org-scoped reads and writes, by table (docs/decisions.md#d-mock-oneroster-store); the
 * records of other tables (categories, resources) belong to none and are visible to every client.
 */
const ORGS_OF: Partial<Record<TableName, Orgs>> = {
  orgs: (_, record) => [record.sourcedId],
  academicSessions: (_, record) => [refId(record.org)],
  courses: (_, record) => [refId(record.org)],
  courseComponents: (roster, record) => [orgOfCourse(roster, refId(record.course))],
  componentResources: (roster, record) => {
    const component = roster.courseComponents.get(refId(record.courseComponent) ?? '');
    return [orgOfCourse(roster, refId(component?.course))];
  },
  classes: (_, record) => [refId(record.school)],
  enrollments: (_, record) => [(record as unknown as StoredEnrollment).schoolId],
  lineItems: (roster, record) => [refId(record.school) ?? schoolOfClass(roster, record.class)],
  scoreScales: (roster, record) => [schoolOfClass(roster, record.class)],
  assessmentLineItems: (roster, record) => [schoolOfClass(roster, record.class)],
  assessmentResults: (roster, record) => orgsOfStudent(roster, refId(record.student)),
  results: (roster, record) => orgsOfStudent(roster, refId(record.student)),
  demographics: (roster, record) => orgsOfStudent(roster, record.sourcedId),
};

/** The orgs a record of `table` belongs to (undefined: a deleted user's; empty: none). */
export function orgsOfRecord(roster: RosterState, table: TableName, record: RosterRecord) {
  if (table === 'users') return orgsOfUser(roster, record.sourcedId);
  const orgsOf = ORGS_OF[table];
  const orgs = orgsOf ? orgsOf(roster, record) : [];
  return orgs === undefined ? undefined : orgs.filter((id): id is string => !!id);
}

/**
 * Whether a client may read a OneRoster record: records tied to no org (sessions, resources) are visible to all,
 * records of a deleted user to clients of every org only.
 */
export function canSeeRecord(
  roster: RosterState,
  client: MockClient,
  table: TableName,
  record: RosterRecord,
): boolean {
  if (client.orgIds === 'all') return true;
  // A user tied to no org is seen by clients of every org only, as the platform's rostering read has it.
  if (table === 'users') return canSeeUser(roster, client, record.sourcedId);
  const orgs = orgsOfRecord(roster, table, record);
  if (orgs === undefined) return false;
  return orgs.length === 0 || scopeCovers(roster, client, orgs);
}
