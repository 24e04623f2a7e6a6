/**
 * @packageDocumentation
 * `@learnkit/mock`: The whole platform as a stateful mock: MSW handlers and a loopback HTTP server.
 *
 * The public surface is exported here by name as the package's capability lands.
 */
export const PACKAGE_NAME = '@learnkit/mock';
