import { ValidationError } from '../errors';
import type { ValidationIssue } from '../errors/validation';
import { filterFieldNames, isFilter } from '../query';

/**
 * The platform's own families, which follow its OneRoster 1.1 listing conventions: at most 2 predicates per filter,
 * and never `AND` with `OR` (docs/decisions.md#d-platform-filter-limits). OneRoster 1.2 and CASE keep their rules.
 */
const LIMITED_FAMILIES = ['/rostering/1.0', '/applications/1.0', '/insights/1.0'] as const;

/** The most predicates one filter of those families may hold. */
export const PLATFORM_FILTER_MAX_PREDICATES = 2;

// Quoted values may hold anything but a quote, " AND " included: they are blanked before the joiners are counted.
const QUOTED = /'[^']*'/g;
const JOINER = /\s(AND|OR)\s/g;

/** The family of `path` whose filter limits apply, or undefined. */
function limitedFamily(path: string): string | undefined {
  return LIMITED_FAMILIES.find((family) => path === family || path.startsWith(`${family}/`));
}

/** The fields a filter names, for a message that does not repeat its values (they may be personal data). */
function named(text: string): string {
  const fields = filterFieldNames(text);
  return fields ? ` (on ${fields.join(', ')})` : '';
}

/**
 * @internal The problem of a `filter` sent to `path` under the platform's limits, else undefined: a filter of
 * `/rostering/1.0`, `/applications/1.0` or `/insights/1.0` with a third predicate, or with `AND` and `OR` mixed.
 * Other paths, and values that are not filters (the listing's own checks refuse those), have none.
 *
 * @example
 * platformFilterIssue('/rostering/1.0/users', "status='active' AND role='student' AND grade='09'")
 * // { path: ['filter'], message: 'has 3 predicates (on status, role, grade); /rostering/1.0 takes at most 2 ...' }
 */
export function platformFilterIssue(path: string, filter: unknown): ValidationIssue | undefined {
  const family = limitedFamily(path);
  if (family === undefined) return undefined;
  const text = isFilter(filter) ? String(filter) : typeof filter === 'string' ? filter : undefined;
  if (text === undefined) return undefined;
  const joiners = [...text.replace(QUOTED, "''").matchAll(JOINER)].map((match) => match[1]);
  if (joiners.includes('AND') && joiners.includes('OR')) {
    return {
      path: ['filter'],
      message: `mixes AND with OR${named(text)}, which ${family} refuses (its listings never mix them in one filter): use only AND or only OR, at most ${PLATFORM_FILTER_MAX_PREDICATES} predicates, and run a second query for the other part`,
    };
  }
  const predicates = joiners.length + 1;
  if (predicates > PLATFORM_FILTER_MAX_PREDICATES) {
    return {
      path: ['filter'],
      message: `has ${predicates} predicates${named(text)}; ${family} takes at most ${PLATFORM_FILTER_MAX_PREDICATES} per filter: keep the ${PLATFORM_FILTER_MAX_PREDICATES} that narrow the list most and keep the items you want from what you read, or run separate queries`,
    };
  }
  return undefined;
}

/** @internal {@link platformFilterIssue} as the error a call is refused with, else undefined. */
export function platformFilterError(path: string, filter: unknown): ValidationError | undefined {
  const issue = platformFilterIssue(path, filter);
  return issue === undefined ? undefined : new ValidationError([issue]);
}
