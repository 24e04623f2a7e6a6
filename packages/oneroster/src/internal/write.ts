import {
  createValidationError,
  isRecord,
  schemaChecker,
  showValue,
  type ValidationIssue,
} from '@learnkit/core/internal';
import { z } from 'zod';
import { onerosterSchemas } from './generated';

/** `AssessmentLineItemInput` -> `assessment line item`: what a body of that schema is, in words. */
export function nounOf(schema: string): string {
  return schema
    .replace(/(Input|Write)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** One checker per schema, built on first use (docs/decisions.md#d-platform-inputs-checked). */
const checkers = new Map<string, ReturnType<typeof schemaChecker>>();

/**
 * The check of a OneRoster request body against its component schema in openapi/oneroster.yaml (through the
 * generated JSON Schemas, never written by hand), in the object's own words: its members, and what each string
 * format takes. Empty when the body is valid.
 */
export function writeIssues(schema: string, value: unknown): ValidationIssue[] {
  const noun = nounOf(schema);
  if (!isRecord(value)) {
    return [{ path: [], message: `the ${noun} must be an object (got ${showValue(value)})` }];
  }
  let check = checkers.get(noun);
  if (!check) {
    check = schemaChecker(onerosterSchemas, z.fromJSONSchema, {
      unknownMember: `is not a member of ${article(noun)}; remove it`,
      formats: {
        datetime: () => 'must be an ISO 8601 date-time such as 2026-01-02T03:04:05Z',
        date: () => 'must be a date such as 2026-01-02',
        url: () => 'must be an absolute URL such as https://api.example.com/...',
      },
    });
    checkers.set(noun, check);
  }
  return check(schema, value);
}

/**
 * The body of a OneRoster write, checked before anything is sent (docs/decisions.md#d-generated-resources): one
 * `ValidationError` (`Invalid <noun>: ...`) names every problem. Given the call's `sourcedId`, a `sourcedId` inside
 * the body must be the same.
 */
export function checkWrite<T>(
  schema: string,
  value: unknown,
  _field: string,
  call?: { sourcedId: string },
): T {
  const inner = isRecord(value) ? value.sourcedId : undefined;
  const mismatch: ValidationIssue[] =
    call && inner !== undefined && inner !== call.sourcedId
      ? [
          {
            path: ['sourcedId'],
            message: `is ${showValue(inner)} but the call names ${showValue(call.sourcedId)}; give the same id, or leave it out`,
          },
        ]
      : [];
  const issues = [...mismatch, ...writeIssues(schema, value)];
  if (issues.length > 0) throw createValidationError(issues, `Invalid ${nounOf(schema)}`);
  return value as T;
}

/**
 * A list body of a OneRoster write (`{ results: [...] }`), checked item by item before anything is sent: one
 * `ValidationError` (`Invalid <noun>s: ...`) names every problem with the item's index first (`[1].score`).
 */
export function checkWrites<T>(schema: string, value: unknown, field: string): T[] {
  const noun = nounOf(schema);
  if (!Array.isArray(value) || value.length === 0) {
    throw createValidationError(
      [{ path: [], message: `${field} must be a non-empty list of ${noun}s (got ${showValue(value)})` }],
      `Invalid ${noun}s`,
    );
  }
  const issues = value.flatMap((item, index) =>
    writeIssues(schema, item).map((issue) => ({ ...issue, path: [index, ...issue.path] })),
  );
  if (issues.length > 0) throw createValidationError(issues, `Invalid ${noun}s`);
  return value as T[];
}
