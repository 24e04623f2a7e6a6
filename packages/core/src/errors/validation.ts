import { redact } from '../internal/redact';
import { LearnKitError } from './base';
import { showSafely } from './inspect';

/** `['CFItems', 12, 'identifier']` -> `CFItems[12].identifier`, the way a reader finds it in the JSON. */
export function formatIssuePath(path: readonly (string | number)[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/** One problem found in the input: where (`path`) and what to do (`message`). Zod's issues fit this shape. */
export interface ValidationIssue {
  /** Where: property names and array indexes from the input's root; empty for the input as a whole. */
  path: (string | number)[];
  /** What is wrong and how to fix it, without the path. */
  message: string;
}

/** `issue` with its message and the keys of its path redacted; the same object when nothing changes. */
function redactIssue(issue: ValidationIssue): ValidationIssue {
  const message = redact(issue.message);
  let path = issue.path;
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    if (typeof part !== 'string') continue;
    const safe = redact(part);
    if (safe === part) continue;
    if (path === issue.path) path = [...path];
    path[i] = safe;
  }
  return message === issue.message && path === issue.path ? issue : { ...issue, path, message };
}

/**
 * Input refused before anything was sent. `issues` lists each field and the fix.
 *
 * @example
 * catch (e) { if (e instanceof ValidationError) for (const i of e.issues) console.error(i.path.join('.'), i.message) }
 */
export class ValidationError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'ValidationError';
  /** Each problem: the field path and what is wrong with it. */
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[] | string) {
    const list = typeof issues === 'string' ? [{ path: [], message: issues }] : issues;
    const text = list
      .map((i) => (i.path.length ? `${formatIssuePath(i.path)}: ${i.message}` : i.message))
      .join('; ');
    super(redact(`Invalid input: ${text}`));
    showSafely(this);
    // The issues are redacted as the message is: they are echoed too, by toJSON() and by whoever prints them
    // (docs/decisions.md#d-validation-issues-redacted). One pass over all their texts, each after a space, says whether any needs
    // it: redaction finds in a text alone nothing it would not find there after a space, so 100,000 issues of a
    // CASE import are not redacted one by one for nothing.
    const texts = list
      .map((i) => [...i.path.filter((p) => typeof p === 'string'), i.message].join(' '))
      .join(' ');
    this.issues = redact(texts) === texts ? list : list.map(redactIssue);
  }

  /** Builds the error from a zod error (or anything with zod's `issues` shape). */
  static fromZod(error: {
    issues: readonly { path: readonly PropertyKey[]; message: string }[];
  }): ValidationError {
    // `this`, not the class name: a class that names itself inside its body is emitted by esbuild as
    // `class _ValidationError`, and that would be its `name` (docs/decisions.md#d-pkg-class-names).
    return new this(
      error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
    );
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}
