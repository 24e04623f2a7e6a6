import { type ListQuery, paginate, type RequestOptions } from '@learnkit/core';
import {
  createValidationError,
  offsetPages,
  type PagePromise,
  type PageRequest,
  type PageResult,
  queryFieldIssues,
} from '@learnkit/core/internal';
import { onerosterSchemas } from './generated';
import { nounOf } from './write';

// `an assessment result`, `a user`: nouns starting with a vowel sound take `an` (none of them starts with u).
const article = (noun: string) => (/^[aeio]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** The members of a component schema of openapi/oneroster.yaml, read from the generated JSON Schemas. */
function fieldsOf(schema: string): readonly string[] {
  const properties = (onerosterSchemas[schema] as { properties?: object } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/**
 * The page promise of a OneRoster listing (the generated `list` methods): `sort` and the fields of `filter` must be
 * members of the listed object (`schema`, its component schema in openapi/oneroster.yaml), or the page promise
 * rejects with a `ValidationError` naming the fields the object has, before anything is sent
 * (docs/decisions.md#d-oneroster-query-fields); then core's paging by offset.
 */
export function rosterPages<T>(
  schema: string,
  query: ListQuery | undefined,
  options: unknown,
  load: (params: PageRequest['query'], request: RequestOptions) => Promise<PageResult<T>>,
  takesNoSearch?: string,
): PagePromise<T> {
  const issues = queryFieldIssues(query, fieldsOf(schema), article(nounOf(schema)));
  if (issues.length > 0) {
    const error = createValidationError(issues, 'Invalid list query');
    return paginate<T>(() => Promise.reject(error));
  }
  return offsetPages(query, options, load, takesNoSearch);
}
