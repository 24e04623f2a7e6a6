import {
  type ApiPromise,
  checkCallOptions,
  checkId,
  createValidationError,
  type HttpClient,
  type PagePromise,
  type PageResult,
  paginate,
  type RequestOptions,
  readTotal,
  type ValidationIssue,
} from '@learnkit/core';
import { type OneRosterOperationId, SEARCH_FIELDS } from '../operations';
import type { OneRosterCallOptions, OneRosterListQuery } from '../types';
import type { paths } from './generated';

/** The core HTTP client typed with the OneRoster paths (the umbrella's shared client is cast to this view). */
export type OneRosterHttp = HttpClient<paths>;

/**
 * The same client seen with a path chosen at run time: the listings share one loader, so the path is a value
 * of the table below rather than a literal the generated types could check at each call site.
 */
type DynamicHttp = {
  call(
    method: 'GET',
    path: string,
    init: { params: { path?: Record<string, string>; query: object }; options: RequestOptions },
  ): ApiPromise<Record<string, unknown>>;
};

/** One listing of the document: its operation, path, the member that holds the page, and its path parameters. */
export interface ListingSpec {
  /** The operationId (its `x-search-fields` say whether `search` is taken). */
  operation: OneRosterOperationId;
  /** The path as the document writes it (trailing slash included). */
  path: keyof paths & string;
  /** The member of the answer that holds the page's objects (`users`, `classes`, ...). */
  key: string;
  /** The path parameters, in the order the method takes them (`['classSourcedId']`). */
  params?: readonly string[];
}

/** Refuses `search` on a listing whose operation names no search fields (docs/decisions.md#d-i16-search). */
function searchIssue(spec: ListingSpec, query: OneRosterListQuery | undefined): ValidationIssue | undefined {
  const search = query?.search;
  if (search === undefined || SEARCH_FIELDS[spec.operation] !== undefined) return undefined;
  return {
    path: ['search'],
    message: `is not accepted by ${spec.operation}; use filter with ~ (contains) on the field instead`,
  };
}

/**
 * The list method of `spec`: path ids, then the query, then the call settings, all checked before anything is
 * sent. A bad argument rejects the page promise (as a bad query does in core's `paginate`), so a list call never
 * throws synchronously.
 */
export function listing<T>(
  http: OneRosterHttp,
  spec: ListingSpec,
): (...args: unknown[]) => PagePromise<Partial<T>> {
  const names = spec.params ?? [];
  const dynamic = http as unknown as DynamicHttp;
  return (...args: unknown[]) => {
    const query = args[names.length] as OneRosterListQuery | undefined;
    const options = args[names.length + 1] as OneRosterCallOptions | undefined;
    let request: RequestOptions;
    let path: Record<string, string> | undefined;
    try {
      if (names.length > 0) {
        path = {};
        for (const [i, name] of names.entries()) path[name] = checkId(args[i], name, 'sourcedId');
      }
      const issue = searchIssue(spec, query);
      if (issue) throw createValidationError([issue]);
      request = checkCallOptions(options).request;
    } catch (error) {
      return paginate<Partial<T>>(() => Promise.reject(error));
    }
    // The page's signal is `request.signal` (given below), so `request` serves every page as it is.
    return paginate<Partial<T>>(
      ({ query: params }): Promise<PageResult<Partial<T>>> =>
        dynamic
          .call('GET', spec.path, {
            params: path ? { path, query: params } : { query: params },
            options: request,
          })
          .withAnswer((data, answer) => ({
            items: data[spec.key] as Partial<T>[],
            total: readTotal(answer.response, data),
            answer,
          })),
      { query, signal: request.signal },
    );
  };
}
