import type { ErrorObject } from 'ajv';
import type { ContractIssue } from './types.js';

/** Converts ajv errors to issues located under `prefix` (`/body`, `/query/limit`, ...). */
export function toIssues(prefix: string, errors: ErrorObject[]): ContractIssue[] {
  return errors.map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)})`
          : '';
    return {
      pointer: `${prefix}${error.instancePath}`,
      rule: error.keyword,
      message: `${error.message ?? 'invalid'}${extra}`,
    };
  });
}

/** The media type of a Content-Type header, without parameters, lower-cased. */
export const mediaType = (header: string | null) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** Parses a body by media type: JSON, or form-urlencoded as an object of strings. */
export function parseBody(
  body: string,
  type: string,
): { ok: true; value: unknown } | { ok: false; issue: ContractIssue } {
  if (type === 'application/x-www-form-urlencoded') {
    return { ok: true, value: Object.fromEntries(new URLSearchParams(body)) };
  }
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return {
      ok: false,
      issue: {
        pointer: '/body',
        rule: 'json',
        message: `body is not valid JSON: ${JSON.stringify(body.slice(0, 80))}`,
      },
    };
  }
}
