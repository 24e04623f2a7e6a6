import { beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import {
  actor,
  assessment,
  completed,
  envelope,
  SENSOR,
  sessionEvent,
  timeSpent,
} from '../support/helpers.js';

/** The Caliper ingest and the events writes raise. */
export function caliperTests(h: Harness): void {
  describe('Caliper ingest', () => {
    let token = '';
    let user: ReturnType<typeof actor>;
    beforeEach(async () => {
      token = await h.token(h.platform.clients.partner);
      const { student } = h.platform.fixtures.roster;
      user = actor(h.platform.baseUrl, student.sourcedId, student.email);
    });
    const send = (body: unknown) => h.call('POST', '/caliper/v1p2', { token, body });

    it('accepts time-spent and completion events, dedupes by id, and keeps what it accepted', async () => {
      const batch = envelope([timeSpent(user), completed(user)]);
      const first = await send(batch);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ accepted: 2, duplicates: 0 });
      const again = await send({ ...batch, data: [...batch.data, timeSpent(user, 12)] });
      expect(again.body).toEqual({ accepted: 1, duplicates: 2 });
      expect(h.platform.state.caliperEvents).toHaveLength(3);
      expect(h.platform.state.caliperEvents.slice(0, 2).map((stored) => stored.event.id)).toEqual(
        batch.data.map((event) => (event as { id: string }).id),
      );
      expect(h.platform.state.caliperEvents[0]).toMatchObject({
        clientId: h.platform.clients.partner.clientId,
        sensor: SENSOR,
      });
    });

    it('runs the gradebook pipeline for a completion: the result is readable with its mastered units', async () => {
      const event = completed(user, {
        xpEarned: 20,
        totalQuestions: 10,
        correctQuestions: 9,
        masteredUnits: 2,
      });
      expect((await send(envelope([event]))).status).toBe(200);
      const filter = encodeURIComponent(`student='${h.platform.fixtures.roster.student.sourcedId}'`);
      const results = await h.call(
        'GET',
        `/ims/oneroster/gradebook/v1p2/assessmentResults/?filter=${filter}&limit=100`,
        { token },
      );
      const list = (
        results.body as {
          assessmentResults: { score: number; metadata: { masteredUnits: number; courseId: string } }[];
        }
      ).assessmentResults;
      expect(list.at(-1)).toMatchObject({
        score: 90,
        metadata: { masteredUnits: 2, courseId: 'course-math-g3' },
      });
      expect(list.reduce((sum, result) => sum + (result.metadata.masteredUnits ?? 0), 0)).toBe(2 + 3 + 2);
    });

    it('refuses a malformed envelope or event with 400 naming the member, storing nothing', async () => {
      h.allowBadRequests();
      const good = timeSpent(user);
      const cases: [unknown, RegExp][] = [
        [{ ...envelope([good]), dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p1' }, /dataVersion/],
        [envelope([]), /data: must be a non-empty array/],
        [
          {
            sendTime: '2026-01-01T00:00:00Z',
            dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p2',
            data: [good],
          },
          /sensor: must be the sending application's absolute IRI/,
        ],
        [
          envelope([{ ...good, actor: { ...user, nickname: 'x' } }]),
          /data\[0\]\.actor\.nickname: is not allowed/,
        ],
        [envelope([{ ...good, id: 'urn:uuid:not-a-uuid' }]), /urn:uuid/],
        [envelope([{ ...good, extensions: {} }]), /extensions\.runId: is required/],
        [
          envelope([
            {
              ...completed(user),
              generated: {
                id: 'g',
                type: 'TimebackActivityMetricsCollection',
                items: [{ type: 'stars', value: 1 }],
              },
            },
          ]),
          /items\[0\]\.type: must be one of/,
        ],
        [envelope([assessment(user.id, 'Finished')]), /action: must be one of/],
        [envelope([{ ...good, eventTime: 'yesterday' }]), /eventTime/],
      ];
      for (const [body, message] of cases) {
        const rawResponse = await send(body);
        expect(rawResponse.status).toBe(400);
        expect(rawResponse.body).toMatchObject({
          error: 'bad_request',
          message: expect.stringMatching(message),
        });
      }
      expect(h.platform.state.caliperEvents).toHaveLength(0);
    });

    it('rejects an IRI-only actor with no rostering match (422), and resolves one that matches', async () => {
      const unknown = `${h.platform.baseUrl}/ims/oneroster/rostering/v1p2/users/nobody`;
      const refused = await send(envelope([assessment(unknown, 'Started')]));
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        error: 'unresolved_actor',
        message: `data[0].actor: ${unknown} matches no rostering user; give the actor as an object, or the URL of a rostering user`,
      });
      expect((await send(envelope([assessment(user.id, 'Started', 'urn:app:no-such-app')]))).status).toBe(
        422,
      );
      expect(h.platform.state.caliperEvents).toHaveLength(0);
      expect((await send(envelope([assessment(user.id, 'Reviewed')]))).status).toBe(200);
      expect(
        (await send(envelope([assessment('mailto:ada.lovelace@maple.learnkit.test', 'Reviewed')]))).status,
      ).toBe(200);
    });

    it('turns AssessmentEvent Started, Submitted and Abandoned into test.started, test.ended and test.exited (others into nothing)', async () => {
      const actions = [
        'Started',
        'Paused',
        'Resumed',
        'Submitted',
        'Reviewed',
        'Restarted',
        'Reset',
        'Abandoned',
      ];
      const events = actions.map((action) => assessment(user.id, action));
      expect((await send(envelope(events))).body).toEqual({ accepted: 8, duplicates: 0 });
      const raised = h.platform.state.events.map((event) => event.envelope);
      expect(raised.map((event) => event.type)).toEqual(['test.started', 'test.ended', 'test.exited']);
      expect(raised[0]!.data).toEqual({
        userId: h.platform.fixtures.roster.student.sourcedId,
        applicationId: h.platform.fixtures.application.applicationId,
        assessmentId: `${SENSOR}/assessments/unit-test-1`,
        caliperSessionId: `${SENSOR}/sessions/s-1`,
        attemptId: `${SENSOR}/attempts/attempt-1`,
        action: 'Started',
        isProctored: true,
      });
      expect(h.platform.state.events[0]!.originClientId).toBe(h.platform.clients.partner.clientId);
    });

    it('records sessions: LoggedIn opens one, Archived writes recording metadata to an existing one only', async () => {
      const sessionId = `${SENSOR}/sessions/live-1`;
      expect((await send(envelope([sessionEvent(user.id, 'LoggedIn', sessionId)]))).status).toBe(200);
      const recording = {
        id: `${SENSOR}/recordings/1`,
        type: 'SessionRecording',
        session: sessionId,
        isProctored: true,
        webcamUsed: true,
        storageKey: 'rec/1.webm',
        subject: 'Math',
      };
      expect((await send(envelope([sessionEvent(user.id, 'Archived', sessionId, recording)]))).status).toBe(
        200,
      );
      const read = await h.call('GET', `/events/1.0/sessions/${encodeURIComponent(sessionId)}/events`, {
        token,
      });
      expect(read.body).toMatchObject({ sessionId, endedAtTime: null });
      expect((read.body as { events: unknown[] }).events).toHaveLength(2);
      expect(h.platform.state.sessions.get(sessionId)).toMatchObject({
        webcamUsed: true,
        storageKey: 'rec/1.webm',
        subject: 'Math',
        startedAtTime: '2026-01-15T12:00:00Z',
      });
      expect(h.platform.state.events.map((event) => event.envelope.type)).toEqual(['session.started']);

      const orphan = await send(
        envelope([
          sessionEvent(user.id, 'Archived', `${SENSOR}/sessions/none`, {
            ...recording,
            session: `${SENSOR}/sessions/none`,
          }),
        ]),
      );
      expect(orphan.status).toBe(422);
      expect(h.platform.state.sessions.size).toBe(1);
      expect((await send(envelope([sessionEvent(user.id, 'LoggedOut', sessionId)]))).status).toBe(200);
      expect(h.platform.state.sessions.get(sessionId)!.endedAtTime).toBe('2026-01-15T12:00:00Z');
      expect(h.platform.state.events.map((event) => event.envelope.type)).toEqual([
        'session.started',
        'session.ended',
      ]);
    });
  });

  describe('Caliper ingest: atomic batches and references (issue 12 section 3, issue 13 finding 14)', () => {
    let token = '';
    let user: ReturnType<typeof actor>;
    beforeEach(async () => {
      token = await h.token(h.platform.clients.partner);
      const { student } = h.platform.fixtures.roster;
      user = actor(h.platform.baseUrl, student.sourcedId, student.email);
    });
    const send = (body: unknown) => h.call('POST', '/caliper/v1p2', { token, body });
    /** Nothing of a refused batch reached the platform's state. */
    const expectNothingStored = () => {
      expect(h.platform.state.caliperEvents).toHaveLength(0);
      expect(h.platform.state.events).toHaveLength(0);
      expect(h.platform.state.sessions.size).toBe(0);
    };

    it('refuses the whole batch when its third event is invalid: 400 naming data[2], nothing stored', async () => {
      h.allowBadRequests();
      const sessionId = `${SENSOR}/sessions/atomic-1`;
      const before = [sessionEvent(user.id, 'LoggedIn', sessionId), assessment(user.id, 'Started')];
      const thirds: Record<string, unknown>[] = [
        // An actor IRI with a broken percent-escape: once stored the first two events and responded with 500.
        {
          ...assessment(user.id, 'Submitted'),
          actor: { id: `${h.platform.baseUrl}/users/%E0%A4%A`, type: 'Person' },
        },
        { ...assessment(user.id, 'Submitted'), type: 'NotACaliperEventType' },
        { ...sessionEvent(user.id, 'Deleted', sessionId) },
        { ...assessment(user.id, 'Submitted'), object: null },
      ];
      for (const third of thirds) {
        const rawResponse = await send(envelope([...before, third]));
        expect(rawResponse.status).toBe(400);
        expect(rawResponse.body).toMatchObject({
          error: 'bad_request',
          message: expect.stringContaining('data[2]'),
        });
        expectNothingStored();
      }
    });

    it('refuses the whole batch when a reference of its third event does not resolve: 422 naming data[2]', async () => {
      const unknown = `${h.platform.baseUrl}/rostering/1.0/users/nobody`;
      const rawResponse = await send(
        envelope([
          sessionEvent(user.id, 'LoggedIn', `${SENSOR}/sessions/s-9`),
          timeSpent(user),
          assessment(unknown, 'Started'),
        ]),
      );
      expect(rawResponse.status).toBe(422);
      expect(rawResponse.body).toMatchObject({
        error: 'unresolved_actor',
        message: expect.stringMatching(/^data\[2\]\.actor: .*nobody matches no rostering user/),
      });
      expectNothingStored();
    });

    it('checks structure before references: a malformed event is a 400 whatever its actor or edApp', async () => {
      h.allowBadRequests();
      const nobody = `${h.platform.baseUrl}/rostering/1.0/users/nobody`;
      const malformed = { ...assessment(nobody, 'Finished'), edApp: 'urn:app:no-such-app' };
      for (const batch of [
        [assessment(nobody, 'Started'), malformed],
        [malformed, assessment(nobody, 'Started')],
      ]) {
        const rawResponse = await send(envelope(batch));
        expect(rawResponse.status).toBe(400);
        expect(rawResponse.body).toMatchObject({ message: expect.stringMatching(/action: must be one of/) });
      }
      expectNothingStored();
    });

    it('resolves an IRI-only actor or edApp the same whatever the order of the events in the batch', async () => {
      const app = 'https://tools.example.edu/reader';
      const person = `${h.platform.baseUrl}/people/guest-1`;
      const usesIris = { ...assessment(person, 'Started', app) };
      const definesThem = {
        ...assessment(user.id, 'Reviewed'),
        actor: { id: person, type: 'Person' },
        edApp: { id: app, type: 'SoftwareApplication' },
      };
      const first = await send(envelope([usesIris, definesThem]));
      expect(first.status).toBe(200);
      await h.restart();
      token = await h.token(h.platform.clients.partner);
      const reversed = await send(envelope([definesThem, usesIris]));
      expect(reversed.status).toBe(200);
      await h.restart();
      token = await h.token(h.platform.clients.partner);
      expect((await send(envelope([usesIris]))).status).toBe(422);
      expectNothingStored();
    });

    it('takes @context as the Caliper 1.2 IRI or an array holding it, never an object alone', async () => {
      const context = 'http://purl.imsglobal.org/ctx/caliper/v1p2';
      const listed = {
        ...assessment(user.id, 'Started'),
        '@context': [{ query: 'http://schema.org/query' }, context],
      };
      expect((await send(envelope([listed]))).body).toEqual({ accepted: 1, duplicates: 0 });
      expect(h.platform.state.caliperEvents[0]!.event).toEqual(listed);
      h.allowBadRequests();
      for (const bad of [{ caliper: 'http://purl.imsglobal.org/caliper/' }, ['https://schema.org/']]) {
        const rawResponse = await send(envelope([{ ...assessment(user.id, 'Started'), '@context': bad }]));
        expect(rawResponse.status).toBe(400);
        expect(rawResponse.body).toMatchObject({ message: expect.stringContaining('data[0].@context') });
      }
    });

    it("never changes a session's start or end time with an Archived SessionEvent", async () => {
      const sessionId = `${SENSOR}/sessions/archived-1`;
      const login = { ...sessionEvent(user.id, 'LoggedIn', sessionId), eventTime: '2026-01-15T12:00:00Z' };
      const recording = {
        type: 'SessionRecording',
        session: sessionId,
        recordingStartedAtTime: '2026-01-15T11:00:00Z',
        recordingEndedAtTime: '2026-01-15T14:00:00Z',
        storageKey: 'rec/archived-1.webm',
      };
      const archived = (eventTime: string) => ({
        ...sessionEvent(user.id, 'Archived', sessionId, recording),
        eventTime,
        session: {
          id: sessionId,
          type: 'Session',
          startedAtTime: '2026-01-15T09:00:00Z',
          endedAtTime: '2026-01-15T15:00:00Z',
        },
      });
      const times = () => {
        const session = h.platform.state.sessions.get(sessionId)!;
        return { startedAtTime: session.startedAtTime, endedAtTime: session.endedAtTime };
      };
      expect((await send(envelope([login, archived('2026-01-15T12:30:00Z')]))).status).toBe(200);
      expect(times()).toEqual({ startedAtTime: '2026-01-15T12:00:00Z', endedAtTime: null });
      const logout = { ...sessionEvent(user.id, 'LoggedOut', sessionId), eventTime: '2026-01-15T13:00:00Z' };
      expect((await send(envelope([logout, archived('2026-01-15T16:00:00Z')]))).status).toBe(200);
      expect(times()).toEqual({ startedAtTime: '2026-01-15T12:00:00Z', endedAtTime: '2026-01-15T13:00:00Z' });
      expect(h.platform.state.sessions.get(sessionId)).toMatchObject({ storageKey: 'rec/archived-1.webm' });
      const read = await h.call('GET', `/events/1.0/sessions/${encodeURIComponent(sessionId)}/events`, {
        token,
      });
      expect(read.body).toMatchObject({
        startedAtTime: '2026-01-15T12:00:00Z',
        endedAtTime: '2026-01-15T13:00:00Z',
      });
      expect(h.platform.state.events.map((event) => event.envelope.type)).toEqual([
        'session.started',
        'session.ended',
      ]);
    });
  });

  describe('writes that raise events', () => {
    let token = '';
    beforeEach(async () => {
      token = await h.token(h.platform.clients.partner);
    });
    const types = () => h.platform.state.events.map((event) => event.envelope.type);

    it('user upsert: user.created for a new id (201), user.updated after (200); a roles list syncs memberships', async () => {
      const id = 'usr-new-student';
      const created = await h.call('PUT', `/rostering/1.0/users/${id}`, {
        token,
        body: {
          email: 'new.student@maple.learnkit.test',
          givenName: 'New',
          familyName: 'Student',
          primaryOrgId: 'org-maple-elementary',
          roles: [{ orgId: 'org-maple-elementary', role: 'student' }],
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        sourcedId: id,
        roles: [{ org: { sourcedId: 'org-maple-elementary' }, role: 'student', roleType: 'primary' }],
      });
      expect(types()).toEqual(['user.created', 'user_role.created']);
      const updated = await h.call('PUT', `/rostering/1.0/users/${id}`, {
        token,
        body: {
          givenName: 'Renamed',
          roles: [{ orgId: 'org-maple-elementary', role: 'student', beginDate: '2026-01-01' }],
        },
      });
      expect(updated.status).toBe(200);
      expect(types()).toEqual(['user.created', 'user_role.created', 'user.updated']);
      await h.call('PUT', `/rostering/1.0/users/${id}`, {
        token,
        body: { roles: [{ orgId: 'org-maple-middle', role: 'student' }] },
      });
      expect(types().slice(3)).toEqual(['user.updated', 'user_role.deleted', 'user_role.created']);
      expect(
        h.platform.state.events.every(
          (event) => event.originClientId === h.platform.clients.partner.clientId,
        ),
      ).toBe(true);
      h.allowBadRequests();
      expect(
        (await h.call('PUT', '/rostering/1.0/users/usr-incomplete', { token, body: { email: 'x@y.test' } }))
          .status,
      ).toBe(400);
      expect(
        (
          await h.call('PUT', '/rostering/1.0/users/usr-elsewhere', {
            token,
            body: { email: 'x@y.test', givenName: 'X', familyName: 'Y', primaryOrgId: 'org-cedar-high' },
          })
        ).status,
      ).toBe(403);
    });

    it('role upsert: created for a new id, updated when role, type or org change, nothing for dates only', async () => {
      const user = h.platform.fixtures.roster.teacher.sourcedId;
      const path = `/rostering/1.0/users/${user}/roles/role-extra`;
      expect(
        (await h.call('PUT', path, { token, body: { orgId: 'org-maple-elementary', role: 'aide' } })).status,
      ).toBe(201);
      expect((await h.call('PUT', path, { token, body: { endDate: '2026-06-30' } })).status).toBe(200);
      expect((await h.call('PUT', path, { token, body: { role: 'teacher' } })).status).toBe(200);
      expect(types()).toEqual(['user_role.created', 'user_role.updated']);
      const roles = await h.call('GET', `/rostering/1.0/users/${user}/roles`, { token });
      expect(
        (roles.body as { roles: { roleId: string; role: string; endDate: string }[] }).roles.find(
          (role) => role.roleId === 'role-extra',
        ),
      ).toMatchObject({ role: 'teacher', endDate: '2026-06-30' });
    });

    it('org config write: one org.config.updated per write, none for an empty write; null deletes a key', async () => {
      const path = `/rostering/1.0/orgs/${h.platform.fixtures.roster.districtId}/config`;
      expect((await h.call('PUT', path, { token, body: { a: '1', b: '2', c: '3' } })).body).toMatchObject({
        a: '1',
        b: '2',
        c: '3',
        timezone: 'America/Chicago',
      });
      expect((await h.call('PUT', path, { token, body: {} })).status).toBe(200);
      expect(types()).toEqual(['org.config.updated']);
      expect((await h.call('PUT', path, { token, body: { a: null, cameraMicDefault: null } })).body).toEqual({
        b: '2',
        c: '3',
        timezone: 'America/Chicago',
        appStoreEnabled: true,
      });
      expect((await h.call('GET', path, { token })).body).not.toHaveProperty('a');
      // The registered keys are typed, other keys are strings, keys have a shape, a top-level array is refused.
      h.allowBadRequests();
      for (const body of [{ appStoreEnabled: 'yes' }, { theme: { dark: true } }, { 'bad key': 'x' }, ['x']]) {
        expect((await h.call('PUT', path, { token, body })).status).toBe(400);
      }
    });

    it('application upsert: application.created first (201), application.updated after (200)', async () => {
      expect(
        (await h.call('PUT', '/applications/1.0/applications/app-new', { token, body: { name: 'New App' } }))
          .status,
      ).toBe(201);
      expect(
        (
          await h.call('PUT', '/applications/1.0/applications/app-new', {
            token,
            body: { proctoringEnabled: true },
          })
        ).status,
      ).toBe(200);
      expect(types()).toEqual(['application.created', 'application.updated']);
      expect(h.platform.state.events[0]!.orgIds).toEqual([]);
    });
  });
}
