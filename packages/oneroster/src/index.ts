/**
 * `@learnkit/oneroster`: the OneRoster 1.2 client, every operation the platform publishes (rostering: orgs and
 * schools, academic sessions, terms and grading periods, courses with their components and component resources,
 * classes, users, students and teachers, enrollments, demographics; gradebook: line items, categories, score
 * scales, results, assessment line items and results; resources and their assignments). Every listing is a page
 * promise with the query builder, `search` and `fields`; every input is checked against openapi/oneroster.yaml
 * before sending.
 *
 * @packageDocumentation
 * @module \@learnkit/oneroster
 */
export { createOneRosterClient, type OneRosterClient, type OneRosterClientInit } from './client';
// The OneRoster document as generated from openapi/oneroster.yaml: its paths and components
// (`createHttpClient<OneRosterPaths>` of `@learnkit/core`), and the JSON Schema of each component.
export { onerosterSchemas } from './generated/json-schemas';
export type {
  components as OneRosterComponents,
  OneRosterSchemas,
  paths as OneRosterPaths,
} from './generated/openapi-types';
export * from './generated/resources/index';
// Every type of the types module is public (docs/decisions.md#d-type-reexports).
export type * from './types';
export { validateAssessmentLineItem } from './validation';
