import type { ApiPromise, RawResponse } from './api-promise';
import { ValidationError, type ValidationIssue } from './errors';
import { checkCallOptions } from './input/call-options';
import { showValue } from './input/show';
import { isRecord } from './internal/text';
import { type PagePromise, type PageRequest, type PageResult, paginate } from './pagination';
import type { ListQuery } from './query';
import type { RequestOptions } from './transport/transport';

/**
 * @internal The page promise of a listing that pages by `offset` (the generated `list` methods,
 * docs/decisions.md#d-generated-resources): the call settings checked first, `search` refused when the operation names
 * no search fields (docs/decisions.md#d-oneroster-search-by-fields), then `load` for each page as it is used. A bad argument
 * rejects the page promise (as a bad query does in `paginate`), so a list call never throws synchronously.
 */
export function offsetPages<T>(
  query: ListQuery | undefined,
  options: unknown,
  load: (params: PageRequest['query'], request: RequestOptions) => Promise<PageResult<T>>,
  takesNoSearch?: string,
): PagePromise<T> {
  let request: RequestOptions;
  try {
    if (takesNoSearch !== undefined && query?.search !== undefined) {
      throw new ValidationError([
        {
          path: ['search'],
          message: `is not accepted by ${takesNoSearch}; use filter with ~ (contains) on the field instead`,
        },
      ]);
    }
    request = checkCallOptions(options).request;
  } catch (error) {
    return paginate<T>(() => Promise.reject(error));
  }
  // The page's signal is `request.signal` (given below), so `request` serves every page as it is.
  return paginate<T>(({ query: params }) => load(params, request), { query, signal: request.signal });
}

/** The family's list parameters, and what to do instead on a listing that declares none of them. */
const LIST_PARAMS: Record<string, string> = {
  limit: 'the whole list comes in one response; read fewer with `for await` and `break`',
  offset: 'the whole list comes in one response; skip items with `for await` or `page.data.slice()`',
  sort: 'sort the items you read (`page.data.sort(...)`)',
  orderBy: 'sort the items you read (`page.data.sort(...)`)',
  filter: 'keep the items you want from what you read (`page.data.filter(...)`)',
  fields: 'every item comes whole; pick the members you need from it',
  search: 'it has no `x-search-fields`, so nothing is searched; match the items you read',
};

/** The problems of a list query given to a listing that declares no query parameters (empty when none). */
function wholeListQueryIssues(operation: string, document: string, query: unknown): ValidationIssue[] {
  if (query === undefined) return [];
  if (!isRecord(query)) {
    return [{ path: ['query'], message: `must be omitted: ${operation} declares no query parameters` }];
  }
  const issues: ValidationIssue[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const fix = LIST_PARAMS[key];
    issues.push({
      path: ['query', key],
      message: fix
        ? `is not accepted: ${operation} declares no query parameters (${document}); ${fix}`
        : `is not a list query member, and ${operation} declares no query parameters; omit it`,
    });
  }
  return issues;
}

/** The one page of a whole list: all of its items, and the response they came in. */
function wholeList<T>(data: T[], rawResponse: RawResponse): PageResult<T> {
  return { items: data, total: data.length, rawResponse };
}

/**
 * @internal A page promise over a listing that returns its whole list at once (its document declares no query
 * parameters, docs/decisions.md#d-platform-lists-take-no-query): one page holding every item, `total` its length, so
 * `for await` and `.toArray()` work as on any other listing and never ask for a second page. A bad query or option
 * rejects the page promise before anything is sent.
 */
export function wholeListPage<T>(
  operation: string,
  document: string,
  query: unknown,
  options: unknown,
  load: (request: RequestOptions) => ApiPromise<T[]>,
): PagePromise<T> {
  let request: RequestOptions;
  try {
    const issues = wholeListQueryIssues(operation, document, query);
    if (issues.length > 0) throw new ValidationError(issues);
    request = checkCallOptions(options).request;
  } catch (error) {
    return paginate<T>(() => Promise.reject(error));
  }
  return paginate<T>(() => load(request).withRawResponse(wholeList), { signal: request.signal });
}

/**
 * @internal The query object of a read whose parameters are all strings (`beyond.grades.get({ studentId,
 * subject })`), checked against the operation's parameters: an object, each required one a non-empty string, no
 * other member. One `ValidationError` names every problem under `query`; nothing is sent.
 */
export function checkQueryObject<Q extends Record<string, string>>(
  query: unknown,
  required: readonly (keyof Q & string)[],
  example: string,
): Q {
  if (!isRecord(query)) {
    throw new ValidationError([{ path: ['query'], message: `must be an object such as ${example}` }]);
  }
  const issues: ValidationIssue[] = [];
  for (const key of required) {
    const value = query[key];
    if (typeof value !== 'string' || value.trim() === '') {
      issues.push({
        path: ['query', key],
        message: `is required: a non-empty string (got ${showValue(value)})`,
      });
    }
  }
  const known = required.join(' and ');
  for (const key of Object.keys(query)) {
    if (!required.includes(key)) {
      issues.push({ path: ['query', key], message: `is not a parameter of this read; give ${known}` });
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  const picked: Record<string, string> = {};
  for (const key of required) picked[key] = query[key] as string;
  return picked as Q;
}
