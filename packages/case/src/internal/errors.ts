import { ValidationError, type ValidationIssue } from '@learnkit/core';
import { formatPath } from './json-path';

/** Issues listed in the message; the rest stay in `error.issues` (a 100,000-item package can have many). */
const SHOWN = 10;

/**
 * A core `ValidationError` whose message names each path JSON-style (`CFItems[12].identifier: not a uuid`).
 * `issues` keep array paths (`['CFItems', 12, 'identifier']`) for programs.
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
