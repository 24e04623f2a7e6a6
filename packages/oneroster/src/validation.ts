import { isRecord, schemaChecker, showValue, type ValidationIssue } from '@learnkit/core';
import { z } from 'zod';
import { onerosterSchemas } from './internal/generated';

/**
 * The check of a line item body against openapi/oneroster.yaml's `AssessmentLineItemInput` (through the generated
 * JSON Schemas, never written by hand), in a line item's own words: its members, and what each string format
 * takes. Its validator is built on first use, so programs that never write a line item do not pay for it at import.
 */
const check = schemaChecker(onerosterSchemas, z.fromJSONSchema, {
  unknownMember: 'is not a member of an assessment line item; remove it',
  formats: {
    datetime: () => 'must be an ISO 8601 date-time such as 2026-01-02T03:04:05Z',
    date: () => 'must be a date such as 2026-01-02',
    url: () => 'must be an absolute URL such as https://api.example.com/...',
  },
});

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
        message: `the line item must be an object such as { title: 'Quiz 1' } (got ${showValue(lineItem)})`,
      },
    ];
  }
  return check('AssessmentLineItemInput', lineItem);
}
