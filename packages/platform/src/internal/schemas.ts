import { createValidationError, schemaChecker, showValue } from '@learnkit/core/internal';
import { z } from 'zod';
import { platformSchemas } from './generated';

/** A component schema of openapi/platform.yaml that a request body is checked against. */
export type BodySchema = string;

/**
 * The check of a request body against the document's component schema (through the generated JSON Schemas, never
 * written by hand), in the family's own words: JSON objects, and what its date and date-time members take. Each
 * validator is built on first use, so that a program pays only for the bodies it sends
 * (docs/decisions.md#d-platform-inputs-checked).
 */
const check = schemaChecker(platformSchemas, z.fromJSONSchema, {
  types: { object: 'a JSON object' },
  formats: {
    date: (value) => `must be a calendar date YYYY-MM-DD (got ${showValue(value)})`,
    datetime: (value) =>
      `must be an RFC 3339 date-time such as 2026-09-01T12:00:00Z (got ${showValue(value)})`,
  },
});

/**
 * Checks a request body against its schema in openapi/platform.yaml and returns it typed, or throws one
 * `ValidationError` naming every problem under `field` (`user.roles[0].beginDate: must be a calendar date`).
 */
export function checkBody<T>(name: BodySchema, body: unknown, field: string): T {
  const issues = check(name, body);
  if (issues.length === 0) return body as T;
  throw createValidationError(
    issues.map((issue) => ({ path: [field, ...issue.path], message: issue.message })),
  );
}
