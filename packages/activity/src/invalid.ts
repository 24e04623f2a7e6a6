// Bad input to the configuration and Caliper builders as core's ValidationError, without importing core: the
// configuration module is shared with the browser tracker, whose bundle carries no module of @learnkit/core. Core's
// `instanceof LearnKitError` and `instanceof ValidationError` check a brand (a registered symbol), so an error that
// carries the brands is one of them, wherever its class comes from (docs/decisions.md#d-i15-activity-errors).

import { redactUserinfo } from './userinfo';

/**
 * Marks `error` with core's brands of `names` (registered symbols: the same in every copy). In the constructor, not
 * on the class at load: a class changed at load is kept by every bundle that imports its module.
 */
function brand(error: Error, names: readonly string[]): void {
  for (const name of names)
    Object.defineProperty(error, Symbol.for(`learnkit.error.${name}`), { value: true });
}

/** One problem of the input: where (`path`) and what to do (`message`), as core's `ValidationIssue`. */
export interface InputIssue {
  /** Where the bad value is in the input (`['courses', 0, 'grade']`). */
  path: (string | number)[];
  /** What is wrong and what it must be, naming the input as the caller wrote it. */
  message: string;
}

/**
 * Bad input: `instanceof ValidationError` (and `LearnKitError`) of core are true, and `issues` is core's shape. A
 * `TypeError` too, as the package's bad-input errors always were.
 */
class InputError extends TypeError {
  /** Each problem: the field path and what is wrong with it (one). */
  readonly issues: InputIssue[];
  constructor(issue: InputIssue) {
    // The message quotes the input: a password shaped like userinfo goes, from the message and the issue, as from
    // core's ValidationError (docs/decisions.md#d-i33-userinfo).
    const safe = {
      path: issue.path.map((part) => (typeof part === 'string' ? redactUserinfo(part) : part)),
      message: redactUserinfo(issue.message),
    };
    super(safe.message);
    brand(this, ['LearnKitError', 'ValidationError']);
    this.issues = [safe];
  }
}

/** The error of bad input at `path`; the message names the input as the caller wrote it and what it must be. */
export function invalid(path: (string | number)[], message: string): InputError {
  return new InputError({ path, message });
}
