import type { EventType } from './catalogue.js';
import type { VirtualClock } from './clock.js';
import type { EmitOptions } from './emit-options.js';
import type { MockPlatformOptions } from './options.js';
import type { Outbox } from './outbox.js';
import type { IssuedToken, MockState, RaisedEvent } from './state.js';

/**
 * Settings of a running mock: the options of `createMockPlatform` with every default filled in (the base URL
 * without a trailing slash).
 */
export type ResolvedOptions = Required<
  Pick<
    MockPlatformOptions,
    | 'baseUrl'
    | 'authUrl'
    | 'tokenTtlSec'
    | 'outboxDelayMs'
    | 'rotationWindowMs'
    | 'deliveryTimeoutMs'
    | 'maxDeliveryAttempts'
  >
> &
  Pick<MockPlatformOptions, 'forwardTo' | 'fetch' | 'onDeliveryAttempt' | 'onDeliverySkipped'> & {
    retryBackoffMs: Required<NonNullable<MockPlatformOptions['retryBackoffMs']>>;
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
