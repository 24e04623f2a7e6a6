import { ValidationError, type ValidationIssue } from './errors';

/** A value a filter condition compares with. Dates are sent as ISO 8601. */
export type FilterValue = string | number | boolean | Date;

const FILTER = Symbol.for('learnkit.filter');

/**
 * A filter built with {@link where}, {@link and} and {@link or}; `String(filter)` is the wire form, e.g.
 * `status='active' AND dateLastModified>'2024-01-01'`.
 */
export interface Filter {
  /** Brand `Symbol.for('learnkit.filter')`, checked by `isFilter` (works across package copies). */
  readonly [FILTER]: true;
  /** `condition` for one comparison, `and` / `or` for a combination. */
  readonly kind: 'condition' | 'and' | 'or';
  /** The conditions combined (a condition holds itself). */
  readonly parts: readonly string[];
  /** The wire form: the parts joined with ` AND ` or ` OR `, e.g. `status='active' AND grade='09'`. */
  toString(): string;
}

function makeFilter(kind: Filter['kind'], parts: readonly string[]): Filter {
  const text = kind === 'or' ? parts.join(' OR ') : parts.join(' AND ');
  return Object.freeze({
    [FILTER]: true as const,
    kind,
    parts: Object.freeze([...parts]),
    toString: () => text,
  });
}

/** True for a filter built by this module (or another copy of it). */
export function isFilter(value: unknown): value is Filter {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[FILTER] === true;
}

// Plain field names only: the family states that filtering on nested relations is unsupported.
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
// C0 controls and DEL, plus the line/paragraph separators some parsers treat as newlines.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;
// The grammar has no escape for a quote, and a server that splits the expression on its joiners would
// cut a value containing one; neither can be quoted safely.
const JOINER = /\s(AND|OR)\s/;

function checkField(field: unknown, path: string[]): string {
  if (typeof field !== 'string' || !FIELD.test(field)) {
    throw new ValidationError([
      {
        path,
        message: `${JSON.stringify(field)} is not a field name: use letters, digits and _ only (filtering on nested relations is unsupported)`,
      },
    ]);
  }
  return field;
}

function quoteable(field: string, value: FilterValue, inList: boolean): string {
  let text: string;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new ValidationError([{ path: ['filter', field], message: 'is an invalid Date' }]);
    }
    text = value.toISOString();
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new ValidationError([{ path: ['filter', field], message: `cannot compare with ${value}` }]);
    }
    text = String(value);
  } else if (typeof value === 'boolean') {
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    throw new ValidationError([
      { path: ['filter', field], message: `must be a string, number, boolean or Date (got ${typeof value})` },
    ]);
  }
  const problem = text.includes("'")
    ? 'contains a single quote, which the filter syntax cannot escape; filter on a fragment without it with where.contains'
    : CONTROL.test(text)
      ? 'contains a control character (newline, tab, ...), which cannot be sent in a filter; strip it'
      : JOINER.test(text)
        ? "contains ' AND ' or ' OR ', which the platform would read as a second condition; filter on a fragment with where.contains"
        : inList && text.includes(',')
          ? 'contains a comma, which separates the items of an in-list; filter that value with where.eq instead'
          : undefined;
  if (problem) throw new ValidationError([{ path: ['filter', field], message: `value ${problem}` }]);
  return text;
}

function condition(op: string) {
  return (field: string, value: FilterValue): Filter => {
    const name = checkField(field, ['filter', String(field)]);
    return makeFilter('condition', [`${name}${op}'${quoteable(name, value, false)}'`]);
  };
}

/**
 * Conditions of the filter grammar `<field><operator>'<value>'`. Every value is quoted; one that cannot be
 * quoted safely (a `'`, a control character, `AND`/`OR` between spaces, a `,` inside an `in` list) is a
 * `ValidationError` naming the field.
 *
 * @example
 * where.eq('status', 'active')                 // status='active'
 * where.contains('title', 'algebra')           // title~'algebra'
 * where.gte('dateLastModified', new Date(0))   // dateLastModified>='1970-01-01T00:00:00.000Z'
 * where.in('grade', ['09', '10'])              // grade@'09,10'
 */
export const where = /* @__PURE__ */ Object.freeze({
  /** `field='value'` (exact). */
  eq: condition('='),
  /** `field!='value'`. */
  ne: condition('!='),
  /** `field~'value'` (contains, case-insensitive). */
  contains: condition('~'),
  /** `field>'value'`. */
  gt: condition('>'),
  /** `field>='value'`. */
  gte: condition('>='),
  /** `field<'value'`. */
  lt: condition('<'),
  /** `field<='value'`. */
  lte: condition('<='),
  /** `field@'a,b,c'` (one of a comma-separated list). */
  in(field: string, values: readonly FilterValue[]): Filter {
    const name = checkField(field, ['filter', String(field)]);
    if (!Array.isArray(values) || values.length === 0) {
      throw new ValidationError([{ path: ['filter', name], message: 'where.in needs at least one value' }]);
    }
    return makeFilter('condition', [`${name}@'${values.map((v) => quoteable(name, v, true)).join(',')}'`]);
  },
});

type FilterPart = Filter | undefined | null | false;

/*
 * Mixing AND and OR: the family's grammar joins conditions with AND and OR but has no parentheses and
 * states no precedence, so `a AND b OR c` would mean whatever the server decides. `and()` therefore
 * accepts conditions and other `and()`s (flattened), `or()` conditions and other `or()`s, and nesting one
 * inside the other is a ValidationError that says so. Falsy parts are skipped, for conditional filters.
 */
function combine(kind: 'and' | 'or', parts: FilterPart[]): Filter {
  const out: string[] = [];
  for (const part of parts) {
    if (part === undefined || part === null || part === false) continue;
    if (!isFilter(part)) {
      throw new ValidationError([
        { path: ['filter'], message: `${kind}() takes filters built with where.*, and() or or()` },
      ]);
    }
    if (part.kind !== 'condition' && part.kind !== kind && part.parts.length > 1) {
      throw new ValidationError([
        {
          path: ['filter'],
          message: `cannot nest ${part.kind}() inside ${kind}(): the filter syntax has no parentheses, so mixed AND/OR has no defined precedence; run separate queries or filter the results`,
        },
      ]);
    }
    out.push(...part.parts);
  }
  if (out.length === 0) {
    throw new ValidationError([{ path: ['filter'], message: `${kind}() needs at least one condition` }]);
  }
  return makeFilter(out.length === 1 ? 'condition' : kind, out);
}

/**
 * All conditions: joined with ` AND `.
 *
 * @example
 * and(where.eq('status', 'active'), where.gt('dateLastModified', '2024-01-01'))
 */
export function and(...parts: FilterPart[]): Filter {
  return combine('and', parts);
}

/**
 * Any condition: joined with ` OR `.
 *
 * @example
 * or(where.eq('CFItemType', 'Standard'), where.eq('CFItemType', 'Domain'))
 */
export function or(...parts: FilterPart[]): Filter {
  return combine('or', parts);
}

/** The list query of the API family. */
export interface ListQuery {
  /** Page size, 1..3000 (the platform's default is 100). */
  limit?: number | undefined;
  /** Items to skip, >= 0. */
  offset?: number | undefined;
  /** Field to sort by. */
  sort?: string | undefined;
  /** `asc` or `desc`. */
  orderBy?: 'asc' | 'desc' | undefined;
  /** A filter built with `where`/`and`/`or`, or a filter string passed as is. */
  filter?: string | Filter | undefined;
  /** Fields to return (sent comma-joined). */
  fields?: readonly string[] | undefined;
  /** Free-text search (where the endpoint supports it). */
  search?: string | undefined;
}

/**
 * {@link ListQuery} checked and ready for openapi-fetch's `params.query`. `fields` stays a list, matching the
 * OpenAPI documents (`style: form, explode: false`): the client built by `createHttpClient` sends it
 * comma-joined (`fields=sourcedId,title`).
 */
export interface ListQueryParams {
  /** Page size, 1..3000; absent, the platform's default of 100 applies. */
  limit?: number;
  /** Items to skip, >= 0. */
  offset?: number;
  /** Field to sort by (a plain field name). */
  sort?: string;
  /** Sort direction of `sort`. */
  orderBy?: 'asc' | 'desc';
  /** The filter in wire form (a built {@link Filter} already turned into its string). */
  filter?: string;
  /** Fields to return; sent comma-joined (`fields=sourcedId,title`). */
  fields?: string[];
  /** Free-text search (where the endpoint supports it). */
  search?: string;
}

/** The platform refuses pages above this size. */
export const MAX_LIMIT = 3000;

const KEYS = ['limit', 'offset', 'sort', 'orderBy', 'filter', 'fields', 'search'];

function closest(key: string): string | undefined {
  const k = key.toLowerCase();
  return KEYS.find((c) => c.toLowerCase() === k || c.toLowerCase().startsWith(k.slice(0, 3)));
}

/**
 * The problems of `query` (empty when it is valid), each naming the field and the fix.
 *
 * @example
 * validateListQuery({ limit: 5000 }) // [{ path: ['limit'], message: 'must be a whole number from 1 to 3000 ...' }]
 */
export function validateListQuery(query: unknown): ValidationIssue[] {
  if (query === undefined) return [];
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    return [{ path: [], message: 'the list query must be an object such as { limit: 100 }' }];
  }
  const q = query as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(q)) {
    if (!KEYS.includes(key)) {
      const hint = closest(key);
      issues.push({
        path: [key],
        message: `is not a list query parameter${hint ? ` (did you mean ${hint}?)` : ''}; use ${KEYS.join(', ')}`,
      });
    }
  }
  const { limit, offset, sort, orderBy, filter, fields, search } = q;
  if (
    limit !== undefined &&
    !(Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= MAX_LIMIT)
  ) {
    issues.push({
      path: ['limit'],
      message: `must be a whole number from 1 to ${MAX_LIMIT} (got ${String(limit)}); omit it for the default of 100, and let the SDK walk the pages for more`,
    });
  }
  if (offset !== undefined && !(Number.isInteger(offset) && (offset as number) >= 0)) {
    issues.push({ path: ['offset'], message: `must be a whole number >= 0 (got ${String(offset)})` });
  }
  if (sort !== undefined && (typeof sort !== 'string' || !FIELD.test(sort))) {
    issues.push({ path: ['sort'], message: `must be a field name (got ${JSON.stringify(sort)})` });
  }
  if (orderBy !== undefined && orderBy !== 'asc' && orderBy !== 'desc') {
    issues.push({ path: ['orderBy'], message: `must be 'asc' or 'desc' (got ${JSON.stringify(orderBy)})` });
  }
  if (filter !== undefined && !isFilter(filter)) {
    if (typeof filter !== 'string' || filter.trim() === '') {
      issues.push({
        path: ['filter'],
        message: "must be a filter built with where/and/or, or a non-empty string such as status='active'",
      });
    } else if (CONTROL.test(filter)) {
      issues.push({
        path: ['filter'],
        message: 'contains a control character (newline, tab, ...); remove it',
      });
    }
  }
  if (fields !== undefined) {
    if (!Array.isArray(fields) || fields.length === 0) {
      issues.push({
        path: ['fields'],
        message: "must be a non-empty array of field names, e.g. ['sourcedId', 'title']",
      });
    } else {
      fields.forEach((f, i) => {
        if (typeof f !== 'string' || !FIELD.test(f)) {
          issues.push({ path: ['fields', i], message: `must be a field name (got ${JSON.stringify(f)})` });
        }
      });
    }
  }
  if (search !== undefined && typeof search !== 'string') {
    issues.push({ path: ['search'], message: 'must be a string' });
  }
  return issues;
}

/**
 * `query` checked and serialized for `params.query`: a built filter becomes its string, `fields` a list the
 * client sends comma-joined. Throws `ValidationError` naming each bad field before anything is sent.
 *
 * @example
 * toListQuery({ limit: 500, fields: ['sourcedId', 'title'], filter: where.eq('status', 'active') })
 * // { limit: 500, fields: ['sourcedId', 'title'], filter: "status='active'" }  -> ?limit=500&fields=sourcedId,title&...
 */
export function toListQuery(query: ListQuery | undefined): ListQueryParams {
  const issues = validateListQuery(query);
  if (issues.length) throw new ValidationError(issues);
  const out: ListQueryParams = {};
  if (!query) return out;
  if (query.limit !== undefined) out.limit = query.limit;
  if (query.offset !== undefined) out.offset = query.offset;
  if (query.sort !== undefined) out.sort = query.sort;
  if (query.orderBy !== undefined) out.orderBy = query.orderBy;
  if (query.filter !== undefined) out.filter = String(query.filter);
  if (query.fields !== undefined) out.fields = [...query.fields];
  if (query.search !== undefined) out.search = query.search;
  return out;
}

// The grammar of a filter as the family states it: `<field><operator><value>`, values quoted (no escape) or running to
// the next space, conditions joined by ` AND ` and ` OR `.
const CONDITION = /\s*([A-Za-z_$][\w.$]*)\s*(?:>=|<=|!=|=|~|>|<|@)\s*(?:'[^']*'|[^\s']+)\s*/y;
const JOIN = /(AND|OR)(?=\s)/y;

/**
 * @internal The field names a filter's conditions name, in order, or `undefined` when the text does not read as the
 * family's grammar (the platform then says what is wrong with it).
 *
 * @example
 * filterFieldNames("status='active' AND email~'@maple'") // ['status', 'email']
 */
export function filterFieldNames(filter: string | Filter): string[] | undefined {
  const text = String(filter);
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    CONDITION.lastIndex = at;
    const condition = CONDITION.exec(text);
    if (!condition) return undefined;
    fields.push(condition[1] as string);
    at = CONDITION.lastIndex;
    if (at === text.length) return fields;
    JOIN.lastIndex = at;
    if (!JOIN.exec(text)) return undefined;
    at = JOIN.lastIndex;
  }
}

/**
 * @internal The problems of a list query's `sort` and `filter` that name a field the listed object does not have
 * (`fields`, its members), each naming the fields it has; empty when they name only known fields. A query the
 * family's checks refuse anyway (not an object, a malformed filter) is left to them. `fields` itself is not
 * checked: OneRoster ignores an unknown name there (docs/decisions.md#d-oneroster-query-fields).
 *
 * @example
 * queryFieldIssues({ sort: 'colour' }, ['sourcedId', 'title'], 'a class')
 * // [{ path: ['sort'], message: '"colour" is not a field of a class; sort by one of sourcedId, title' }]
 */
export function queryFieldIssues(query: unknown, fields: readonly string[], noun: string): ValidationIssue[] {
  if (typeof query !== 'object' || query === null) return [];
  const { sort, filter } = query as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  const known = fields.join(', ');
  if (typeof sort === 'string' && FIELD.test(sort) && !fields.includes(sort)) {
    issues.push({ path: ['sort'], message: `"${sort}" is not a field of ${noun}; sort by one of ${known}` });
  }
  if (typeof filter === 'string' || isFilter(filter)) {
    const unknown = [...new Set(filterFieldNames(filter) ?? [])].filter((field) => !fields.includes(field));
    for (const field of unknown) {
      issues.push({
        path: ['filter'],
        message: `names "${field}", which is not a field of ${noun}; filter on one of ${known}`,
      });
    }
  }
  return issues;
}
