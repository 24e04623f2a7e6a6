import { assessmentEvent, sessionEvent } from '@learnkit/activity/caliper';
import { http } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type HydratableWebhookEventType,
  type HydratedEvent,
  type KnownWebhookEvent,
  type LearnKit,
  NotFoundError,
  signWebhook,
  type TombstoneWebhookEventType,
  ValidationError,
  type WebhookEvent,
  type WebhookEventDataMap,
  type WebhookEventType,
} from '../src/index';
import { type Mode, useSdkMock } from './harness';

// Issue 16, item 5: lk.webhooks.hydrate reads the entity each event refers to (docs/decisions.md#d-hydrate-table)
// through the platform clients, against the mock, every exchange checked against openapi/.

const HOOK_URL = 'https://hooks.partner.example/lk-consumer';
const SENSOR = 'https://app.example.com';

describe.each<Mode>(['msw', 'loopback'])('lk.webhooks.hydrate (%s)', (mode) => {
  const ctx = useSdkMock(mode, {}, /lk-consumer/);
  const roster = () => ctx.platform.fixtures.roster;
  const student = () => roster().student.sourcedId;

  /** An envelope the platform raises (emit checks the data against the catalogue). */
  function event<K extends WebhookEventType>(type: K, data: WebhookEventDataMap[K]): KnownWebhookEvent<K> {
    const envelope = ctx.platform.emit(type, data as never);
    if (!envelope) throw new Error(`${type} raised nothing`);
    return envelope as unknown as KnownWebhookEvent<K>;
  }

  /** The platform's requests sent so far (token requests apart), as `METHOD path`. */
  async function reads(): Promise<string[]> {
    await ctx.flush();
    return ctx.sent
      .filter((request) => !request.url.pathname.endsWith('/token'))
      .map((request) => `${request.method} ${decodeURIComponent(request.url.pathname)}`);
  }

  /** Opens a Caliper session for the student (a LoggedIn event) and returns its IRI. */
  async function startSession(lk: LearnKit, name: string): Promise<string> {
    const session = `${SENSOR}/sessions/${name}`;
    const actor = { id: `${ctx.baseUrl}/rostering/1.0/users/${student()}`, type: 'Person' as const };
    await lk.caliper.send([sessionEvent({ action: 'LoggedIn', actor, object: SENSOR, session })]);
    return session;
  }

  it('reads the entity of each event family, typed by the event type', async () => {
    const lk = ctx.lk();
    const session = await startSession(lk, 'families');
    const { enrollmentId, classId } = {
      enrollmentId: `enr-${student()}-class-math-g3`,
      classId: 'class-math-g3',
    };
    const roleId = `role-${student()}-org-maple-elementary-student`;
    const appId = ctx.platform.fixtures.application.applicationId;
    await lk.rostering.orgs.config.update('org-maple-elementary', { theme: 'dark' });
    ctx.sent.length = 0;

    const found = async (e: WebhookEvent) => {
      const hydrated = await lk.webhooks.hydrate(e);
      expect(hydrated.status, `${e.type}`).toBe('found');
      expect(hydrated.event).toBe(e);
      expect(hydrated.type).toBe(e.type);
      return hydrated.entity as Record<string, unknown>;
    };
    expect(
      await found(event('enrollment.created', { enrollmentId, classId, userId: student() })),
    ).toMatchObject({
      sourcedId: enrollmentId,
      class: { sourcedId: classId },
      user: { sourcedId: student() },
    });
    expect(await found(event('user.updated', { userId: student() }))).toMatchObject({
      sourcedId: student(),
      email: roster().student.email,
    });
    expect(
      await found(event('user_role.updated', { roleId, userId: student(), orgId: 'org-maple-elementary' })),
    ).toMatchObject({ roleId, role: 'student', org: { sourcedId: 'org-maple-elementary' } });
    expect(
      await found(
        event('user_profile.updated', { profileId: 'prf-ada-app', userId: student(), applicationId: null }),
      ),
    ).toMatchObject({ profileId: 'prf-ada-app', vendorId: expect.any(String) });
    expect(await found(event('application.updated', { applicationId: appId }))).toMatchObject({
      sourcedId: appId,
    });
    expect(
      await found(event('mastery.updated', { userId: student(), subject: 'Math', masteredGrade: '03' })),
    ).toEqual({ studentId: student(), subject: 'Math', masteredGrade: '03' });
    const sessionData = {
      caliperSessionId: session,
      userId: student(),
      applicationId: '',
      isProctored: false,
    };
    expect(await found(event('session.started', sessionData))).toMatchObject({
      sessionId: session,
      endedAtTime: null,
    });
    const insight = {
      insightId: 'ins-1',
      insightType: 'RapidGuessing',
      userId: student(),
      caliperSessionId: session,
      rolloutState: 'NOTIFY',
    };
    expect(await found(event('insight.created', insight))).toMatchObject({ sessionId: session });
    const enforcement = {
      enforcementEventId: 'enf-1',
      enforcementType: 'warning_accrued',
      userId: student(),
      caliperSessionId: session,
      occurredAt: '2026-01-05T10:00:00Z',
      lockoutId: null,
      triggeringInsightId: null,
    };
    expect(await found(event('proctoring_enforcement.recorded', enforcement))).toMatchObject({
      sessionId: session,
      lockedOut: false,
    });
    expect(await found(event('org.config.updated', { orgId: 'org-maple-elementary' }))).toMatchObject({
      theme: 'dark',
    });

    expect(await reads()).toEqual([
      `GET /rostering/1.0/enrollments/${enrollmentId}`,
      `GET /rostering/1.0/users/${student()}`,
      `GET /rostering/1.0/users/${student()}/roles`,
      `GET /rostering/1.0/users/${student()}/profiles/prf-ada-app`,
      `GET /applications/1.0/applications/${appId}`,
      'GET /beyond/1.0/educator/students/grades',
      `GET /events/1.0/sessions/${session}/events`,
      `GET /insights/1.0/sessions/${session}`,
      `GET /insights/1.0/sessions/${session}/enforcement-state`,
      'GET /rostering/1.0/orgs/org-maple-elementary/config',
    ]);
  });

  it('test.* gives the Caliper session holding the assessment events, and none without a session', async () => {
    const lk = ctx.lk();
    const session = await startSession(lk, 'test-events');
    const actor = { id: `${ctx.baseUrl}/rostering/1.0/users/${student()}`, type: 'Person' as const };
    const assessment = `${SENSOR}/assessments/fractions-quiz`;
    await lk.caliper.send([assessmentEvent({ action: 'Started', actor, object: assessment, session })]);
    // The platform's own test.started, as raised from the AssessmentEvent.
    const raised = ctx.platform.state.events.find((e) => e.envelope.type === 'test.started')
      ?.envelope as unknown as KnownWebhookEvent<'test.started'>;
    expect(raised).toBeDefined();
    const hydrated = await lk.webhooks.hydrate(raised);
    expect(hydrated).toMatchObject({ status: 'found', entity: { sessionId: session } });
    const events = (hydrated.entity?.events ?? []) as { type: string; action?: unknown }[];
    expect(events.map((e) => `${e.type} ${e.action}`)).toContain('AssessmentEvent Started');

    ctx.sent.length = 0;
    const outside = await lk.webhooks.hydrate({
      ...raised,
      data: { ...raised.data, caliperSessionId: null },
    });
    expect(outside).toMatchObject({ status: 'none', entity: undefined });
    expect(await reads()).toEqual([]);
  });

  it('delete events give their tombstone and send nothing, not even a token request', async () => {
    const lk = ctx.lk();
    const u = student();
    const deletes: WebhookEvent[] = [
      event('user.deleted', { userId: u, email: roster().student.email }),
      event('enrollment.deleted', { enrollmentId: 'enr-gone', classId: 'class-math-g3', userId: u }),
      event('user_role.deleted', { roleId: 'role-gone', userId: u, orgId: 'org-maple-elementary' }),
      event('user_profile.deleted', { profileId: 'prf-gone', userId: u, applicationId: null }),
      event('application.deleted', { applicationId: 'app-gone' }),
      event('mastery.deleted', { userId: u, subject: 'Math', masteredGrade: null }),
      event('insight.deleted', {
        insightId: 'ins-gone',
        insightType: 'RapidGuessing',
        userId: u,
        caliperSessionId: `${SENSOR}/sessions/x`,
        rolloutState: 'NOTIFY',
      }),
    ];
    const outcomes = await lk.webhooks.hydrate(deletes);
    expect(outcomes.map((o) => [o.type, o.status, o.entity])).toEqual(
      deletes.map((d) => [d.type, 'deleted', undefined]),
    );
    expect(outcomes.map((o) => (o.status === 'deleted' ? o.tombstone : undefined))).toEqual(
      deletes.map((d) => d.data),
    );
    const ping = await lk.webhooks.hydrate(event('test.ping', { message: 'hi' }));
    expect(ping).toMatchObject({ type: 'test.ping', status: 'none', entity: undefined });
    await ctx.flush();
    expect(ctx.sent).toEqual([]);
  });

  it('an entity gone since the event is a typed not_found outcome with the 404, never a throw', async () => {
    const lk = ctx.lk();
    const gone = await lk.webhooks.hydrate(event('user.updated', { userId: 'usr-left-since' }));
    expect(gone).toMatchObject({ status: 'not_found', entity: undefined });
    expect(gone.status === 'not_found' && gone.error).toBeInstanceOf(NotFoundError);
    expect(gone.status === 'not_found' && gone.error?.requestId).toMatch(/^req_/);
    // A role no longer among its user's roles: gone too (the list has no 404 to give).
    const role = await lk.webhooks.hydrate(
      event('user_role.updated', { roleId: 'role-ended', userId: student(), orgId: 'org-maple-elementary' }),
    );
    expect(role).toMatchObject({ status: 'not_found', entity: undefined, error: undefined });
    const session = await lk.webhooks.hydrate(
      event('session.ended', {
        caliperSessionId: `${SENSOR}/sessions/never`,
        userId: student(),
        applicationId: '',
        isProctored: false,
      }),
    );
    expect(session.status).toBe('not_found');
  });

  it('a batch reads each entity once: two events about one entity make one request', async () => {
    const lk = ctx.lk();
    const session = await startSession(lk, 'batch');
    ctx.sent.length = 0;
    const u = student();
    const other = roster().teacher.sourcedId;
    const enrollment = { enrollmentId: `enr-${u}-class-math-g3`, classId: 'class-math-g3', userId: u };
    const sessionData = { caliperSessionId: session, userId: u, applicationId: '', isProctored: false };
    const batch = [
      event('user.created', { userId: u }),
      event('user.updated', { userId: u }),
      event('user.updated', { userId: other }),
      event('user_role.created', {
        roleId: `role-${u}-org-maple-elementary-student`,
        userId: u,
        orgId: 'org-maple-elementary',
      }),
      event('user_role.updated', { roleId: 'role-ended', userId: u, orgId: 'org-maple-elementary' }),
      event('enrollment.created', enrollment),
      event('enrollment.updated', enrollment),
      event('session.started', sessionData),
      event('session.ended', sessionData),
      event('user.deleted', { userId: 'usr-x', email: 'x@example.com' }),
    ] as const;
    const outcomes = await lk.webhooks.hydrate(batch, { concurrency: 2 });
    expect(outcomes.map((o) => o.status)).toEqual([
      'found',
      'found',
      'found',
      'found',
      'not_found',
      'found',
      'found',
      'found',
      'found',
      'deleted',
    ]);
    // The same object for the events about one entity: it was read once.
    expect(outcomes[0].entity).toBe(outcomes[1].entity);
    expect((await reads()).sort()).toEqual(
      [
        `GET /rostering/1.0/users/${u}`,
        `GET /rostering/1.0/users/${other}`,
        `GET /rostering/1.0/users/${u}/roles`,
        `GET /rostering/1.0/enrollments/${enrollment.enrollmentId}`,
        `GET /events/1.0/sessions/${session}/events`,
      ].sort(),
    );
    // A second batch reads again: the entity may have changed since.
    await lk.webhooks.hydrate([batch[0]]);
    expect((await reads()).filter((r) => r === `GET /rostering/1.0/users/${u}`)).toHaveLength(2);
  });

  it('refuses what is not an event, and a bad concurrency, before reading anything', async () => {
    const lk = ctx.lk();
    await expect(lk.webhooks.hydrate('{"type":"user.created"}' as never)).rejects.toThrow(
      /event: must be a webhook event \{ id, type, timestamp, data \}/,
    );
    await expect(lk.webhooks.hydrate([event('test.ping', { message: 'x' }), {} as never])).rejects.toThrow(
      /events\[1\]: must be a webhook event/,
    );
    await expect(lk.webhooks.hydrate([], { concurrency: 0 })).rejects.toBeInstanceOf(ValidationError);
    await expect(
      lk.webhooks.hydrate(event('user.deleted', { userId: 'u', email: 'e@example.com' }), {
        timeout: 5,
      } as never),
    ).rejects.toThrow(/options\.timeout: is not an option here/);
    expect(await lk.webhooks.hydrate([])).toEqual([]);
    // A type newer than this SDK: nothing to read.
    const newer = {
      id: 'e',
      type: 'course.published',
      timestamp: '2026-01-01T00:00:00Z',
      data: { courseId: 'c' },
    };
    expect(await lk.webhooks.hydrate(newer as never)).toMatchObject({ status: 'none', entity: undefined });
    expect(await reads()).toEqual([]);
  });

  it('covers every event type of the catalogue: read, tombstone, or test.ping', () => {
    expectTypeOf<
      HydratableWebhookEventType | TombstoneWebhookEventType | 'test.ping'
    >().toEqualTypeOf<WebhookEventType>();
  });
});

describe('lk.webhooks.handler({ hydrate: true }) with deliveries from the mock', () => {
  const ctx = useSdkMock('msw', {}, /lk-consumer/);
  const student = () => ctx.platform.fixtures.roster.student.sourcedId;

  async function subscribe(lk: LearnKit, eventTypes: WebhookEventType[]) {
    return lk.webhooks.subscriptions.create(ctx.platform.fixtures.application.applicationId, {
      url: HOOK_URL,
      eventTypes,
    });
  }

  it('gives each function the event, its entity read now, and the outcome; 404 and deletes included', async () => {
    const lk = ctx.lk();
    const sub = await subscribe(lk, ['user.updated', 'user.deleted', 'enrollment.created']);
    const seen: string[] = [];
    const handler = lk.webhooks.handler({
      secret: sub.signingSecret,
      now: () => ctx.platform.clock.now(),
      hydrate: true,
      on: {
        'user.updated': (event, user, { hydrated }) => {
          seen.push(`${event.type} ${hydrated.status} ${user?.email ?? '-'}`);
        },
        'user.deleted': (event, entity, { hydrated }) => {
          seen.push(`${event.type} ${hydrated.status} ${String(entity)} ${hydrated.tombstone.email}`);
        },
        'enrollment.created': (event, enrollment, { hydrated, request }) => {
          const why = hydrated.status === 'not_found' ? hydrated.error?.status : enrollment?.role;
          seen.push(`${event.type} ${hydrated.status} ${why} ${request.method}`);
        },
      },
    });
    const rawResponses: number[] = [];
    ctx.server?.use(
      http.post(HOOK_URL, async ({ request }) => {
        const response = await handler(request);
        rawResponses.push(response.status);
        return response;
      }),
    );
    ctx.platform.emit('user.updated', { userId: student() });
    ctx.platform.emit(
      'user.deleted',
      { userId: 'usr-gone', email: 'gone@example.com' },
      { orgIds: ['org-maple-district'] },
    );
    ctx.platform.emit(
      'enrollment.created',
      { enrollmentId: 'enr-left-since', classId: 'class-math-g3', userId: student() },
      { orgIds: ['org-maple-district'] },
    );
    await ctx.platform.clock.advance(60_000);
    expect(rawResponses).toEqual([200, 200, 200]);
    expect(seen.sort()).toEqual([
      `enrollment.created not_found 404 POST`,
      `user.deleted deleted undefined gone@example.com`,
      `user.updated found ${ctx.platform.fixtures.roster.student.email}`,
    ]);
  });

  it('a failed read is a failed delivery (500, retried), and a duplicate reads nothing', async () => {
    const lk = ctx.lk();
    const secret = 'whsec_hydrate-test';
    let runs = 0;
    const handler = lk.webhooks.handler({
      secret,
      hydrate: true,
      on: { 'user.updated': () => void runs++ },
    });
    const body = JSON.stringify({
      id: 'evt-read-fails',
      type: 'user.updated',
      timestamp: new Date().toISOString(),
      data: { userId: student() },
    });
    const deliver = async () =>
      handler(new Request(HOOK_URL, { method: 'POST', headers: await signWebhook({ body, secret }), body }));
    ctx.platform.faults.inject({
      method: 'GET',
      path: `/rostering/1.0/users/${student()}`,
      status: 500,
      times: 3,
    });
    expect((await deliver()).status).toBe(500);
    expect(runs).toBe(0);
    expect((await deliver()).status).toBe(200);
    expect(runs).toBe(1);
    ctx.sent.length = 0;
    expect(await (await deliver()).json()).toEqual({ received: true, duplicate: true });
    await ctx.flush();
    expect(ctx.sent).toEqual([]);
  });

  it('deliveries about one entity that arrive together share one read', async () => {
    const lk = ctx.lk();
    const secret = 'whsec_hydrate-test';
    const users: unknown[] = [];
    const handler = lk.webhooks.handler({
      secret,
      hydrate: true,
      on: {
        'user.created': (_event, user) => void users.push(user),
        'user.updated': (_event, user) => void users.push(user),
      },
    });
    await lk.rostering.users.get(student()); // the token, beforehand
    ctx.sent.length = 0;
    ctx.platform.faults.inject({ method: 'GET', path: `/rostering/1.0/users/${student()}`, delayMs: 50 });
    const delivery = async (id: string, type: string) => {
      const body = JSON.stringify({
        id,
        type,
        timestamp: new Date().toISOString(),
        data: { userId: student() },
      });
      return handler(
        new Request(HOOK_URL, { method: 'POST', headers: await signWebhook({ body, secret }), body }),
      );
    };
    const rawResponses = await Promise.all([
      delivery('evt-a', 'user.created'),
      delivery('evt-b', 'user.updated'),
    ]);
    expect(rawResponses.map((a) => a.status)).toEqual([200, 200]);
    expect(users).toHaveLength(2);
    expect(users[0]).toBe(users[1]);
    await ctx.flush();
    expect(ctx.sent.map((r) => r.url.pathname)).toEqual([`/rostering/1.0/users/${student()}`]);
  });

  it('without hydrate it is createWebhookHandler; with it, a developer token is refused at start-up', () => {
    const lk = ctx.lk();
    const plain = lk.webhooks.handler({
      secret: 'whsec_x',
      on: { 'test.ping': (event) => event.data.message },
    });
    expect(typeof plain).toBe('function');
    expect(() =>
      lk.webhooks.handler({ secret: 'whsec_x', hydrate: true, on: { 'user.created': 5 as never } }),
    ).toThrow(/on\.user\.created: must be a function/);
    const developer = ctx.lk({
      developerToken: ctx.platform.developerToken(),
      clientId: undefined,
      clientSecret: undefined,
    });
    expect(() => developer.webhooks.handler({ secret: 'whsec_x', hydrate: true, on: {} })).toThrow(
      /lk\.webhooks\.hydrate needs client credentials/,
    );
  });

  it('with a developer token: tombstones need no credentials, reads are refused before sending', async () => {
    const developer = ctx.lk({
      developerToken: ctx.platform.developerToken(),
      clientId: undefined,
      clientSecret: undefined,
    });
    const deleted = ctx.platform.emit('application.deleted', {
      applicationId: 'app-1',
    }) as unknown as WebhookEvent;
    expect(await developer.webhooks.hydrate(deleted)).toMatchObject({
      status: 'deleted',
      tombstone: { applicationId: 'app-1' },
    });
    const updated = ctx.platform.emit('user.updated', { userId: student() }) as unknown as WebhookEvent;
    await expect(developer.webhooks.hydrate(updated)).rejects.toBeInstanceOf(ValidationError);
    await ctx.flush();
    expect(ctx.sent).toEqual([]);
  });
});

// Compile-time: outcomes and handler arguments are typed per event type (tsc runs these through `typecheck`).
export function typeChecks(lk: LearnKit, event: WebhookEvent): void {
  void (async () => {
    const hydrated = await lk.webhooks.hydrate(event);
    if (hydrated.type === 'enrollment.created' && hydrated.status === 'found') {
      const classId: string = hydrated.entity.class.sourcedId;
      void classId;
    }
    if (hydrated.type === 'user.deleted') {
      const email: string = hydrated.tombstone.email;
      void email;
    }
    const one: HydratedEvent<'mastery.updated'> = await lk.webhooks.hydrate(
      event as Extract<WebhookEvent, { type: 'mastery.updated' }>,
    );
    if (one.status === 'found') {
      const grade: string | null = one.entity.masteredGrade;
      void grade;
    }
    // @ts-expect-error: a mastery event is never `deleted` nor `none`
    if (one.status === 'deleted') void one;
  })();
  lk.webhooks.handler({
    secret: 'whsec_x',
    hydrate: true,
    on: {
      'user.updated': (_event, user) => {
        // @ts-expect-error: the user may be gone since the event
        void user.email;
        void user?.email;
      },
      'org.config.updated': (event, config) => void [event.data.orgId, config],
    },
  });
}
