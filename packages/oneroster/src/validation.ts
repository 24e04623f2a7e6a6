import type { ValidationIssue } from '@learnkit/core/internal';
import { writeIssues } from './internal/write';

/**
 * The problems of an assessment line item as `gradebook.assessmentLineItems.create` and `.update` take it (empty
 * when it is valid), each with its path: `status` and `title` required, references as `{ sourcedId }`, `component` and
 * `componentResource` as `{ sourcedId }` or null, no unknown members.
 *
 * @example
 * const issues = validateAssessmentLineItem({ title: 'Quiz 1', component: { id: 'x' } });
 * // [{ path: ['component', 'sourcedId'], message: 'is required' }, { path: ['component', 'id'], ... }]
 */
export function validateAssessmentLineItem(lineItem: unknown): ValidationIssue[] {
  return writeIssues('AssessmentLineItemInput', lineItem);
}
