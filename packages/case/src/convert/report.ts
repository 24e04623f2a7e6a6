import type { ValidationIssue } from '@learnkit/core';
import { formatJsonPath, showValue } from '@learnkit/core';

/** A JSON path as segments (`['CFItems', 3, 'lastChangeDateTime']`). */
export type Path = (string | number)[];

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** `.key` or `["key"]` by member name: members repeat on every object. Capped, as keys come from the input. */
const SEGMENTS = new Map<string, string>();

/** How `formatJsonPath` writes a member after something (`.title`, `["my key"]`). */
function segment(key: string): string {
  let text = SEGMENTS.get(key);
  if (text === undefined) {
    text = NAME.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    if (SEGMENTS.size < 1000) SEGMENTS.set(key, text);
  }
  return text;
}

/**
 * A place in the input: the text of its path, as `formatJsonPath` writes it, built from its parent's (each object's
 * once, each member's by one concatenation), and its segments only when asked (strict mode, problems). A report
 * of a million entries costs that many paths (docs/decisions.md#d-i12-convert-speed).
 */
export class At {
  private constructor(
    /** `formatJsonPath(this.path)`. */
    readonly text: string,
    private readonly parent: At | undefined,
    private readonly key: string | number,
    private segments: Path | undefined,
  ) {}

  /** The place at `path`. */
  static of(path: Path): At {
    return new At(formatJsonPath(path), undefined, '', path);
  }

  /** The member or entry `key` of this place. */
  child(key: string | number): At {
    const text =
      typeof key === 'number'
        ? `${this.text}[${key}]`
        : this.text === '' && NAME.test(key)
          ? key
          : this.text + segment(key);
    return new At(text, this, key, undefined);
  }

  /** The segments (`['CFItems', 3, 'identifier']`). */
  get path(): Path {
    this.segments ??= [...(this.parent as At).path, this.key];
    return this.segments;
  }
}

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
  if (before === undefined) return `${showValue(after)} added`;
  return `${showValue(before)} -> ${showValue(after)}`;
}

/**
 * The changes and the problems of one conversion. In strict mode every change is refused instead: it becomes an
 * issue at the same path, so the caller learns everything the file would need (docs/decisions.md#d-case-json-strict).
 */
export class Report {
  readonly changes: CaseJsonChange[] = [];
  readonly issues: ValidationIssue[] = [];

  /** `removed (why)` and ` (why)` by why: most reasons repeat on every object, and a change keeps its text. */
  private readonly removals = new Map<string, string>();
  private readonly suffixes = new Map<string, string>();

  constructor(readonly strict: boolean) {}

  /** Something no repair can save: the conversion fails, naming `at`. */
  problem(at: At | Path, message: string): void {
    this.issues.push({ path: at instanceof At ? at.path : at, message });
  }

  /** A repair: `before` at `at` became `after` (or moved to `movedTo`), for the reason `why`. */
  repair(at: At, before: unknown, after: unknown, why: string, movedTo?: At): void {
    const to = movedTo?.text;
    const what = describe(before, after, to);
    if (this.strict) {
      this.issues.push({ path: at.path, message: `${why} (the repair would be: ${what})` });
      return;
    }
    const change = what === 'removed' ? this.removal(why) : what + this.suffix(why);
    // Two literals rather than a spread: one object per change, of one of two shapes.
    this.changes.push(
      to === undefined
        ? { path: at.text, before, after, why, change }
        : { path: at.text, before, after, movedTo: to, why, change },
    );
  }

  /** `removed (why)`, one string per reason. */
  private removal(why: string): string {
    let text = this.removals.get(why);
    if (text === undefined) {
      text = `removed (${why})`;
      this.removals.set(why, text);
    }
    return text;
  }

  /** ` (why)`, one string per reason. */
  private suffix(why: string): string {
    let text = this.suffixes.get(why);
    if (text === undefined) {
      text = ` (${why})`;
      this.suffixes.set(why, text);
    }
    return text;
  }
}
