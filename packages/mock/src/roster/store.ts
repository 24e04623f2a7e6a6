import type { Core } from '../core.js';
import { badRequest, HttpError, notFound, unprocessable } from '../internal/http-error.js';
import { randomId } from '../internal/random.js';
import type {
  MockClient,
  RosterRecord,
  RosterState,
  StoredEnrollment,
  StoredOrg,
  StoredRole,
  StoredUser,
} from '../state.js';
import { canSeeRecord, orgsOfRecord, scopeCovers, today } from './orgs.js';
import { nullable, refKind, refTo, schemaOf, TABLES, type TableName, tableOf } from './tables.js';
import {
  childrenByOrg,
  oneRosterEnrollment,
  oneRosterOrg,
  oneRosterRecord,
  oneRosterUser,
  refId,
  rolesByUser,
} from './views.js';

// The generic OneRoster store over the roster's tables (docs/decisions.md#d-mock-oneroster-store): the objects a caller
// may see, in their response shape; the stored record a write makes of a body, with its references checked; and the
// soft delete. The routes of openapi/oneroster.yaml are views and writes of these (routes/oneroster.ts).

/** The platform and the calling client, as a route has them. */
export type Caller = { core: Core; client: MockClient };

/** A stored record of a table. */
export type Row = RosterRecord;

/** What a listing of a table returns each record in: its OneRoster shape. */
export type View = (row: Row) => Record<string, unknown>;

/** The open roles by user, read once per request (`caller` is the request's context) whoever asks. */
const rolesIndexes = new WeakMap<Caller, Map<string, StoredRole[]>>();
export function rolesIndexOf(caller: Caller): Map<string, StoredRole[]> {
  let index = rolesIndexes.get(caller);
  if (!index) {
    index = rolesByUser(caller.core.state.roster);
    rolesIndexes.set(caller, index);
  }
  return index;
}

/** The OneRoster view of the records of `table` (the platform's users, orgs and enrollments are shaped here). */
export function viewer(caller: Caller, table: TableName): View {
  const { core } = caller;
  const roster = core.state.roster;
  const baseUrl = core.options.baseUrl;
  if (table === 'users') {
    const roles = rolesIndexOf(caller);
    const day = today({ core });
    return (row) =>
      oneRosterUser(roster, row as unknown as StoredUser, baseUrl, day, roles.get(row.sourcedId) ?? []);
  }
  if (table === 'orgs') {
    const children = childrenByOrg(roster);
    return (row) => oneRosterOrg(row as unknown as StoredOrg, baseUrl, children.get(row.sourcedId) ?? []);
  }
  if (table === 'enrollments')
    return (row) => oneRosterEnrollment(row as unknown as StoredEnrollment, baseUrl);
  const schema = TABLES[table].schema as Parameters<typeof oneRosterRecord>[0];
  return (row) => oneRosterRecord(schema, row) as Record<string, unknown>;
}

/** The records of `table` the caller may see, in stored order (`keep` narrows them). */
export function visibleRows(caller: Caller, table: TableName, keep?: (row: Row) => boolean): Row[] {
  const roster = caller.core.state.roster;
  const { client } = caller;
  // Users belong to their primary org and the orgs of their roles: every role is read once, and each org's
  // coverage once, not once per user (a walk of 100,000 users asks for every page).
  const roles = table === 'users' && client.orgIds !== 'all' ? rolesIndexOf(caller) : undefined;
  const covered = new Map<string, boolean>();
  const covers = (orgId: string) => {
    const known = covered.get(orgId);
    if (known !== undefined) return known;
    const covers = scopeCovers(roster, client, [orgId]);
    covered.set(orgId, covers);
    return covers;
  };
  const rows: Row[] = [];
  for (const row of tableOf(roster, table).values()) {
    if (keep && !keep(row)) continue;
    if (roles) {
      const primary = (row as unknown as StoredUser).primaryOrgId;
      if ((primary && covers(primary)) || roles.get(row.sourcedId)?.some((role) => covers(role.orgId)))
        rows.push(row);
    } else if (canSeeRecord(roster, client, table, row)) rows.push(row);
  }
  return rows;
}

/** The record `id` of `table` if the caller may see it, else a 404 naming it (`what` narrows the table). */
export function visibleRow(caller: Caller, table: TableName, id: string, keep?: (row: Row) => boolean): Row {
  const roster = caller.core.state.roster;
  const row = tableOf(roster, table).get(id);
  if (!row || (keep && !keep(row)) || !canSeeRecord(roster, caller.client, table, row)) {
    throw notFound(`${TABLES[table].noun} ${id} not found`);
  }
  return row;
}

/**
 * The `sourcedId`s a reference member holds (one, a list, or none). An empty one is kept: it names no object, so
 * `checkRecord` refuses it as it refuses an unknown one (docs/decisions.md#d-mock-hostile-input).
 */
const idsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).map(refId).filter((id): id is string => typeof id === 'string');

/**
 * Refuses a record whose references name objects that do not exist (422, naming the member and the id, as the
 * family returns a body that breaks a rule), and one the caller's org scope does not cover (403).
 */
export function checkRecord(
  { core, client }: Caller,
  table: TableName,
  record: Row,
  members = TABLES[table].refs,
) {
  const roster = core.state.roster;
  for (const [member, target] of Object.entries(members)) {
    for (const id of idsOf(record[member])) {
      if (!tableOf(roster, target).has(id)) {
        throw unprocessable(
          `${TABLES[table].noun} ${member} ${id} does not exist (no ${TABLES[target].noun} has it)`,
        );
      }
    }
  }
  const orgs = orgsOfRecord(roster, table, record) ?? [];
  if (client.orgIds !== 'all' && orgs.length > 0 && !scopeCovers(roster, client, orgs)) {
    throw new HttpError(
      403,
      `${TABLES[table].noun} ${record.sourcedId} belongs to orgs outside the client's org scope`,
    );
  }
}

/**
 * The record a write of `input` (a body's object) stores for `table`: each member of the response's schema, from the
 * body's member of that name (or the one `from` names), references written as the response holds them, a number given
 * as text read as one; `status` `active` and `dateLastModified` now unless given; a required member left out is the
 * schema's default, else null where it may be, else the table's `fill`, else the write is refused (422). With
 * `existing`, members the body leaves out keep their value (a partial update).
 */
export function recordOf(
  { core }: Caller,
  table: TableName,
  input: Record<string, unknown>,
  sourcedId: string,
  existing?: Row,
): Row {
  const t = TABLES[table];
  const schema = schemaOf(t.schema);
  const now = core.iso();
  const out: Row = { sourcedId };
  for (const [member, node] of Object.entries(schema.properties ?? {})) {
    if (member === 'sourcedId') continue;
    if (member === 'dateLastModified') {
      out.dateLastModified = now;
      continue;
    }
    const from = t.from?.[member] ?? member;
    let value = input[from] !== undefined ? input[from] : existing?.[member];
    if (value === undefined) {
      if (member === 'status') value = 'active';
      else if (schema.required?.includes(member)) {
        value = node.default ?? (nullable(node) ? null : t.fill?.[member]?.(now));
        if (value === undefined) throw unprocessable(`a ${t.noun} needs ${from}`);
      } else continue;
    }
    const kind = refKind(node);
    const target = t.refs[member];
    if (kind && target && value !== null) {
      value = kind.list
        ? idsOf(value).map((id) => refTo(core.options.baseUrl, target, id, kind.kind))
        : refTo(core.options.baseUrl, target, refId(value) as string, kind.kind);
    } else if (node.type === 'number' && typeof value === 'string') {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number))
        throw unprocessable(`${t.noun} ${from} must be a number`);
      value = number;
    }
    out[member] = value;
  }
  return out;
}

/** The `sourcedId` of a write: the body's (which must be the path's, where the path names one), or a new one. */
export function idOf(input: Record<string, unknown>, pathId?: string, noun = 'object'): string {
  const given = input.sourcedId;
  if (pathId !== undefined && given !== undefined && given !== pathId) {
    throw badRequest(`${noun}.sourcedId ${String(given)} differs from the path's ${pathId}`);
  }
  return pathId ?? (typeof given === 'string' ? given : randomId());
}

/** Marks a record of `table` `tobedeleted` (OneRoster's soft delete): it stays readable, with its new status. */
export function softDelete(caller: Caller, table: TableName, id: string, keep?: (row: Row) => boolean): Row {
  const row = visibleRow(caller, table, id, keep);
  row.status = 'tobedeleted';
  row.dateLastModified = caller.core.iso();
  return row;
}

/** A table's records, by id: what the routes read the roster through. */
export const rowsOf = (roster: RosterState, table: TableName) => tableOf(roster, table);
