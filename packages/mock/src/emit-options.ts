// Apart from events.ts so that `Core` (core.ts) can name it without importing the module that takes a `Core`
// (no import cycle, docs/decisions.md#d-source-shape).

/** Who and what an event is attributed to, for routing. */
export type EmitOptions = {
  /** Orgs the event is attributed to; by default derived from its data (user, class, org). */
  orgIds?: string[];
  /** The auth client whose call caused the event (its own subscriptions then get no delivery). */
  originClientId?: string;
  /** When the event occurred (default: now on the mock clock). */
  timestamp?: number;
};
