import {
  type ApiPromise,
  checkCallOptions,
  type HttpClient,
  isRecord,
  type PagePromise,
  type PageResult,
  paginate,
  type RawAnswer,
  type RequestOptions,
  ValidationError,
  type ValidationIssue,
} from '@learnkit/core';
import type { PlatformCallOptions } from '../types';
import type { paths } from './generated';

/** The core HTTP client typed with the platform paths (the umbrella's shared client is cast to this view). */
export type PlatformHttp = HttpClient<paths>;

/** The family's list parameters (docs/decisions.md#d-i16-platform-lists): none is declared by these listings. */
const LIST_PARAMS: Record<string, string> = {
  limit: 'the whole list comes in one answer; read fewer with `for await` and `break`',
  offset: 'the whole list comes in one answer; skip items with `for await` or `page.data.slice()`',
  sort: 'sort the items you read (`page.data.sort(...)`)',
  orderBy: 'sort the items you read (`page.data.sort(...)`)',
  filter: 'keep the items you want from what you read (`page.data.filter(...)`)',
  fields: 'every item comes whole; pick the members you need from it',
  search: 'it has no `x-search-fields`, so nothing is searched; match the items you read',
};

/** The problems of a list query given to a listing that declares no query parameters (empty when none). */
function queryIssues(operation: string, query: unknown): ValidationIssue[] {
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
        ? `is not accepted: ${operation} declares no query parameters (openapi/platform.yaml); ${fix}`
        : `is not a list query member, and ${operation} declares no query parameters; omit it`,
    });
  }
  return issues;
}

/** The one page of a whole list: all of its items, and the answer they came in. */
function wholeList<T>(data: T[], answer: RawAnswer): PageResult<T> {
  return { items: data, total: data.length, answer };
}

/**
 * A page promise over a listing that answers its whole list at once (openapi/platform.yaml declares no query
 * parameters on these, docs/decisions.md#d-i16-platform-lists): one page holding every item, `total` its
 * length, so `for await` and `.toArray()` work as on any other listing and never ask for a second page. A bad
 * query or option rejects the page promise before anything is sent (as a bad query does in core's `paginate`).
 */
export function listAll<T>(
  operation: string,
  query: unknown,
  options: PlatformCallOptions | undefined,
  load: (request: RequestOptions) => ApiPromise<T[]>,
): PagePromise<T> {
  let request: RequestOptions;
  try {
    const issues = queryIssues(operation, query);
    if (issues.length > 0) throw new ValidationError(issues);
    request = checkCallOptions(options).request;
  } catch (error) {
    return paginate<T>(() => Promise.reject(error));
  }
  return paginate<T>(() => load(request).withAnswer(wholeList), { signal: request.signal });
}
