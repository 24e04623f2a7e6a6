// One-line predicates shared by the completion, protocol and configuration checks (no zod in the browser).

/** A plain object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A finite number >= 0. */
export const isNonNegative = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** An integer >= 0. */
export const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** A string with at least one non-blank character and at most `max` characters. */
export const isText = (v: unknown, max = 512): v is string =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max;

/** A course grade: an integer (-1 pre-K, 0 K, 1..13) or a short label such as `"K"`. */
export const isGrade = (v: unknown): v is number | string => Number.isInteger(v) || isText(v, 16);

/** The value as JSON for an error message (`undefined` for undefined). */
/**
 * A value as a message quotes it. A password shaped like userinfo (`user:password@`) goes, by a rule small enough for
 * the browser entry: from a colon of the value to its next `@` (docs/decisions.md#d-userinfo-browser).
 */
export const show = (v: unknown): string =>
  (JSON.stringify(v) ?? String(v)).replace(/:[^@]*@/g, ':[redacted]@');
