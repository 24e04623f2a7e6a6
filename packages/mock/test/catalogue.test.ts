import { readDocuments } from '@learnkit/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as mock from '../src/index.js';
import {
  createMockPlatform,
  type MockPlatform,
  WEBHOOK_EVENT_RULES,
  WEBHOOK_EVENT_TYPES,
} from '../src/index.js';

type Document = {
  info: Record<string, unknown>;
  webhooks: Record<string, { post: { 'x-since': string } }>;
};
const platformDocument = (readDocuments() as unknown as Map<string, Document>).get('platform')!;

describe('the event catalogue, generated from openapi/platform.yaml', () => {
  let platform: MockPlatform;
  beforeEach(() => {
    platform = createMockPlatform();
  });
  afterEach(() => platform.close());

  it('has every type of the document, in its order, with its Since', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(Object.keys(platformDocument.webhooks));
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(WEBHOOK_EVENT_RULES[type].since, type).toBe(platformDocument.webhooks[type]!.post['x-since']);
    }
  });

  it('routes test.ping to every subscriber, application.* to internal clients and the rest by org', () => {
    const routing = Object.fromEntries(
      WEBHOOK_EVENT_TYPES.map((type) => [type, WEBHOOK_EVENT_RULES[type].routing]),
    );
    expect(routing['test.ping']).toBe('broadcast');
    for (const type of ['application.created', 'application.updated', 'application.deleted'])
      expect(routing[type], type).toBe('application');
    const rest = WEBHOOK_EVENT_TYPES.filter(
      (type) => type !== 'test.ping' && !type.startsWith('application.'),
    );
    for (const type of rest) expect(routing[type], type).toBe('org');
  });

  it('lets an insight event leave out insightGroup, which the document does not require', () => {
    expect(WEBHOOK_EVENT_RULES['insight.created'].optional).toEqual(['insightGroup']);
    // A type the insight catalogue does not know has no group to fill in: the member stays null, not required.
    const envelope = platform.emit('insight.created', {
      insightId: 'ins-unknown-type',
      insightType: 'NotInTheCatalogue',
      userId: platform.fixtures.roster.student.sourcedId,
      caliperSessionId: 'https://demo-app.learnkit.test/sessions/s-1',
      rolloutState: 'NOTIFY',
    });
    expect(envelope?.data).toMatchObject({ insightGroup: null });
  });

  it('refuses a missing member the document requires, naming it', () => {
    expect(() =>
      platform.emit('enrollment.created', { enrollmentId: 'e-1', userId: 'usr-1' } as Record<
        string,
        unknown
      >),
    ).toThrow(/lacks classId/);
  });

  it('exports each catalogue name once, as the webhooks package names it (no draft aliases)', () => {
    // docs/decisions.md#d-draft-names-no-aliases
    for (const draft of ['EVENT_CATALOGUE', 'EVENT_TYPES', 'isEventType', 'signDelivery'])
      expect(Object.keys(mock)).not.toContain(draft);
  });
});
