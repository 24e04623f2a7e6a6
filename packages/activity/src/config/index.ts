/**
 * `@learnkit/activity/config`: `learnkit.config.json` (docs/decisions.md#d-config-file): its checks and course matching,
 * shared by the browser tracker and the server. The JSON Schema for editors is
 * `@learnkit/activity/learnkit.config.schema.json`.
 *
 * @packageDocumentation
 * @module \@learnkit/activity/config
 */
export { courseName, courseRefProblem, describeCourse, findCourse, normalizeCourses } from './courses';
export { parseLearnkitConfig } from './parse';
export type { CourseConfig, CourseRef, LearnkitConfig } from './types';
