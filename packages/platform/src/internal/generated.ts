/** The one place this package reaches the OpenAPI-generated types and JSON Schemas of the platform's document. */

export { platformSchemas } from '../generated/json-schemas';
export type { components, paths } from '../generated/openapi-types';
