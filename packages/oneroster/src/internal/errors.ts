import { ValidationError, type ValidationIssue } from '@learnkit/core';
import { formatPath } from './json-path';

/** Issues listed in the message; the rest stay in `error.issues`. */
const SHOWN = 10;

/**
 * A core `ValidationError` whose message names each path JSON-style (`assessmentLineItem.class.sourcedId: is
 * required`). `issues` keep array paths (`['assessmentLineItem', 'class', 'sourcedId']`) for programs.
 */
export function validationError(issues: ValidationIssue[], what = 'Invalid input'): ValidationError {
  const error = new ValidationError(issues);
  const shown = issues
    .slice(0, SHOWN)
    .map((issue) => (issue.path.length ? `${formatPath(issue.path)}: ${issue.message}` : issue.message));
  const more = issues.length > SHOWN ? `; and ${issues.length - SHOWN} more (see error.issues)` : '';
  error.message = `${what}: ${shown.join('; ')}${more}`;
  return error;
}

/** A short, quoted rendering of a value for an error message (long strings are cut). */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 48 ? `${value.slice(0, 45)}...` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}
