import type { HttpHandler } from 'msw';
import type { ListeningServer, ListenOptions } from './adapters/node-server.js';
import type { InsightEventType, WebhookEventType } from './catalogue.js';
import type { MockClock } from './clock.js';
import type { EmitOptions } from './emit-options.js';
import type { Faults } from './faults.js';
import type { MockLti } from './lti.js';
import type { CaseFixtures } from './seed/case.js';
import type { ApplicationFixtures, MockClients } from './seed/clients.js';
import type { RosterFixtures } from './seed/roster.js';
import type { MockClient, MockState, WebhookEnvelope } from './state.js';

export type { MockPlatformOptions } from './options.js';

// The public shape of `createMockPlatform` (its options and the platform it returns), apart from the function that
// builds it (platform.ts; docs/decisions.md#d-source-shape).

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
  /** The base URL the platform responds on. */
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
  /**
   * The platform as the launcher of the LTI launch: `launch({ user, targetLinkUri })` signs a launch token and the
   * form that posts it; its key set is at `/.well-known/jwks.json`; `rotateKey()` rotates it.
   */
  readonly lti: MockLti;
  /** Responds to one request (both transports call this). */
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
