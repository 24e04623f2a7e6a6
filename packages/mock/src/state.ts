import type { CaseDefinitionsInput } from './case/types.js';
import type { components as Control } from './generated/mock-control.js';
import type { CaseSchemas } from './generated/openapi/case-types.js';
import type { OneRosterSchemas as OneRoster } from './generated/openapi/oneroster-types.js';
import type { PlatformSchemas as Platform } from './generated/openapi/platform-types.js';
import type { Delivery, OutboxRow, RaisedEvent, StoredSubscription } from './webhook-state.js';

// The webhook part of the state has its own module (docs/decisions.md#d-source-shape); its names stay exported
// from here, where the rest of the mock imports them, whole (docs/decisions.md#d-type-reexports).
export type * from './webhook-state.js';

/** A client-credentials client the mock accepts. */
export type MockClient = {
  /** A short name for logs and the CLI (`partner`, `internal`, ...). */
  label: string;
  /** The `client_id` of the token request (`<label>-client` for the seeded clients). */
  clientId: string;
  /** The `client_secret` the token endpoints accept for `clientId`. */
  clientSecret: string;
  /** The scopes of the client's grant: a token gets these, or the requested subset. */
  scopes: string[];
  /** The tenant the client belongs to; grants such as `app:manage_webhooks` are held by tenants. */
  tenantId: string;
  /** The orgs the client may see (expanded to their descendants), or `all`. */
  orgIds: string[] | 'all';
  /** Whether the client is internal to the platform (receives no-org events such as `application.*`). */
  internal: boolean;
  /** The application whose own auth client this is, if any. */
  applicationId?: string;
};

/** A developer who signs in with single sign-on, and the applications on which they hold `app:manage_webhooks`. */
export type Developer = { id: string; email: string; manageWebhooks: Set<string> };

/** A tenant, and the ids of the applications on which it holds `app:manage_webhooks`. */
export type Tenant = { id: string; manageWebhooks: Set<string> };

/** An access token the mock issued. */
export type IssuedToken = {
  /** The bearer token itself (a JWT), as the client sends it in `Authorization: Bearer`. */
  token: string;
  /** The token's `jti` claim: a random UUID unique to this token. */
  jti: string;
  /** `client` for client-credentials tokens, `developer` for developer single-sign-on tokens. */
  kind: 'client' | 'developer';
  /** The client the token was issued to (client tokens only). */
  clientId?: string;
  /** The developer the token was issued to (developer tokens only). */
  developerId?: string;
  /** The scopes granted; always empty for developer tokens, to which scopes do not apply. */
  scopes: string[];
  /** Milliseconds on the mock clock. */
  issuedAt: number;
  /** When the token stops being accepted (401 from then on), in milliseconds on the mock clock. */
  expiresAt: number;
  /** Set by `faults.revokeTokens`; a revoked token gets 401 even before it expires. */
  revoked: boolean;
  /** Which endpoint issued it (`/auth/1.0/token`, `/oauth2/token`, or `developer-sso`). */
  endpoint: string;
};

/** The CASE store (items and associations with the document whose package holds them), in upload order. */
export type CaseState = {
  documents: Map<string, CaseSchemas['CFDocument']>;
  items: Map<string, { item: CaseSchemas['CFItem']; documentId: string }>;
  associations: Map<string, { association: CaseSchemas['CFAssociation']; documentId: string }>;
  /** What each package groups, in upload order. */
  packages: Map<
    string,
    {
      documentId: string;
      itemIds: string[];
      associationIds: string[];
      definitions?: CaseDefinitionsInput;
      extensions?: Record<string, unknown>;
    }
  >;
};

/** An organization (district, school, department, ...): the one record behind the OneRoster and platform views. */
export type StoredOrg = {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  dateLastModified: string;
  name: string;
  type: OneRoster['Org']['type'];
  identifier?: string;
  parentId: string | null;
  metadata?: Record<string, unknown> | null;
};

/** A user, the one record behind both the OneRoster and the platform views. */
export type StoredUser = Pick<OneRoster['User'], 'sourcedId' | 'status' | 'dateLastModified' | 'username'> & {
  givenName: string;
  familyName: string;
  email: string;
  metadata?: Record<string, unknown> | null;
} & Partial<Pick<OneRoster['User'], (typeof ONEROSTER_USER_EXTRAS)[number]>> & {
    enabledUser: boolean;
    primaryOrgId: string | null;
    grades?: string[];
  };

/** The members of a OneRoster user the platform's rostering view has no place for, kept as a write gave them. */
export const ONEROSTER_USER_EXTRAS = [
  'userMasterIdentifier',
  'userIds',
  'middleName',
  'preferredFirstName',
  'preferredMiddleName',
  'preferredLastName',
  'pronouns',
  'sms',
  'phone',
  'userProfiles',
] as const;

/** A role membership (key: role type, role and org). `ended` marks a soft-deleted membership. */
export type StoredRole = {
  roleId: string;
  userId: string;
  orgId: string;
  role: string;
  roleType: string;
  beginDate: string | null;
  endDate: string | null;
  ended: boolean;
};

/** A profile of a user (the platform's view adds `vendorId` and `credentials` when they are not stored). */
export type StoredProfile = {
  profileId: string;
  userId: string;
  applicationId: string | null;
  profileType?: string;
  status?: string;
  vendorId?: string;
  description?: string | null;
  credentials?: { identity?: string | null; password?: string | null; username?: string | null }[];
};

/** An agent relationship between two users (for example a parent of a student). */
export type StoredAgent = {
  /** The relationship's id (the platform's `agentId`); a uuid. */
  agentId: string;
  userId: string;
  agentUserId: string;
  relationshipType: string;
  beginDate: string | null;
  endDate: string | null;
  status: 'active' | 'inactive';
};

/** An enrollment of a user in a class: the platform's members, with the OneRoster record's and its school. */
export type StoredEnrollment = Pick<
  OneRoster['Enrollment'],
  'sourcedId' | 'status' | 'dateLastModified' | 'role'
> & {
  userId: string;
  classId: string;
  primary: boolean;
  beginDate: string | null;
  endDate: string | null;
  metadata: Record<string, unknown> | null;
  schoolId: string;
};

/** OneRoster objects stored in their response shape. */
export type RosterRecord = Record<string, unknown> & { sourcedId: string };

/** A OneRoster object of schema `K`, stored in its response shape, with its `sourcedId`. */
export type Stored<K extends keyof OneRoster> = OneRoster[K] & { sourcedId: string };

/** A resource assigned to a class, a course or a user (the resources service's assignments). */
export type StoredResourceLink = {
  kind: 'classes' | 'courses' | 'users';
  ownerId: string;
  resourceId: string;
  dateAssigned: string | null;
};

/**
 * The roster: OneRoster rostering, gradebook and resources, plus the platform's rostering extras. One table per
 * kind of object; every relationship route is a view of them (docs/decisions.md#d-mock-oneroster-store).
 */
export type RosterState = {
  orgs: Map<string, StoredOrg>;
  users: Map<string, StoredUser>;
  roles: Map<string, StoredRole>;
  agents: StoredAgent[];
  profiles: Map<string, StoredProfile>;
  enrollments: Map<string, StoredEnrollment>;
  academicSessions: Map<string, Stored<'AcademicSession'>>;
  courses: Map<string, Stored<'Course'>>;
  courseComponents: Map<string, Stored<'CourseComponent'>>;
  componentResources: Map<string, Stored<'ComponentResource'>>;
  classes: Map<string, Stored<'Class'>>;
  demographics: Map<string, Stored<'Demographics'>>;
  lineItems: Map<string, Stored<'LineItem'>>;
  categories: Map<string, Stored<'Category'>>;
  scoreScales: Map<string, Stored<'ScoreScale'>>;
  results: Map<string, Stored<'Result'>>;
  assessmentLineItems: Map<string, Stored<'AssessmentLineItem'>>;
  assessmentResults: Map<string, Stored<'AssessmentResult'>>;
  resources: Map<string, Stored<'Resource'>>;
  /** Resources assigned to classes, courses and users, by `<kind>|<ownerId>|<resourceId>`. */
  resourceLinks: Map<string, StoredResourceLink>;
  orgConfigs: Map<string, Record<string, unknown>>;
  /** Highest mastered grade by `${userId}|${subject}`. */
  mastery: Map<string, string | null>;
};

/** An application of the registry. */
export type StoredApplication = Record<string, unknown> & {
  sourcedId: string;
  name: string;
  /** The application's own auth client (owner of subscriptions made through the developer tool). */
  clientId: string;
  /** `awaiting_secret_claim` while a provisioned sandbox secret was never surfaced, else `active` or null. */
  sandboxStatus: string | null;
  proctoringEnabled: boolean;
  draft: boolean;
};

/** A one-time claim of a client secret (returned by credential rotation). */
export type SecretClaim = {
  token: string;
  applicationId: string;
  clientId: string;
  clientSecret: string;
  claimed: boolean;
};

/** A Caliper event the ingest accepted. */
export type StoredCaliperEvent = {
  /** The event as sent in the envelope's `data`; later sends of the same `id` count as duplicates. */
  event: Record<string, unknown>;
  /** When the ingest accepted it, in milliseconds on the mock clock. */
  receivedAt: number;
  /** The auth client whose token sent it. */
  clientId: string;
  /** The envelope's `sensor` URI. */
  sensor: string;
  /**
   * How many times an accepted batch carried this id: 1 when first stored, one more for each copy sent again (a
   * retry, a redelivery). Missing in states saved before it was counted, which read as 1.
   */
  receipts?: number;
};

/** A learning session recorded from Caliper SessionEvents or session-metadata writes, with its events' ids. */
export type StoredSession = {
  sessionId: string;
  userId: string;
  applicationId: string;
  startedAtTime: string;
  endedAtTime: string | null;
  isProctored: boolean;
  webcamUsed: boolean;
  storageKey: string | null;
  subject: string | null;
  eventIds: string[];
} & Pick<Platform['SessionMetadataWrite'], 'recordingStartedAtTime' | 'recordingEndedAtTime' | 'extensions'>;

/** One request the mock responded, as the control path's `GET /requests` lists it (openapi/mock-control.yaml). */
export type RequestLogEntry = Control['schemas']['RequestLogEntry'];

/** Everything the mock holds. Tests may read it (and, carefully, write it). */
export type MockState = {
  /** The client-credentials clients the token endpoints accept, by `clientId`. */
  clients: Map<string, MockClient>;
  /** The tenants, by id, with the applications on which they hold `app:manage_webhooks`. */
  tenants: Map<string, Tenant>;
  /** The developers who can get single-sign-on tokens, by id. */
  developers: Map<string, Developer>;
  /** Every token issued, oldest first (also the revoked and expired ones). */
  tokens: IssuedToken[];
  /** The CASE store: documents, items, associations and packages. */
  case: CaseState;
  /** The OneRoster and platform rostering data. */
  roster: RosterState;
  /** The application registry, by `sourcedId`. */
  applications: Map<string, StoredApplication>;
  /** Pending and claimed one-time secret claims of credential rotations, by claim token. */
  secretClaims: Map<string, SecretClaim>;
  /** Webhook subscriptions by id, deleted ones included (see `deletedAt`). */
  subscriptions: Map<string, StoredSubscription>;
  /** Every event raised, oldest first. */
  events: RaisedEvent[];
  /** The delivery outbox: one row per raised event, waiting for (or done with) a drain. */
  outbox: OutboxRow[];
  /** Every delivery of an event to a subscription, oldest first, with its attempts. */
  deliveries: Delivery[];
  /** The Caliper events the ingest accepted, in arrival order. */
  caliperEvents: StoredCaliperEvent[];
  /** Learning sessions by Caliper session id. */
  sessions: Map<string, StoredSession>;
  /** The latest requests the mock responded, newest last (capped by the `requestLogSize` option). */
  requests: RequestLogEntry[];
  /** Errors thrown by scheduled work (a bug in the mock, or a throwing `fetch`). */
  errors: {
    /** What was running when it threw: `outbox-drain`, `delivery <id>`, or the request as `METHOD /path`. */
    label: string;
    /** The thrown value. */
    error: unknown;
  }[];
};

/** A fresh, empty state. */
export function createState(): MockState {
  return {
    clients: new Map(),
    tenants: new Map(),
    developers: new Map(),
    tokens: [],
    case: { documents: new Map(), items: new Map(), associations: new Map(), packages: new Map() },
    roster: {
      orgs: new Map(),
      users: new Map(),
      roles: new Map(),
      agents: [],
      profiles: new Map(),
      enrollments: new Map(),
      academicSessions: new Map(),
      courses: new Map(),
      courseComponents: new Map(),
      componentResources: new Map(),
      classes: new Map(),
      demographics: new Map(),
      lineItems: new Map(),
      categories: new Map(),
      scoreScales: new Map(),
      results: new Map(),
      assessmentLineItems: new Map(),
      assessmentResults: new Map(),
      resources: new Map(),
      resourceLinks: new Map(),
      orgConfigs: new Map(),
      mastery: new Map(),
    },
    applications: new Map(),
    secretClaims: new Map(),
    subscriptions: new Map(),
    events: [],
    outbox: [],
    deliveries: [],
    caliperEvents: [],
    sessions: new Map(),
    requests: [],
    errors: [],
  };
}

function plain(value: unknown): unknown {
  if (value instanceof Set || Array.isArray(value)) return [...value].map(plain);
  if (value && typeof value === 'object') {
    const entries = value instanceof Map ? [...value] : Object.entries(value);
    return Object.fromEntries(entries.map(([key, entry]) => [key, plain(entry)]));
  }
  return value;
}

/**
 * A deep, plain copy of the stored data (CASE, roster, applications, subscriptions, events, deliveries, Caliper),
 * for comparing before and after a batch of requests. Tokens and the request log are left out: reading the
 * state must not change with every call.
 */
export function snapshotState(state: MockState): Record<string, unknown> {
  const { tokens: _tokens, requests: _requests, errors: _errors, ...data } = state;
  return plain(data) as Record<string, unknown>;
}
