/**
 * @packageDocumentation
 * `@learnkit/core`: Transport, OAuth 2.0 client-credentials tokens, retries, typed errors, pagination and the query builder.
 *
 * The public surface is exported here by name as the package's capability lands.
 */
export const PACKAGE_NAME = '@learnkit/core';
