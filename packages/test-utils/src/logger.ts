// Dependency-free on purpose (a type import only): core's own tests use it by path, as core cannot depend on this
// package without a cycle (docs/decisions.md#d-test-utils-harness).
import type { Logger } from '@learnkit/core';

/**
 * A logger that keeps every line it is given, as `level message {fields as JSON}`, for tests that check what the
 * SDK logs (and that no secret is in it).
 *
 * @example
 * const { logger, lines } = recordingLogger();
 * createHttpClient({ ...options, logger });
 * expect(lines.join('\n')).not.toContain(secret);
 */
export function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (fields: Record<string, unknown>, message?: string): void => {
      lines.push(`${level} ${message ?? ''} ${JSON.stringify(fields)}`);
    };
  const logger: Logger = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  return { logger, lines };
}
