import { formatResult, loadContract } from '@learnkit/contract';
import { describe, expect, test } from 'vitest';
import {
  ASSESSMENT_ACTIONS,
  activityCompletedEvent,
  activityUrl,
  assessmentEvent,
  CALIPER_CONTEXT,
  type CaliperEventBase,
  caliperEventFromMessage,
  envelope,
  sessionArchivedEvent,
  sessionEvent,
  timeSpentEvent,
} from '../src/caliper/index';
import type { CompletionMessage, TimeSpentMessage } from '../src/protocol';

const contract = loadContract();
const sensor = 'https://app.example.com';

/** Sends `events` in an envelope to the ingest of openapi/platform.yaml, through the contract checker. */
async function check(events: CaliperEventBase[]) {
  const body = JSON.stringify(envelope({ sensor, events }));
  const req = new Request('https://api.example.com/caliper/v1p2', {
    method: 'POST',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    body,
  });
  const result = await contract.checkRequest(req);
  expect(result.ok, formatResult(result)).toBe(true);
}

const actor = {
  id: 'https://api.example.com/rostering/1.0/users/8d7f6e5a-4b3c-4d2e-9f1a-0b1c2d3e4f5a',
  email: 'student@example.com',
};
const profile = {
  sensor,
  actor,
  app: { name: 'Fractions App' },
  course: { subject: 'Math', grade: 3 },
  activity: { id: 'fractions-1', name: 'Fractions 1' },
  runId: '0b7e6d5c-4f3a-4b2c-9d1e-8f7a6b5c4d3e',
};
const window = {
  activeMs: 15250,
  inactiveMs: 4000,
  startedAt: '2026-01-05T10:15:11.000Z',
  endedAt: '2026-01-05T10:15:30.250Z',
};
const UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('TimeSpentEvent', () => {
  test('follows decision 7 exactly and passes the contract', async () => {
    const event = timeSpentEvent({ ...profile, window });
    expect(event).toEqual({
      '@context': CALIPER_CONTEXT,
      id: expect.stringMatching(UUID),
      type: 'TimeSpentEvent',
      action: 'SpentTime',
      eventTime: window.endedAt,
      actor: { id: actor.id, type: 'TimebackUser', email: actor.email },
      object: {
        id: 'https://app.example.com/activities/Math/g3/fractions-1',
        type: 'TimebackActivityContext',
        subject: 'Math',
        app: { name: 'Fractions App' },
        course: { name: 'Grade 3 Math' },
        activity: { id: 'https://app.example.com/activities/Math/g3/fractions-1', name: 'Fractions 1' },
      },
      profile: 'TimebackProfile',
      generated: {
        id: `${event.id}/metrics`,
        type: 'TimebackTimeSpentMetricsCollection',
        items: [
          { type: 'active', value: 15.25, startDate: window.startedAt, endDate: window.endedAt },
          { type: 'inactive', value: 4, startDate: window.startedAt, endDate: window.endedAt },
        ],
      },
      extensions: { runId: profile.runId },
    });
    await check([event]);
  });

  test('keeps the actor to id, type, email, name and role, and carries courseId and edApp', async () => {
    const event = timeSpentEvent({
      ...profile,
      id: 'urn:uuid:3f0c6a5e-2b1d-4c8e-9a7f-1d2e3f4a5b6c',
      actor: { ...actor, name: 'Ada', role: 'student', platformId: 'x' } as typeof actor,
      app: { name: 'Fractions App', id: 'app-1' },
      course: { code: 'ALG-1', subject: 'Math', courseId: 'c-alg-1', name: 'Algebra 1' },
      window: { ...window, inactiveMs: 0 },
      edApp: { id: 'https://app.example.com', type: 'SoftwareApplication' },
      eventTime: new Date('2026-01-05T10:15:31.000Z'),
    });
    expect(event.id).toBe('urn:uuid:3f0c6a5e-2b1d-4c8e-9a7f-1d2e3f4a5b6c');
    expect(event.actor).toEqual({
      id: actor.id,
      type: 'TimebackUser',
      email: actor.email,
      name: 'Ada',
      role: 'student',
    });
    expect(event.object.id).toBe('https://app.example.com/activities/ALG-1/fractions-1');
    expect(event.object.app).toEqual({ name: 'Fractions App', id: 'app-1' });
    expect(event.object.course).toEqual({ id: 'c-alg-1', name: 'Algebra 1' });
    expect(event.extensions).toEqual({ runId: profile.runId, courseId: 'c-alg-1' });
    expect(event.generated.items.map((i) => i.type)).toEqual(['active']);
    expect(event.eventTime).toBe('2026-01-05T10:15:31.000Z');
    await check([event]);
  });

  test('activityUrl encodes each segment and drops a trailing slash of the sensor', () => {
    expect(activityUrl('https://a.example/', { subject: 'Social Studies', grade: 'K' }, 'map~1')).toBe(
      'https://a.example/activities/Social%20Studies/gK/map~1',
    );
    expect(activityUrl('https://a.example', { code: 'ELA/7', subject: 'Language' }, 'x')).toBe(
      'https://a.example/activities/ELA%2F7/x',
    );
  });
});

describe('ActivityEvent Completed', () => {
  test('carries the metrics as items and pctComplete as pctCompleteApp, and passes the contract', async () => {
    const event = activityCompletedEvent({
      ...profile,
      metrics: { xpEarned: 12, totalQuestions: 10, correctQuestions: 8, masteredUnits: 2, pctComplete: 45 },
      eventTime: '2026-01-05T10:20:00.000Z',
    });
    expect(event).toMatchObject({
      type: 'ActivityEvent',
      action: 'Completed',
      profile: 'TimebackProfile',
      eventTime: '2026-01-05T10:20:00.000Z',
      generated: {
        id: `${event.id}/metrics`,
        type: 'TimebackActivityMetricsCollection',
        items: [
          { type: 'xpEarned', value: 12 },
          { type: 'totalQuestions', value: 10 },
          { type: 'correctQuestions', value: 8 },
          { type: 'masteredUnits', value: 2 },
        ],
        extensions: { pctCompleteApp: 45 },
      },
      extensions: { runId: profile.runId },
    });
    await check([event]);
  });

  test('without optional metrics has only xpEarned and no extensions in generated', async () => {
    const event = activityCompletedEvent({ ...profile, metrics: { xpEarned: 0 } });
    expect(event.generated).toEqual({
      id: `${event.id}/metrics`,
      type: 'TimebackActivityMetricsCollection',
      items: [{ type: 'xpEarned', value: 0 }],
    });
    await check([event]);
  });
});

describe('caliperEventFromMessage', () => {
  const context = {
    sensor,
    app: { name: 'Fractions App' },
    course: { subject: 'Math', grade: 3, courseId: 'c3' },
    actor,
  };
  const base = {
    runId: profile.runId,
    activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
  };

  test('a time window becomes a TimeSpentEvent with the message id', async () => {
    const message: TimeSpentMessage = {
      ...base,
      kind: 'timeSpent',
      id: 'urn:uuid:3f0c6a5e-2b1d-4c8e-9a7f-1d2e3f4a5b6c',
      window,
    };
    const event = caliperEventFromMessage(message, context);
    expect(event.id).toBe(message.id);
    expect(event.type).toBe('TimeSpentEvent');
    expect(event.extensions).toEqual({ runId: profile.runId, courseId: 'c3' });
    await check([event]);
  });

  test('a completion becomes an ActivityEvent Completed; the server pctComplete fills only a gap', async () => {
    const message: CompletionMessage = {
      ...base,
      kind: 'completion',
      id: 'urn:uuid:7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
      at: '2026-01-05T10:20:00.000Z',
      completion: { xpEarned: 3, masteredUnits: 1 },
    };
    const event = caliperEventFromMessage(message, { ...context, pctComplete: 30 });
    expect(event).toMatchObject({ id: message.id, eventTime: message.at, type: 'ActivityEvent' });
    expect(event.generated.extensions).toEqual({ pctCompleteApp: 30 });
    const given = caliperEventFromMessage(
      { ...message, completion: { xpEarned: 3, pctComplete: 80 } },
      { ...context, pctComplete: 30 },
    );
    expect(given.generated.extensions).toEqual({ pctCompleteApp: 80 });
    await check([event, given]);
  });
});

describe('SessionEvent and AssessmentEvent', () => {
  const person = { id: actor.id, type: 'Person' };

  test('LoggedIn passes the contract', async () => {
    const event = sessionEvent({
      action: 'LoggedIn',
      actor: person,
      object: sensor,
      session: 'https://app.example.com/sessions/1',
    });
    expect(event).toMatchObject({ type: 'SessionEvent', action: 'LoggedIn', object: sensor });
    await check([event]);
  });

  test('Archived carries its SessionRecording and passes the contract', async () => {
    const event = sessionArchivedEvent({
      actor: person,
      recording: {
        session: 'https://app.example.com/sessions/1',
        isProctored: true,
        webcamUsed: false,
        recordingStartedAtTime: '2026-01-05T10:00:00.000Z',
        recordingEndedAtTime: null,
        storageKey: 'recordings/1',
        subject: 'Math',
        extensions: { camera: 'front' },
      },
      extensions: { note: 'x' },
    });
    expect(event.object).toMatchObject({
      type: 'SessionRecording',
      session: 'https://app.example.com/sessions/1',
    });
    expect(event.action).toBe('Archived');
    await check([event]);
  });

  test('an Archived event without a recording fails the contract (the checker is really checking)', async () => {
    const event = sessionEvent({ action: 'Archived', actor: person, object: sensor });
    const req = new Request('https://api.example.com/caliper/v1p2', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify(envelope({ sensor, events: [event] })),
    });
    expect((await contract.checkRequest(req)).ok).toBe(false);
  });

  test.each(ASSESSMENT_ACTIONS)('AssessmentEvent %s passes the contract', async (action) => {
    const event = assessmentEvent({
      action,
      actor: actor.id,
      object: { id: 'https://app.example.com/tests/1', type: 'Assessment' },
      generated: { id: 'https://app.example.com/attempts/1', type: 'Attempt' },
      session: 'https://app.example.com/sessions/1',
      edApp: sensor,
      extensions: { k: 1 },
    });
    expect(event).toMatchObject({ type: 'AssessmentEvent', action });
    await check([event]);
  });

  test('AssessmentEvent refuses an unknown action', () => {
    expect(() => assessmentEvent({ action: 'Graded' as never, actor: actor.id, object: sensor })).toThrow(
      /action must be one of Started/,
    );
  });
});

describe('envelope', () => {
  test('wraps events with the sensor, send time and data version; refuses an empty batch', async () => {
    const events = [
      timeSpentEvent({ ...profile, window }),
      activityCompletedEvent({ ...profile, metrics: { xpEarned: 1 } }),
    ];
    const sent = envelope({ sensor, events, sendTime: new Date('2026-01-05T10:20:01.000Z') });
    expect(sent).toEqual({
      sensor,
      sendTime: '2026-01-05T10:20:01.000Z',
      dataVersion: CALIPER_CONTEXT,
      data: events,
    });
    expect(() => envelope({ sensor, events: [] })).toThrow(/at least one event/);
    await check(events);
  });
});
