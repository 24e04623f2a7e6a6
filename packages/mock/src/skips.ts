import type {
  DeliverySkipReason,
  MockClient,
  RaisedEvent,
  SkippedDelivery,
  StoredSubscription,
} from './state.js';

/** What the sentence of a skip is made from. */
export type SkipContext = {
  event: RaisedEvent;
  subscription?: StoredSubscription | undefined;
  /** The subscription's owning auth client. */
  owner?: MockClient | undefined;
  /** For `coalesced`: the event that was sent instead. */
  sentInstead?: string | undefined;
};

const list = (values: readonly string[]) => (values.length === 0 ? 'none' : values.join(', '));

/** The sentence of a skipped delivery: what happened, and what would have made it go (docs/decisions.md#d-mock-skipped-deliveries). */
function message(reason: DeliverySkipReason, context: SkipContext): string {
  const { event, subscription, owner, sentInstead } = context;
  const type = event.envelope.type;
  const target = subscription ? `subscription ${subscription.id} (${subscription.url})` : 'any subscription';
  const client = owner?.clientId ?? subscription?.ownerClientId ?? 'its owner';
  switch (reason) {
    case 'self-suppression':
      return `not sent to ${target}: ${client} caused the event and owns the subscription, and the platform never delivers a client's own changes back to it; make the change with another client (with learnkit-mock trigger: another --origin, or none)`;
    case 'org-scope': {
      if (event.orgIds.length === 0) {
        return `not sent to ${target}: ${type} is attributed to no org, and such events go only to platform-internal clients; ${client} is not one`;
      }
      const scope = owner?.orgIds === 'all' ? 'all' : list(owner?.orgIds ?? []);
      return `not sent to ${target}: ${type} is attributed to ${list(event.orgIds)}, outside the org scope of ${client} (${scope}); use an entity of an org in that scope`;
    }
    case 'paused':
      return `held for ${target}: the subscription is paused; set it active and the held deliveries go at once`;
    case 'disabled':
      return `dropped for ${target}: the platform disabled the subscription after a delivery ran out of retries; set it active again for later events (this one is not sent)`;
    case 'deleted':
      return `dropped for ${target}: the subscription was deleted`;
    case 'coalesced':
      return `not sent: identical (type and data) to event ${sentInstead} of the same outbox drain, which was sent instead`;
  }
}

/** A {@link SkippedDelivery} for the `onDeliverySkipped` callback. */
export function skipped(reason: DeliverySkipReason, context: SkipContext): SkippedDelivery {
  return {
    reason,
    eventId: context.event.envelope.id,
    type: context.event.envelope.type,
    subscriptionId: context.subscription?.id,
    message: message(reason, context),
  };
}
