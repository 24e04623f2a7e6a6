/**
 * `@learnkit/oneroster`: the OneRoster 1.2 client (rostering: users, classes with their students and teachers,
 * courses, academic sessions, demographics, enrollments, a school's class's students; gradebook: assessment line
 * items with create and put, assessment results, results; resources), every listing a page promise with the
 * query builder, `search` and `fields`, every input checked against openapi/oneroster.yaml before sending.
 *
 * @packageDocumentation
 * @module \@learnkit/oneroster
 */
export {
  createOneRosterClient,
  type OneRosterClient,
  type OneRosterClientInit,
  type OneRosterGradebook,
} from './client';
export { AcademicSessions } from './resources/academic-sessions';
export { AssessmentLineItems } from './resources/assessment-line-items';
export { AssessmentResults } from './resources/assessment-results';
export { Classes } from './resources/classes';
export { Courses } from './resources/courses';
export { Demographics } from './resources/demographics';
export { Enrollments } from './resources/enrollments';
export { Resources } from './resources/learning-resources';
export { Results } from './resources/results';
export { Schools } from './resources/schools';
export { Users } from './resources/users';
// Every type of the types module is public (docs/decisions.md#d-i15-type-reexports).
export type * from './types';
export { validateAssessmentLineItem } from './validation';
