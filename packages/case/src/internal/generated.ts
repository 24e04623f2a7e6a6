/** The one place this package reaches the OpenAPI-generated types of the CASE document (types.ts reads `CaseSchemas`). */
export type { components, paths } from '../generated/openapi-types';
