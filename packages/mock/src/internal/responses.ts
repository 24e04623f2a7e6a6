import { HttpError } from './http-error.js';

/** Which error format a path responds with (docs/decisions.md#d-wire-errors). */
export type ErrorArea = 'ims' | 'platform' | 'oauth';

/** A JSON response with the given status and extra headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** 204 with no body. */
export const noContent = () => new Response(null, { status: 204 });

// The imsx minor codes other than the defaults (`invaliddata` below 500, `internal_server_error` from 500).
const IMSX_MINOR: Record<number, string> = {
  401: 'unauthorisedrequest',
  403: 'forbidden',
  404: 'unknownobject',
  429: 'server_busy',
  502: 'server_busy',
  503: 'server_busy',
  504: 'server_busy',
};

const PLATFORM_CODE: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_server_error',
  501: 'not_implemented',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** The error body of `area` for `status`. */
function errorBody(area: ErrorArea, status: number, message: string, code?: string): unknown {
  if (area === 'ims') {
    // The imsx status body of CASE and OneRoster paths.
    const minor = code ?? IMSX_MINOR[status] ?? (status >= 500 ? 'internal_server_error' : 'invaliddata');
    const field = { imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: minor };
    const body = { imsx_codeMajor: 'failure', imsx_severity: 'error', imsx_description: message };
    return { ...body, imsx_CodeMinor: { imsx_codeMinorField: [field] } };
  }
  if (area === 'oauth')
    return {
      error: code ?? (status === 401 ? 'invalid_client' : 'invalid_request'),
      error_description: message,
    };
  return {
    error: code ?? PLATFORM_CODE[status] ?? (status >= 500 ? 'internal_error' : 'bad_request'),
    message,
  };
}

/** Renders an error in the area's format. */
export function errorResponse(
  area: ErrorArea,
  status: number,
  message: string,
  code?: string,
  headers: Record<string, string> = {},
): Response {
  return json(status, errorBody(area, status, message, code), headers);
}

/** Renders a thrown `HttpError` (anything else becomes a 500 that names the bug). */
export function renderError(area: ErrorArea, error: unknown): Response {
  if (error instanceof HttpError)
    return errorResponse(area, error.status, error.message, error.code, error.headers);
  const message = error instanceof Error ? error.message : String(error);
  return errorResponse(area, 500, `mock internal error: ${message}`);
}

/** The error area of a path: imsx on CASE and OneRoster, RFC 6749 on token endpoints, `{ error, message }` elsewhere. */
export function areaOf(pathname: string): ErrorArea {
  if (pathname.startsWith('/ims/')) return 'ims';
  if (pathname === '/auth/1.0/token' || pathname.endsWith('/oauth2/token')) return 'oauth';
  return 'platform';
}
