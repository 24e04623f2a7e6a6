import { beforeEach, describe, expect, it } from 'vitest';
import type { MockClient } from '../src/index.js';
import { useHarness } from './support/harness.js';
import { envelope, SENSOR, sessionEvent } from './support/helpers.js';

type SessionData = { caliperSessionId: string; userId: string; applicationId: string; isProctored: boolean };

describe('session.* through the Caliper ingest (spec/001 Events: session.*)', () => {
  const h = useHarness('msw');
  let userIri = '';
  beforeEach(() => {
    userIri = `${h.platform.baseUrl}/ims/oneroster/rostering/v1p2/users/${h.platform.fixtures.roster.student.sourcedId}`;
  });

  /** Opens and closes a session sent by `client`, with `edApp` (or none); the data of both events it raised. */
  async function session(client: MockClient, edApp: unknown, id: string): Promise<SessionData[]> {
    const token = await h.token(client);
    const events = (['LoggedIn', 'LoggedOut'] as const).map((action) => {
      const event: Record<string, unknown> = sessionEvent(userIri, action, `${SENSOR}/sessions/${id}`);
      if (edApp === undefined) delete event.edApp;
      else event.edApp = edApp;
      return event;
    });
    const rawResponse = await h.call('POST', '/caliper/v1p2', { token, body: envelope(events) });
    expect(rawResponse.status, rawResponse.text).toBe(200);
    const raised = h.platform.state.events.filter(
      (event) => event.envelope.data.caliperSessionId === `${SENSOR}/sessions/${id}`,
    );
    expect(raised.map((event) => event.envelope.type)).toEqual(['session.started', 'session.ended']);
    return raised.map((event) => event.envelope.data as SessionData);
  }

  it('names the resolved application and its proctoring setting', async () => {
    const app = h.platform.fixtures.application.applicationId;
    for (const data of await session(h.platform.clients.partner, `urn:app:${app}`, 'proctored')) {
      expect(data).toEqual({
        caliperSessionId: `${SENSOR}/sessions/proctored`,
        userId: h.platform.fixtures.roster.student.sourcedId,
        applicationId: app,
        isProctored: true,
      });
    }
    // An application without proctoring: isProctored follows the application, not the session.
    const token = await h.token(h.platform.clients.internal);
    const upsert = await h.call('PUT', '/applications/1.0/applications/app-plain', {
      token,
      body: { name: 'Plain App', proctoringEnabled: false },
    });
    expect(upsert.status).toBe(201);
    for (const data of await session(h.platform.clients.partner, 'urn:app:app-plain', 'plain')) {
      expect(data).toMatchObject({ applicationId: 'app-plain', isProctored: false });
    }
  });

  it('falls back to the session’s client id, never an empty string, and is not proctored when no application resolves', async () => {
    const partner = h.platform.clients.partner;
    for (const data of await session(partner, undefined, 'no-edapp')) {
      expect(data).toMatchObject({ applicationId: partner.clientId, isProctored: false });
    }
  });
});
