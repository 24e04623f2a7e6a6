// How the clients' input checks name a place and a value in an error message (docs/decisions.md#d-input-checks-in-core).

import { redactUserinfo } from '../internal/userinfo';

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * @internal A path as JSON-path-like text: `['CFItems', 12, 'identifier']` -> `CFItems[12].identifier`. Unlike
 * {@link formatIssuePath}, a key that is not a plain name is quoted (`CFItems[0]["my key"]`), so every path reads
 * back unambiguously.
 */
export function formatJsonPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (NAME.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Whether `text` reads the same in JSON once quoted: no quote, backslash, control character or surrogate. */
function plainJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}

/**
 * @internal A short, quoted rendering of a value for an error message (long strings are cut, objects named). A
 * string is quoted as `JSON.stringify` would, without calling it when nothing needs escaping: a CASE import report
 * can quote a million values (docs/decisions.md#d-case-char-checks).
 */
export function showValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') {
    // A password shaped like userinfo goes before the cut, which could drop the `@` that marks it as one
    // (docs/decisions.md#d-userinfo-redacted); the message is redacted as a whole afterwards.
    const safe = redactUserinfo(value);
    const text = safe.length > 48 ? `${safe.slice(0, 45)}...` : safe;
    return plainJson(text) ? `"${text}"` : JSON.stringify(text);
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** @internal The value at `path` inside `root`, or undefined when the path leaves the data. */
export function valueAtPath(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

const JSON_TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

/** @internal A JSON Schema type as a message says it: `string` -> `a string` (an unknown name as it is). */
export function jsonTypeName(type: string): string {
  return JSON_TYPES[type] ?? type;
}
