import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEBHOOK_EVENT_RULES as MOCK_CATALOGUE } from '@learnkit/mock';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: plain ESM script without type declarations
import { CATALOGUE_PATH, generateCatalogue } from '../scripts/gen-catalogue.mjs';
import {
  CATALOGUE_VERSION,
  isKnownWebhookEvent,
  isWebhookEventType,
  type KnownWebhookEvent,
  type UnknownWebhookEvent,
  WEBHOOK_EVENT_CATALOGUE,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookHandlers,
} from '../src/index';

const root = join(import.meta.dirname, '..', '..', '..');
const document = parse(readFileSync(join(root, 'openapi', 'platform.yaml'), 'utf8'));

describe('the generated catalogue', () => {
  it('is current with openapi/platform.yaml (run scripts/gen-catalogue.mjs after changing it)', () => {
    const [output] = generateCatalogue(root) as { path: string; content: string }[];
    expect(output!.path).toBe(CATALOGUE_PATH);
    expect(readFileSync(join(root, CATALOGUE_PATH), 'utf8')).toBe(output!.content);
    expect(output!.content).toMatch(/Do not edit it by hand/);
  });

  it('lists the 29 types of the spec with their Since column, in catalogue order', () => {
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(29);
    expect(Object.keys(WEBHOOK_EVENT_CATALOGUE)).toEqual(WEBHOOK_EVENT_TYPES);
    expect(WEBHOOK_EVENT_TYPES).toEqual(Object.keys(document.webhooks));
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(WEBHOOK_EVENT_CATALOGUE[type].since, type).toBe(document.webhooks[type].post['x-since']);
    }
    expect(CATALOGUE_VERSION).toBe('v1.7');
    expect(WEBHOOK_EVENT_CATALOGUE['org.config.updated']).toEqual({
      since: 'v1.7',
      fields: { orgId: { type: 'string', nullable: false, required: true } },
    });
    expect(WEBHOOK_EVENT_CATALOGUE['test.started'].since).toBe('v1.5');
  });

  it('has the data members and JSON types of the spec (the mock agrees on the members)', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(Object.keys(WEBHOOK_EVENT_CATALOGUE[type].fields), type).toEqual([
        ...MOCK_CATALOGUE[type].fields,
      ]);
      expect(WEBHOOK_EVENT_CATALOGUE[type].since).toBe(MOCK_CATALOGUE[type].since);
    }
    expect(WEBHOOK_EVENT_CATALOGUE['insight.created'].fields.insightGroup).toEqual({
      type: 'string',
      nullable: true,
      required: false,
    });
    expect(WEBHOOK_EVENT_CATALOGUE['user_profile.deleted'].fields.applicationId).toEqual({
      type: 'string',
      nullable: true,
      required: true,
    });
    expect(WEBHOOK_EVENT_CATALOGUE['session.ended'].fields.isProctored).toEqual({
      type: 'boolean',
      nullable: false,
      required: true,
    });
    expect(WEBHOOK_EVENT_CATALOGUE['proctoring_enforcement.recorded'].fields.lockoutId?.nullable).toBe(true);
  });

  it('tells catalogue types from unknown ones', () => {
    expect(isWebhookEventType('user_role.updated')).toBe(true);
    expect(isWebhookEventType('toString')).toBe(false);
    expect(isWebhookEventType('course.published')).toBe(false);
  });
});

describe('event types', () => {
  it('narrow WebhookEvent by type, keep unknown types as a generic event', () => {
    const narrow = (event: WebhookEvent) => {
      if (event.type === 'enrollment.created') {
        expectTypeOf(event).toEqualTypeOf<KnownWebhookEvent<'enrollment.created'>>();
        expectTypeOf(event.data.enrollmentId).toEqualTypeOf<string>();
      } else if (event.type === 'mastery.deleted') {
        expectTypeOf(event.data.masteredGrade).toEqualTypeOf<string | null>();
      } else if (event.type === 'test.started') {
        expectTypeOf(event.data.action).toMatchTypeOf<string>();
      }
      if (!isKnownWebhookEvent(event)) {
        expectTypeOf(event).toEqualTypeOf<UnknownWebhookEvent>();
        expectTypeOf(event.data).toEqualTypeOf<Record<string, unknown>>();
      }
      switch (event.type) {
        case 'session.started':
          expectTypeOf(event.data.isProctored).toEqualTypeOf<boolean>();
          break;
        case 'user.deleted':
          expectTypeOf(event.data.email).toEqualTypeOf<string>();
          break;
      }
    };
    expect(narrow).toBeTypeOf('function');
    expectTypeOf<WebhookEventType>().toEqualTypeOf<keyof typeof WEBHOOK_EVENT_CATALOGUE>();
    expectTypeOf<Parameters<NonNullable<WebhookHandlers['user_role.created']>>[0]['data']>().toEqualTypeOf<{
      roleId: string;
      userId: string;
      orgId: string;
    }>();
  });
});
