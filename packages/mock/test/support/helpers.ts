import { createHmac } from 'node:crypto';
import type { Received } from './harness.js';

/** Recomputes a delivery's signature with node:crypto (docs/decisions.md#d-webhook-signature), independent of the mock's Web Crypto code. */
export function expectedSignature(secret: string, received: Received): string {
  const timestamp = received.headers.get('x-service-webhook-timestamp') ?? '';
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestamp}.${received.body}`)
    .digest('hex');
}

/** Whether a delivery verifies with `secret`. */
export function verifies(secret: string, received: Received): boolean {
  return received.headers.get('x-service-webhook-signature') === expectedSignature(secret, received);
}

export const CONTEXT = 'http://purl.imsglobal.org/ctx/caliper/v1p2';
export const SENSOR = 'https://demo-app.learnkit.test';

const uuid = () => crypto.randomUUID();

/** A TimebackUser actor for a rostering user. */
export function actor(baseUrl: string, userId: string, email: string) {
  return {
    id: `${baseUrl}/ims/oneroster/rostering/v1p2/users/${userId}`,
    type: 'TimebackUser',
    email,
    role: 'student',
  };
}

const activityObject = {
  id: `${SENSOR}/activities/Math/g3/fractions-1`,
  type: 'TimebackActivityContext',
  subject: 'Math',
  app: { name: 'LearnKit Demo App' },
  course: { id: 'course-math-g3', name: 'Math Grade 3' },
  // The profile types the activity id as a URI: the activity's URL, as `id` above.
  activity: { id: `${SENSOR}/activities/Math/g3/fractions-1`, name: 'Fractions on a number line' },
};

/** A TimeSpentEvent per docs/decisions.md#d-caliper-wire. */
export function timeSpent(user: object, seconds = 30) {
  return {
    '@context': CONTEXT,
    id: `urn:uuid:${uuid()}`,
    type: 'TimeSpentEvent',
    actor: user,
    action: 'SpentTime',
    object: activityObject,
    eventTime: '2026-01-15T12:00:30Z',
    profile: 'TimebackProfile',
    generated: {
      id: `urn:uuid:${uuid()}`,
      type: 'TimebackTimeSpentMetricsCollection',
      items: [
        {
          type: 'active',
          value: seconds,
          startDate: '2026-01-15T12:00:00Z',
          endDate: '2026-01-15T12:00:30Z',
        },
      ],
    },
    extensions: { runId: uuid() },
  };
}

/** An ActivityEvent Completed per docs/decisions.md#d-caliper-wire. */
export function completed(
  user: object,
  metrics: Record<string, number> = {
    xpEarned: 12,
    totalQuestions: 10,
    correctQuestions: 8,
    masteredUnits: 1,
  },
) {
  return {
    '@context': CONTEXT,
    id: `urn:uuid:${uuid()}`,
    type: 'ActivityEvent',
    actor: user,
    action: 'Completed',
    object: activityObject,
    eventTime: '2026-01-15T12:10:00Z',
    profile: 'TimebackProfile',
    generated: {
      id: `urn:uuid:${uuid()}`,
      type: 'TimebackActivityMetricsCollection',
      items: Object.entries(metrics).map(([type, value]) => ({ type, value })),
      extensions: { pctCompleteApp: 40 },
    },
    extensions: { runId: uuid(), courseId: 'course-math-g3' },
  };
}

/** An AssessmentEvent with `action`. */
export function assessment(userIri: string, action: string, edApp = 'urn:app:app-learnkit-demo') {
  return {
    '@context': CONTEXT,
    id: `urn:uuid:${uuid()}`,
    type: 'AssessmentEvent',
    actor: userIri,
    action,
    object: { id: `${SENSOR}/assessments/unit-test-1`, type: 'Assessment' },
    eventTime: '2026-01-15T12:00:00Z',
    edApp,
    generated: { id: `${SENSOR}/attempts/attempt-1`, type: 'Attempt' },
    session: `${SENSOR}/sessions/s-1`,
  };
}

/** A SessionEvent. */
export function sessionEvent(userIri: string, action: string, sessionId: string, object?: object) {
  return {
    '@context': CONTEXT,
    id: `urn:uuid:${uuid()}`,
    type: 'SessionEvent',
    actor: userIri,
    action,
    eventTime: '2026-01-15T12:00:00Z',
    edApp: 'urn:app:app-learnkit-demo',
    session: sessionId,
    ...(object ? { object } : { object: { id: SENSOR, type: 'SoftwareApplication' } }),
  };
}

/** A Caliper envelope around `events`. */
export function envelope(events: object[]) {
  return { sensor: SENSOR, sendTime: '2026-01-15T12:00:31Z', dataVersion: CONTEXT, data: events };
}
