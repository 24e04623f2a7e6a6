// What the platform accepts from one request, checked before any route runs or anything is stored.
// See docs/decisions.md#d-mock-limits.

/** Most bytes of a request body (1 MiB), unless its route allows more. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Most bytes of a CASE package upload (256 MiB): a 100,000-item framework is about 155 MB. */
export const MAX_PACKAGE_BYTES = 256 * 1024 * 1024;

/** Deepest nesting of a JSON body, the body itself counting as level 1 (System.Text.Json's default). */
export const MAX_JSON_DEPTH = 64;

/** Longest request target (path and query), in characters: Node's own header limit, 16 KiB. */
export const MAX_TARGET_LENGTH = 16 * 1024;

/** Longest echo of a caller's value in an error message. */
export const MAX_ECHO_LENGTH = 100;

/** `value` as an error message quotes it: JSON-quoted and cut to {@link MAX_ECHO_LENGTH} characters. */
export function echo(value: string): string {
  const cut = value.length > MAX_ECHO_LENGTH ? `${value.slice(0, MAX_ECHO_LENGTH)}...` : value;
  return JSON.stringify(cut);
}
