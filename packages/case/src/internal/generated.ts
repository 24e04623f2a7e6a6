/** The one place this package reaches the OpenAPI-generated types (from `@learnkit/core`). */
export type { CaseComponents as components, CasePaths as paths } from '@learnkit/core';
