import type { ValidationIssue } from '@learnkit/core';
import { show } from '../internal/ids';
import { formatPath } from '../internal/json-path';

/** A JSON path as segments (`['CFItems', 3, 'lastChangeDateTime']`). */
export type Path = (string | number)[];

/** One change `fromCaseJson` made to the input: where, the value before and after, and why. */
export interface CaseJsonChange {
  /** JSON path of the member in the input, e.g. `CFItems[3].lastChangeDateTime`. */
  path: string;
  /** The value in the input (`undefined` when the member was missing and has been filled). */
  before: unknown;
  /** The value written (`undefined` when the member was removed); for a move, the value at its new place. */
  after: unknown;
  /** Where the value went when it was moved, e.g. `CFItems[3].extensions.educationalLevel`. */
  movedTo?: string;
  /** Why, e.g. `no time zone: Z (UTC) added` or `not a CASE 1.1 member`. */
  why: string;
  /** The same as one line for logs: `"2019-03-20T14:22:31" -> "2019-03-20T14:22:31Z" (no time zone: Z (UTC) added)`. */
  change: string;
}

/** What was done, without the why: `moved to X`, `removed`, `"a" added`, `"a" -> "b"`. */
function describe(before: unknown, after: unknown, movedTo: string | undefined): string {
  if (movedTo !== undefined) return `moved to ${movedTo}`;
  if (after === undefined) return 'removed';
  if (before === undefined) return `${show(after)} added`;
  return `${show(before)} -> ${show(after)}`;
}

/**
 * The changes and the problems of one conversion. In strict mode every change is refused instead: it becomes an
 * issue at the same path, so the caller learns everything the file would need (docs/decisions.md#d-case-json-strict).
 */
export class Report {
  readonly changes: CaseJsonChange[] = [];
  readonly issues: ValidationIssue[] = [];

  constructor(readonly strict: boolean) {}

  /** Something no repair can save: the conversion fails, naming `path`. */
  problem(path: Path, message: string): void {
    this.issues.push({ path, message });
  }

  /** A repair: `before` at `path` became `after` (or moved to `movedTo`), for the reason `why`. */
  repair(path: Path, before: unknown, after: unknown, why: string, movedTo?: Path): void {
    const to = movedTo && formatPath(movedTo);
    const what = describe(before, after, to);
    if (this.strict) {
      this.issues.push({ path, message: `${why} (the repair would be: ${what})` });
      return;
    }
    this.changes.push({
      path: formatPath(path),
      before,
      after,
      ...(to !== undefined && { movedTo: to }),
      why,
      change: `${what} (${why})`,
    });
  }
}
