import { redact } from '../internal/redact';
import { parseRetryAfterMs } from '../internal/retry-after';
import { isRecord, preview, tryParseJson } from '../internal/text';
import { LearnKitError } from './base';
import { showSafely } from './inspect';

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
  /** The `X-Request-Id` the request sent: the error's `requestId` when the response names none. */
  requestId?: string | undefined;
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
    return 'The endpoint responded with something other than JSON: check baseUrl (a proxy or login page?).';
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
  /**
   * The id to quote to support: the one the platform responded with (`x-request-id`, `request-id` or
   * `x-amzn-requestid`), else the `X-Request-Id` the SDK sent.
   */
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
    const rawId = requestIdOf(init.headers) ?? (init.requestId || undefined);
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
 * `to` name both origins (docs/decisions.md#d-redirects-same-origin).
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
