/**
 * The exit codes of `learnkit`, documented in docs/cli.md (docs/decisions.md#d-cli-exit-codes): a script can
 * tell "the platform said no" from "you called it wrong" from "nothing responded".
 */
export const EXIT = Object.freeze({
  /** Done. */
  ok: 0,
  /** The platform responded with an error (4xx or 5xx after the retries). */
  api: 1,
  /**
   * The command line is wrong: unknown command or option, missing argument; for `api`, an unknown resource,
   * method or query parameter (docs/decisions.md#d-cli-api-exit-codes).
   */
  usage: 2,
  /** No usable credentials: missing or malformed LEARNKIT_* variables, an unknown profile, an unreadable config file. */
  config: 3,
  /**
   * The input was refused before anything was sent: an unreadable or invalid file, a value the SDK refuses, a query
   * or body the operation's document refuses (`api`).
   */
  invalid: 4,
  /** No response: connection refused, DNS failure, timeout. */
  network: 5,
} as const);

/** One of the exit codes. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the CLI reports as is, with its exit code (usage, configuration and input problems). */
export class CliError extends Error {
  /** The exit code. */
  readonly code: ExitCode;

  constructor(code: ExitCode, message: string) {
    super(message);
    this.name = 'CliError';
    this.code = code;
  }
}
