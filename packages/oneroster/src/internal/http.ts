import {
  type ApiPromise,
  type HttpClient,
  type PagePromise,
  type PageResult,
  paginate,
  type RequestOptions,
  readTotal,
  type ValidationIssue,
  validateListQuery,
} from '@learnkit/core';
import { type OneRosterOperationId, SEARCH_FIELDS } from '../operations';
import type { OneRosterCallOptions, OneRosterListQuery } from '../types';
import { validationError } from './errors';
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

const CALL_KEYS = ['signal', 'timeoutMs', 'deadlineMs', 'retry', 'headers'] as const;

/** The per-call options of a call given none: shared, never written to (docs/decisions.md#d-i14-hot-path). */
const NO_OPTIONS: RequestOptions = Object.freeze({});

/**
 * Checks an options object (`fields` where `withFields`, plus the call settings) and returns the transport's
 * per-call options. Unknown keys are refused so that a typo (`feilds`) or a list parameter given to a single
 * read (`search`) is not silently ignored.
 */
export function callOptions(
  options: (OneRosterCallOptions & { fields?: unknown }) | undefined,
  withFields: boolean,
): { request: RequestOptions; fields: string[] | undefined } {
  if (options === undefined) return { request: NO_OPTIONS, fields: undefined };
  const issues: ValidationIssue[] = [];
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw validationError([{ path: ['options'], message: 'must be an object such as { timeoutMs: 5000 }' }]);
  }
  const request: RequestOptions = {};
  for (const key of Object.keys(options)) {
    if (key === 'fields' && withFields) continue;
    if ((CALL_KEYS as readonly string[]).includes(key)) {
      const value = (options as Record<string, unknown>)[key];
      if (value !== undefined) (request as Record<string, unknown>)[key] = value;
      continue;
    }
    const allowed = withFields ? ['fields', ...CALL_KEYS] : CALL_KEYS;
    issues.push({ path: ['options', key], message: `is not an option here; use ${allowed.join(', ')}` });
  }
  let fields: string[] | undefined;
  if (withFields && options.fields !== undefined) {
    // The same rule as list queries: a non-empty array of plain field names.
    for (const issue of validateListQuery({ fields: options.fields })) {
      issues.push({ path: ['options', ...issue.path], message: issue.message });
    }
    if (Array.isArray(options.fields)) fields = [...(options.fields as string[])];
  }
  if (issues.length > 0) throw validationError(issues);
  return { request, fields };
}

/** Refuses an id that cannot name an object (not a string, or blank) before anything is sent. */
export function checkId(id: unknown, name: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw validationError([
      {
        path: [name],
        message: `must be a non-empty sourcedId string (got ${JSON.stringify(id) ?? 'undefined'})`,
      },
    ]);
  }
  return id;
}

/** The request init of a read by `sourcedId` that takes `fields`: the id checked, then the options. */
export function getInit(
  id: unknown,
  options: (OneRosterCallOptions & { fields?: unknown }) | undefined,
): { params: { path: { sourcedId: string }; query?: { fields: string[] } }; options?: RequestOptions } {
  const sourcedId = checkId(id, 'sourcedId');
  // The common call, a read with no options, builds nothing more than its path parameters.
  if (options === undefined) return { params: { path: { sourcedId } } };
  const { request, fields } = callOptions(options, true);
  return { params: { path: { sourcedId }, ...(fields && { query: { fields } }) }, options: request };
}

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
        for (const [i, name] of names.entries()) path[name] = checkId(args[i], name);
      }
      const issue = searchIssue(spec, query);
      if (issue) throw validationError([issue]);
      request = callOptions(options, false).request;
    } catch (error) {
      return paginate<Partial<T>>(() => Promise.reject(error));
    }
    // The page's signal is `request.signal` (given below), so `request` serves every page as it is.
    return paginate<Partial<T>>(
      async ({ query: params }): Promise<PageResult<Partial<T>>> => {
        const { data, answer } = await dynamic
          .call('GET', spec.path, {
            params: path ? { path, query: params } : { query: params },
            options: request,
          })
          .withAnswer();
        return { items: data[spec.key] as Partial<T>[], total: readTotal(answer.response, data), answer };
      },
      { query, signal: request.signal },
    );
  };
}
