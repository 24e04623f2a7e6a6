import { ValidationError, type ValidationIssue } from '@learnkit/core';
import { type ZodType, z } from 'zod';
import { platformSchemas } from './generated';
import { show, valueAt } from './show';

/** The request bodies of openapi/platform.yaml this package checks before sending. */
export type BodySchema =
  | 'ApplicationDraftCreate'
  | 'ApplicationUpsert'
  | 'UserUpsert'
  | 'UserRoleUpsert'
  | 'OrgConfig'
  | 'SessionMetadataWrite'
  | 'DiscountCodeValidateRequest';

const validators = new Map<BodySchema, ZodType>();

/**
 * The runtime validator of a request body, derived from the document's component schema (through the
 * generated JSON Schemas), never written by hand. Built on first use, so that a program pays only for the
 * bodies it sends (docs/decisions.md#d-i16-validation).
 */
function validator(name: BodySchema): ZodType {
  let schema = validators.get(name);
  if (!schema) {
    schema = z.fromJSONSchema({
      $defs: platformSchemas as Record<string, z.core.JSONSchema.JSONSchema>,
      $ref: `#/$defs/${name}`,
    });
    validators.set(name, schema);
  }
  return schema;
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  object: 'a JSON object',
  null: 'null',
};

/** One zod issue as a message that says what the value must be (and what it was). */
function readable(issue: z.core.$ZodIssue, input: unknown): string {
  const value = valueAt(input, issue.path);
  if (issue.code === 'invalid_type') {
    return value === undefined
      ? 'is required'
      : `must be ${ARTICLE[issue.expected] ?? issue.expected} (got ${show(value)})`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'date') {
    return `must be a calendar date YYYY-MM-DD (got ${show(value)})`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'datetime') {
    return `must be an RFC 3339 date-time such as 2026-09-01T12:00:00Z (got ${show(value)})`;
  }
  return issue.message;
}

/**
 * Checks a request body against its schema in openapi/platform.yaml and returns it typed, or throws one
 * `ValidationError` naming every problem under `field` (`user.roles[0].beginDate: must be a calendar date`).
 */
export function checkBody<T>(name: BodySchema, body: unknown, field: string): T {
  const result = validator(name).safeParse(body);
  if (result.success) return body as T;
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    path: [field, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    message: readable(issue, body),
  }));
  throw new ValidationError(issues);
}
