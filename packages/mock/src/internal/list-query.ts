import { type FilterExpression, filterFields, matchesFilter, parseFilter, scalarOf } from './filter.js';
import { badRequest } from './http-error.js';
import { json } from './responses.js';

/**
 * What a listing allows: the fields of its objects, and the fields `search` looks in (only those, never every
 * field; from openapi through `searchFieldsOf`, docs/decisions.md#d-search-fields).
 */
export type ListSpec = { fields: readonly string[]; searchFields: readonly string[] };

/** One page of a listing plus what the response reports about it. */
export type ListPage<T> = { entries: Partial<T>[]; totalCount: number; offset: number; limit: number };

/** Default and maximum page size of the API family. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 3000;

function integer(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw badRequest(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw badRequest(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** The `fields` of a query that the listing knows; unknown names are ignored, as OneRoster specifies. */
export function selectedFields(query: URLSearchParams, known: readonly string[]): string[] | undefined {
  const raw = query.get('fields');
  if (raw === null) return undefined;
  const wanted = raw
    .split(',')
    .map((field) => field.trim())
    .filter((field) => known.includes(field));
  return wanted.length > 0 ? wanted : undefined;
}

/** Keeps only `fields` of an object (all of it when no selection is given). */
export function project<T extends object>(record: T, fields: readonly string[] | undefined): Partial<T> {
  if (!fields) return record;
  const out: Partial<T> = {};
  for (const field of fields) {
    if (field in record) (out as Record<string, unknown>)[field] = (record as Record<string, unknown>)[field];
  }
  return out;
}

/** The sort key of a stored value: the filter's comparable value, booleans as text, none for null. */
function sortValue(value: unknown): string | number | undefined {
  const scalar = scalarOf(value);
  if (scalar === null) return undefined;
  return typeof scalar === 'boolean' ? String(scalar) : scalar;
}

/** `rows` ordered by `field` (absent values last); the sort is stable, so equal keys keep their stored order. */
function sortedBy<T extends object>(rows: readonly T[], field: string, direction: 1 | -1): T[] {
  // Each key is computed once, not once per comparison.
  const keyed = rows.map((row) => ({ row, key: sortValue((row as Record<string, unknown>)[field]) }));
  keyed.sort(({ key: left }, { key: right }) => {
    if (left === right) return 0;
    if (left === undefined) return 1;
    if (right === undefined) return -1;
    return (left < right ? -1 : 1) * direction;
  });
  return keyed.map(({ row }) => row);
}

/**
 * Applies the family's list parameters (limit, offset, sort, orderBy, filter, fields, search) to `records`.
 * One implementation serves CASE and OneRoster. Bad parameters are a 400 naming the parameter.
 */
export function listQuery<T extends object>(
  records: readonly T[],
  query: URLSearchParams,
  spec: ListSpec,
): ListPage<T> {
  const limit = integer(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
  const offset = integer(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const orderBy = query.get('orderBy');
  if (orderBy !== null && orderBy !== 'asc' && orderBy !== 'desc') {
    throw badRequest(`orderBy must be asc or desc, got "${orderBy}"`);
  }
  const sort = query.get('sort') ?? (orderBy !== null ? 'sourcedId' : null);
  if (sort !== null && !spec.fields.includes(sort))
    throw badRequest(`cannot sort by unknown field "${sort}"`);

  let filter: FilterExpression | undefined;
  const rawFilter = query.get('filter');
  if (rawFilter !== null) {
    filter = parseFilter(rawFilter);
    const unknown = filterFields(filter).filter((field) => !spec.fields.includes(field));
    if (unknown.length > 0) throw badRequest(`invalid filter: unknown field(s) ${unknown.join(', ')}`);
  }
  const search = query.get('search')?.trim().toLowerCase();

  // Without a filter or a search every record stays: page the records as they are, without a copy.
  let rows: readonly T[] =
    filter || search
      ? records.filter((record) => {
          const fields = record as Record<string, unknown>;
          if (filter && !matchesFilter(fields, filter)) return false;
          if (search) {
            return spec.searchFields.some((field) => {
              const value = fields[field];
              return typeof value === 'string' && value.toLowerCase().includes(search);
            });
          }
          return true;
        })
      : records;

  if (sort !== null) rows = sortedBy(rows, sort, orderBy === 'desc' ? -1 : 1);

  const fields = selectedFields(query, spec.fields);
  const entries = rows.slice(offset, offset + limit).map((row) => project(row, fields));
  return { entries, totalCount: rows.length, offset, limit };
}

/** The response of a listing: `{ [key]: entries, offset, limit, totalCount }` with `X-Total-Count`. */
export function listResponse<T>(key: string, page: ListPage<T>): Response {
  return json(
    200,
    { [key]: page.entries, offset: page.offset, limit: page.limit, totalCount: page.totalCount },
    { 'x-total-count': String(page.totalCount) },
  );
}
