/**
 * The operations of openapi/platform.yaml whose methods the umbrella builds itself (`lk.webhooks.subscriptions`
 * over `@learnkit/webhooks`, `lk.caliper` over `@learnkit/activity`), as paths from the instance. Internal: not
 * exported from the package's entry; the operation-coverage test reads it
 * (docs/decisions.md#d-i16-operation-tables).
 */
export const OPERATIONS = {
  createWebhookSubscription: 'webhooks.subscriptions.create',
  listWebhookSubscriptions: 'webhooks.subscriptions.list',
  getWebhookSubscription: 'webhooks.subscriptions.get',
  updateWebhookSubscription: 'webhooks.subscriptions.update',
  deleteWebhookSubscription: 'webhooks.subscriptions.delete',
  rotateWebhookSubscriptionSecret: 'webhooks.subscriptions.rotateSecret',
  sendCaliperEvents: 'caliper.send',
} as const;
