import { ApiError, ConnectionError, NotFoundError, TimeoutError, ValidationError } from '@learnkit/core';
import { CliError, EXIT, type ExitCode } from './exit-codes';
import type { Output } from './output';

/** The exit code of an error (see exit-codes.ts). */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.code;
  if (error instanceof ValidationError) {
    // A family the developer token cannot call is a matter of credentials, not of input.
    return error.issues.some((issue) => issue.path[0] === 'developerToken') ? EXIT.config : EXIT.invalid;
  }
  if (error instanceof ApiError) return EXIT.api;
  if (error instanceof ConnectionError || error instanceof TimeoutError) return EXIT.network;
  return EXIT.api;
}

/** Reports `error` on stderr (as JSON with `--json`) and returns its exit code. */
export function report(out: Output, error: unknown): ExitCode {
  const code = exitCodeOf(error);
  // The SDK's advice for event types newer than it names an option of the library; the command has `learnkit events`.
  const message = (error instanceof Error ? error.message : String(error)).replace(
    /; for a type newer than the SDK pass \{ allowUnknownEventTypes: true \}/g,
    '; `learnkit events` lists the catalogue',
  );
  if (out.json) {
    const body: Record<string, unknown> = {
      exitCode: code,
      type: error instanceof Error ? error.name : 'Error',
      message,
    };
    if (error instanceof ApiError) {
      body.status = error.status;
      body.requestId = error.requestId;
    }
    if (error instanceof ValidationError) body.issues = error.issues;
    out.note(JSON.stringify({ error: body }));
    return code;
  }
  out.note(`${out.styleErr('red', 'learnkit:')} ${message}${hintFor(error, code)}`);
  return code;
}

/** What to try next, where the error alone does not say it. */
function hintFor(error: unknown, code: ExitCode): string {
  if (code === EXIT.network) {
    return "\nIs LEARNKIT_BASE_URL (or the profile's baseUrl, or the environment) right, and the platform reachable?";
  }
  if (error instanceof NotFoundError && error.operation.includes('/subscriptions/')) {
    // Ownership rule: another auth client's subscription responds with 404 like a missing one.
    return "\nA subscription another auth client owns responds with 404 too: one made with a developer token is invisible to client credentials, and the reverse. `learnkit webhooks list APP_ID` shows this caller's.";
  }
  return '';
}
