import type { WebhookEventType } from './catalogue.js';
import type { VirtualClock } from './clock.js';
import type { EmitOptions } from './emit-options.js';
import type { MockPlatformOptions } from './options.js';
import type { IssuedToken, MockState, RaisedEvent, StoredSubscription } from './state.js';

/** `url` without trailing slashes. */
export const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The options of `createMockPlatform` with every default filled in (the URLs without a trailing slash). */
export function resolveOptions(options: MockPlatformOptions) {
  const baseUrl = trimSlash(options.baseUrl ?? 'https://api.learnkit.test');
  return {
    ...options,
    baseUrl,
    authUrl: trimSlash(options.authUrl ?? baseUrl),
    tokenTtlSec: options.tokenTtlSec ?? 3600,
    outboxDelayMs: options.outboxDelayMs ?? 60_000,
    rotationWindowMs: options.rotationWindowMs ?? 24 * 3_600_000,
    deliveryTimeoutMs: options.deliveryTimeoutMs ?? 10_000,
    maxDeliveryAttempts: options.maxDeliveryAttempts ?? 8,
    retryBackoffMs: {
      initial: options.retryBackoffMs?.initial ?? 10 * 60_000,
      max: options.retryBackoffMs?.max ?? 6 * 3_600_000,
    },
  };
}

/**
 * The delivery engine as routes see it, implemented by `DeliveryEngine` (deliveries.ts), which itself takes a
 * `Core`: named here so that no import cycle goes through it (docs/decisions.md#d-source-shape).
 */
export interface Outbox {
  /** Adds an event's outbox row and makes sure a drain is scheduled (about a minute after it). */
  enqueue(event: RaisedEvent): void;
  /** A subscription went from paused to active: its held deliveries are attempted at once. */
  resume(subscription: StoredSubscription): void;
  /** A subscription was deleted (or disabled): nothing of it is delivered any more. */
  dropAll(subscription: StoredSubscription): void;
  /** Picks up a state restored from a saved one (docs/decisions.md#d-mock-state-file): indexes and schedules what was pending. */
  restore(): void;
}

/** What every route and engine of one mock instance shares. */
export type Core = {
  state: MockState;
  clock: VirtualClock;
  options: ReturnType<typeof resolveOptions>;
  /** Issued tokens by their value, for the bearer check. */
  tokensByValue: Map<string, IssuedToken>;
  /** The outbox and delivery attempts. */
  deliveries: Outbox;
  /** Raises a catalogue event (recorded, then delivered from the outbox). */
  raise(type: WebhookEventType, data: Record<string, unknown>, options?: EmitOptions): RaisedEvent;
  /** The current time as an ISO 8601 string (whole seconds, `Z`). */
  iso(at?: number): string;
};

/** ISO 8601 without milliseconds, as the platform writes timestamps. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
