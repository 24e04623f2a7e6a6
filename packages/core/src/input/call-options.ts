import type { ValidationIssue } from '../errors/validation';
import { isRecord } from '../internal/text';
import { validateListQuery } from '../query';
import type { RequestOptions } from '../transport/transport';
import { showValue } from './show';
import { createValidationError } from './validation-error';

/** @internal The per-call settings every client method takes, besides its own (`fields` on reads). */
export const CALL_OPTION_KEYS = ['signal', 'timeoutMs', 'deadlineMs', 'retry', 'headers'] as const;

/** The per-call options of a call given none: shared, never written to (docs/decisions.md#d-no-options-no-allocation). */
const NO_OPTIONS: RequestOptions = Object.freeze({});
const IDEMPOTENT: RequestOptions = Object.freeze({ idempotent: true });

/** @internal What {@link checkCallOptions} is told about the method. */
export interface CallOptionsRules {
  /** The method takes `fields` (a read that can narrow its response). */
  fields?: boolean;
  /** The operation is safe to retry whatever its method (docs/decisions.md#d-retries). */
  idempotent?: boolean;
}

/**
 * @internal Checks a method's options object (`fields` where the method takes it, plus the call settings) and
 * returns the transport's per-call options and the fields. Unknown keys are refused, so that a typo (`feilds`,
 * `timeout`) or a list parameter given to a single read (`search`) is not silently ignored.
 */
export function checkCallOptions(
  options: unknown,
  rules: CallOptionsRules = {},
): { request: RequestOptions; fields: string[] | undefined } {
  if (options === undefined)
    return { request: rules.idempotent ? IDEMPOTENT : NO_OPTIONS, fields: undefined };
  if (!isRecord(options)) {
    throw createValidationError([
      { path: ['options'], message: 'must be an object such as { timeoutMs: 5000 }' },
    ]);
  }
  const issues: ValidationIssue[] = [];
  const request: RequestOptions = rules.idempotent ? { idempotent: true } : {};
  for (const [key, value] of Object.entries(options)) {
    if (key === 'fields' && rules.fields) continue;
    if ((CALL_OPTION_KEYS as readonly string[]).includes(key)) {
      if (value !== undefined) (request as Record<string, unknown>)[key] = value;
      continue;
    }
    const allowed = rules.fields ? ['fields', ...CALL_OPTION_KEYS] : CALL_OPTION_KEYS;
    issues.push({ path: ['options', key], message: `is not an option here; use ${allowed.join(', ')}` });
  }
  let fields: string[] | undefined;
  if (rules.fields && options.fields !== undefined) {
    // The same rule as list queries: a non-empty array of plain field names.
    for (const issue of validateListQuery({ fields: options.fields })) {
      issues.push({ path: ['options', ...issue.path], message: issue.message });
    }
    if (Array.isArray(options.fields)) fields = [...(options.fields as string[])];
  }
  if (issues.length > 0) throw createValidationError(issues);
  return { request, fields };
}

/**
 * @internal Refuses an id that cannot name a resource (not a string, or blank) before anything is sent: `name` is
 * the argument's name in the message, `noun` what the id is (`identifier`, `sourcedId`). Any other text is sent
 * percent-encoded as one path segment (`/` and `?` included), except `.` and `..`, which a URL reads as a step of
 * the path itself, whatever their encoding: those are refused (docs/decisions.md#d-oneroster-path-ids).
 */
export function checkId(id: unknown, name: string, noun = 'identifier'): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw createValidationError([
      { path: [name], message: `must be a non-empty ${noun} string (got ${showValue(id)})` },
    ]);
  }
  if (id === '.' || id === '..') {
    throw createValidationError([
      {
        path: [name],
        message: `is ${showValue(id)}, which a URL reads as a step of the path, not as a ${noun}; no object can have it`,
      },
    ]);
  }
  return id;
}

/** @internal The request init of a read by id: the path parameter `sourcedId`, and `fields` when given. */
export interface GetByIdInit {
  params: { path: { sourcedId: string }; query?: { fields: string[] } };
  options?: RequestOptions;
}

/**
 * @internal The request init of a read by `sourcedId` that takes `fields` (a `get`): the id checked (as `name`,
 * a `noun`, see {@link checkId}), then the options.
 */
export function getByIdInit(id: unknown, options: unknown, name: string, noun?: string): GetByIdInit {
  const sourcedId = checkId(id, name, noun);
  // The common call, a read with no options, builds nothing more than its path parameters.
  if (options === undefined) return { params: { path: { sourcedId } } };
  const { request, fields } = checkCallOptions(options, { fields: true });
  return { params: { path: { sourcedId }, ...(fields && { query: { fields } }) }, options: request };
}
