import type { ValidationIssue } from '@learnkit/core';
import { type ZodType, z } from 'zod';
import { show } from './internal/errors';
import { onerosterSchemas } from './internal/generated';
import { isRecord, valueAt } from './internal/json-path';

let lineItemSchema: ZodType | undefined;

/**
 * The runtime validator of a line item body, derived from openapi/oneroster.yaml's `AssessmentLineItemInput`
 * (through the generated JSON Schemas), never written by hand. Built on first use, so programs that never write
 * a line item do not pay for it at import.
 */
function schema(): ZodType {
  lineItemSchema ??= z.fromJSONSchema({
    $defs: onerosterSchemas as Record<string, z.core.JSONSchema.JSONSchema>,
    $ref: '#/$defs/AssessmentLineItemInput',
  });
  return lineItemSchema;
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

const FORMAT: Record<string, string> = {
  datetime: 'must be an ISO 8601 date-time such as 2026-01-02T03:04:05Z',
  date: 'must be a date such as 2026-01-02',
  url: 'must be an absolute URL such as https://api.example.com/...',
};

/** Zod's issue as a LearnKit issue whose message says what to give instead. */
function readable(issue: z.core.$ZodIssue, input: unknown, out: ValidationIssue[]): void {
  const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      out.push({
        path,
        message:
          value === undefined
            ? 'is required'
            : `must be ${ARTICLE[issue.expected] ?? issue.expected} (got ${show(value)})`,
      });
      return;
    }
    case 'unrecognized_keys':
      for (const key of issue.keys) {
        out.push({ path: [...path, key], message: 'is not a member of an assessment line item; remove it' });
      }
      return;
    case 'invalid_union': {
      // A nullable member (`[number, 'null']`) given a value of another type: say which types it takes.
      const expected = issue.errors
        .flat()
        .flatMap((inner) =>
          inner.code === 'invalid_type' ? [ARTICLE[inner.expected] ?? inner.expected] : [],
        );
      const types = expected.length > 0 ? expected.join(' or ') : 'of another type';
      out.push({ path, message: `must be ${types} (got ${show(valueAt(input, issue.path))})` });
      return;
    }
    case 'invalid_format':
      out.push({ path, message: FORMAT[issue.format] ?? issue.message });
      return;
    default:
      out.push({ path, message: issue.message });
  }
}

/**
 * The problems of an assessment line item as `gradebook.assessmentLineItems.create` and `.put` take it (empty
 * when it is valid), each with its path: `title` required, references as `{ sourcedId }`, `component` and
 * `componentResource` as `{ sourcedId }`, no unknown members.
 *
 * @example
 * const issues = validateAssessmentLineItem({ title: 'Quiz 1', component: { id: 'x' } });
 * // [{ path: ['component', 'sourcedId'], message: 'is required' }, { path: ['component', 'id'], ... }]
 */
export function validateAssessmentLineItem(lineItem: unknown): ValidationIssue[] {
  if (!isRecord(lineItem)) {
    return [
      {
        path: [],
        message: `the line item must be an object such as { title: 'Quiz 1' } (got ${show(lineItem)})`,
      },
    ];
  }
  const out: ValidationIssue[] = [];
  const result = schema().safeParse(lineItem);
  if (!result.success) for (const issue of result.error.issues) readable(issue, lineItem, out);
  return out;
}
