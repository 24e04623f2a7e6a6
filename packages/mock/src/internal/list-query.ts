import type { ListQueryParams } from '@learnkit/core/internal';
import { matchesFilter, parseFilter, scalarOf } from './filter.js';
import { badRequest } from './http-error.js';

/** The `fields` of a query that the listing knows; unknown names are ignored, as OneRoster specifies. */
export function selectedFields(query: ListQueryParams, known: readonly string[]): string[] | undefined {
  const wanted = query.fields?.map((field) => field.trim()).filter((field) => known.includes(field));
  return wanted && wanted.length > 0 ? wanted : undefined;
}

/** Keeps only `fields` of an object (all of it when no selection is given). */
export function project<T extends object>(record: T, fields: readonly string[] | undefined): Partial<T> {
  if (!fields) return record;
  const out: Partial<T> = {};
  for (const field of fields)
    if (field in record) (out as Record<string, unknown>)[field] = (record as Record<string, unknown>)[field];
  return out;
}

/** `rows` ordered by `field` (absent values last); the sort is stable, so equal keys keep their stored order. */
function sortedBy<T extends object>(rows: readonly T[], field: string, direction: 1 | -1): T[] {
  // Each key is computed once, not once per comparison: the filter's comparable value, booleans as text.
  const keyed = rows.map((row) => {
    const key = scalarOf((row as Record<string, unknown>)[field]) ?? undefined;
    return { row, key: typeof key === 'boolean' ? String(key) : key };
  });
  keyed.sort(({ key: left }, { key: right }) => {
    if (left === right) return 0;
    if (left === undefined) return 1;
    if (right === undefined) return -1;
    return (left < right ? -1 : 1) * direction;
  });
  return keyed.map(({ row }) => row);
}

/**
 * Applies the family's list parameters (limit, offset, sort, orderBy, filter, fields, search) to `records`: one
 * page, and what the response reports of it. `spec` is what the listing allows, from the documents' operation table:
 * the fields of its objects, and the only fields `search` looks in (docs/decisions.md#d-search-fields). One
 * implementation serves CASE and OneRoster; a sort or filter naming an unknown field is a 400.
 */
export function listQuery<T extends object, V extends object = T>(
  stored: readonly T[],
  query: ListQueryParams,
  spec: { fields: readonly string[]; searchFields: readonly string[]; view?: (record: T) => V },
) {
  // Types, limits and defaults are the documents' (read before the handler ran); the fields are checked here.
  const { offset = 0, orderBy } = query;
  const sort = query.sort ?? (orderBy !== undefined ? 'sourcedId' : null);
  if (sort !== null && !spec.fields.includes(sort))
    throw badRequest(`cannot sort by unknown field "${sort}"`);

  const filter = query.filter === undefined ? undefined : parseFilter(query.filter, spec.fields);
  const search = query.search?.trim().toLowerCase();
  // Records kept in another shape than their response (`view` makes it) are viewed whole only when a filter, search or
  // sort reads their members; a plain page views its own records only.
  const view = spec.view;
  const records: readonly object[] = view && (filter || search || sort !== null) ? stored.map(view) : stored;

  // Without a filter or a search every record stays: page the records as they are, without a copy.
  let rows: readonly object[] =
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
  const limit = query.limit ?? rows.length;
  const paged = rows.slice(offset, offset + limit);
  const viewed = view && records === stored ? paged.map((row) => view(row as T)) : paged;
  const entries = viewed.map((row) => project(row as V, fields));
  return { entries, totalCount: rows.length, offset, limit };
}
