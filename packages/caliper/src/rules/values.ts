// Value checks the Caliper rules share: IRIs, event ids, date-times (no dependency, usable in browsers).

/**
 * Whether `v` is an absolute IRI: a scheme, then no white space, none of the characters RFC 3987 never allows
 * unencoded, and every `%` starting a two-digit hex escape. A regular expression rather than `new URL`, which
 * knows only URLs and accepts broken escapes (`/users/%E0%A4%A`) that later fail to decode.
 */
export const isIri = (v: unknown): v is string =>
  typeof v === 'string' && /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]+$/i.test(v) && !/%(?![0-9a-f]{2})/i.test(v);

/** Whether `v` is a Caliper event id: `urn:uuid:` and any 8-4-4-4-12 hex UUID. */
export const isEventId = (v: unknown): v is string =>
  typeof v === 'string' && /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** Whether `v` is an ISO 8601 date-time with a zone (`2026-01-05T10:15:30.000Z`), as Caliper's DateTime wants. */
export const isDateTime = (v: unknown): v is string =>
  typeof v === 'string' &&
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(v) &&
  !Number.isNaN(Date.parse(v));

/** A plain object (not null, not an array). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value as JSON for a message, cut to 60 characters (`undefined` for undefined). */
export function shown(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
