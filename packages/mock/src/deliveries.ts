import { WEBHOOK_EVENT_RULES } from './catalogue.js';
import type { Core, Outbox } from './core.js';
import { signWebhook } from './internal/hmac.js';
import { randomId } from './internal/random.js';
import { scopeCovers } from './roster/orgs.js';
import { type SkipContext, skipped } from './skips.js';
import type {
  Delivery,
  DeliveryAttempt,
  DeliverySkipReason,
  RaisedEvent,
  StoredSubscription,
} from './state.js';

/** The newest signing secret of a subscription: the one new deliveries are routed with. */
export const currentSecret = (subscription: StoredSubscription) =>
  subscription.secrets[subscription.secrets.length - 1]!.secret;

/** The status of a new delivery by its subscription's: held while paused, dropped once disabled. */
const DELIVERY_STATUS = { active: 'pending', paused: 'held', disabled: 'dropped' } as const;

/** What a consumer's response (or failure) means for the delivery (the spec's delivery outcome table). */
function classifyStatus(status: number): DeliveryAttempt['outcome'] {
  if (status >= 200 && status < 300) return 'delivered';
  // Redirects are not followed: like an unreachable endpoint (and 408, 429, 5xx) they are worth another try later.
  return status >= 400 && status < 500 && status !== 408 && status !== 429 ? 'dead' : 'retry';
}

/**
 * The outbox, routing and delivery attempts. Events wait in the outbox for a drain about a minute after the
 * first pending row; a drain coalesces rows of the same type and identical data, routes every event to the
 * matching subscriptions and POSTs one signed delivery per subscription, retrying on the mock clock.
 */
export class DeliveryEngine implements Outbox {
  readonly #core: Core;
  readonly #events = new Map<string, RaisedEvent>();
  readonly #timers = new Map<string, () => void>();
  #drainScheduled = false;

  constructor(core: Core) {
    this.#core = core;
  }

  enqueue(event: RaisedEvent): void {
    this.#events.set(event.envelope.id, event);
    this.#core.state.outbox.push({
      eventId: event.envelope.id,
      createdAt: event.raisedAt,
      status: 'pending',
    });
    this.#scheduleDrain();
  }

  /** Dispatches every pending outbox row now (the drain the clock runs about a minute after a change). */
  async drain(): Promise<void> {
    this.#drainScheduled = false;
    const { state, clock } = this.#core;
    const now = clock.now();
    const rows = state.outbox.filter((row) => row.status === 'pending' && row.createdAt <= now);
    const kept = new Map<string, RaisedEvent>();
    for (const row of rows) {
      const event = this.#events.get(row.eventId)!;
      // The data is flat and in catalogue order (raiseEvent), so its JSON is the same for the same members.
      const key = `${event.envelope.type}\u0000${JSON.stringify(event.envelope.data)}`;
      const first = kept.get(key);
      if (first) {
        row.status = 'coalesced';
        row.coalescedInto = first.envelope.id;
        this.#skip('coalesced', event, { sentInstead: first.envelope.id });
      } else {
        kept.set(key, event);
        row.status = 'dispatched';
      }
      row.dispatchedAt = now;
    }
    const created = [...kept.values()].flatMap((event) => this.#route(event));
    await Promise.all(
      created.filter((delivery) => delivery.status === 'pending').map((delivery) => this.#attempt(delivery)),
    );
    if (state.outbox.some((row) => row.status === 'pending')) this.#scheduleDrain();
  }

  resume(subscription: StoredSubscription): void {
    for (const delivery of this.#core.state.deliveries) {
      if (delivery.subscriptionId !== subscription.id || delivery.status !== 'held') continue;
      delivery.status = 'pending';
      this.#schedule(delivery, this.#core.clock.now());
    }
  }

  dropAll(subscription: StoredSubscription): void {
    for (const delivery of this.#core.state.deliveries) {
      if (delivery.subscriptionId !== subscription.id) continue;
      if (delivery.status !== 'pending' && delivery.status !== 'held') continue;
      delivery.status = 'dropped';
      delivery.nextAttemptAt = null;
      this.#timers.get(delivery.id)?.();
      this.#timers.delete(delivery.id);
      this.#skip(subscription.deletedAt !== null ? 'deleted' : 'disabled', delivery, { subscription });
    }
  }

  // A delivery whose attempt was under way when the state was saved is attempted again (docs/decisions.md#d-mock-state-file).
  restore(): void {
    const { state, clock } = this.#core;
    for (const event of state.events) this.#events.set(event.envelope.id, event);
    for (const delivery of state.deliveries) {
      if (delivery.status === 'pending') this.#schedule(delivery, delivery.nextAttemptAt ?? clock.now());
    }
    this.#scheduleDrain();
  }

  /** Reports an event (or a delivery's) the mock decided not to send (docs/decisions.md#d-mock-skipped-deliveries). */
  #skip(reason: DeliverySkipReason, of: RaisedEvent | Delivery, context: Omit<SkipContext, 'event'>): void {
    const event = 'envelope' in of ? of : this.#events.get(of.eventId)!;
    this.#core.options.onDeliverySkipped?.(skipped(reason, { event, ...context }));
  }

  #scheduleDrain(): void {
    if (this.#drainScheduled) return;
    const pending = this.#core.state.outbox.filter((row) => row.status === 'pending');
    if (pending.length === 0) return;
    this.#drainScheduled = true;
    const first = Math.min(...pending.map((row) => row.createdAt));
    this.#core.clock.schedule(first + this.#core.options.outboxDelayMs, () => this.drain(), 'outbox-drain');
  }

  /** One delivery per subscription the routing rules let the event reach. */
  #route(event: RaisedEvent): Delivery[] {
    const { state, clock } = this.#core;
    const { id: eventId, type } = event.envelope;
    const routing = WEBHOOK_EVENT_RULES[type].routing;
    const deliveries: Delivery[] = [];
    for (const subscription of state.subscriptions.values()) {
      const owner = state.clients.get(subscription.ownerClientId);
      if (subscription.deletedAt !== null || !subscription.eventTypes.includes(type) || !owner) continue;
      const context = { subscription, owner };
      // An event of no org (and an `application` event) reaches only platform-internal owners.
      const visible =
        routing === 'broadcast' ||
        (routing === 'org' && event.orgIds.length > 0
          ? scopeCovers(state.roster, owner, event.orgIds)
          : owner.internal);
      const skip = event.originClientId === subscription.ownerClientId ? 'self-suppression' : 'org-scope';
      if (skip === 'self-suppression' || !visible) {
        this.#skip(skip, event, context);
        continue;
      }
      const status = DELIVERY_STATUS[subscription.status];
      const delivery: Delivery = {
        id: randomId(),
        eventId,
        subscriptionId: subscription.id,
        type,
        status,
        attempts: [],
        nextAttemptAt: null,
        secret: currentSecret(subscription),
        createdAt: clock.now(),
      };
      state.deliveries.push(delivery);
      deliveries.push(delivery);
      if (status !== 'pending') this.#skip(status === 'held' ? 'paused' : 'disabled', event, context);
    }
    return deliveries;
  }

  #schedule(delivery: Delivery, at: number): void {
    delivery.nextAttemptAt = at;
    const cancel = this.#core.clock.schedule(at, () => this.#attempt(delivery), `delivery ${delivery.id}`);
    this.#timers.set(delivery.id, cancel);
  }

  /** The secret that signs now: the one the delivery was routed with while its rotation window lasts. */
  #signingSecret(delivery: Delivery, subscription: StoredSubscription): string {
    const now = this.#core.clock.now();
    const bound = subscription.secrets.find((entry) => entry.secret === delivery.secret);
    if (bound && (bound.validUntil === null || bound.validUntil > now)) return bound.secret;
    return currentSecret(subscription);
  }

  /** Sends one attempt of `delivery` and decides what follows: done, failed, dead, or another attempt later. */
  async #attempt(delivery: Delivery): Promise<void> {
    this.#timers.delete(delivery.id);
    const subscription = this.#subscriptionToSend(delivery);
    if (!subscription) return;
    const attempt = await this.#send(delivery, subscription);
    delivery.attempts.push(attempt);
    delivery.nextAttemptAt = null;
    this.#core.options.onDeliveryAttempt?.(delivery, attempt);
    // The subscription may have been deleted or paused while the consumer was responding.
    if (delivery.status !== 'pending') return;
    this.#settle(delivery, subscription, attempt);
  }

  /**
   * The subscription a pending delivery is sent to now; undefined when the delivery is no longer pending, or its
   * subscription is gone (the delivery is dropped) or not active (held while paused).
   */
  #subscriptionToSend(delivery: Delivery): StoredSubscription | undefined {
    const subscription = this.#core.state.subscriptions.get(delivery.subscriptionId);
    if (delivery.status !== 'pending') return undefined;
    const reason = !subscription || subscription.deletedAt !== null ? 'deleted' : subscription.status;
    if (subscription && reason === 'active') return subscription;
    delivery.status = reason === 'paused' ? 'held' : 'dropped';
    delivery.nextAttemptAt = null;
    if (subscription && reason !== 'active') this.#skip(reason, delivery, { subscription });
    return undefined;
  }

  /** POSTs the signed event to the consumer (or `forwardTo`); the attempt, with the status or the failure. */
  async #send(delivery: Delivery, subscription: StoredSubscription): Promise<DeliveryAttempt> {
    const { clock, options } = this.#core;
    const event = this.#events.get(delivery.eventId)!;
    const body = JSON.stringify(event.envelope);
    const at = clock.now();
    const headers = await signWebhook({
      secret: this.#signingSecret(delivery, subscription),
      body,
      timestamp: Math.floor(at / 1000),
    });
    const url = options.forwardTo ?? subscription.url;
    const attempt: DeliveryAttempt = {
      attempt: delivery.attempts.length + 1,
      at,
      url,
      outcome: 'retry',
      timestampHeader: headers['X-Service-Webhook-Timestamp'],
      signature: headers['X-Service-Webhook-Signature'],
    };
    // The consumer has `deliveryTimeoutMs` (10 s) of real time to respond, body included. A plain timer rather than
    // `AbortSignal.timeout`, so tests can drive the time-out with fake timers (docs/decisions.md#d-delivery-timeout).
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException('the consumer did not respond in time', 'TimeoutError')),
      options.deliveryTimeoutMs,
    );
    // Like AbortSignal.timeout's, the timer alone does not keep a process alive.
    (timer as { unref?: () => void }).unref?.();
    try {
      // Looked up at call time, so an MSW server a test starts later still intercepts deliveries.
      const send = options.fetch ?? globalThis.fetch;
      const response = await send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'LearnKit-Webhooks/1.0 (mock)',
          'x-learnkit-subscription-id': subscription.id,
          ...(options.forwardTo ? { 'x-learnkit-forwarded-from': subscription.url } : {}),
          ...headers,
        },
        body,
        redirect: 'manual',
        signal: timeout.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      if (timeout.signal.aborted) throw timeout.signal.reason;
      attempt.status = response.status;
      attempt.outcome = classifyStatus(response.status);
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      attempt.error =
        timeout.signal.aborted || name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
    } finally {
      clearTimeout(timer);
    }
    return attempt;
  }

  /** After an attempt: the delivery is done or failed, dead once out of attempts, else tried again with backoff. */
  #settle(delivery: Delivery, subscription: StoredSubscription, attempt: DeliveryAttempt): void {
    const { options } = this.#core;
    if (attempt.outcome !== 'retry') delivery.status = attempt.outcome;
    else if (delivery.attempts.length >= options.maxDeliveryAttempts) {
      attempt.outcome = 'dead';
      delivery.status = 'dead';
      this.#disable(subscription);
    } else {
      const delay = Math.min(
        options.retryBackoffMs.max,
        options.retryBackoffMs.initial * 2 ** (delivery.attempts.length - 1),
      );
      this.#schedule(delivery, attempt.at + delay);
    }
  }

  /** Retries exhausted: the platform disables the subscription, and events from now on are dropped. */
  #disable(subscription: StoredSubscription): void {
    if (subscription.status === 'disabled') return;
    subscription.status = 'disabled';
    subscription.disabledAt = this.#core.clock.now();
    this.dropAll(subscription);
  }
}
