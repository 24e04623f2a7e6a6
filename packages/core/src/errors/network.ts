import { redact } from '../internal/redact';
import { LearnKitError } from './base';
import { causeCode, showSafely } from './inspect';

/** The platform could not be reached (DNS, refused or reset connection, TLS). `cause` has the runtime's error. */
export class ConnectionError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'ConnectionError';
  /** The operation, e.g. `GET /ims/case/v1p1/CFItems`. */
  readonly operation: string;
  /** The system error code when the runtime gave one (`ECONNREFUSED`, `ENOTFOUND`, ...). */
  readonly code: string | undefined;

  constructor(operation: string, cause: unknown) {
    const code = causeCode(cause);
    const why = code ?? (cause instanceof Error ? cause.message : String(cause));
    super(redact(`${operation} could not reach the platform (${why}). Check baseUrl, DNS and the network.`), {
      cause,
    });
    showSafely(this);
    this.operation = operation;
    this.code = code;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operation: this.operation, code: this.code };
  }
}

/** No response within `timeoutMs` (one attempt) or `deadlineMs` (the whole call, retries included). */
export class TimeoutError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'TimeoutError';
  /** The operation, e.g. `GET /ims/case/v1p1/CFItems`. */
  readonly operation: string;
  /** The limit that ran out, in ms. */
  readonly timeoutMs: number;
  /** `attempt`: one attempt ran past `timeoutMs`; `deadline`: the whole call ran past `deadlineMs`. */
  readonly kind: 'attempt' | 'deadline';

  constructor(operation: string, timeoutMs: number, kind: 'attempt' | 'deadline') {
    const what =
      kind === 'attempt'
        ? `got no response within timeoutMs=${timeoutMs} ms. Raise timeoutMs if the operation is slow.`
        : `did not finish within deadlineMs=${timeoutMs} ms, retries included. Raise deadlineMs or try later.`;
    super(`${operation} ${what}`);
    showSafely(this);
    this.operation = operation;
    this.timeoutMs = timeoutMs;
    this.kind = kind;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operation: this.operation, timeoutMs: this.timeoutMs, kind: this.kind };
  }
}
