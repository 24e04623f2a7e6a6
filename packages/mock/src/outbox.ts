import type { RaisedEvent, StoredSubscription } from './state.js';

// The delivery engine as the rest of the mock sees it, apart from its class (deliveries.ts) so that `Core` can
// name it without importing the engine that itself takes a `Core` (no import cycle, docs/decisions.md#d-i15-source-shape).

/** The outbox and delivery attempts of one mock instance (implemented by `DeliveryEngine`). */
export interface Outbox {
  /** Adds an event's outbox row and makes sure a drain is scheduled. */
  enqueue(event: RaisedEvent): void;
  /** Dispatches every pending outbox row now (the drain the clock runs about a minute after a change). */
  drain(): Promise<void>;
  /** A subscription went from paused to active: its held deliveries are attempted at once. */
  resume(subscription: StoredSubscription): void;
  /** A subscription was deleted (or disabled): nothing of it is delivered any more. */
  dropAll(subscription: StoredSubscription): void;
  /** Picks up a state restored from a saved one (docs/decisions.md#d-i14-state): indexes and schedules what was pending. */
  restore(): void;
}
