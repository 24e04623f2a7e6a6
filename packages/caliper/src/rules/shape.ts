// A few combinators for the closed shapes of the platform's profile (TimeSpentEvent, ActivityEvent Completed,
// the SessionRecording of `Archived`): each check appends issues for `value` found at `path`.
import type { CaliperIssue } from './issues';
import { isDateTime, isEventId, isIri, isObject, shown } from './values';

/** Checks one value, appending what is wrong with it to `issues`. */
export type Check = (value: unknown, path: (string | number)[], issues: CaliperIssue[]) => void;

const check =
  (ok: (v: unknown) => boolean, want: string): Check =>
  (value, path, issues) => {
    if (!ok(value)) issues.push({ path, message: `must be ${want} (got ${shown(value)})` });
  };

/** A string. */
export const text: Check = check((v) => typeof v === 'string', 'a string');
/** An absolute IRI. */
export const iri: Check = check(isIri, 'an absolute IRI such as https://app.example.com/...');
/** An ISO 8601 date-time with a zone. */
export const dateTime: Check = check(
  isDateTime,
  'an ISO 8601 date-time with a zone, e.g. 2026-01-05T10:15:30Z',
);
/** `urn:uuid:<uuid>`. */
export const eventId: Check = check(isEventId, 'urn:uuid:<uuid>');
/** A boolean. */
export const boolean: Check = check((v) => typeof v === 'boolean', 'true or false');
/** Exactly `wanted`. */
export const exactly = (wanted: string): Check => check((v) => v === wanted, `"${wanted}"`);
/** One of `values`. */
export const oneOf = (values: readonly string[]): Check =>
  check((v) => typeof v === 'string' && values.includes(v), `one of ${values.join(', ')}`);
/** A finite number within bounds. */
export const number = (min = -Infinity, max = Infinity): Check =>
  check(
    (v) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max,
    min === -Infinity
      ? 'a number'
      : max === Infinity
        ? `a number >= ${min}`
        : `a number from ${min} to ${max}`,
  );
/** `check`, or null. */
export const nullable =
  (inner: Check): Check =>
  (value, path, issues) => {
    if (value !== null) inner(value, path, issues);
  };
/** Any JSON object. */
export const anyObject: Check = check(isObject, 'an object');

/** A field of an object shape: its check, and whether it must be present. */
export type Field = [Check, 'required' | 'optional'];

/**
 * An object with `fields`; a member not listed is an issue unless `open`. Members are looked up as own
 * properties only, so `__proto__` or `toString` in the input never reach a check.
 */
export const object =
  (fields: Readonly<Record<string, Field>>, open = false): Check =>
  (value, path, issues) => {
    if (!isObject(value)) {
      issues.push({ path, message: `must be an object (got ${shown(value)})` });
      return;
    }
    for (const [name, [inner, presence]] of Object.entries(fields)) {
      if (Object.hasOwn(value, name)) inner(value[name], [...path, name], issues);
      else if (presence === 'required') issues.push({ path: [...path, name], message: 'is required' });
    }
    if (open) return;
    for (const name of Object.keys(value))
      if (!Object.hasOwn(fields, name))
        issues.push({
          path: [...path, name],
          message: 'is not allowed here: the platform profile is closed',
        });
  };

/** A non-empty array of `item`s. */
export const list =
  (item: Check): Check =>
  (value, path, issues) => {
    if (!Array.isArray(value) || value.length === 0) {
      issues.push({ path, message: `must be a non-empty array (got ${shown(value)})` });
      return;
    }
    value.forEach((entry, i) => {
      item(entry, [...path, i], issues);
    });
  };
