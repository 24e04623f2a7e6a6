import type { TokenProvider } from '../auth/token-provider';
import { TimeoutError, ValidationError, type ValidationIssue } from '../errors';
import { withinDeadline } from '../internal/abort';
import { isSafeRequestId, newRequestId, REQUEST_ID_HEADER } from '../internal/request-id';
import type { Logger } from '../logger';
import type { DecidePolicy, RetryAttempt } from './decide-retry';
import type { Hooks } from './hooks';
import type { FetchLike, RequestOptions } from './options';
import { addDefaults, type DefaultHeaders, type Prepared } from './prepare';
import { type Hop, withoutBodyHeaders } from './redirect';
import { isIdempotentMethod, resolveRetry } from './retry-policy';

// One call of the transport as the steps of its loop share it: what the transport was built with, and where the
// call stands (docs/decisions.md#d-transport-steps).

export function checkMs(issues: ValidationIssue[], name: string, value: number | undefined): void {
  if (value === undefined) return;
  if (!Number.isFinite(value) || value <= 0) {
    issues.push({ path: [name], message: `must be a positive number of ms (got ${String(value)})` });
  }
}

/** The path of an absolute URL, without query or fragment (a query may carry PII; logs and errors skip it). */
export function pathOf(url: string): string {
  const scheme = url.indexOf('://');
  const start = scheme === -1 ? 0 : url.indexOf('/', scheme + 3);
  if (start === -1) return '/';
  let end = url.length;
  const q = url.indexOf('?', start);
  if (q !== -1) end = q;
  const h = url.indexOf('#', start);
  if (h !== -1 && h < end) end = h;
  return url.slice(start, end);
}

/** What a transport was built with, resolved once: every call reads it. */
export interface Settings {
  auth: TokenProvider | undefined;
  random: () => number;
  policy: DecidePolicy;
  timeoutMs: number;
  deadlineMs: number;
  log: Logger | undefined;
  hooks: Hooks | undefined;
  defaults: DefaultHeaders;
  fetch: FetchLike | undefined;
}

/**
 * One call across its attempts: its request, limits and where it stands. It is also what `decideRetry` weighs
 * (docs/decisions.md#d-retry-decision-table), so a call allocates one object for both.
 */
export interface CallState extends RetryAttempt {
  readonly req: Prepared;
  /** Shared by the attempts: fetch copies it when called, before the next attempt changes it. */
  readonly headers: Prepared['headers'];
  readonly requestId: string;
  readonly signal: AbortSignal | undefined;
  readonly policy: DecidePolicy;
  readonly timeoutMs: number;
  readonly deadlineMs: number;
  /** The caller's name of the operation, else undefined (then it is named from the request's method and path). */
  readonly operation: string | undefined;
  readonly fetch: FetchLike;
  /** The caller's redirect mode; fetch itself always gets 'manual' (docs/decisions.md#d-redirects-same-origin). */
  readonly redirectMode: RequestRedirect;
  /** The request as the caller made it: each new attempt starts from it again. */
  readonly start: Hop;
  hop: Hop;
  redirects: number;
  attempt: number;
  token: string | undefined;
}

/**
 * Checks the call's own time limits and signal before anything is read or sent; the time its deadline ends. Every
 * await of the call, from here on, ends by the deadline (docs/decisions.md#d-deadline-covers-every-await).
 */
export function startCall(call: RequestOptions | undefined, settings: Settings): number {
  if (call !== undefined && (call.timeoutMs !== undefined || call.deadlineMs !== undefined)) {
    const callIssues: ValidationIssue[] = [];
    checkMs(callIssues, 'timeoutMs', call.timeoutMs);
    checkMs(callIssues, 'deadlineMs', call.deadlineMs);
    if (callIssues.length) throw new ValidationError(callIssues);
  }
  const deadlineAt = Date.now() + (call?.deadlineMs ?? settings.deadlineMs);
  if (call?.signal?.aborted) throw call.signal.reason;
  return deadlineAt;
}

/** The state of a call whose request is read: its headers completed and its request id chosen. */
export function callState(
  settings: Settings,
  req: Prepared,
  call: RequestOptions | undefined,
  deadlineAt: number,
): CallState {
  const headers = req.headers;
  addDefaults(headers, settings.defaults);
  if (call?.headers) for (const [k, v] of new Headers(call.headers)) headers[k] = v;
  // One id per call, kept across retries, so a partner can quote one id to support
  // (docs/decisions.md#d-request-id-per-call). A caller's own id wins.
  let requestId = headers[REQUEST_ID_HEADER];
  if (requestId === undefined || !isSafeRequestId(requestId)) {
    requestId = newRequestId();
    headers[REQUEST_ID_HEADER] = requestId;
  }
  const signal = call?.signal ?? req.signal;
  if (signal?.aborted) throw signal.reason;
  const start: Hop = { url: req.url, method: req.method, body: req.body, asGet: false };
  return {
    retries: 0,
    idempotent: call?.idempotent ?? isIdempotentMethod(req.method),
    refreshed: false,
    now: 0,
    deadlineAt,
    req,
    headers,
    requestId,
    signal,
    policy:
      call?.retry === undefined
        ? settings.policy
        : { ...resolveRetry(settings.policy, call.retry), random: settings.random },
    timeoutMs: call?.timeoutMs ?? settings.timeoutMs,
    deadlineMs: call?.deadlineMs ?? settings.deadlineMs,
    operation: call?.operation,
    // Looked up per call, not captured at creation, so an MSW server started after the client intercepts.
    fetch: settings.fetch ?? globalThis.fetch,
    redirectMode: req.redirect ?? 'follow',
    start,
    hop: start,
    redirects: 0,
    attempt: 0,
    token: undefined,
  };
}

/** The operation's name in errors, logs and hooks: the caller's, else the method and path. */
export function operationOf(c: CallState): string {
  return c.operation ?? `${c.req.method} ${pathOf(c.req.url)}`;
}

/** The error of a call whose overall deadline ran out. */
export function deadlineError(c: CallState): TimeoutError {
  return new TimeoutError(operationOf(c), c.deadlineMs, 'deadline');
}

/** A token from the provider, awaited no longer than the call's deadline. */
export function tokenWithinDeadline(c: CallState, pending: Promise<string>): Promise<string> {
  return withinDeadline(pending, c.deadlineAt, c.signal, () => deadlineError(c));
}

/** A new token from the provider, on the call's signal. */
export function getToken(auth: TokenProvider, c: CallState): Promise<string> {
  return auth.getToken(c.signal ? { signal: c.signal } : undefined);
}

/** Sets the attempt's bearer token and, on a retry, its retry count. */
export function setAttemptHeaders(c: CallState): void {
  if (c.token !== undefined) c.headers.authorization = `Bearer ${c.token}`;
  if (c.attempt > 1) c.headers['x-learnkit-retry-count'] = String(c.attempt - 1);
}

/** The `fetch` init of the current hop; redirects are always handled here, never by fetch. */
export function attemptInit(c: CallState): RequestInit {
  const { hop, req } = c;
  const init: RequestInit = {
    method: hop.method,
    headers: hop.asGet ? withoutBodyHeaders(c.headers) : c.headers,
    redirect: 'manual',
  };
  if (hop.body !== undefined) init.body = hop.body;
  if (req.credentials) init.credentials = req.credentials;
  if (req.keepalive) init.keepalive = req.keepalive;
  return init;
}
