/**
 * @packageDocumentation
 * `@learnkit/webhooks`: Webhook subscriptions, verifyWebhook, signWebhook, a ready handler and typed events.
 *
 * The public surface is exported here by name as the package's capability lands.
 */
export const PACKAGE_NAME = '@learnkit/webhooks';
