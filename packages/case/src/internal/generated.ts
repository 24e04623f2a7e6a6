/** The one place this package reaches the OpenAPI-generated types and JSON Schemas (from `@learnkit/core`). */
export type { CaseComponents as components, CasePaths as paths } from '@learnkit/core';
export { caseSchemas } from '@learnkit/core';
