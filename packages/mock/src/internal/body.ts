import { badRequest } from './http-error.js';

/** Whether a value is a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a JSON body; a missing or malformed one is a 400 saying so. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim().length === 0) throw badRequest('request body is required (JSON)');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('request body is not valid JSON');
  }
}

/** Reads a JSON body that must be an object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request);
  if (!isRecord(body)) throw badRequest('request body must be a JSON object');
  return body;
}

/** Whether a string is an ISO 8601 date-time with a time zone, as the documents' `date-time` format requires. */
export function isDateTime(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** Whether a string is a calendar date `YYYY-MM-DD`. */
export function isDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * Whether a string is an absolute URI: a scheme, then no spaces and none of the characters RFC 3986 never allows
 * unencoded. A regular expression rather than `new URL`, because a 100,000-item upload checks half a million URIs.
 */
export function isAbsoluteUri(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]+$/i.test(value);
}

/** Any 8-4-4-4-12 hex string, whatever its version bits (DESIGN decision 12). */
export function isCaseId(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}
