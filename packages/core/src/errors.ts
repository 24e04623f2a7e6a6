import { redact } from './internal/redact';
import { parseRetryAfterMs } from './internal/retry-after';
import { isRecord, preview, tryParseJson } from './internal/text';

// Each class names itself in a plain static string field: a computed key (`static [symbol] = ...`) would make
// bundlers keep every error class in every bundle, and the minified web entry of verifyWebhook must stay small.
const NAME = 'brandName';

interface ErrorClass {
  brandName?: string;
}

const brandOf = (name: string): symbol => Symbol.for(`learnkit.error.${name}`);

/**
 * Base class of every error the SDK throws.
 *
 * `instanceof` works across two copies of the package (a dependency that bundles its own @learnkit/core):
 * every instance carries `Symbol.for('learnkit.error.<Name>')` for each class of its chain, and
 * `Symbol.hasInstance` checks that brand instead of the prototype chain.
 *
 * @example
 * try { await lk.case.items.get(id) } catch (e) { if (e instanceof LearnKitError) console.error(e.message) }
 */
export class LearnKitError extends Error {
  /** @internal */
  static readonly brandName: string = 'LearnKitError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // Every class of the chain is a constructor down to Error, which ends the walk.
    for (let c: ErrorClass = new.target; c !== Error; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c, NAME)) {
        Object.defineProperty(this, brandOf(c.brandName as string), { value: true });
        // The nearest brand names the error. Set here, not by class field, so it survives minifiers that rename
        // classes; `super()` has just returned, so no subclass field has set a name yet.
        if (!Object.hasOwn(this, 'name')) {
          Object.defineProperty(this, 'name', { value: c.brandName, writable: true, configurable: true });
        }
      }
    }
  }

  /** Brand check instead of the prototype chain, so instances from another copy of the package match. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `this` is the class right of instanceof (a subclass too). A user's own subclass has no brand of its own: the
    // prototype chain decides for it. A primitive has no brand.
    // biome-ignore lint/complexity/noThisInStatic: see above.
    const target = this as ErrorClass;
    return Object.hasOwn(target, NAME)
      ? (value as Record<symbol, unknown> | null | undefined)?.[brandOf(target.brandName as string)] === true
      : Function.prototype[Symbol.hasInstance].call(target, value);
  }

  /** A JSON form with the message and the public fields; never a secret (messages are redacted). */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message };
  }
}

/** One parsed entry of an imsx `imsx_CodeMinor.imsx_codeMinorField` list. */
export interface ImsxCodeMinor {
  /** `imsx_codeMinorFieldName`, e.g. `TargetEndSystem`. */
  name: string;
  /** `imsx_codeMinorFieldValue`, e.g. `unknownobject`, `invaliddata`, `server_busy`. */
  value: string;
}

/** The imsx status body of CASE and OneRoster error responses, with both minor-code spellings folded into one. */
export interface ImsxStatus {
  /** `imsx_codeMajor`, e.g. `failure`; absent when the body has none. */
  codeMajor?: string;
  /** `imsx_severity`, e.g. `error`; absent when the body has none. */
  severity?: string;
  /** `imsx_description`: the human-readable reason; absent when the body has none. */
  description?: string;
  /** Minor codes from `imsx_CodeMinor` or `imsx_codeMinor` (a lone field becomes one entry); may be empty. */
  codeMinor: ImsxCodeMinor[];
}

/** What {@link ApiError} is built from: the final response of a call. */
export interface ApiErrorInit {
  /** HTTP status of the response; picks the subclass in {@link createApiError}. */
  status: number;
  /** Response headers: `content-type`, the request id and `Retry-After` are read from them. */
  headers: Headers;
  /** The raw response body as text. */
  body: string;
  /** The operation that failed, e.g. `GET /ims/case/v1p1/CFItems`. */
  operation: string;
  /** Replaces the default advice of the status (for example for a static developer token). */
  hint?: string;
  /** Replaces the whole message. */
  message?: string;
  /** The underlying error, kept as the error's `cause`. */
  cause?: unknown;
  /**
   * Values to hide from the body and the message besides the secrets the SDK registered, such as the
   * `Authorization` value of the request that got this response.
   */
  alsoRedact?: readonly string[] | undefined;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function adviceFor(status: number, retryAfterMs: number | undefined): string {
  if (status === 400) return 'The request was refused as invalid; the description names the field to fix.';
  if (status === 401)
    return 'Check clientId/clientSecret and the token URL; the token was refused even after a refresh.';
  if (status === 403)
    return 'The client lacks the scope or grant this operation needs; ask the platform team to assign it.';
  if (status === 404) return 'Check the id, and that your client is allowed to see the resource.';
  if (status === 408) return 'The platform gave up waiting for the request; try again.';
  if (status === 409) return 'The resource is in a conflicting state; fetch it again before retrying.';
  if (status === 422) return 'The request was understood but refused; fix the fields the description names.';
  if (status === 429) {
    const wait =
      retryAfterMs === undefined ? '' : ` The server asked to wait ${Math.ceil(retryAfterMs / 1000)} s.`;
    return `Rate limited.${wait} Raise retry.maxRetryAfterMs or slow down.`;
  }
  if (status >= 500)
    return 'The platform failed; the SDK retried where it was safe. Try again later and quote the request id if you report it.';
  if (status >= 200 && status < 300)
    return 'The endpoint answered with something other than JSON: check baseUrl (a proxy or login page?).';
  return 'Unexpected response status.';
}

interface ParsedBody {
  detail: string;
  code?: string;
  description?: string;
  imsx?: ImsxStatus;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parseImsx(body: Record<string, unknown>): ImsxStatus | undefined {
  const minor = body.imsx_CodeMinor ?? body.imsx_codeMinor;
  if (body.imsx_codeMajor === undefined && body.imsx_description === undefined && minor === undefined) {
    return undefined;
  }
  const fields = isRecord(minor) ? minor.imsx_codeMinorField : undefined;
  const list = Array.isArray(fields) ? fields : fields === undefined ? [] : [fields];
  const codeMinor: ImsxCodeMinor[] = [];
  for (const f of list) {
    if (!isRecord(f)) continue;
    codeMinor.push({
      name: String(f.imsx_codeMinorFieldName ?? ''),
      value: String(f.imsx_codeMinorFieldValue ?? ''),
    });
  }
  const status: ImsxStatus = { codeMinor };
  const major = str(body.imsx_codeMajor);
  const severity = str(body.imsx_severity);
  const description = str(body.imsx_description);
  if (major !== undefined) status.codeMajor = major;
  if (severity !== undefined) status.severity = severity;
  if (description !== undefined) status.description = description;
  return status;
}

/** Reads the three error layouts of the platform (imsx, `{ error, message }`, OAuth) and anything else leniently. */
function parseErrorBody(body: string, contentType: string | null): ParsedBody {
  if (body.trim() === '') return { detail: 'empty body' };
  const json = tryParseJson(body);
  if (json === undefined) {
    return { detail: `expected JSON, got ${contentType ?? 'a body without content type'}: ${preview(body)}` };
  }
  if (!isRecord(json)) return { detail: preview(body) };
  const imsx = parseImsx(json);
  if (imsx) {
    const code = imsx.codeMinor.find((m) => m.value !== '')?.value;
    const detail = [imsx.description, code && `(imsx ${code})`].filter(Boolean).join(' ') || preview(body);
    return {
      detail,
      imsx,
      ...(code && { code }),
      ...(imsx.description && { description: imsx.description }),
    };
  }
  const error = str(json.error);
  const description = str(json.error_description) ?? str(json.message) ?? str(json.detail);
  if (error !== undefined || description !== undefined) {
    const detail = [error, description].filter(Boolean).join(': ');
    return { detail, ...(error && { code: error }), ...(description && { description }) };
  }
  return { detail: preview(body) };
}

/**
 * The first request id header the platform or its gateway set.
 *
 * @internal
 */
export function requestIdOf(headers: Headers): string | undefined {
  return (
    headers.get('x-request-id') ?? headers.get('request-id') ?? headers.get('x-amzn-requestid') ?? undefined
  );
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
 * internal parse errors stay out: they may hold what a log must not (docs/decisions.md#d-i13-inspect).
 */
function inspectError(
  this: LearnKitError,
  _depth: number,
  options: unknown,
  inspect?: (value: unknown, options?: unknown) => string,
): string {
  const { name: _name, message: _message, ...fields } = this.toJSON();
  if (this instanceof ApiError) fields.body = preview(this.body, INSPECT_BODY_CHARS);
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
function showSafely(error: LearnKitError): void {
  Object.defineProperty(error, INSPECT, { value: inspectError });
}

/**
 * An HTTP response that was not a success. Subclasses by status: {@link BadRequestError} 400,
 * {@link AuthenticationError} 401, {@link PermissionDeniedError} 403, {@link NotFoundError} 404,
 * {@link ConflictError} 409, {@link UnprocessableEntityError} 422, {@link RateLimitError} 429,
 * {@link InternalServerError} >= 500.
 *
 * @example
 * catch (e) { if (e instanceof ApiError) console.error(e.status, e.requestId, e.imsx?.codeMinor) }
 */
export class ApiError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'ApiError';

  /** HTTP status of the final attempt. */
  readonly status: number;
  /** Response headers of the final attempt. */
  readonly headers: Headers;
  /** The raw response body (credentials, if a server echoed any, are redacted). */
  readonly body: string;
  /** The request id the platform assigned (`x-request-id`, `request-id` or `x-amzn-requestid`). */
  readonly requestId: string | undefined;
  /** The parsed imsx status of CASE/OneRoster errors. */
  readonly imsx: ImsxStatus | undefined;
  /** The operation, e.g. `GET /ims/case/v1p1/CFItems`. */
  readonly operation: string;
  /** Machine-readable code from the body: OAuth or platform `error`, or the first imsx minor code. */
  readonly code: string | undefined;
  /** Human-readable text from the body: `imsx_description`, `message` or `error_description`. */
  readonly description: string | undefined;

  constructor(init: ApiErrorInit) {
    const body = redact(init.body, init.alsoRedact);
    const parsed = parseErrorBody(body, init.headers.get('content-type'));
    // A request id is the server's to choose: a careless (or hostile) one may echo a credential in it.
    const rawId = requestIdOf(init.headers);
    const requestId = rawId === undefined ? undefined : redact(rawId, init.alsoRedact);
    const retryAfterMs = init.status === 429 ? parseRetryAfterMs(init.headers) : undefined;
    const reason = REASONS[init.status] ? ` ${REASONS[init.status]}` : '';
    const rid = requestId ? ` [request id ${requestId}]` : '';
    const advice = init.hint ?? adviceFor(init.status, retryAfterMs);
    const message =
      init.message ?? `${init.operation} returned ${init.status}${reason}: ${parsed.detail}.${rid} ${advice}`;
    super(redact(message, init.alsoRedact), { cause: init.cause });
    showSafely(this);
    this.status = init.status;
    this.headers = init.headers;
    this.body = body;
    this.requestId = requestId;
    this.imsx = parsed.imsx;
    this.operation = init.operation;
    this.code = parsed.code;
    this.description = parsed.description;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      operation: this.operation,
      requestId: this.requestId,
      code: this.code,
      imsx: this.imsx,
    };
  }
}

/** 400: the platform refused the request as invalid. */
export class BadRequestError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'BadRequestError';
}

/**
 * 401 from the API after one token refresh, or an OAuth error from the token endpoint. `error` and
 * `errorDescription` carry the OAuth `error` / `error_description` when the token endpoint sent them.
 */
export class AuthenticationError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'AuthenticationError';
  /** OAuth `error`, e.g. `invalid_client`, `invalid_scope`. */
  readonly error: string | undefined;
  /** OAuth `error_description`. */
  readonly errorDescription: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    this.error = this.code;
    this.errorDescription = this.description;
  }
}

/** 403: the client lacks the scope or grant the operation needs. */
export class PermissionDeniedError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'PermissionDeniedError';
}

/** 404: the resource does not exist or the client may not see it. */
export class NotFoundError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'NotFoundError';
}

/** 409: the resource is in a conflicting state. */
export class ConflictError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'ConflictError';
}

/** 422: the request was understood but refused. */
export class UnprocessableEntityError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'UnprocessableEntityError';
}

/** 429 after the retries, or with a `Retry-After` beyond `maxRetryAfterMs` (then thrown at once). */
export class RateLimitError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'RateLimitError';
  /** How long the server asked to wait, in ms, when it said (`Retry-After`). */
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfterMs = parseRetryAfterMs(init.headers);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

/** 500 and above, after the retries the operation allowed. */
export class InternalServerError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'InternalServerError';
}

/** What {@link RedirectError} is built from: the redirect response and the two origins. */
export interface RedirectErrorInit extends ApiErrorInit {
  /** The origin the request was sent to. */
  from: string;
  /** The origin the redirect points to; undefined when the runtime hides it (a browser's opaque redirect). */
  to: string | undefined;
}

/**
 * A redirect the SDK did not follow: one to another origin (requests carry credentials, which must not leave
 * their origin), more than 20 in a row, or any redirect when the request said `redirect: 'error'`. `from` and
 * `to` name both origins (docs/decisions.md#d-i13-redirects).
 *
 * @example
 * catch (e) { if (e instanceof RedirectError) console.error(`moved from ${e.from} to ${e.to}: check baseUrl`) }
 */
export class RedirectError extends ApiError {
  /** @internal */
  static override readonly brandName: string = 'RedirectError';
  /** The origin the request was sent to, e.g. `https://api.example.com`. */
  readonly from: string;
  /** The origin the redirect points to, e.g. `https://other.example`; undefined when the runtime hides it. */
  readonly to: string | undefined;

  constructor(init: RedirectErrorInit) {
    super(init);
    this.from = init.from;
    this.to = init.to;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), from: this.from, to: this.to };
  }
}

/**
 * The right {@link ApiError} subclass for a status.
 *
 * @example
 * throw createApiError({ status: res.status, headers: res.headers, body: await res.text(), operation: 'GET /x' })
 */
export function createApiError(init: ApiErrorInit): ApiError {
  const s = init.status;
  if (s === 400) return new BadRequestError(init);
  if (s === 401) return new AuthenticationError(init);
  if (s === 403) return new PermissionDeniedError(init);
  if (s === 404) return new NotFoundError(init);
  if (s === 409) return new ConflictError(init);
  if (s === 422) return new UnprocessableEntityError(init);
  if (s === 429) return new RateLimitError(init);
  if (s >= 500) return new InternalServerError(init);
  return new ApiError(init);
}

/** Reads `response`'s body and builds the matching {@link ApiError}. */
export async function apiErrorFromResponse(
  response: Response,
  operation: string,
  hint?: string,
): Promise<ApiError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // A body cut off mid-stream still deserves the status-based error, not a stream error.
  }
  return createApiError({
    status: response.status,
    headers: response.headers,
    body,
    operation,
    ...(hint !== undefined && { hint }),
  });
}

function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; isRecord(e) || e instanceof Error; depth++) {
    if (depth > 5) break;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

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

/** `['CFItems', 12, 'identifier']` -> `CFItems[12].identifier`, the way a reader finds it in the JSON. */
export function formatIssuePath(path: readonly (string | number)[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/** One problem found in the input: where (`path`) and what to do (`message`). Zod's issues fit this shape. */
export interface ValidationIssue {
  /** Where: property names and array indexes from the input's root; empty for the input as a whole. */
  path: (string | number)[];
  /** What is wrong and how to fix it, without the path. */
  message: string;
}

/**
 * Input refused before anything was sent. `issues` lists each field and the fix.
 *
 * @example
 * catch (e) { if (e instanceof ValidationError) for (const i of e.issues) console.error(i.path.join('.'), i.message) }
 */
export class ValidationError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'ValidationError';
  /** Each problem: the field path and what is wrong with it. */
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[] | string) {
    const list = typeof issues === 'string' ? [{ path: [], message: issues }] : issues;
    const text = list
      .map((i) => (i.path.length ? `${formatIssuePath(i.path)}: ${i.message}` : i.message))
      .join('; ');
    super(redact(`Invalid input: ${text}`));
    showSafely(this);
    this.issues = list;
  }

  /** Builds the error from a zod error (or anything with zod's `issues` shape). */
  static fromZod(error: {
    issues: readonly { path: readonly PropertyKey[]; message: string }[];
  }): ValidationError {
    // `this`, not the class name: a class that names itself inside its body is emitted by esbuild as
    // `class _ValidationError`, and that would be its `name` (docs/decisions.md#d-pkg-class-names).
    return new this(
      error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
    );
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), issues: this.issues };
  }
}

/** Why a webhook delivery was refused. */
export type WebhookVerificationReason =
  | 'missing_signature'
  | 'missing_timestamp'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'body_not_raw'
  | 'invalid_payload';

/**
 * A webhook delivery failed verification; `reason` says which check.
 *
 * The message is used as given, without a redaction pass: the SDK writes it from fixed text and numbers it
 * computed (never a secret, a header value or the body), and leaving the redactor out keeps the browser bundle of
 * `verifyWebhook` small. Code that builds one itself must keep secrets out of the message likewise.
 *
 * @example
 * catch (e) { if (e instanceof WebhookVerificationError && e.reason === 'timestamp_too_old') ... }
 */
export class WebhookVerificationError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'WebhookVerificationError';
  /** Which check failed. */
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message?: string) {
    super(message ?? `Webhook verification failed: ${reason}`);
    this.reason = reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}
