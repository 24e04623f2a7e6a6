/**
 * `@learnkit/webhooks`: webhook subscriptions, `verifyWebhook`, `signWebhook`, a ready handler with dedupe,
 * and the typed event catalogue.
 *
 * @packageDocumentation
 * @module \@learnkit/webhooks
 */

// The dedupe store interface, its Redis store and the verification error live in core (shared with activity,
// docs/decisions.md#d-dedupe-store-in-core); re-exported so a consumer needs only this package
// (`catch (e) { if (e instanceof WebhookVerificationError) ... }` next to `verifyWebhook`). So is the Node adapter,
// core's `toNodeListener`: what a webhook delivery needs of it travels with the handler
// (`createWebhookHandler(...).nodeListenerOptions`), so `toNodeListener(handler)` from any LearnKit package serves it
// the same way (docs/decisions.md#d-one-node-listener).
export {
  createRedisDedupeStore,
  type DedupeStore,
  toNodeListener,
  WebhookVerificationError,
} from '@learnkit/core';
export type {
  NodeListener,
  NodeListenerOptions,
  NodeRequestLike,
  NodeResponseLike,
  RedisClientLike,
  RedisDedupeStoreOptions,
  WebhookVerificationReason,
} from '@learnkit/core/internal';
export {
  CATALOGUE_VERSION,
  isKnownWebhookEvent,
  isWebhookEventType,
  type KnownWebhookEvent,
  parseWebhookEvent,
  type UnknownWebhookEvent,
  type UnknownWebhookEventType,
  WEBHOOK_EVENT_CATALOGUE,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventDataMap,
  type WebhookEventField,
  type WebhookEventSpec,
  type WebhookEventType,
} from './events';
export type {
  ApplicationEventData,
  EnrollmentEventData,
  InsightEventData,
  MasteryEventData,
  OrgConfigEventData,
  ProctoringEnforcementEventData,
  SessionEventData,
  TestEventData,
  TestPingEventData,
  UserDeletedEventData,
  UserEventData,
  UserProfileEventData,
  UserRoleEventData,
} from './generated/catalogue';
export {
  createWebhookHandler,
  DEFAULT_WEBHOOK_DEDUPE_TTL_MS,
  type WebhookHandlerContext,
  type WebhookHandlerOptions,
  type WebhookHandlers,
  type WebhookRequestHandler,
} from './handler';
export { SIGNATURE_HEADER, TIMESTAMP_HEADER, type WebhookHeaders } from './internal/headers';
export type { WebhookBody } from './internal/raw-body';
export { type SignWebhookOptions, signWebhook, type WebhookSignatureHeaders } from './sign';
export { SigningSecret, type WebhookSecret } from './signing-secret';
export {
  type CreateSubscriptionInput,
  createSubscriptionsClient,
  type SubscriptionCallOptions,
  type SubscriptionsClient,
  type SubscriptionsClientOptions,
  type SubscriptionWriteOptions,
  type UpdateSubscriptionInput,
  type WebhookSubscription,
  type WebhookSubscriptionStatus,
  type WebhookSubscriptionWithSecret,
} from './subscriptions';
export { DEFAULT_TOLERANCE_SEC, type VerifyWebhookOptions, verifyWebhook } from './verify';
