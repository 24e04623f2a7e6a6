import {
  type HttpClient,
  type ListQuery,
  type PagePromise,
  type PageRequest,
  type PageResult,
  paginate,
  type RequestOptions,
  type ValidationIssue,
  validateListQuery,
} from '@learnkit/core';
import type { CaseCallOptions } from '../types';
import { validationError } from './errors';
import type { paths } from './generated';

/** The core HTTP client typed with the CASE paths (the umbrella's shared client is cast to this view). */
export type CaseHttp = HttpClient<paths>;

const CALL_KEYS = ['signal', 'timeoutMs', 'deadlineMs', 'retry', 'headers'] as const;

/** The per-call options of a call given none: shared, never written to (docs/decisions.md#d-i14-hot-path). */
const NO_OPTIONS: RequestOptions = Object.freeze({});
const IDEMPOTENT: RequestOptions = Object.freeze({ idempotent: true });

/**
 * Checks an options object (`fields` where `withFields`, plus the call settings) and returns the transport's
 * per-call options. Unknown keys are refused so that a typo (`feilds`) is not silently ignored.
 */
export function callOptions(
  options: (CaseCallOptions & { fields?: unknown }) | undefined,
  extra: Pick<RequestOptions, 'idempotent'>,
  withFields: boolean,
): { request: RequestOptions; fields: string[] | undefined } {
  if (options === undefined) {
    return { request: extra.idempotent === true ? IDEMPOTENT : NO_OPTIONS, fields: undefined };
  }
  const issues: ValidationIssue[] = [];
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw validationError([{ path: ['options'], message: 'must be an object such as { timeoutMs: 5000 }' }]);
  }
  const request: RequestOptions = { ...extra };
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

/** Refuses an id that cannot name a resource (not a string, or empty) before anything is sent. */
export function checkId(id: unknown, name = 'id'): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw validationError([{ path: [name], message: 'must be a non-empty identifier string' }]);
  }
  return id;
}

/** The request init of a read by id that takes `fields` (`get`): the id checked, then the options. */
export function getInit(
  id: unknown,
  options: (CaseCallOptions & { fields?: unknown }) | undefined,
): { params: { path: { sourcedId: string }; query?: { fields: string[] } }; options?: RequestOptions } {
  const sourcedId = checkId(id);
  // The common call, a read with no options, builds nothing more than its path parameters.
  if (options === undefined) return { params: { path: { sourcedId } } };
  const { request, fields } = callOptions(options, {}, true);
  return { params: { path: { sourcedId }, ...(fields && { query: { fields } }) }, options: request };
}

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
    request = callOptions(options, {}, false).request;
  } catch (error) {
    return paginate<T>(() => Promise.reject(error));
  }
  // The page's signal is `request.signal` (given below), so `request` serves every page as it is.
  return paginate<T>(({ query: params }) => load(params, request), { query, signal: request.signal });
}
