import type { WebhookEventType } from './catalogue.js';
import type { PlatformSchemas as Schemas } from './generated/openapi/platform-types.js';

// The webhook subscriptions, events, outbox and deliveries of the mock's state (state.ts holds the rest).

/** A signing secret of a subscription; a rotated-out one stays valid until `validUntil`. */
export type StoredSigningSecret = { secret: string; createdAt: number; validUntil: number | null };

/** A webhook subscription: what the webhook API shows of it (never the secret), and what only the platform knows. */
export type StoredSubscription = Schemas['WebhookSubscription'] & {
  /** The application the subscription belongs to (the `{appId}` of its path). */
  applicationId: string;
  /** The owning auth client. */
  ownerClientId: string;
  /** The path it was made through: client credentials or the developer tool (they cannot see each other's). */
  via: 'client' | 'developer';
  /** Newest last. */
  secrets: StoredSigningSecret[];
  /** When it was deleted (ms on the mock clock), or null; deleted ones stay in the state, unseen by the API. */
  deletedAt: number | null;
  /** When the platform disabled it (ms on the mock clock), or null; cleared when it is set active again. */
  disabledAt: number | null;
};

/** The body of a delivery (the documents' `WebhookDelivery`), of a catalogue type. */
export type WebhookEnvelope = Omit<Schemas['WebhookDelivery'], 'type'> & {
  /** The catalogue type of the event; `data` holds the members `WEBHOOK_EVENT_RULES` lists for it. */
  type: WebhookEventType;
};

/** An event the platform raised, with what routing needs. */
export type RaisedEvent = {
  /** The body every delivery of the event POSTs. */
  envelope: WebhookEnvelope;
  /** Orgs the event is attributed to (empty: none). */
  orgIds: string[];
  /** The auth client whose call caused it; undefined for platform-internal flows. */
  originClientId?: string;
  /** When it was raised, in milliseconds on the mock clock (the outbox drains about a minute later). */
  raisedAt: number;
};

/** A row of the delivery outbox. */
export type OutboxRow = {
  eventId: string;
  createdAt: number;
  status: 'pending' | 'dispatched' | 'coalesced';
  /** For a coalesced row, the event it was merged into. */
  coalescedInto?: string;
  dispatchedAt?: number;
};

/** One POST of a delivery to the consumer. */
export type DeliveryAttempt = {
  /** 1-based. */
  attempt: number;
  /** Milliseconds on the mock clock. */
  at: number;
  /** Where the attempt was POSTed: the subscription URL, or the `forwardTo` URL when one is set. */
  url: string;
  /** The consumer's status, when it responded. */
  status?: number;
  /** `timeout`, `network` (refused, DNS, reset) when it did not. */
  error?: 'timeout' | 'network';
  /** `delivered` on 2xx; `dead` on a 4xx but 408 and 429, or when the last attempt fails; else `retry`. */
  outcome: 'delivered' | 'retry' | 'dead';
  /** Signature headers as sent. */
  timestampHeader: string;
  /** The `X-Service-Webhook-Signature` header as sent: hex HMAC-SHA256 of `${timestamp}.${body}`. */
  signature: string;
};

/** The delivery of one event to one subscription. */
export type Delivery = {
  /** The delivery id (a random UUID). */
  id: string;
  /** The `id` of the event's envelope. */
  eventId: string;
  /** The subscription the event is delivered to. */
  subscriptionId: string;
  /** The event's catalogue type. */
  type: WebhookEventType;
  /** `held` while the subscription is paused; `dropped` when it was disabled or deleted before delivery. */
  status: 'pending' | 'held' | 'delivered' | 'dead' | 'dropped';
  /** Every POST made so far, oldest first. */
  attempts: DeliveryAttempt[];
  /** When the next attempt is due, while pending. */
  nextAttemptAt: number | null;
  /** The secret the delivery was routed with; it signs while valid (rotation window), else the newest does. */
  secret: string;
  /** When the outbox drain routed the event to the subscription, in milliseconds on the mock clock. */
  createdAt: number;
};

/**
 * Why the mock did not send an event to a subscription that lists its type: `org-scope` (the owner's org
 * scope does not cover the event's orgs, or the event has no org and the owner is not platform-internal),
 * `self-suppression` (the owner's own call caused the event), `paused` (held until the subscription is active
 * again), `disabled` (dropped: the platform disabled the subscription), `deleted` (dropped: the subscription was
 * deleted), `coalesced` (an identical event of the same drain window was sent instead).
 */
export type DeliverySkipReason =
  | 'org-scope'
  | 'self-suppression'
  | 'paused'
  | 'disabled'
  | 'deleted'
  | 'coalesced';

/** A delivery the mock decided not to send (now, or at all), and why. */
export type SkippedDelivery = {
  /** Why: see {@link DeliverySkipReason}. */
  reason: DeliverySkipReason;
  /** The `id` of the event's envelope. */
  eventId: string;
  /** The event's catalogue type. */
  type: WebhookEventType;
  /** The subscription that got nothing; undefined for `coalesced` (no subscription was considered). */
  subscriptionId: string | undefined;
  /** The same in a sentence for a log line, with what to change to get the delivery. */
  message: string;
};
