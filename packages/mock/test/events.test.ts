import { readDocuments } from '@learnkit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_RULES, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../src/index.js';
import { contract, type Received, useHarness } from './support/harness.js';
import { assessment, envelope, sessionEvent } from './support/helpers.js';

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  type?: string | string[];
  enum?: unknown[];
};
type Document = {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }>;
};

const platformDocument = (readDocuments() as unknown as Map<string, Document>).get('platform')!;
const resolve = (schema: Schema): Schema =>
  schema.$ref
    ? (schema.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], platformDocument) as Schema)
    : schema;

/** The schema of `data` of an event type, as openapi/platform.yaml's `webhooks` describe its delivery. */
function dataSchema(type: string): Schema {
  const delivery = resolve(
    platformDocument.webhooks[type]!.post.requestBody.content['application/json']!.schema,
  );
  // The generic envelope comes first; the event's own part names its data schema.
  const own = delivery
    .allOf!.map(resolve)
    .filter((part) => part.properties?.data)
    .at(-1)!;
  return resolve(own.properties!.data!);
}

const MINUTE = 60_000;
const SESSION = 'https://demo-app.learnkit.test/sessions/s-1';
const actorIri = (userId: string) => `https://api.learnkit.test/ims/oneroster/rostering/v1p2/users/${userId}`;

describe('event data (spec/001 Events: payload details)', () => {
  const h = useHarness('msw');
  let inbox: Received[] = [];
  beforeEach(async () => {
    // The partner's org scope covers the seeded student, so it receives org-routed events about her.
    const token = await h.token(h.platform.clients.partner);
    inbox = h.consumer('https://hooks.partner.example/events');
    const created = await h.call(
      'POST',
      `/webhooks/1.0/${h.platform.fixtures.application.applicationId}/subscriptions`,
      { token, body: { url: 'https://hooks.partner.example/events', eventTypes: WEBHOOK_EVENT_TYPES } },
    );
    expect(created.status).toBe(201);
  });
  const delivered = async () => {
    await h.platform.clock.advance(MINUTE);
    for (const delivery of inbox) {
      expect(
        contract.checkWebhookDelivery({ headers: delivery.headers, body: delivery.body }).issues,
      ).toEqual([]);
    }
    // Deliveries of one drain are attempted together and may arrive in any order: sorted by event type.
    return inbox
      .map((delivery) => delivery.envelope)
      .sort(
        (a, b) =>
          a.type.localeCompare(b.type) ||
          String(a.data.enforcementType).localeCompare(String(b.data.enforcementType)),
      );
  };
  const finding = (extra: Record<string, unknown>) => ({
    insightId: 'ins-1',
    insightType: 'RapidGuessing',
    userId: h.platform.fixtures.roster.student.sourcedId,
    caliperSessionId: SESSION,
    ...extra,
  });

  describe('insight.*', () => {
    it('delivers a finding in NOTIFY or ENFORCE, with the type’s group when insightGroup is omitted and null for a type without one', async () => {
      expect(() => h.platform.emit('insight.created', finding({ rolloutState: 'NOTIFY' }))).not.toThrow();
      h.platform.emit('insight.updated', finding({ rolloutState: 'ENFORCE', insightType: 'Journal' }));
      h.platform.emit('insight.deleted', finding({ rolloutState: 'NOTIFY', insightGroup: 'integrity' }));
      expect(
        (await delivered()).map(({ type, data }) => [type, data.rolloutState, data.insightGroup]),
      ).toEqual([
        ['insight.created', 'NOTIFY', 'engagement'],
        ['insight.deleted', 'NOTIFY', 'integrity'],
        ['insight.updated', 'ENFORCE', null],
      ]);
    });

    it('raises nothing for a finding in SHADOW, the stage of a new finding when none is pinned', async () => {
      for (const type of ['insight.created', 'insight.updated', 'insight.deleted'] as const) {
        expect(h.platform.emit(type, finding({ rolloutState: 'SHADOW' }))).toBeUndefined();
        expect(h.platform.emit(type, finding({}))).toBeUndefined();
      }
      expect(h.platform.state.events).toEqual([]);
      expect(await delivered()).toEqual([]);
    });

    it('refuses a rolloutState that is not a rollout stage', () => {
      expect(() => h.platform.emit('insight.created', finding({ rolloutState: 'LIVE' }))).toThrow(
        /rolloutState .* SHADOW, NOTIFY, ENFORCE/,
      );
      expect(h.platform.state.events).toEqual([]);
    });
  });

  describe('mastery.*', () => {
    it('carries masteredGrade null in mastery.deleted and only there', async () => {
      const userId = h.platform.fixtures.roster.student.sourcedId;
      h.platform.emit('mastery.created', { userId, subject: 'Math', masteredGrade: '03' });
      h.platform.emit('mastery.updated', { userId, subject: 'Math', masteredGrade: '04' });
      h.platform.emit('mastery.deleted', { userId, subject: 'Math' });
      expect(() =>
        h.platform.emit('mastery.deleted', { userId, subject: 'Math', masteredGrade: '04' }),
      ).toThrow(/masteredGrade of mastery.deleted must be one of null/);
      for (const type of ['mastery.created', 'mastery.updated'] as const) {
        expect(() => h.platform.emit(type, { userId, subject: 'Math', masteredGrade: null })).toThrow(
          /masteredGrade .* must be a string, got null/,
        );
      }
      expect((await delivered()).map(({ type, data }) => [type, data.masteredGrade])).toEqual([
        ['mastery.created', '03'],
        ['mastery.deleted', null],
        ['mastery.updated', '04'],
      ]);
    });
  });

  describe('proctoring_enforcement.recorded', () => {
    const TYPES = [
      'prevented_start',
      'warning_accrued',
      'warning_displayed',
      'warning_released',
      'forced_end',
      'locked_out_restart',
      'warnings_reset',
      'warning_budget_granted',
      'blocked_mid_test',
      'unblocked_mid_test',
      'exited_mid_test',
    ];
    const recorded = (enforcementType: string) => ({
      enforcementEventId: `enf-${enforcementType}`,
      enforcementType,
      userId: h.platform.fixtures.roster.student.sourcedId,
      caliperSessionId: SESSION,
      occurredAt: '2026-01-15T12:00:00Z',
      lockoutId: enforcementType === 'forced_end' ? 'lock-1' : null,
      triggeringInsightId: null,
    });

    it('delivers each enforcementType of the spec’s table and refuses any other', async () => {
      for (const type of TYPES) h.platform.emit('proctoring_enforcement.recorded', recorded(type));
      for (const other of ['warning', 'FORCED_END', 'forced-end', ''])
        expect(() => h.platform.emit('proctoring_enforcement.recorded', recorded(other))).toThrow(
          /enforcementType .* must be one of "prevented_start"/,
        );
      expect((await delivered()).map(({ data }) => data.enforcementType)).toEqual([...TYPES].sort());
    });
  });

  describe('references only', () => {
    it('refuses members the catalogue does not list and values that are not references or flags', () => {
      const userId = h.platform.fixtures.roster.student.sourcedId;
      expect(() => h.platform.emit('user.updated', { userId, email: 'ada@example.test' })).toThrow(
        /has no member email: events carry references only/,
      );
      expect(() => h.platform.emit('user.updated', { userId: { sourcedId: userId } })).toThrow(
        /userId of user.updated must be a string/,
      );
      expect(() =>
        h.platform.emit('session.started', {
          caliperSessionId: SESSION,
          userId,
          applicationId: 'app',
          isProctored: 'yes',
        }),
      ).toThrow(/isProctored of session.started must be a boolean/);
      expect(h.platform.state.events).toEqual([]);
    });

    it('carries references only in every event the platform raises on its own (user.deleted adds the email tombstone)', async () => {
      // The internal client receives every family, application.* included; the partner's writes are not its own.
      const internal = await h.token(h.platform.clients.internal);
      const everything = h.consumer('https://hooks.platform.example/everything');
      const app = h.platform.fixtures.application.applicationId;
      expect(
        (
          await h.call('POST', `/webhooks/1.0/${app}/subscriptions`, {
            token: internal,
            body: { url: 'https://hooks.platform.example/everything', eventTypes: WEBHOOK_EVENT_TYPES },
          })
        ).status,
      ).toBe(201);
      const token = await h.token(h.platform.clients.partner);
      const { student, teacher } = h.platform.fixtures.roster;
      const writes: [string, string, unknown][] = [
        [
          'PUT',
          '/rostering/1.0/users/usr-new',
          {
            email: 'new@maple.learnkit.test',
            givenName: 'New',
            familyName: 'Student',
            primaryOrgId: 'org-maple-elementary',
            roles: [{ orgId: 'org-maple-elementary', role: 'student' }],
          },
        ],
        ['PUT', '/rostering/1.0/users/usr-new', { givenName: 'Renamed' }],
        [
          'PUT',
          `/rostering/1.0/users/${teacher.sourcedId}/roles/role-x`,
          { orgId: 'org-maple-elementary', role: 'aide' },
        ],
        ['PUT', `/rostering/1.0/users/${teacher.sourcedId}/roles/role-x`, { role: 'teacher' }],
        ['PUT', '/rostering/1.0/orgs/org-maple-district/config', { theme: 'dark' }],
        ['PUT', '/applications/1.0/applications/app-new', { name: 'New App' }],
        [
          'POST',
          '/caliper/v1p2',
          envelope([
            sessionEvent(actorIri(student.sourcedId), 'LoggedIn', SESSION),
            assessment(actorIri(student.sourcedId), 'Started'),
            assessment(actorIri(student.sourcedId), 'Submitted'),
            assessment(actorIri(student.sourcedId), 'Abandoned'),
            sessionEvent(actorIri(student.sourcedId), 'LoggedOut', SESSION),
          ]),
        ],
        ['PUT', '/rostering/1.0/users/usr-new', { status: 'tobedeleted' }],
      ];
      for (const [method, path, body] of writes) {
        const rawResponse = await h.call(method, path, { token, body });
        expect(rawResponse.status, `${method} ${path}: ${rawResponse.text}`).toBeLessThan(300);
      }
      await h.platform.clock.advance(MINUTE);
      const types = new Set(everything.map((delivery) => delivery.envelope.type));
      expect([...types].sort()).toEqual(
        [
          'user.created',
          'user.updated',
          'user.deleted',
          'user_role.created',
          'user_role.updated',
          'org.config.updated',
          'application.created',
          'session.started',
          'session.ended',
          'test.started',
          'test.ended',
          'test.exited',
        ].sort(),
      );
      for (const { envelope: event } of everything) {
        expect(Object.keys(event.data).sort(), event.type).toEqual(
          Object.keys(dataSchema(event.type).properties!).sort(),
        );
        for (const value of Object.values(event.data))
          expect(
            value === null || ['string', 'boolean'].includes(typeof value),
            `${event.type}: ${JSON.stringify(value)}`,
          ).toBe(true);
      }
      expect(everything.find((delivery) => delivery.envelope.type === 'user.deleted')!.envelope.data).toEqual(
        {
          userId: 'usr-new',
          email: 'new@maple.learnkit.test',
        },
      );
    });

    it('types every member as openapi/platform.yaml does, with the spec’s refinements', () => {
      // Where the spec says more than the shared data schemas: null only for mastery.deleted, one action per test.*.
      const refinements: Record<string, Record<string, unknown>> = {
        'mastery.created': { masteredGrade: { nullable: false } },
        'mastery.updated': { masteredGrade: { nullable: false } },
        'mastery.deleted': { masteredGrade: { values: [null] } },
        'test.started': { action: { values: ['Started'] } },
        'test.ended': { action: { values: ['Submitted'] } },
        'test.exited': { action: { values: ['Abandoned'] } },
      };
      for (const type of WEBHOOK_EVENT_TYPES) {
        const schema = dataSchema(type);
        const entry = WEBHOOK_EVENT_RULES[type as WebhookEventType];
        expect([...entry.fields].sort(), type).toEqual(Object.keys(schema.properties!).sort());
        expect(entry.optional ?? [], `${type} optional`).toEqual(
          entry.fields.filter((field) => !schema.required?.includes(field)),
        );
        for (const [field, property] of Object.entries(schema.properties!)) {
          const types = ([] as string[]).concat(resolve(property).type ?? []);
          const refined = (refinements[type]?.[field] ?? {}) as { nullable?: boolean; values?: unknown[] };
          expect(entry.nullable?.includes(field) ?? false, `${type} ${field} nullable`).toBe(
            refined.nullable ?? types.includes('null'),
          );
          expect(entry.flags?.includes(field) ?? false, `${type} ${field} boolean`).toBe(
            types.includes('boolean'),
          );
          expect(entry.values?.[field], `${type} ${field} values`).toEqual(
            refined.values ?? resolve(property).enum,
          );
        }
      }
    });
  });
});
