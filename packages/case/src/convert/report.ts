import { formatJsonPath, showValue, type ValidationIssue } from '@learnkit/core/internal';

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

/** `.key.member`, by key then member: the tail of a path two levels down (`.originNodeURI.identifier`). Capped. */
const PAIRS = new Map<string, Map<string, string>>();

/** How `formatJsonPath` writes member `member` of member `key` after something. */
function pairSegment(key: string, member: string): string {
  let members = PAIRS.get(key);
  if (members === undefined) {
    members = new Map();
    if (PAIRS.size < 100) PAIRS.set(key, members);
  }
  let text = members.get(member);
  if (text === undefined) {
    text = segment(key) + segment(member);
    if (members.size < 100) members.set(member, text);
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
 * of a million entries costs that many paths (docs/decisions.md#d-case-convert-speed).
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

  /**
   * The text of member `member` of member `key` (`CFAssociations[3]` + `originNodeURI`, `identifier`), as one
   * concatenation to this place's text: no place, and no text, for the member in between.
   */
  grandchildText(key: string, member: string): string {
    return this.text === '' ? childText(childText('', key), member) : this.text + pairSegment(key, member);
  }

  /** The segments (`['CFItems', 3, 'identifier']`). */
  get path(): Path {
    this.segments ??= [...(this.parent as At).path, this.key];
    return this.segments;
  }
}

/** One change `fromCaseJson` made to the input: where, the value before and after, and why. Plain data. */
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
}

/** What was done, without the why: `moved to X`, `removed`, `"a" added`, `"a" -> "b"`. */
function describe(before: unknown, after: unknown, movedTo: string | undefined): string {
  if (movedTo !== undefined) return `moved to ${movedTo}`;
  if (after === undefined) return 'removed';
  if (before === undefined) return `${showValue(after)} added`;
  return `${showValue(before)} -> ${showValue(after)}`;
}

/**
 * A change of `fromCaseJson`'s report as one line for logs, without its path:
 * `"2019-03-20T14:22:31" -> "2019-03-20T14:22:31Z" (no time zone: Z (UTC) added)`, `moved to X (why)`,
 * `removed (why)`. Written on demand, not kept in each entry (docs/decisions.md#d-case-report-plain-entries).
 *
 * @example
 * for (const change of fromCaseJson(text).changes) console.log(`${change.path}: ${describeChange(change)}`);
 */
export function describeChange(change: CaseJsonChange): string {
  return `${describe(change.before, change.after, change.movedTo)} (${change.why})`;
}

/**
 * An entry of the report: a plain object literal, which the engine allocates straight into the old generation
 * once most of its kind outlive the young one (a report keeps all of its million entries), and which, unlike an
 * object given a prototype, costs no call into the runtime (docs/decisions.md#d-case-report-plain-entries).
 */
function entry(
  path: string,
  before: unknown,
  after: unknown,
  why: string,
  movedTo: string | undefined,
): CaseJsonChange {
  return movedTo === undefined ? { path, before, after, why } : { path, before, after, why, movedTo };
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

  /**
   * {@link repair} of member `member` of member `key` of `at` (an association end's `identifier`), without making
   * the place of `key`: a 100,000-item file repairs 300,000 ends, most of them once
   * (docs/decisions.md#d-case-end-paths).
   */
  repairUnder(
    at: At,
    key: string,
    member: string,
    before: unknown,
    after: unknown,
    why: string,
    movedTo?: string,
  ): void {
    if (this.strict) this.refuse([...at.path, key, member], before, after, why, movedTo);
    else this.changes.push(entry(at.grandchildText(key, member), before, after, why, movedTo));
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
