/**
 * `@learnkit/oneroster`: the OneRoster 1.2 client (rostering: users, classes with their students and teachers,
 * courses, academic sessions, demographics, enrollments, a school's class's students; gradebook: assessment line
 * items with create and put, assessment results, results; resources), every listing a page promise with the
 * query builder, `search` and `fields`, every input checked against openapi/oneroster.yaml before sending.
 *
 * @packageDocumentation
 * @module \@learnkit/oneroster
 */
export { createOneRosterClient, type OneRosterClient, type OneRosterClientInit } from './client';
export { AcademicSessions } from './generated/resources/academic-sessions';
export { Classes } from './generated/resources/classes';
export { Courses } from './generated/resources/courses';
export { Demographics } from './generated/resources/demographics';
export { Enrollments } from './generated/resources/enrollments';
export { OneRosterGradebook } from './generated/resources/gradebook';
export { AssessmentLineItems } from './generated/resources/gradebook/assessment-line-items';
export { AssessmentResults } from './generated/resources/gradebook/assessment-results';
export { Results } from './generated/resources/gradebook/results';
export { Resources } from './generated/resources/resources';
export { Schools } from './generated/resources/schools';
export { Users } from './generated/resources/users';
// Every type of the types module is public (docs/decisions.md#d-i15-type-reexports).
export type * from './types';
export { validateAssessmentLineItem } from './validation';
