import { type ListQuery, paginate, type RequestOptions } from '@learnkit/core';
import {
  createValidationError,
  isRecord,
  offsetPages,
  type PagePromise,
  type PageRequest,
  type PageResult,
} from '@learnkit/core/internal';

/** The largest page the platform's `/rostering/1.0`, `/applications/1.0` and insights listings give. */
export const PLATFORM_MAX_LIMIT = 100;

/** The query members these listings declare (getting-started/oneroster-api-conventions). */
const DECLARED = new Set(['limit', 'offset', 'filter']);

/** What the generated call sends: the page's `limit` and `offset`, and the filter when one was given. */
export type PlatformPageParams = { limit: number; offset: number; filter?: string };

/** The problems of a platform list query, each naming the member and the fix (empty when it is fine). */
function platformQueryIssues(operation: string, query: unknown) {
  if (!isRecord(query)) return [];
  const issues: { path: string[]; message: string }[] = [];
  const limit = query.limit;
  if (
    limit !== undefined &&
    (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > PLATFORM_MAX_LIMIT)
  ) {
    issues.push({
      path: ['query', 'limit'],
      message: `must be a whole number in the range 1-${PLATFORM_MAX_LIMIT} for ${operation} (the platform pages these listings by at most ${PLATFORM_MAX_LIMIT}; got ${String(limit)}); leave it out to read 100 a page`,
    });
  }
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || DECLARED.has(key)) continue;
    issues.push({
      path: ['query', key],
      message: `is not accepted by ${operation}, which takes only limit, offset and filter; pick or sort the items you read instead`,
    });
  }
  return issues;
}

/**
 * The page promise of a platform listing that pages (docs/decisions.md#d-platform-paging): 100 a page unless
 * `limit` says, a `limit` outside 1-100 or a member the listing does not declare refused before anything is sent,
 * then core's paging by offset, reading `total` from the response's body.
 */
export function platformPages<T>(
  operation: string,
  query: ListQuery | undefined,
  options: unknown,
  load: (params: PlatformPageParams, request: RequestOptions) => Promise<PageResult<T>>,
): PagePromise<T> {
  const issues = platformQueryIssues(operation, query);
  if (issues.length > 0) {
    const error = createValidationError(issues, 'Invalid list query');
    return paginate<T>(() => Promise.reject(error));
  }
  return offsetPages(query, options, (params: PageRequest['query'], request) => {
    const sent: PlatformPageParams = { limit: params.limit, offset: params.offset };
    if (params.filter !== undefined) sent.filter = params.filter;
    return load(sent, request);
  });
}

/** The `total` member of a platform list response, when it is a count (undefined otherwise: the walk then goes on while pages are full). */
export function totalOf(data: unknown): number | undefined {
  const total = isRecord(data) ? data.total : undefined;
  return typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : undefined;
}
