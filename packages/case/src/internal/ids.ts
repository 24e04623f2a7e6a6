import { showValue } from '@learnkit/core';

/** A CASE identifier: any 8-4-4-4-12 hex string, whatever its version bits (docs/decisions.md#d-case-identifiers). */
const CASE_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** True for a CASE identifier (hex case as given; not lower-cased, as decision 12 requires). */
export function isCaseId(value: unknown): value is string {
  return typeof value === 'string' && CASE_ID.test(value);
}

/** The message for a value that is not a CASE identifier. */
export function notAUuid(value: unknown): string {
  return `not a uuid (expected 8-4-4-4-12 hex digits, got ${showValue(value)})`;
}

/**
 * Whether a string is an absolute URI: a scheme, then no spaces and none of the characters RFC 3986 never allows
 * unencoded. The platform refuses any other `uri` (the mock's rule, which stands for it).
 */
export function isAbsoluteUri(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]+$/i.test(value);
}
