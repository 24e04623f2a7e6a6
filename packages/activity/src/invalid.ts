// The errors of the browser tracker and of the input checks both sides share, as core's errors by brand, without
// importing core: the browser entry carries no module of @learnkit/core (docs/decisions.md#d-tracker-errors-branded).
// Core's `instanceof LearnKitError` and `instanceof ValidationError` read a brand, a registered symbol that is the
// same in every copy of core, so an error that carries the brands is one of them wherever its class comes from.
// Every construct here is the one that measured smallest in the browser entry (its budget is 4,200 B of gzip).

/** Core's brand of `LearnKitError`, copied onto an error with `Object.assign`. */
export const LEARNKIT_ERROR = { [Symbol.for('learnkit.error.LearnKitError')]: true };

/** One problem of the input: where (`path`) and what to do (`message`), as core's `ValidationIssue`. */
export interface InputIssue {
  /** Where the bad value is in the input (`['courses', 0, 'grade']`). */
  path: (string | number)[];
  /** What is wrong and what it must be, naming the input as the caller wrote it. */
  message: string;
}

/** Bad input: core's `ValidationError` (and `LearnKitError`), with `issues`; a `TypeError`, as it always was. */
export type InputError = TypeError & { issues: InputIssue[] };

/** The error of bad input at `path`; the message names the input as the caller wrote it and what it must be. */
export const invalid = (path: (string | number)[], message: string): InputError =>
  Object.assign(TypeError(message), LEARNKIT_ERROR, {
    [Symbol.for('learnkit.error.ValidationError')]: true,
    issues: [{ path, message }],
  });

/**
 * A call at the wrong moment (start before configure, a second activity at once, end() after end()): core's
 * `LearnKitError`, not a `ValidationError`, since no argument is wrong.
 */
export const misuse = (message: string): Error => Object.assign(Error(message), LEARNKIT_ERROR);
