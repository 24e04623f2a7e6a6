import { beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../src/index.js';
import { contract, type Received, useHarness } from './support/harness.js';

const MINUTE = 60_000;

describe('user cascade deletion (spec/001 Events: user.*)', () => {
  const h = useHarness('msw');
  const inboxes: Record<'partner' | 'otherPartner', Received[]> = { partner: [], otherPartner: [] };
  let internal = '';
  beforeEach(async () => {
    internal = await h.token(h.platform.clients.internal);
    for (const name of ['partner', 'otherPartner'] as const) {
      const url = `https://hooks.${name.toLowerCase()}.example/all`;
      inboxes[name] = h.consumer(url);
      const token = await h.token(h.platform.clients[name]);
      const created = await h.call(
        'POST',
        `/webhooks/1.0/${h.platform.fixtures.application.applicationId}/subscriptions`,
        { token, body: { url, eventTypes: WEBHOOK_EVENT_TYPES } },
      );
      expect(created.status).toBe(201);
    }
  });
  const get = (path: string, token = internal) => h.call('GET', path, { token });

  it('hard-removes roles, profiles, enrollments and agents and raises only user.deleted, to those who could see the user', async () => {
    const { student, parent } = h.platform.fixtures.roster;
    const roster = h.platform.state.roster;
    const owned = () => ({
      roles: [...roster.roles.values()].filter((role) => role.userId === student.sourcedId).length,
      profiles: [...roster.profiles.values()].filter((profile) => profile.userId === student.sourcedId)
        .length,
      enrollments: [...roster.enrollments.values()].filter((entry) => entry.userId === student.sourcedId)
        .length,
      agents: roster.agents.filter(
        (agent) => agent.userId === student.sourcedId || agent.agentUserId === student.sourcedId,
      ).length,
    });
    // The seeded student has something of each kind to lose.
    for (const count of Object.values(owned())) expect(count).toBeGreaterThan(0);

    const deleted = await h.call('PUT', `/rostering/1.0/users/${student.sourcedId}`, {
      token: internal,
      body: { status: 'tobedeleted' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ sourcedId: student.sourcedId, status: 'tobedeleted' });

    expect(owned()).toEqual({ roles: 0, profiles: 0, enrollments: 0, agents: 0 });
    expect((await get(`/rostering/1.0/users/${student.sourcedId}`)).status).toBe(404);
    expect((await get(`/ims/oneroster/rostering/v1p2/users/${student.sourcedId}`)).status).toBe(404);
    const classmates = await get('/ims/oneroster/rostering/v1p2/classes/class-math-g3/students');
    expect(JSON.stringify(classmates.body)).not.toContain(student.sourcedId);
    const enrollments = await get('/ims/oneroster/rostering/v1p2/enrollments/');
    expect(JSON.stringify(enrollments.body)).not.toContain(student.sourcedId);
    expect((await get(`/rostering/1.0/users/${parent.sourcedId}/linkedUsers`)).body).toMatchObject({
      linkedUsers: [],
      total: 0,
    });

    // Her gradebook history stays, but no org scope covers a user who no longer exists.
    const results = `/ims/oneroster/gradebook/v1p2/assessmentResults/?filter=${encodeURIComponent(`student='${student.sourcedId}'`)}`;
    expect((await get(results)).body).toMatchObject({ totalCount: 2 });
    const partner = await h.token(h.platform.clients.partner);
    expect((await get(results, partner)).body).toMatchObject({ totalCount: 0 });

    expect(h.platform.state.events.map((event) => event.envelope.type)).toEqual(['user.deleted']);
    await h.platform.clock.advance(MINUTE);
    expect(inboxes.partner.map((delivery) => delivery.envelope)).toMatchObject([
      { type: 'user.deleted', data: { userId: student.sourcedId, email: student.email } },
    ]);
    expect(
      contract.checkWebhookDelivery({ headers: inboxes.partner[0]!.headers, body: inboxes.partner[0]!.body })
        .issues,
    ).toEqual([]);
    // The other district's client never could see her, so it is not told either.
    expect(inboxes.otherPartner).toEqual([]);
  });

  it('removes the agent relationships a deleted user is the agent in, too', async () => {
    const { student, parent } = h.platform.fixtures.roster;
    expect((await get(`/rostering/1.0/users/${student.sourcedId}/agents`)).body).toMatchObject({
      agents: [{ user: { sourcedId: parent.sourcedId } }],
    });
    const deleted = await h.call('PUT', `/rostering/1.0/users/${parent.sourcedId}`, {
      token: internal,
      body: { status: 'tobedeleted' },
    });
    expect(deleted.status).toBe(200);
    expect((await get(`/rostering/1.0/users/${student.sourcedId}/agents`)).body).toMatchObject({
      agents: [],
      total: 0,
    });
    expect((await get(`/rostering/1.0/users/${student.sourcedId}`)).body).toMatchObject({ agents: [] });
    expect(h.platform.state.events.map((event) => event.envelope.type)).toEqual(['user.deleted']);
  });

  it('refuses to delete a user that does not exist (404) and raises nothing', async () => {
    const rawResponse = await h.call('PUT', '/rostering/1.0/users/usr-nobody', {
      token: internal,
      body: { status: 'tobedeleted' },
    });
    expect(rawResponse.status).toBe(404);
    expect(rawResponse.body).toMatchObject({
      message: expect.stringMatching(/tobedeleted deletes an existing user/),
    });
    expect(h.platform.state.roster.users.has('usr-nobody')).toBe(false);
    expect(h.platform.state.events).toEqual([]);
  });
});
