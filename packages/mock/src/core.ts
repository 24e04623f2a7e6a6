import type { EventType } from './catalogue.js';
import type { VirtualClock } from './clock.js';
import type { EmitOptions } from './emit-options.js';
import type { Outbox } from './outbox.js';
import type {
  Delivery,
  DeliveryAttempt,
  IssuedToken,
  MockState,
  RaisedEvent,
  SkippedDelivery,
} from './state.js';

/** Settings of a running mock, with every default filled in. */
export type ResolvedOptions = {
  /** Origin plus optional base path, without a trailing slash (`https://api.learnkit.test`). */
  baseUrl: string;
  /** The identity provider's address; `${authUrl}/oauth2/token` issues tokens with form credentials. */
  authUrl: string;
  tokenTtlSec: number;
  /** Delay between a change and the outbox drain that dispatches it (about one minute). */
  outboxDelayMs: number;
  /** How long a rotated-out signing secret keeps signing in-flight deliveries and stays valid. */
  rotationWindowMs: number;
  /** How long the platform waits for a consumer (10 s), in real milliseconds. */
  deliveryTimeoutMs: number;
  /** Delivery attempts before a delivery is dead and its subscription disabled. */
  maxAttempts: number;
  /** First retry delay; it doubles per attempt up to `maxBackoffMs`. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** When set, deliveries go here instead of the subscription URL (the CLI's `--forward-to`). */
  forwardTo?: string;
  /** The `fetch` deliveries use; by default `globalThis.fetch` looked up at call time, so MSW can intercept it. */
  fetch?: typeof fetch;
  /** Called after every delivery attempt (the CLI prints them). */
  onDeliveryAttempt?: (delivery: Delivery, attempt: DeliveryAttempt) => void;
  /** Called for every delivery the mock decides not to send, with the reason (the CLI prints them). */
  onDeliverySkipped?: (skipped: SkippedDelivery) => void;
};

/** What every route and engine of one mock instance shares. */
export type Core = {
  state: MockState;
  clock: VirtualClock;
  options: ResolvedOptions;
  /** Issued tokens by their value, for the bearer check. */
  tokensByValue: Map<string, IssuedToken>;
  /** The outbox and delivery attempts. */
  deliveries: Outbox;
  /** Raises a catalogue event (recorded, then delivered from the outbox). */
  raise(type: EventType, data: Record<string, unknown>, options?: EmitOptions): RaisedEvent;
  /** The current time as an ISO 8601 string (whole seconds, `Z`). */
  iso(at?: number): string;
};

/** ISO 8601 without milliseconds, as the platform writes timestamps. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
