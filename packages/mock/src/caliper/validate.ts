import { isAbsoluteUri, isRecord } from '../internal/body.js';
import { checkShape, type FieldRule, type Shape } from '../internal/shape.js';

/** The Caliper 1.2 context IRI (envelope `dataVersion`, event `@context`). */
export const CALIPER_CONTEXT = 'http://purl.imsglobal.org/ctx/caliper/v1p2';

const URN_UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASSESSMENT_ACTIONS = [
  'Started',
  'Submitted',
  'Abandoned',
  'Reviewed',
  'Restarted',
  'Reset',
  'Paused',
  'Resumed',
];

const exactly = (value: string): FieldRule => ({ type: 'string', required: true, oneOf: [value] });

const TIMEBACK_USER: Shape = {
  fields: {
    id: { type: 'uri', required: true },
    type: exactly('TimebackUser'),
    email: { type: 'email', required: true },
    name: { type: 'string' },
    role: { type: 'string' },
  },
};

const ACTIVITY_CONTEXT: Shape = {
  fields: {
    id: { type: 'uri', required: true },
    type: exactly('TimebackActivityContext'),
    subject: { type: 'string', required: true },
    app: {
      type: 'object',
      required: true,
      shape: { fields: { name: { type: 'string', required: true }, id: { type: 'string' } } },
    },
    course: {
      type: 'object',
      required: true,
      shape: { fields: { id: { type: 'string' }, name: { type: 'string', required: true } } },
    },
    activity: {
      type: 'object',
      required: true,
      shape: { fields: { id: { type: 'string' }, name: { type: 'string', required: true } } },
    },
  },
};

const EXTENSIONS: Shape = {
  fields: { runId: { type: 'string', required: true }, courseId: { type: 'string' } },
};

/** A Timeback metrics collection: an id, its `type`, at least one item of `item`'s shape, then `extra` members. */
function metricsCollection(type: string, item: Shape['fields'], extra: Shape['fields'] = {}): Shape {
  return {
    fields: {
      id: { type: 'string', required: true },
      type: exactly(type),
      items: { type: 'array', required: true, min: 1, items: { fields: item } },
      ...extra,
    },
  };
}

const TIME_SPENT_COLLECTION = metricsCollection('TimebackTimeSpentMetricsCollection', {
  type: { type: 'string', required: true, oneOf: ['active', 'inactive'] },
  value: { type: 'number', required: true, min: 0 },
  startDate: { type: 'dateTime', required: true },
  endDate: { type: 'dateTime', required: true },
});

const ACTIVITY_COLLECTION = metricsCollection(
  'TimebackActivityMetricsCollection',
  {
    type: {
      type: 'string',
      required: true,
      oneOf: ['xpEarned', 'totalQuestions', 'correctQuestions', 'masteredUnits'],
    },
    value: { type: 'number', required: true },
  },
  {
    extensions: {
      type: 'object',
      shape: { fields: { pctCompleteApp: { type: 'number', min: 0, max: 100 } } },
    },
  },
);

/**
 * The session metadata a SessionRecording and `POST /insights/1.0/sessions` may write (what
 * `writeSessionMetadata` applies).
 */
export const SESSION_METADATA: Shape['fields'] = {
  isProctored: { type: 'boolean' },
  webcamUsed: { type: 'boolean' },
  recordingStartedAtTime: { type: 'dateTime' },
  recordingEndedAtTime: { type: 'dateTime', nullable: true },
  storageKey: { type: 'string' },
  subject: { type: 'string' },
  extensions: { type: 'object' },
};

const SESSION_RECORDING: Shape = {
  open: true,
  fields: {
    id: { type: 'string' },
    type: exactly('SessionRecording'),
    session: { type: 'string', required: true },
    ...SESSION_METADATA,
  },
};

/** The Timeback profile events: every member fixed, nothing else allowed (DESIGN decision 7). */
function timebackShape(type: string, action: string, generated: Shape): Shape {
  return {
    fields: {
      '@context': exactly(CALIPER_CONTEXT),
      id: { type: 'string', required: true },
      type: exactly(type),
      actor: { type: 'object', required: true, shape: TIMEBACK_USER },
      action: exactly(action),
      object: { type: 'object', required: true, shape: ACTIVITY_CONTEXT },
      eventTime: { type: 'dateTime', required: true },
      profile: exactly('TimebackProfile'),
      generated: { type: 'object', required: true, shape: generated },
      edApp: { type: 'any' },
      extensions: { type: 'object', required: true, shape: EXTENSIONS },
    },
  };
}

const TIME_SPENT = timebackShape('TimeSpentEvent', 'SpentTime', TIME_SPENT_COLLECTION);
const COMPLETED = timebackShape('ActivityEvent', 'Completed', ACTIVITY_COLLECTION);

/** The members every other event must have; the rest passes through. */
const GENERIC: Shape = {
  open: true,
  fields: {
    '@context': exactly(CALIPER_CONTEXT),
    id: { type: 'string', required: true },
    type: { type: 'string', required: true },
    actor: { type: 'any', required: true },
    action: { type: 'string', required: true },
    eventTime: { type: 'dateTime', required: true },
    extensions: { type: 'object' },
  },
};

/** Whether a value is an entity reference: an IRI, or an object with string `id` and `type`. */
function entityProblem(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string')
    return isAbsoluteUri(value) ? undefined : `${where} must be an IRI or an entity object`;
  if (isRecord(value) && typeof value.id === 'string' && typeof value.type === 'string') return undefined;
  return `${where} must be an IRI or an entity object with id and type`;
}

/** The problems of one event (at `where`), per its type: Timeback events strictly, the others by their common members. */
function eventProblems(event: unknown, where: string): string[] {
  if (!isRecord(event)) return [`${where} must be an object`];
  const timeback =
    event.type === 'TimeSpentEvent'
      ? TIME_SPENT
      : event.type === 'ActivityEvent' && event.action === 'Completed'
        ? COMPLETED
        : undefined;
  if (timeback) {
    const problems = checkShape(event, timeback, where);
    if (typeof event.id === 'string' && !URN_UUID.test(event.id))
      problems.push(`${where}.id must be urn:uuid:<uuid>`);
    // The strict shape takes any edApp; it must still be an entity reference.
    const problem = entityProblem(event.edApp, `${where}.edApp`);
    if (problem) problems.push(problem);
    return problems;
  }
  const problems = checkShape(event, GENERIC, where);
  if (typeof event.id === 'string' && !event.id.startsWith('urn:'))
    problems.push(`${where}.id must be a URN`);
  for (const member of ['actor', 'object', 'edApp', 'generated', 'session']) {
    if (member === 'object' && event.type === 'SessionEvent' && event.action === 'Archived') continue;
    const problem = entityProblem(event[member], `${where}.${member}`);
    if (problem) problems.push(problem);
  }
  if (event.type === 'AssessmentEvent') {
    if (event.object === undefined) problems.push(`${where}.object is required`);
    if (typeof event.action === 'string' && !ASSESSMENT_ACTIONS.includes(event.action)) {
      problems.push(`${where}.action must be one of ${ASSESSMENT_ACTIONS.join(', ')}`);
    }
  }
  if (event.type === 'SessionEvent' && event.action === 'Archived') {
    if (event.object === undefined)
      problems.push(`${where}.object (a SessionRecording) is required for Archived`);
    else problems.push(...checkShape(event.object, SESSION_RECORDING, `${where}.object`));
  }
  return problems;
}

const ENVELOPE: Shape = {
  fields: {
    sensor: { type: 'uri', required: true },
    sendTime: { type: 'dateTime', required: true },
    dataVersion: exactly(CALIPER_CONTEXT),
    data: { type: 'array', required: true, min: 1 },
  },
};

/** The problems of a Caliper envelope and all its events (empty when the batch is well-formed). */
export function envelopeProblems(body: unknown): string[] {
  const problems = checkShape(body, ENVELOPE, 'envelope');
  if (problems.length > 0 || !isRecord(body)) return problems;
  for (const [index, event] of (body.data as unknown[]).entries())
    problems.push(...eventProblems(event, `data[${index}]`));
  return problems;
}
