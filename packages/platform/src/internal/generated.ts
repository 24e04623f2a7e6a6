/** The one place this package reaches the OpenAPI-generated types and JSON Schemas (from `@learnkit/core`). */
export type { PlatformComponents as components, PlatformPaths as paths } from '@learnkit/core/internal';
export { platformSchemas } from '@learnkit/core/internal';
