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

/** Whether a media type's body is a file (read as bytes), not JSON or a form (docs/decisions.md#d-oneroster-binary-export). */
export const isFileMedia = (type: string) =>
  type !== 'application/x-www-form-urlencoded' && type !== 'application/json' && !type.endsWith('+json');

// A ZIP archive starts with a local file header, or is an empty archive's end record (APPNOTE 4.3.6, 4.3.16).
const ZIP_STARTS = ['PK\u0003\u0004', 'PK\u0005\u0006'];

/**
 * A file response's body: it has bytes, and a ZIP (`application/zip`) starts as a ZIP does. Its schema (`type:
 * string, format: binary`) says nothing more a checker can read.
 */
export function fileIssues(type: string, body: string): ContractIssue[] {
  if (body.length === 0)
    return [{ pointer: '/body', rule: 'content', message: `the ${type} file has no bytes` }];
  if (type === 'application/zip' && !ZIP_STARTS.some((start) => body.startsWith(start))) {
    return [
      {
        pointer: '/body',
        rule: 'content',
        message: `an application/zip body that is no ZIP archive (it starts ${JSON.stringify(body.slice(0, 8))})`,
      },
    ];
  }
  return [];
}
