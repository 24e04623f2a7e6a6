import { WEBHOOK_EVENT_RULES, WEBHOOK_EVENT_TYPES } from '../catalogue.js';
import { type Core, isoSeconds } from '../core.js';
import { isRecord } from '../internal/body.js';
import { hashText, seededUuid } from '../internal/random.js';
import type { MockClient, StoredApplication, StoredSession } from '../state.js';
import { caliperLedger, definedEntities, objectId } from './ledger.js';

type CaliperEvent = Record<string, unknown>;

/** The id of an entity reference (an IRI, or an object's `id`). */
const entityId = (value: unknown) => (typeof value === 'string' ? value : objectId(value));

/** The percent-decoded id at the end of an IRI's `/<collection>/<id>`; never a URIError in the middle of a batch. */
function idAfter(iri: string, collection: string): string | undefined {
  const match = new RegExp(`/${collection}/([^/?#]+)/?$`).exec(iri);
  try {
    return match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

/** The rostering user whose email is `email` (any case). */
function userByEmail(core: Core, email: string): string | undefined {
  const wanted = email.toLowerCase();
  return [...core.state.roster.users.values()].find((user) => user.email.toLowerCase() === wanted)?.sourcedId;
}

/** The rostering user an actor IRI names: `.../users/<sourcedId>` (OneRoster or platform path, any origin) or `mailto:`. */
function userOfIri(core: Core, iri: string): string | undefined {
  if (iri.startsWith('mailto:')) return userByEmail(core, iri.slice('mailto:'.length));
  const id = idAfter(iri, 'users');
  return id && core.state.roster.users.has(id) ? id : undefined;
}

/** The application an edApp IRI names: `urn:app:<id>`, `.../applications/<id>`, or its launch URL. */
function applicationOfIri(core: Core, iri: string): StoredApplication | undefined {
  const apps = core.state.applications;
  const id = /^urn:app:(.+)$/.exec(iri)?.[1] ?? idAfter(iri, 'applications');
  if (id !== undefined) return apps.get(id);
  return [...apps.values()].find((app) => app.launchUrl === iri || app.sourcedId === iri);
}

/** The user an event's actor stands for: by IRI, else by a TimebackUser's email. */
function userOfActor(core: Core, actor: unknown): string | undefined {
  const id = entityId(actor);
  const email = isRecord(actor) && typeof actor.email === 'string' ? actor.email : '';
  return (id && userOfIri(core, id)) || (email ? userByEmail(core, email) : undefined);
}

/** Caliper 1.2's anonymous entities (section 4.4): the type's own IRI as the id, e.g. an unnamed Person. */
const ANONYMOUS = /^http:\/\/purl\.imsglobal\.org\/caliper\/[A-Za-z]+$/;

/**
 * Checks what a well-formed batch refers to (after the structure rules passed, so a malformed event is a 400
 * whatever its references). An IRI-only actor or edApp must be a Caliper entity already defined (by an accepted
 * event, or as an object anywhere in this batch: the batch is one write, so the order of its events does not
 * matter), an anonymous entity, or match a rostering user / application; an `Archived` recording must name a
 * session that exists or that an earlier event of the batch opens. Returns the refusal (an error code, and the
 * member of the event it is about), or undefined. See docs/decisions.md#d-caliper-atomic-batch.
 */
export function unresolved(core: Core, events: CaliperEvent[]) {
  const before = caliperLedger(core.state).defined;
  const batch = new Set(events.flatMap(definedEntities));
  const resolves = (iri: string, match: (iri: string) => unknown) =>
    before.has(iri) || batch.has(iri) || ANONYMOUS.test(iri) || match(iri) !== undefined;
  const sessions = new Set(core.state.sessions.keys());
  for (const [index, event] of events.entries()) {
    if (typeof event.actor === 'string' && !resolves(event.actor, (iri) => userOfIri(core, iri)))
      return {
        error: 'unresolved_actor',
        message: `data[${index}].actor: ${event.actor} matches no rostering user; give the actor as an object, or the URL of a rostering user`,
      };
    if (typeof event.edApp === 'string' && !resolves(event.edApp, (iri) => applicationOfIri(core, iri)))
      return {
        error: 'unresolved_edapp',
        message: `data[${index}].edApp: ${event.edApp} matches no LTI application; give the edApp as an object, or an application's urn:app:<id> or launch URL`,
      };
    if (event.type === 'SessionEvent' && event.action === 'LoggedIn') {
      const session = sessionIdOf(event);
      if (session) sessions.add(session);
    }
    if (event.type === 'SessionEvent' && event.action === 'Archived') {
      const session = (event.object as { session: string }).session;
      if (!sessions.has(session))
        return {
          error: 'unknown_session',
          message: `data[${index}].object.session: ${session} is not a session of the platform; an Archived recording never creates one`,
        };
    }
  }
  return undefined;
}

/** The id of an entity given as an object of Caliper type `type`. */
const idOfType = (value: unknown, type: string) =>
  isRecord(value) && value.type === type ? objectId(value) : undefined;

/** The session an event belongs to: `session`, else a generated or object Session. */
const sessionIdOf = (event: CaliperEvent): string | undefined =>
  entityId(event.session) || idOfType(event.generated, 'Session') || idOfType(event.object, 'Session');

function applicationOf(core: Core, event: CaliperEvent, client: MockClient) {
  const edApp = entityId(event.edApp);
  const app = edApp ? applicationOfIri(core, edApp) : undefined;
  return { app, applicationId: app?.sourcedId ?? edApp ?? client.applicationId ?? '' };
}

/** Applies what an accepted event means to the platform: sessions, test events, the gradebook pipeline. */
export function applyEvent(core: Core, event: CaliperEvent, client: MockClient): void {
  const userId = userOfActor(core, event.actor) ?? entityId(event.actor) ?? '';
  const eventId = event.id as string;
  const sessionId = sessionIdOf(event);
  const session = sessionId ? core.state.sessions.get(sessionId) : undefined;
  if (session && !session.eventIds.includes(eventId)) session.eventIds.push(eventId);

  if (event.type === 'AssessmentEvent') {
    // The `test.*` type whose action the catalogue fixes to this one (`Started`: `test.started`).
    const type = WEBHOOK_EVENT_TYPES.find(
      (type) =>
        type.startsWith('test.') &&
        WEBHOOK_EVENT_RULES[type].values?.action?.includes(event.action as string),
    );
    if (!type) return;
    const { app, applicationId } = applicationOf(core, event, client);
    core.raise(
      type,
      {
        userId,
        applicationId,
        assessmentId: entityId(event.object) ?? '',
        caliperSessionId: sessionId ?? null,
        attemptId: idOfType(event.generated, 'Attempt') ?? eventId,
        action: event.action,
        isProctored: app?.proctoringEnabled ?? false,
      },
      { originClientId: client.clientId },
    );
    return;
  }

  if (event.type === 'SessionEvent') applySession(core, event, client, userId, sessionId);
  if (event.type === 'ActivityEvent' && event.action === 'Completed') recordCompletion(core, event, userId);
}

function applySession(
  core: Core,
  event: CaliperEvent,
  client: MockClient,
  userId: string,
  sessionId: string | undefined,
): void {
  const { app, applicationId } = applicationOf(core, event, client);
  const sessionData = (session: StoredSession) => ({
    caliperSessionId: session.sessionId,
    userId: session.userId,
    applicationId: session.applicationId,
    isProctored: session.isProctored,
  });
  if (event.action === 'LoggedIn' && sessionId && !core.state.sessions.has(sessionId)) {
    const session: StoredSession = {
      sessionId,
      userId,
      applicationId: applicationId || client.clientId,
      startedAtTime: event.eventTime as string,
      endedAtTime: null,
      isProctored: app?.proctoringEnabled ?? false,
      webcamUsed: false,
      storageKey: null,
      subject: null,
      eventIds: [event.id as string],
    };
    core.state.sessions.set(sessionId, session);
    core.raise('session.started', sessionData(session), { originClientId: client.clientId });
  } else if ((event.action === 'LoggedOut' || event.action === 'TimedOut') && sessionId) {
    const session = core.state.sessions.get(sessionId);
    if (session && session.endedAtTime === null) {
      session.endedAtTime = event.eventTime as string;
      core.raise('session.ended', sessionData(session), { originClientId: client.clientId });
    }
  } else if (event.action === 'Archived') {
    const recording = event.object as Record<string, unknown>;
    const session = core.state.sessions.get(recording.session as string);
    if (session) writeSessionMetadata(session, recording);
  }
}

/** The session-metadata writes (shared with POST /insights/1.0/sessions); never the start or end time. */
export function writeSessionMetadata(session: StoredSession, fields: Record<string, unknown>): void {
  if (typeof fields.isProctored === 'boolean') session.isProctored = fields.isProctored;
  if (typeof fields.webcamUsed === 'boolean') session.webcamUsed = fields.webcamUsed;
  if (typeof fields.storageKey === 'string') session.storageKey = fields.storageKey;
  if (typeof fields.subject === 'string') session.subject = fields.subject;
  if (typeof fields.recordingStartedAtTime === 'string')
    session.recordingStartedAtTime = fields.recordingStartedAtTime;
  if (fields.recordingEndedAtTime !== undefined)
    session.recordingEndedAtTime = fields.recordingEndedAtTime as string | null;
  if (isRecord(fields.extensions)) session.extensions = { ...session.extensions, ...fields.extensions };
}

/** The gradebook pipeline of a completion: a line item per activity and an assessment result with the metrics. */
function recordCompletion(core: Core, event: CaliperEvent, userId: string): void {
  const roster = core.state.roster;
  if (!roster.users.has(userId)) return;
  const object = event.object as {
    id: string;
    activity: { id?: string; name: string };
    course: { id?: string; name: string };
  };
  const generated = event.generated as {
    items: { type: string; value: number }[];
    extensions?: { pctCompleteApp?: number };
  };
  const extensions = event.extensions as { runId: string; courseId?: string };
  const metrics = Object.fromEntries(generated.items.map((item) => [item.type, item.value]));
  const lineItemId = `ali-${seededUuid(hashText(object.id), 0, 0xac7)}`;
  const stamp = core.iso();
  const courseId = extensions.courseId ?? object.course.id;
  if (!roster.assessmentLineItems.has(lineItemId)) {
    roster.assessmentLineItems.set(lineItemId, {
      sourcedId: lineItemId,
      status: 'active',
      dateLastModified: stamp,
      title: object.activity.name,
      description: `${object.course.name}: ${object.activity.name}`,
      resultValueMin: 0,
      resultValueMax: 100,
      // The activity's URL: the learning resource the line item is about (docs/decisions.md#d-mock-oneroster-store).
      componentResource: { sourcedId: object.id },
      metadata: { activityUrl: object.id, courseId: courseId ?? null },
    });
  }
  const total = metrics.totalQuestions;
  const correct = metrics.correctQuestions;
  const resultId = `ar-${(event.id as string).replace(/^urn:uuid:/, '')}`;
  roster.assessmentResults.set(resultId, {
    sourcedId: resultId,
    status: 'active',
    dateLastModified: stamp,
    assessmentLineItem: { sourcedId: lineItemId },
    student: { sourcedId: userId },
    score: total && correct !== undefined ? Math.round((correct / total) * 10_000) / 100 : null,
    scoreDate: isoSeconds(Date.parse(event.eventTime as string)),
    scoreStatus: 'fully graded',
    metadata: {
      courseId: courseId ?? null,
      runId: extensions.runId,
      activityId: object.activity.id ?? object.id,
      xpEarned: metrics.xpEarned ?? null,
      totalQuestions: total ?? null,
      correctQuestions: correct ?? null,
      masteredUnits: metrics.masteredUnits ?? null,
      pctCompleteApp: generated.extensions?.pctCompleteApp ?? null,
    },
  });
}
