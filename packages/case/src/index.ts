/**
 * @packageDocumentation
 * `@learnkit/case`: CASE 1.1 client: competency framework documents, items, associations, packages and validate.
 *
 * The public surface is exported here by name as the package's capability lands.
 */
export const PACKAGE_NAME = '@learnkit/case';
