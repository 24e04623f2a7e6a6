import { createHttpClient, type HttpClient, type HttpClientOptions, staticToken } from '@learnkit/core';
import { isHttpClient } from '@learnkit/core/internal';
import {
  type ApplicationsClient,
  applicationsResources,
  type BeyondClient,
  beyondResources,
  type EventsClient,
  eventsResources,
  type InsightsClient,
  insightsResources,
  type RosteringClient,
  rosteringResources,
} from './generated/client';
import type { PlatformHttp } from './internal/http';
import { DiscountCodes, type ParentSessionHttp } from './resources/store/discount-codes';

export type {
  ApplicationsClient,
  BeyondClient,
  EventsClient,
  InsightsClient,
  RosteringClient,
} from './generated/client';

/** The platform's own APIs: `rostering`, `applications`, `events`, `insights`, `beyond` and `discountCodes`. */
export interface PlatformClient {
  /** Rostering 1.0 (`/rostering/1.0`). */
  readonly rostering: RosteringClient;
  /** Applications 1.0 (`/applications/1.0`). */
  readonly applications: ApplicationsClient;
  /** Caliper sessions (`/events/1.0`). */
  readonly events: EventsClient;
  /** Insights 1.0 (`/insights/1.0`). */
  readonly insights: InsightsClient;
  /** Beyond 1.0 (`/beyond/1.0`). */
  readonly beyond: BeyondClient;
  /** Discount-code validation for apps (`/apps/v1`) and at a parent's checkout (`/store/v1`). */
  readonly discountCodes: DiscountCodes;
}

/**
 * What {@link createPlatformClient} takes: an existing core HTTP client (`{ http }`, or the client itself, so one
 * transport and token cache serve every LearnKit client), or the options to build one. `parentSessionHttp` builds
 * the client of a parent's session for `discountCodes.validateForParentCheckout`; it is made from the options
 * when they are given.
 */
export type PlatformClientInit<Paths extends object = object> =
  | {
      /** The core HTTP client to share (for example `lk.http` of the umbrella SDK). */
      http: HttpClient<Paths>;
      /** Builds a client on the same platform whose bearer token is the given parent session token. */
      parentSessionHttp?: (parentSession: string) => HttpClient<Paths>;
    }
  | HttpClient<Paths>
  | HttpClientOptions;

/**
 * Creates the platform client over a core HTTP client (what `new LearnKit()` does with its shared one) or over
 * its own, built from `createHttpClient` options.
 *
 * @example
 * const platform = createPlatformClient({
 *   baseUrl: 'https://api.example.com',
 *   auth: clientCredentials({ tokenUrl: 'https://api.example.com/auth/1.0/token', clientId, clientSecret, style: 'basic' }),
 * });
 * const user = await platform.rostering.users.get(userId);
 */
export function createPlatformClient<Paths extends object>(init: PlatformClientInit<Paths>): PlatformClient {
  let given: HttpClient<Paths>;
  let sessions: ((parentSession: string) => HttpClient<Paths>) | undefined;
  if (typeof init === 'object' && init !== null && 'http' in init && isHttpClient(init.http)) {
    given = init.http;
    sessions = init.parentSessionHttp;
  } else if (isHttpClient(init)) {
    given = init;
  } else {
    const options = init as HttpClientOptions;
    given = createHttpClient(options);
    sessions = (parentSession) => createHttpClient({ ...options, auth: staticToken(parentSession) });
  }
  // The shared client is typed with the umbrella's paths; these resources call only platform paths on it.
  const http = given as unknown as PlatformHttp;
  const parentSessionHttp = sessions as unknown as ParentSessionHttp | undefined;
  return Object.freeze({
    rostering: rosteringResources(http),
    applications: applicationsResources(http),
    events: eventsResources(http),
    insights: insightsResources(http),
    beyond: beyondResources(http),
    discountCodes: new DiscountCodes(http, parentSessionHttp),
  });
}
