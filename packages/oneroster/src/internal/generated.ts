/** The one place this package reaches the OpenAPI-generated types and JSON Schemas (from `@learnkit/core`). */
export type { OneRosterComponents as components, OneRosterPaths as paths } from '@learnkit/core/internal';
export { onerosterSchemas } from '@learnkit/core/internal';
