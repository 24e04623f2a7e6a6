import { ValidationError, type ValidationIssue } from '../errors/validation';
import { redact } from '../internal/redact';
import { formatJsonPath } from './show';

/** Issues listed in the message; the rest stay in `error.issues` (a 100,000-item package can have many). */
const SHOWN = 10;

/**
 * @internal A `ValidationError` whose message names each path JSON-style (`CFItems[12].identifier: not a uuid`,
 * odd keys quoted) and lists at most ten issues; `issues` keep the array paths (`['CFItems', 12, 'identifier']`)
 * for programs. `what` starts the message (default `Invalid input`).
 */
export function createValidationError(issues: ValidationIssue[], what = 'Invalid input'): ValidationError {
  const error = new ValidationError(issues);
  const shown = issues
    .slice(0, SHOWN)
    .map((issue) => (issue.path.length ? `${formatJsonPath(issue.path)}: ${issue.message}` : issue.message));
  const more = issues.length > SHOWN ? `; and ${issues.length - SHOWN} more (see error.issues)` : '';
  error.message = redact(`${what}: ${shown.join('; ')}${more}`);
  return error;
}
