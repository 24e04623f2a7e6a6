/**
 * @packageDocumentation
 * `@learnkit/activity`: Activity tracking: activity.start in browsers, activity.record on servers, Caliper builders.
 *
 * The public surface is exported here by name as the package's capability lands.
 */
export const PACKAGE_NAME = '@learnkit/activity';
