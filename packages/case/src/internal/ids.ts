import { showValue } from '@learnkit/core/internal';

/** 1 for the character codes of hex digits, either case. */
const HEX = new Uint8Array(128);
for (const digit of '0123456789abcdefABCDEF') HEX[digit.charCodeAt(0)] = 1;

/** Whether the characters of `text` from `start` to `end` are all hex digits. */
function hexRun(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code > 127 || HEX[code] === 0) return false;
  }
  return true;
}

/**
 * True for a CASE identifier: any 8-4-4-4-12 hex string, whatever its version bits, hex case as given (not
 * lower-cased; docs/decisions.md#d-case-identifiers). Read character by character, not by a regular expression:
 * every id of a 100,000-item package comes here several times (docs/decisions.md#d-case-char-checks).
 */
export function isCaseId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length === 36 &&
    value.charCodeAt(8) === 45 &&
    value.charCodeAt(13) === 45 &&
    value.charCodeAt(18) === 45 &&
    value.charCodeAt(23) === 45 &&
    hexRun(value, 0, 8) &&
    hexRun(value, 9, 13) &&
    hexRun(value, 14, 18) &&
    hexRun(value, 19, 23) &&
    hexRun(value, 24, 36)
  );
}

/** The message for a value that is not a CASE identifier. */
export function notAUuid(value: unknown): string {
  return `not a uuid (expected 8-4-4-4-12 hex digits, got ${showValue(value)})`;
}

// Both letter cases spelled out: the `i` flag made each test dearer (test/ids.test.ts holds the two equal).
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s"<>\\^`{|}]+$/;

/**
 * Whether a string is an absolute URI: a scheme, then no spaces and none of the characters RFC 3986 never allows
 * unencoded. The platform refuses any other `uri` (the mock's rule, which stands for it). A regular expression
 * still: for a string of 70 characters it beats a loop over character codes (docs/decisions.md#d-case-char-checks).
 */
export function isAbsoluteUri(value: unknown): value is string {
  return typeof value === 'string' && ABSOLUTE_URI.test(value);
}
