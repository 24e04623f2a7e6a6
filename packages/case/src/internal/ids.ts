/** Whether a character code is a hex digit, either case. */
const isHex = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);

/**
 * True for a CASE identifier: any 8-4-4-4-12 hex string, whatever its version bits, hex case as given (not
 * lower-cased; docs/decisions.md#d-case-identifiers). Read character by character, not by a regular expression:
 * every id of a 100,000-item package comes here several times (docs/decisions.md#d-i12-char-checks).
 */
export function isCaseId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const code = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 45) return false;
    } else if (!isHex(code)) return false;
  }
  return true;
}

/** A short, quoted rendering of a value for an error message (long strings are cut). */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 48 ? `${value.slice(0, 45)}...` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** The message for a value that is not a CASE identifier. */
export function notAUuid(value: unknown): string {
  return `not a uuid (expected 8-4-4-4-12 hex digits, got ${show(value)})`;
}

/** Whether a character code may follow a URI scheme's first letter (`[a-z0-9+.-]`, either case). */
const isSchemeChar = (code: number): boolean =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 43 ||
  code === 45 ||
  code === 46;

/**
 * Whether a character code may not appear in a URI: white space as JavaScript's `\s` means it (Unicode's too), and
 * `" < > \ ^ \` { | }`.
 */
function isUriStop(code: number): boolean {
  if (code < 128) {
    return (
      (code >= 9 && code <= 13) ||
      code === 32 ||
      code === 34 ||
      code === 60 ||
      code === 62 ||
      code === 92 ||
      code === 94 ||
      code === 96 ||
      code === 123 ||
      code === 124 ||
      code === 125
    );
  }
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Whether a string is an absolute URI: a scheme, then no spaces and none of the characters RFC 3986 never allows
 * unencoded. The platform refuses any other `uri` (the mock's rule, which stands for it). Read character by
 * character (docs/decisions.md#d-i12-char-checks).
 */
export function isAbsoluteUri(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 3) return false;
  const first = value.charCodeAt(0);
  if (!((first >= 97 && first <= 122) || (first >= 65 && first <= 90))) return false;
  let i = 1;
  while (i < value.length && isSchemeChar(value.charCodeAt(i))) i++;
  if (i >= value.length - 1 || value.charCodeAt(i) !== 58) return false;
  for (i++; i < value.length; i++) if (isUriStop(value.charCodeAt(i))) return false;
  return true;
}
