import type { CaseDefinitionsInput, CFAssociation, CFDocument, CFItem } from './case/types.js';
import type { EventType } from './catalogue.js';

/** A client-credentials client the mock accepts. */
export type MockClient = {
  /** A short name for logs and the CLI (`partner`, `internal`, ...). */
  label: string;
  clientId: string;
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

/** A tenant and the applications on which it holds `app:manage_webhooks`. */
export type Tenant = { id: string; manageWebhooks: Set<string> };

/** A developer who signs in with single sign-on, and the applications on which they hold `app:manage_webhooks`. */
export type Developer = { id: string; email: string; manageWebhooks: Set<string> };

/** An access token the mock issued. */
export type IssuedToken = {
  token: string;
  jti: string;
  kind: 'client' | 'developer';
  clientId?: string;
  developerId?: string;
  scopes: string[];
  /** Milliseconds on the mock clock. */
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
  /** Which endpoint issued it (`/auth/1.0/token`, `/oauth2/token`, or `developer-sso`). */
  endpoint: string;
};

/** A CFItem and the document whose package holds it. */
export type StoredItem = { item: CFItem; documentId: string };

/** A CFAssociation and the document whose package holds it. */
export type StoredAssociation = { association: CFAssociation; documentId: string };

/** What a package groups, in upload order. */
export type StoredPackage = {
  documentId: string;
  itemIds: string[];
  associationIds: string[];
  definitions?: CaseDefinitionsInput;
  extensions?: Record<string, unknown>;
};

/** The CASE store. Map order is upload order, which listings keep. */
export type CaseState = {
  documents: Map<string, CFDocument>;
  items: Map<string, StoredItem>;
  associations: Map<string, StoredAssociation>;
  packages: Map<string, StoredPackage>;
};

/** A OneRoster GUID reference. */
export type GUIDRef = { href?: string; sourcedId: string; type: string };

/** An organization (district or school). */
export type StoredOrg = {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  dateLastModified: string;
  name: string;
  type: string;
  identifier?: string;
  parentId: string | null;
};

/** A user, the one record behind both the OneRoster and the platform views. */
export type StoredUser = {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  dateLastModified: string;
  givenName: string;
  familyName: string;
  email: string;
  username?: string | null;
  enabledUser: boolean;
  primaryOrgId: string | null;
  grades?: string[];
  metadata?: Record<string, unknown> | null;
};

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

/** An agent relationship between two users (for example a parent of a student). */
export type StoredAgent = {
  userId: string;
  agentUserId: string;
  relationshipType: string;
  beginDate: string | null;
  endDate: string | null;
  status: 'active' | 'inactive';
};

/** An enrollment of a user in a class. */
export type StoredEnrollment = {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  dateLastModified: string;
  userId: string;
  classId: string;
  schoolId: string;
  role: string;
  primary: boolean;
  beginDate: string | null;
  endDate: string | null;
  metadata: Record<string, unknown> | null;
};

/** A profile of a user, optionally bound to an application. */
export type StoredProfile = {
  profileId: string;
  userId: string;
  applicationId: string | null;
  profileType: string;
  status: string;
};

/** OneRoster objects stored in their response shape. */
export type RosterRecord = Record<string, unknown> & { sourcedId: string };

/** The roster: OneRoster rostering, gradebook and resources, plus the platform's rostering extras. */
export type RosterState = {
  orgs: Map<string, StoredOrg>;
  users: Map<string, StoredUser>;
  roles: Map<string, StoredRole>;
  agents: StoredAgent[];
  profiles: Map<string, StoredProfile>;
  enrollments: Map<string, StoredEnrollment>;
  academicSessions: Map<string, RosterRecord>;
  courses: Map<string, RosterRecord>;
  classes: Map<string, RosterRecord>;
  demographics: Map<string, RosterRecord>;
  lineItems: Map<string, RosterRecord>;
  assessmentResults: Map<string, RosterRecord>;
  results: Map<string, RosterRecord>;
  resources: Map<string, RosterRecord>;
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

/** A signing secret of a subscription; a rotated-out one stays valid until `validUntil`. */
export type SigningSecret = { secret: string; createdAt: number; validUntil: number | null };

/** A webhook subscription. */
export type StoredSubscription = {
  id: string;
  applicationId: string;
  url: string;
  eventTypes: EventType[];
  status: 'active' | 'paused' | 'disabled';
  dateCreated: string;
  /** The owning auth client. */
  ownerClientId: string;
  /** The path it was made through: client credentials or the developer tool (they cannot see each other's). */
  via: 'client' | 'developer';
  /** Newest last. */
  secrets: SigningSecret[];
  deletedAt: number | null;
  disabledAt: number | null;
};

/** The body of a delivery. */
export type WebhookEnvelope = {
  id: string;
  type: EventType;
  timestamp: string;
  data: Record<string, unknown>;
};

/** An event the platform raised, with what routing needs. */
export type RaisedEvent = {
  envelope: WebhookEnvelope;
  /** Orgs the event is attributed to (empty: none). */
  orgIds: string[];
  /** The auth client whose call caused it; undefined for platform-internal flows. */
  originClientId?: string;
  raisedAt: number;
};

/** A row of the delivery outbox. */
export type OutboxRow = {
  eventId: string;
  createdAt: number;
  status: 'pending' | 'dispatched' | 'coalesced';
  /** For a coalesced row, the event it was merged into. */
  coalescedInto?: string;
  dispatchedAt?: number;
};

/** One POST of a delivery to the consumer. */
export type DeliveryAttempt = {
  /** 1-based. */
  attempt: number;
  /** Milliseconds on the mock clock. */
  at: number;
  url: string;
  /** The consumer's status, when it answered. */
  status?: number;
  /** `timeout`, `network` (refused, DNS, reset) when it did not. */
  error?: 'timeout' | 'network';
  outcome: 'delivered' | 'retry' | 'dead';
  /** Signature headers as sent. */
  timestampHeader: string;
  signature: string;
};

/** The delivery of one event to one subscription. */
export type Delivery = {
  id: string;
  eventId: string;
  subscriptionId: string;
  type: EventType;
  /** `held` while the subscription is paused; `dropped` when it was disabled or deleted before delivery. */
  status: 'pending' | 'held' | 'delivered' | 'dead' | 'dropped';
  attempts: DeliveryAttempt[];
  /** When the next attempt is due, while pending. */
  nextAttemptAt: number | null;
  /** The secret the delivery was routed with; it signs while valid (rotation window), else the newest does. */
  secret: string;
  createdAt: number;
};

/** A Caliper event the ingest accepted. */
export type StoredCaliperEvent = {
  event: Record<string, unknown>;
  receivedAt: number;
  clientId: string;
  sensor: string;
};

/** A learning session recorded from Caliper SessionEvents or session-metadata writes. */
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
  recordingStartedAtTime?: string;
  recordingEndedAtTime?: string | null;
  extensions?: Record<string, unknown>;
  eventIds: string[];
};

/** One request the mock answered. */
export type RequestLogEntry = { method: string; path: string; status: number; at: number; fault?: string };

/** Everything the mock holds. Tests may read it (and, carefully, write it). */
export type MockState = {
  clients: Map<string, MockClient>;
  tenants: Map<string, Tenant>;
  developers: Map<string, Developer>;
  tokens: IssuedToken[];
  case: CaseState;
  roster: RosterState;
  applications: Map<string, StoredApplication>;
  secretClaims: Map<string, SecretClaim>;
  subscriptions: Map<string, StoredSubscription>;
  events: RaisedEvent[];
  outbox: OutboxRow[];
  deliveries: Delivery[];
  caliperEvents: StoredCaliperEvent[];
  sessions: Map<string, StoredSession>;
  requests: RequestLogEntry[];
  /** Errors thrown by scheduled work (a bug in the mock, or a throwing `fetch`). */
  errors: { label: string; error: unknown }[];
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
      classes: new Map(),
      demographics: new Map(),
      lineItems: new Map(),
      assessmentResults: new Map(),
      results: new Map(),
      resources: new Map(),
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
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, entry]) => [key, plain(entry)]));
  if (value instanceof Set) return [...value].map(plain);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, plain(entry)]));
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
