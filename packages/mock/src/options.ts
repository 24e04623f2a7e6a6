import type { MswModule } from './adapters/msw.js';
import type { ClockMode } from './clock.js';
import type { Delivery, DeliveryAttempt, RequestLogEntry, SkippedDelivery } from './state.js';

// Apart from the platform's other public types (platform-types.ts) so that `Core` (core.ts) can name what it resolves
// without importing the types that import `Core` (no import cycle, docs/decisions.md#d-source-shape).

/** Options of `createMockPlatform`. */
export type MockPlatformOptions = {
  /** The platform's base URL (default `https://api.learnkit.test`); MSW intercepts it, responses link to it. */
  baseUrl?: string;
  /** The identity provider's address: `${authUrl}/oauth2/token` (default: the base URL). */
  authUrl?: string;
  /**
   * The `iss` of the LTI launch tokens `platform.lti.launch` signs (default: the environment preset's issuer when the
   * base URL is a preset's, else the base URL; docs/decisions.md#d-lti-defaults).
   */
  ltiIssuer?: string;
  /** `manual` (default: time moves only with `clock.advance`), `realtime`, or `fast` (scheduled waits 60x shorter). */
  clock?: ClockMode;
  /** Start of a manual clock (default: now, whole seconds). */
  startTime?: number | Date;
  /** Seed of the generated data (default 1). */
  seed?: number;
  /** Items of the seeded CASE framework (default 300). */
  frameworkItems?: number;
  /** Access token lifetime in seconds (default 3600). */
  tokenTtlSec?: number;
  /** Delay from a change to the outbox drain that dispatches it (default 60 000 ms). */
  outboxDelayMs?: number;
  /** How long a rotated-out signing secret keeps signing in-flight deliveries (default 24 h on the mock clock). */
  rotationWindowMs?: number;
  /** How long a consumer may take to respond, in real milliseconds (default 10 000). */
  deliveryTimeoutMs?: number;
  /** Delivery attempts before a delivery is dead and its subscription disabled (default 8). */
  maxDeliveryAttempts?: number;
  /** Retry backoff: first delay and cap (default 10 min doubling to 6 h). */
  retryBackoffMs?: {
    /** Delay before the second attempt, in mock-clock ms (default 600,000: 10 min); doubles per attempt. */
    initial?: number;
    /** Longest delay between attempts, in mock-clock milliseconds (default 21,600,000: 6 h). */
    max?: number;
  };
  /** Send every delivery here instead of the subscription URL (what the CLI's `--forward-to` sets). */
  forwardTo?: string;
  /** The `fetch` deliveries use (default: `globalThis.fetch`, looked up at each attempt so MSW intercepts it). */
  fetch?: typeof fetch;
  /** Called after every delivery attempt, with the delivery and the attempt's outcome. */
  onDeliveryAttempt?: (delivery: Delivery, attempt: DeliveryAttempt) => void;
  /**
   * Called for every delivery the mock decides not to send, with the reason: org scope, self-suppression, a
   * paused, disabled or deleted subscription, or an identical event coalesced into another.
   */
  onDeliverySkipped?: (skipped: SkippedDelivery) => void;
  /**
   * Starts from a state `saveState()` returned (what the CLI's `--state FILE` keeps between runs) instead of
   * the freshly seeded data; pending deliveries and the outbox carry on. Its seed and framework size are used
   * (giving a different `seed` or `frameworkItems` is a `TypeError`). A malformed one is a `TypeError`.
   */
  savedState?: string;
  /** Called after every request the platform responds. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * How many entries `state.requests` keeps, newest last (default 10,000), so a long-running `learnkit-mock serve`
   * or a benchmark does not grow without bound. Use `onRequest` to see every request.
   */
  requestLogSize?: number;
  /** The `msw` module for `.handlers` (default: loaded on first use). */
  msw?: MswModule;
  /**
   * Host names a `Host` header may name besides the base URL's, the identity provider's, `localhost` and IP
   * addresses (others get a 400, which keeps DNS-rebinding pages away from a loopback server), or `'any'`. Set it
   * when the loopback server is reached by another name, for example a Docker service name.
   */
  allowedHosts?: readonly string[] | 'any';
};
