import { isRecord, showValue } from '@learnkit/core';
import type { At, Report } from './report';

/** One entry of a CASE list with its path in the input. */
export interface ListEntry {
  entry: unknown;
  at: At;
}

/**
 * The entries of a CASE list (`CFItems`, `CFAssociations`, a definitions list) with their input paths. Some
 * exporters write a list as an object keyed by identifier, sometimes nested under its own name
 * (`"CFItems": { "CFItems": { "<id>": {...} } }`): made an array, in key order, each entry taking its key as
 * identifier when it has none (docs/decisions.md#d-case-json-lists).
 */
export function listEntries(report: Report, value: unknown, path: At, name: string): ListEntry[] | undefined {
  if (Array.isArray(value)) return value.map((entry, i) => ({ entry, at: path.child(i) }));
  if (!isRecord(value)) {
    report.problem(path, `must be an array (got ${showValue(value)})`);
    return undefined;
  }
  let inner: unknown = value;
  let at = path;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === name) {
    inner = value[name];
    at = path.child(name);
    if (Array.isArray(inner)) {
      report.repair(path, value, inner, `a list nested under its own name (${name}.${name}): unwrapped`);
      return inner.map((entry, i) => ({ entry, at: at.child(i) }));
    }
    if (!isRecord(inner)) {
      report.problem(at, `must be an array (got ${showValue(inner)})`);
      return undefined;
    }
  }
  const entries = Object.entries(inner as Record<string, unknown>).map(([key, entry]): ListEntry => {
    const entryPath = at.child(key);
    if (isRecord(entry) && (entry.identifier ?? entry.sourcedId ?? undefined) === undefined) {
      report.repair(
        entryPath.child('identifier'),
        undefined,
        key,
        'taken from the key of the list written as an object',
      );
      return { entry: { identifier: key, ...entry }, at: entryPath };
    }
    return { entry, at: entryPath };
  });
  report.repair(
    path,
    value,
    entries.map((e) => e.entry),
    'a list written as an object keyed by identifier: made an array',
  );
  return entries;
}
