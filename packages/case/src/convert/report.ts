import { formatJsonPath, showValue, type ValidationIssue } from '@learnkit/core';

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

/** `[3]`: one short flat string, then one concatenation to its parent's text. */
const index = (i: number): string => `[${i}]`;

/** The text of the member or entry `key` of the place written `parent` (`CFItems[3]` + `uri`). */
export function childText(parent: string, key: string | number): string {
  if (typeof key === 'number') return parent + index(key);
  return parent === '' && NAME.test(key) ? key : parent + segment(key);
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
    return new At(this.childText(key), this, key, undefined);
  }

  /** The text of the member or entry `key`, without making its place (the path of a report entry). */
  childText(key: string | number): string {
    return childText(this.text, key);
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
  /**
   * The same as one line for logs: `"2019-03-20T14:22:31" -> "2019-03-20T14:22:31Z" (no time zone: Z (UTC) added)`.
   * Written when read, and by `JSON.stringify`, not kept in each entry (docs/decisions.md#d-i12-lazy-change-text).
   */
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
 * The prototype of the report's entries: their one-line `change` is written when read (and by `JSON.stringify`),
 * not kept: a 100,000-item file reports a million changes, and those lines were most of the report's memory
 * (docs/decisions.md#d-i12-lazy-change-text). A line assigned by the caller is kept as an own member.
 */
const CHANGE: ThisType<CaseJsonChange> & object = {
  get change(): string {
    return `${describe(this.before, this.after, this.movedTo)} (${this.why})`;
  },
  set change(line: string) {
    Object.defineProperty(this, 'change', {
      value: line,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  },
  /** The entry as plain JSON, its line included. */
  toJSON(): CaseJsonChange {
    return { ...this, change: this.change };
  },
};

/**
 * An entry of the report, as an object literal on {@link CHANGE}: the engine allocates a literal that outlives
 * its young generation straight into the old one, where a class instance is copied there by every scavenge
 * (docs/decisions.md#d-i12-literal-entries).
 */
function entry(path: string, before: unknown, after: unknown, why: string, movedTo: string | undefined) {
  return (movedTo === undefined
    ? { __proto__: CHANGE, path, before, after, why }
    : { __proto__: CHANGE, path, before, after, why, movedTo }) as unknown as CaseJsonChange;
}

/**
 * The changes and the problems of one conversion. In strict mode every change is refused instead: it becomes an
 * issue at the same path, so the caller learns everything the file would need (docs/decisions.md#d-case-json-strict).
 */
export class Report {
  readonly changes: CaseJsonChange[] = [];
  readonly issues: ValidationIssue[] = [];

  constructor(readonly strict: boolean) {}

  /** Something no repair can save: the conversion fails, naming `at`. */
  problem(at: At | Path, message: string): void {
    this.issues.push({ path: at instanceof At ? at.path : at, message });
  }

  /** A repair: `before` at `at` became `after` (or moved to the place written `movedTo`), for the reason `why`. */
  repair(at: At, before: unknown, after: unknown, why: string, movedTo?: string): void {
    if (this.strict) this.refuse(at.path, before, after, why, movedTo);
    else this.changes.push(entry(at.text, before, after, why, movedTo));
  }

  /** {@link repair} of the member or entry `key` of `at`, without making its place. */
  repairIn(
    at: At,
    key: string | number,
    before: unknown,
    after: unknown,
    why: string,
    movedTo?: string,
  ): void {
    if (this.strict) this.refuse([...at.path, key], before, after, why, movedTo);
    else this.changes.push(entry(at.childText(key), before, after, why, movedTo));
  }

  /** Strict mode: the repair is an issue at the same path. */
  private refuse(
    path: Path,
    before: unknown,
    after: unknown,
    why: string,
    movedTo: string | undefined,
  ): void {
    this.issues.push({ path, message: `${why} (the repair would be: ${describe(before, after, movedTo)})` });
  }
}
