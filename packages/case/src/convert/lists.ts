import { isRecord, showValue } from '@learnkit/core/internal';
import type { At, Report } from './report';

/** The entries of a CASE list, in order, and the place of each in the input. */
export interface ListEntries {
  readonly entries: readonly unknown[];
  /** The place of entry `i`: its index in an array, its key in a list written as an object. */
  at(i: number): At;
}

/** A list given as an array: an entry's place is made when its conversion asks (not one object per entry more). */
class ArrayEntries implements ListEntries {
  constructor(
    readonly entries: readonly unknown[],
    private readonly base: At,
  ) {}

  at(i: number): At {
    return this.base.child(i);
  }
}

/** A list written as an object keyed by identifier: each entry's place is its key. */
class KeyedEntries implements ListEntries {
  constructor(
    readonly entries: readonly unknown[],
    private readonly places: readonly At[],
  ) {}

  at(i: number): At {
    return this.places[i] as At;
  }
}

/**
 * The entries of a CASE list (`CFItems`, `CFAssociations`, a definitions list) with their input paths. Some
 * exporters write a list as an object keyed by identifier, sometimes nested under its own name
 * (`"CFItems": { "CFItems": { "<id>": {...} } }`): made an array, in key order, each entry taking its key as
 * identifier when it has none (docs/decisions.md#d-case-json-lists).
 */
export function listEntries(report: Report, value: unknown, path: At, name: string): ListEntries | undefined {
  if (Array.isArray(value)) return new ArrayEntries(value, path);
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
      return new ArrayEntries(inner, at);
    }
    if (!isRecord(inner)) {
      report.problem(at, `must be an array (got ${showValue(inner)})`);
      return undefined;
    }
  }
  const entries: unknown[] = [];
  const places: At[] = [];
  for (const [key, entry] of Object.entries(inner as Record<string, unknown>)) {
    const entryPath = at.child(key);
    places.push(entryPath);
    if (isRecord(entry) && (entry.identifier ?? entry.sourcedId ?? undefined) === undefined) {
      report.repairIn(
        entryPath,
        'identifier',
        undefined,
        key,
        'taken from the key of the list written as an object',
      );
      entries.push({ identifier: key, ...entry });
    } else entries.push(entry);
  }
  report.repair(path, value, entries, 'a list written as an object keyed by identifier: made an array');
  return new KeyedEntries(entries, places);
}

/** Whether every entry of a list is a non-empty string (a list that needs no repair). */
export function isCleanTextList(list: unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    if (typeof entry !== 'string' || entry === '') return false;
  }
  return true;
}

/** Whether no entry of a list is an object or an array (what a list of strings can be repaired from). */
export function isTextList(list: unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    if (typeof entry === 'object' && entry !== null) return false;
  }
  return true;
}
