import type { NotFoundError } from '@learnkit/core';
import type {
  Application,
  CaliperSession,
  EnforcementState,
  Enrollment,
  InsightSessionSummary,
  OrgConfig,
  PlatformCallOptions,
  StudentGrade,
  User,
  UserProfile,
  UserRole,
} from '@learnkit/platform';
import type {
  KnownWebhookEvent,
  UnknownWebhookEvent,
  WebhookEvent,
  WebhookEventDataMap,
  WebhookEventType,
  WebhookHandlerContext,
  WebhookHandlerOptions,
} from '@learnkit/webhooks';

/**
 * The entity each event type refers to, as `lk.webhooks.hydrate` reads it now (docs/decisions.md#d-hydrate-table):
 * the enrollment, user, role, profile, application, mastered grade, Caliper session (`session.*`, and `test.*` whose
 * assessment events it records), insight summary of the session (`insight.*`), enforcement state of the session
 * (`proctoring_enforcement.recorded`) or org config. Delete events and `test.ping` are not here: they fetch nothing.
 */
export interface WebhookEntityMap {
  /** `lk.insights.sessions.get(caliperSessionId)`: the session's insight summary. */
  'insight.created': InsightSessionSummary;
  /** `lk.insights.sessions.get(caliperSessionId)`: the session's insight summary. */
  'insight.updated': InsightSessionSummary;
  /** `lk.rostering.enrollments.get(enrollmentId)`. */
  'enrollment.created': Enrollment;
  /** `lk.rostering.enrollments.get(enrollmentId)`. */
  'enrollment.updated': Enrollment;
  /** `lk.rostering.users.get(userId)`. */
  'user.created': User;
  /** `lk.rostering.users.get(userId)`. */
  'user.updated': User;
  /** The role `roleId` of `lk.rostering.roles.list(userId)` (the platform has no read of one role). */
  'user_role.created': UserRole;
  /** The role `roleId` of `lk.rostering.roles.list(userId)`. */
  'user_role.updated': UserRole;
  /** `lk.rostering.profiles.get(userId, profileId)`. */
  'user_profile.created': UserProfile;
  /** `lk.rostering.profiles.get(userId, profileId)`. */
  'user_profile.updated': UserProfile;
  /** `lk.applications.applications.get(applicationId)`. */
  'application.created': Application;
  /** `lk.applications.applications.get(applicationId)`. */
  'application.updated': Application;
  /** `lk.beyond.grades.get({ studentId: userId, subject })`: the highest mastered grade now. */
  'mastery.created': StudentGrade;
  /** `lk.beyond.grades.get({ studentId: userId, subject })`. */
  'mastery.updated': StudentGrade;
  /** `lk.events.sessions.get(caliperSessionId)`: the session and its events. */
  'session.started': CaliperSession;
  /** `lk.events.sessions.get(caliperSessionId)`. */
  'session.ended': CaliperSession;
  /** `lk.events.sessions.get(caliperSessionId)`: the session holding the assessment events; none without a session. */
  'test.started': CaliperSession;
  /** `lk.events.sessions.get(caliperSessionId)`; none without a session. */
  'test.ended': CaliperSession;
  /** `lk.events.sessions.get(caliperSessionId)`; none without a session. */
  'test.exited': CaliperSession;
  /** `lk.insights.sessions.getEnforcementState(caliperSessionId)`: the session's state after the enforcement. */
  'proctoring_enforcement.recorded': EnforcementState;
  /** `lk.rostering.orgs.config.get(orgId)`. */
  'org.config.updated': OrgConfig;
}

/** The event types whose entity `hydrate` fetches. */
export type HydratableWebhookEventType = keyof WebhookEntityMap;

/** The delete events: their data (the references, and `user.deleted`'s email) is the tombstone; nothing is fetched. */
export type TombstoneWebhookEventType =
  | 'insight.deleted'
  | 'enrollment.deleted'
  | 'user.deleted'
  | 'user_role.deleted'
  | 'user_profile.deleted'
  | 'application.deleted'
  | 'mastery.deleted';

/** The events whose reference may be missing (`caliperSessionId` null): hydrated as `none` then. */
type OptionalReferenceType = 'test.started' | 'test.ended' | 'test.exited';

/** The members every outcome of `hydrate` has: the event it is about, and its type (which narrows the outcome). */
export interface HydrationBase<K> {
  /** The event's type: comparing it narrows `entity`. */
  type: K;
  /** The event hydrated. */
  event: K extends WebhookEventType ? KnownWebhookEvent<K> : UnknownWebhookEvent;
}

/** The entity as the platform has it now. */
export interface HydrationFound<K extends HydratableWebhookEventType> extends HydrationBase<K> {
  /** Found. */
  status: 'found';
  /** The entity, read after the event (it may have changed again since). */
  entity: WebhookEntityMap[K];
}

/**
 * The entity is gone since the event: the read responded with 404 (deleted, or out of the client's org scope), or the
 * role is no longer among its user's roles. Not an error: a later event (a delete) usually explains it.
 */
export interface HydrationNotFound<K extends HydratableWebhookEventType> extends HydrationBase<K> {
  /** Gone since the event. */
  status: 'not_found';
  /** No entity. */
  entity: undefined;
  /** The platform's 404, with its request id; undefined when the role was missing from its user's list. */
  error: NotFoundError | undefined;
}

/** A delete event: its references are the tombstone, and nothing was fetched. */
export interface HydrationDeleted<K extends TombstoneWebhookEventType> extends HydrationBase<K> {
  /** A delete event. */
  status: 'deleted';
  /** No entity. */
  entity: undefined;
  /** The ids the event carries (and `user.deleted`'s email): all that is left of the entity. */
  tombstone: WebhookEventDataMap[K];
}

/** An event that refers to no entity: `test.ping`, a `test.*` outside any session, a type newer than this SDK. */
export interface HydrationNone<K> extends HydrationBase<K> {
  /** Nothing to fetch. */
  status: 'none';
  /** No entity. */
  entity: undefined;
}

/**
 * What `lk.webhooks.hydrate` gives for an event of type `K`: `found` with its entity, `not_found` when it is gone
 * since (a 404), `deleted` with the tombstone for a delete event, `none` for an event without an entity.
 *
 * @example
 * const hydrated = await lk.webhooks.hydrate(event);
 * if (hydrated.type === 'enrollment.created' && hydrated.status === 'found') console.log(hydrated.entity.role);
 */
export type HydratedEvent<K extends WebhookEventType = WebhookEventType> = {
  [T in K]: T extends TombstoneWebhookEventType
    ? HydrationDeleted<T>
    : T extends HydratableWebhookEventType
      ?
          | HydrationFound<T>
          | HydrationNotFound<T>
          | (T extends OptionalReferenceType ? HydrationNone<T> : never)
      : HydrationNone<T>;
}[K];

/** What `hydrate` gives for an event of a type newer than this SDK: nothing is fetched. */
export type HydratedUnknownEvent = HydrationNone<UnknownWebhookEvent['type']>;

/** The outcome of hydrating the event `E` (a union of events gives the union of their outcomes). */
export type HydrationOf<E extends WebhookEvent> = E extends WebhookEvent
  ? E['type'] extends WebhookEventType
    ? HydratedEvent<E['type']>
    : HydratedUnknownEvent
  : never;

/** The outcomes of hydrating `events`, in their order. */
export type HydratedEvents<E extends readonly WebhookEvent[]> = {
  -readonly [I in keyof E]: HydrationOf<E[I]>;
};

/**
 * Options of `lk.webhooks.hydrate`: the per-call settings of every read (`signal`, `timeoutMs`, `deadlineMs`,
 * `retry`, `headers`) and how many reads of a batch run at once.
 */
export interface HydrateOptions extends PlatformCallOptions {
  /** Most reads in flight at once for a batch. Default 8. */
  concurrency?: number | undefined;
}

/** The entity a hydrating handler's function gets: the current one, or undefined (deleted, gone, none). */
export type HydratedEntity<K extends WebhookEventType> = K extends HydratableWebhookEventType
  ? WebhookEntityMap[K] | undefined
  : undefined;

/** What a hydrating handler's function gets besides the event and its entity: the request, and the whole outcome. */
export interface HydratedWebhookHandlerContext<K extends WebhookEventType> extends WebhookHandlerContext {
  /** The outcome: `found`, `not_found` (with the 404), `deleted` (with the tombstone) or `none`. */
  hydrated: HydratedEvent<K>;
}

/** One function per event type, given the event, its entity read now, and the outcome. */
export type HydratedWebhookHandlers = {
  [K in WebhookEventType]?: (
    event: KnownWebhookEvent<K>,
    entity: HydratedEntity<K>,
    context: HydratedWebhookHandlerContext<K>,
  ) => unknown;
};

/**
 * Options of `lk.webhooks.handler({ ..., hydrate: true })`: those of `createWebhookHandler`, with functions that
 * also get the entity each event refers to, read after verification and dedupe.
 */
export interface HydratingWebhookHandlerOptions extends Omit<WebhookHandlerOptions, 'on' | 'onUnhandled'> {
  /** Read the entity of each event before its function runs. */
  hydrate: true;
  /** The function per event type: `(event, entity, { hydrated, request })`. */
  on: HydratedWebhookHandlers;
  /** Runs for an event with no function in `on` (types newer than this SDK included), hydrated too. */
  onUnhandled?:
    | ((
        event: WebhookEvent,
        entity: unknown,
        context: WebhookHandlerContext & { hydrated: HydratedEvent | HydratedUnknownEvent },
      ) => unknown)
    | undefined;
}

/** Options of `lk.webhooks.handler`: `createWebhookHandler`'s, with `hydrate: true` for functions that get the entity. */
export type LearnKitWebhookHandlerOptions =
  | HydratingWebhookHandlerOptions
  | (WebhookHandlerOptions & {
      /** `false` (the default): the functions get `(event, context)` as with `createWebhookHandler`. */
      hydrate?: false | undefined;
    });
