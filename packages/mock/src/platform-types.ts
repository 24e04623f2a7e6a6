import type { HttpHandler } from 'msw';
import type { MswModule } from './adapters/msw.js';
import type { ListeningServer, ListenOptions } from './adapters/node-server.js';
import type { InsightEventType, WebhookEventType } from './catalogue.js';
import type { ClockMode, MockClock } from './clock.js';
import type { EmitOptions } from './emit-options.js';
import type { Faults } from './faults.js';
import type { CaseFixtures } from './seed/case.js';
import type { ApplicationFixtures, MockClients } from './seed/clients.js';
import type { RosterFixtures } from './seed/roster.js';
import type {
  Delivery,
  DeliveryAttempt,
  MockClient,
  MockState,
  RequestLogEntry,
  SkippedDelivery,
  WebhookEnvelope,
} from './state.js';

// The public shape of `createMockPlatform` (its options and the platform it returns), apart from the function that
// builds it (platform.ts; docs/decisions.md#d-i15-source-shape).

/** Options of `createMockPlatform`. */
export type MockPlatformOptions = {
  /** The platform's base URL (default `https://api.learnkit.test`); MSW intercepts it, responses link to it. */
  baseUrl?: string;
  /** The identity provider's address: `${authUrl}/oauth2/token` (default: the base URL). */
  authUrl?: string;
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
  /** How long a consumer may take to answer, in real milliseconds (default 10 000). */
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
  /** Called after every request the platform answers. */
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

/** Well-known ids of the seeded data. */
export type MockFixtures = {
  /** Ids of the seeded CASE framework and Course Sequence. */
  case: CaseFixtures;
  /** Ids of the seeded districts, schools, courses, classes and users. */
  roster: RosterFixtures;
  /** Ids of the seeded application and the developer who registered it. */
  application: ApplicationFixtures;
};

/** Options of `developerToken`. */
export type DeveloperTokenOptions = {
  /** The developer (default: the one who registered the seeded application and holds its `app:manage_webhooks` grant). */
  developerId?: string;
  /** For a new developer: the applications on which they hold `app:manage_webhooks` (default none). */
  manageWebhooks?: string[];
  /** Lifetime in seconds (default: the token lifetime). */
  ttlSec?: number;
};

/** The mock platform: state, clock, credentials, faults and the two transports over one `handle`. */
export type MockPlatform = {
  /** The base URL the platform answers on. */
  readonly baseUrl: string;
  /** The identity provider's address (`${authUrl}/oauth2/token`). */
  readonly authUrl: string;
  /** MSW request handlers: `setupServer(...platform.handlers)`. */
  readonly handlers: HttpHandler[];
  /** The clock every time in the mock comes from. */
  readonly clock: MockClock;
  /** Credentials the platform accepts. */
  readonly clients: MockClients;
  /** Ids of the seeded framework, roster and application. */
  readonly fixtures: MockFixtures;
  /** Everything the platform holds: tokens issued, events raised, deliveries and attempts, Caliper events, ... */
  readonly state: MockState;
  /** Fault injection and token revocation. */
  readonly faults: Faults;
  /** Answers one request (both transports call this). */
  handle(request: Request): Promise<Response>;
  /**
   * Raises an insight finding's event as the platform would: returns its envelope, or `undefined` when the
   * finding is in `SHADOW` (its stage when `data` pins no `rolloutState`), which produces no event. An omitted
   * `insightGroup` is the type's group, null for a type without one.
   */
  emit(
    type: InsightEventType,
    data: Record<string, unknown>,
    options?: EmitOptions,
  ): WebhookEnvelope | undefined;
  /**
   * Raises a catalogue event as the platform would and returns its envelope. `data` holds exactly the members
   * the catalogue lists for `type` (references only); anything else throws a `TypeError`.
   */
  emit(
    type: Exclude<WebhookEventType, InsightEventType>,
    data: Record<string, unknown>,
    options?: EmitOptions,
  ): WebhookEnvelope;
  /** Raises a catalogue event as the platform would: its envelope, or `undefined` for an insight in `SHADOW`. */
  emit(
    type: WebhookEventType,
    data: Record<string, unknown>,
    options?: EmitOptions,
  ): WebhookEnvelope | undefined;
  /** A developer single-sign-on token for the developer-tool path of the webhook operations. */
  developerToken(options?: DeveloperTokenOptions): string;
  /** Issues an access token without a token request (for tests that do not exercise the token endpoint). */
  accessToken(client: MockClient | string, scopes?: string[]): string;
  /** A deep plain copy of the stored data, for before/after comparisons. */
  snapshot(): Record<string, unknown>;
  /**
   * Everything the platform holds (clients, tokens, data, subscriptions and their secrets, events, deliveries)
   * as JSON text, for `createMockPlatform({ savedState })`; the request log and errors are left out.
   *
   * @example
   * writeFileSync('mock-state.json', platform.saveState());
   * const again = createMockPlatform({ savedState: readFileSync('mock-state.json', 'utf8') });
   */
  saveState(): string;
  /** Serves the platform on a loopback HTTP server. */
  listen(options?: ListenOptions): Promise<ListeningServer>;
  /** Stops real timers and releases hung requests (servers from `listen` close separately). */
  close(): void;
};
