import {
  checkCallOptions,
  type HttpClient,
  type ListQuery,
  type PagePromise,
  type PageRequest,
  type PageResult,
  paginate,
  type RequestOptions,
} from '@learnkit/core';
import type { CaseCallOptions } from '../types';
import type { paths } from './generated';

/** The core HTTP client typed with the CASE paths (the umbrella's shared client is cast to this view). */
export type CaseHttp = HttpClient<paths>;

/**
 * A page promise over `load`, with the call settings checked first. A bad option rejects the page promise
 * (as a bad query does in core's `paginate`) rather than throwing, so `list()` never throws synchronously.
 */
export function paged<T>(
  query: ListQuery | undefined,
  options: CaseCallOptions | undefined,
  load: (params: PageRequest['query'], request: RequestOptions) => Promise<PageResult<T>>,
): PagePromise<T> {
  let request: RequestOptions;
  try {
    request = checkCallOptions(options).request;
  } catch (error) {
    return paginate<T>(() => Promise.reject(error));
  }
  // The page's signal is `request.signal` (given below), so `request` serves every page as it is.
  return paginate<T>(({ query: params }) => load(params, request), { query, signal: request.signal });
}
