import {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  isHttpClient,
  resourcesOver,
  staticToken,
} from '@learnkit/core';
import type { PlatformHttp } from './internal/http';
import { Applications } from './resources/applications/applications';
import { Credentials } from './resources/applications/credentials';
import { Drafts } from './resources/applications/drafts';
import { Grades } from './resources/beyond/grades';
import { EventSessions } from './resources/events/sessions';
import { InsightGroups } from './resources/insights/groups';
import { InsightSessions } from './resources/insights/sessions';
import { InsightTypes } from './resources/insights/types';
import { Agents } from './resources/rostering/agents';
import { Enrollments } from './resources/rostering/enrollments';
import { LinkedUsers } from './resources/rostering/linked-users';
import { Orgs } from './resources/rostering/orgs';
import { Profiles } from './resources/rostering/profiles';
import { Roles } from './resources/rostering/roles';
import { Users } from './resources/rostering/users';
import { DiscountCodes, type ParentSessionHttp } from './resources/store/discount-codes';

/** Rostering 1.0: users, their roles, profiles, agents and linked users, enrollments, org config. */
export interface RosteringClient {
  /** Users: `get`, `upsert`. */
  readonly users: Users;
  /** A user's role memberships: `list`, `upsert`. */
  readonly roles: Roles;
  /** A user's profiles: `list`, `get`. */
  readonly profiles: Profiles;
  /** A user's open agent relationships: `list`. */
  readonly agents: Agents;
  /** The users linked to a user: `list`. */
  readonly linkedUsers: LinkedUsers;
  /** Enrollments in the client's org scope: `list`, `get`. */
  readonly enrollments: Enrollments;
  /** Organizations: `config.get`, `config.update`. */
  readonly orgs: Orgs;
}

/** Applications 1.0: drafts, credentials and the registry. */
export interface ApplicationsClient {
  /** Register a draft application: `create`. */
  readonly drafts: Drafts;
  /** Credential status and rotation: `get`, `rotate`. */
  readonly credentials: Credentials;
  /** The registry: `list`, `get`, `upsert`. */
  readonly applications: Applications;
}

/** Events 1.0: Caliper sessions as recorded. */
export interface EventsClient {
  /** A Caliper session with its events: `get`. */
  readonly sessions: EventSessions;
}

/** Insights 1.0: enriched sessions, the insight type catalogue, insight groups. */
export interface InsightsClient {
  /** Sessions: `list`, `get`, `getEnforcementState`, `writeMetadata`. */
  readonly sessions: InsightSessions;
  /** The insight type catalogue: `list`. */
  readonly types: InsightTypes;
  /** Insight groups: `list`. */
  readonly groups: InsightGroups;
}

/** Beyond 1.0: mastered grades. */
export interface BeyondClient {
  /** A student's highest mastered grade in a subject: `get`. */
  readonly grades: Grades;
}

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
    rostering: resourcesOver(http, {
      users: Users,
      roles: Roles,
      profiles: Profiles,
      agents: Agents,
      linkedUsers: LinkedUsers,
      enrollments: Enrollments,
      orgs: Orgs,
    }),
    applications: resourcesOver(http, {
      drafts: Drafts,
      credentials: Credentials,
      applications: Applications,
    }),
    events: resourcesOver(http, { sessions: EventSessions }),
    insights: resourcesOver(http, { sessions: InsightSessions, types: InsightTypes, groups: InsightGroups }),
    beyond: resourcesOver(http, { grades: Grades }),
    discountCodes: new DiscountCodes(http, parentSessionHttp),
  });
}
