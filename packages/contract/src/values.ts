import type { ErrorObject } from 'ajv';
import type { ContractIssue } from './types.js';

type SchemaLike = { type?: unknown; items?: unknown; $ref?: unknown };

const typesOf = (schema: SchemaLike | undefined): string[] =>
  Array.isArray(schema?.type) ? (schema.type as string[]) : schema?.type ? [String(schema.type)] : [];

/** Turns one serialized parameter (path, query or header text) into the JSON value its schema describes. */
export function coerceScalar(text: string, schema: SchemaLike | undefined): unknown {
  const types = typesOf(schema);
  if (
    (types.includes('integer') || types.includes('number')) &&
    text.trim() !== '' &&
    !Number.isNaN(Number(text))
  ) {
    return Number(text);
  }
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && text === 'null') return null;
  return text;
}

/** Reads a query parameter: arrays are comma-joined (`explode: false`) or repeated (`explode: true`). */
export function readQueryValue(
  params: URLSearchParams,
  name: string,
  schema: SchemaLike | undefined,
  explode: boolean | undefined,
): unknown {
  const values = params.getAll(name);
  if (typesOf(schema).includes('array')) {
    const items = explode === false ? (values[0] ?? '').split(',') : values;
    return items.map((item) => coerceScalar(item, schema?.items as SchemaLike | undefined));
  }
  return coerceScalar(values[0] ?? '', schema);
}

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
