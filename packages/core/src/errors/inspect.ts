import { redact } from '../internal/redact';
import { isRecord, preview } from '../internal/text';
import { brandOf, type LearnKitError } from './base';

// What `util.inspect` shows of a LearnKit error (docs/decisions.md#d-error-inspect-output), shared by the error classes.

/** The system error code of `error` or of a cause in its chain (`ECONNREFUSED`), if any. */
export function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; isRecord(e) || e instanceof Error; depth++) {
    if (depth > 5) break;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
// Enough of a body to diagnose from in a log line; the whole (redacted) body stays on `error.body`.
const INSPECT_BODY_CHARS = 500;

/** What `util.inspect` shows of a cause: its class and system code, never its message or properties. */
function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return typeof cause;
  const code = causeCode(cause);
  return code === undefined ? cause.name : `${cause.name} (${code})`;
}

/**
 * `util.inspect` of a LearnKit error: its redacted message, the stack frames and the public fields of `toJSON()`
 * (for an `ApiError` also the start of its redacted body). Response headers, the runtime's cause chain and
 * internal parse errors stay out: they may hold what a log must not (docs/decisions.md#d-error-inspect-output).
 */
function inspectError(
  this: LearnKitError,
  _depth: number,
  options: unknown,
  inspect?: (value: unknown, options?: unknown) => string,
): string {
  const { name: _name, message: _message, ...fields } = this.toJSON();
  // The brand `instanceof ApiError` checks, read here so this module needs no import of the ApiError class.
  if ((this as unknown as Record<symbol, unknown>)[brandOf('ApiError')] === true)
    fields.body = preview((this as unknown as { body: string }).body, INSPECT_BODY_CHARS);
  if (this.cause !== undefined) fields.cause = describeCause(this.cause);
  const stack = this.stack ?? '';
  const at = stack.indexOf('\n    at ');
  const head = redact(`${this.name}: ${this.message}`);
  const shown = inspect ? inspect(fields, options) : JSON.stringify(fields);
  return `${head}${at === -1 ? '' : stack.slice(at)} ${redact(shown)}`;
}

/**
 * Gives `error` the safe `util.inspect` form. Set per instance from the constructors of the classes that hold
 * responses or causes (not on LearnKitError's prototype, whose bytes the web bundle of verifyWebhook counts).
 */
export function showSafely(error: LearnKitError): void {
  Object.defineProperty(error, INSPECT, { value: inspectError });
}
