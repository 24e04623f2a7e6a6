// The official Caliper 1.2 fixtures (test/fixtures/caliper-1.2, SOURCES.md there) through both sides of the one
// rule set (docs/decisions.md#d-caliper-one-rule-set): every valid event is checked, sent by the SDK and ingested by
// the mock unchanged; every error fixture is refused by the SDK before sending and by the mock's ingest.
import { readdirSync, readFileSync } from 'node:fs';
import { ValidationError } from '@learnkit/core';
import type { MockPlatform } from '@learnkit/mock';
import { describe, expect, test } from 'vitest';
import { type CaliperEnvelope, caliperEventIssues, formatCaliperIssue } from '../src/caliper/index';
import { type AnyCaliperEvent, createCaliperClient } from '../src/server/index';
import { useMock } from './server/harness';

const DIR = new URL('./fixtures/caliper-1.2/', import.meta.url);
const ERRORS = new URL('./commonErrorFixtures/', DIR);
const read = (dir: URL, name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
const jsonFiles = (dir: URL) => readdirSync(dir).filter((name) => name.endsWith('.json'));

type Json = Record<string, unknown>;
const isEnvelope = (json: Json) => 'data' in json;
const eventsOf = (json: Json) => (isEnvelope(json) ? (json.data as Json[]) : [json]);

/**
 * Valid fixtures the platform refuses on purpose (docs/decisions.md#d-caliper-official-fixtures): a top-level
 * `@context` given only as an object, which Caliper 1.2 section 4.1 forbids, and envelopes of entity describes
 * (the ingest takes events). Each with the message that says why.
 */
const REFUSED: Record<string, RegExp> = {
  'caliperEventMessagePostedInlineContext.json':
    /^@context: must be "http:\/\/purl\.imsglobal\.org\/ctx\/caliper\/v1p2", or an array/,
  'caliperEnvelopeEntityBatch.json': /^data\[0\]: is a Caliper entity describe \(type Person\)/,
  'caliperEnvelopeEntitySingle.json': /^data\[0\]: is a Caliper entity describe/,
  'caliperEnvelopeMixedBatch.json': /^data\[0\]: is a Caliper entity describe/,
  'caliperEnvelopeTermLISRole.json': /^data\[0\]: is a Caliper entity describe \(type Membership\)/,
  'caliperEnvelopeTermLISStatus.json': /^data\[0\]: is a Caliper entity describe/,
  'caliperEnvelopeTermLTIMessageType.json': /^data\[0\]: is a Caliper entity describe \(type LtiLink\)/,
  'caliperEnvelopeTermMetric.json': /^data\[0\]: is a Caliper entity describe/,
  'caliperEnvelopeTermSystemIdentifierType.json': /^data\[0\]: is a Caliper entity describe/,
};
const valid = jsonFiles(DIR).filter((name) => !Object.hasOwn(REFUSED, name));
const invalid = jsonFiles(ERRORS);

/** What each error fixture must be refused for: the member its name says is wrong. */
function expectedPath(name: string): string {
  const [, fault = ''] = name.replace(/\.json$/, '').split('-');
  if (/Action$/.test(fault)) return 'action';
  if (/EventType$/.test(fault) || fault === 'NoType' || fault === 'NullType') return 'type';
  if (/Profile$/.test(fault)) return 'profile';
  if (/Generatable/.test(fault)) return 'generated';
  const member =
    /^(?:No|Null|Malformed)(Id|Actor|Object|EventTime|EdApp|Extensions|FederatedSession|Group|Membership|Referrer|Session|Target|Generated|Action)/.exec(
      fault,
    )?.[1];
  if (!member) throw new Error(`no expected member for ${name}`);
  return member[0]!.toLowerCase() + member.slice(1);
}

/** A token of the partner, issued by the platform directly (the requests below go around the token endpoint too). */
const partnerToken = (platform: MockPlatform) => platform.accessToken(platform.clients.partner);

/** A request to the platform with a token of the partner, bypassing the contract checker (for bodies it refuses). */
async function raw(platform: MockPlatform, method: string, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await platform.handle(
    new Request(`${platform.baseUrl}${path}`, { method, headers, body: JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json()) as Json };
}

/**
 * The rostering user and the LTI applications the fixtures name by IRI only (the platform resolves an IRI-only
 * actor or edApp from them, spec 001), made through the platform's own upserts.
 */
async function seedFixtureWorld(platform: MockPlatform, token: string): Promise<void> {
  const user = await raw(
    platform,
    'PUT',
    '/rostering/1.0/users/554433',
    {
      email: 'learner.554433@example.edu',
      givenName: 'Fixture',
      familyName: 'Learner',
      primaryOrgId: platform.fixtures.roster.schoolIds[0],
    },
    token,
  );
  expect(user.status).toBe(201);
  const apps = [
    'https://example.edu',
    'https://example.edu/forums',
    'https://example.com',
    'https://example.edu/player',
  ];
  for (const [i, launchUrl] of apps.entries()) {
    const app = await raw(
      platform,
      'PUT',
      `/applications/1.0/applications/app-fixture-${i}`,
      { name: launchUrl, launchUrl },
      token,
    );
    expect(app.status).toBe(201);
  }
}

describe('official Caliper 1.2 fixtures', () => {
  const ctx = useMock('msw');

  test('the copied set is whole: the valid events and envelopes, and the event error fixtures', () => {
    expect(valid.length + Object.keys(REFUSED).length).toBe(67);
    expect(invalid).toHaveLength(86);
    const events = valid.flatMap((name) => eventsOf(read(DIR, name)));
    expect(events).toHaveLength(139);
  });

  test.each(valid)(
    '%s passes the SDK check, is sent unchanged and ingested by the mock unchanged',
    async (name) => {
      const fixture = read(DIR, name) as Json;
      await seedFixtureWorld(ctx.platform, partnerToken(ctx.platform));
      const caliper = createCaliperClient(ctx.http(), { sensor: 'https://example.edu/sensors/1' });
      const input = isEnvelope(fixture)
        ? (fixture as unknown as CaliperEnvelope<AnyCaliperEvent>)
        : (fixture as unknown as AnyCaliperEvent);
      const events = eventsOf(fixture);
      const unique = new Set(events.map((event) => event.id)).size;
      expect(await caliper.send(input)).toEqual({
        accepted: unique,
        duplicates: 0,
        skipped: [],
        requests: 1,
      });
      const stored = ctx.platform.state.caliperEvents.map((s) => s.event);
      expect(stored).toEqual(events);
    },
  );

  test.each(Object.keys(REFUSED))('%s is refused by both, with the reason', async (name) => {
    const fixture = read(DIR, name) as Json;
    const envelope = isEnvelope(fixture) ? fixture : { ...envelopeAround(), data: [fixture] };
    const caliper = createCaliperClient(ctx.http(), { sensor: 'https://example.edu/sensors/1' });
    const error = await caliper.send(envelope as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const path = isEnvelope(fixture) ? '' : 'data[0].';
    const messages = (error as ValidationError).issues.map(formatCaliperIssue);
    expect(messages[0]).toMatch(
      new RegExp(`^${path.replace(/[[\].]/g, '\\$&')}${REFUSED[name]!.source.slice(1)}`),
    );
    const rawResponse = await raw(
      ctx.platform,
      'POST',
      '/caliper/v1p2',
      envelope,
      partnerToken(ctx.platform),
    );
    expect(rawResponse.status).toBe(400);
    expect(rawResponse.body.message).toContain(messages[0]);
    expect(ctx.requests('POST', '/caliper')).toHaveLength(1);
    expect(ctx.platform.state.caliperEvents).toHaveLength(0);
  });

  test.each(invalid)(
    'error fixture %s is refused by the SDK before sending and by the mock',
    async (name) => {
      let event: unknown;
      try {
        event = read(ERRORS, name);
      } catch {
        return expect(name).toBe('never: every event error fixture is JSON');
      }
      const member = expectedPath(name);
      const issues = caliperEventIssues(event, ['data', 0]);
      expect(issues.map((issue) => issue.path.slice(0, 3))).toContainEqual(['data', 0, member]);

      const caliper = createCaliperClient(ctx.http(), { sensor: 'https://example.edu/sensors/1' });
      const error = await caliper.send(event as AnyCaliperEvent).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual(issues);
      expect(ctx.requests('POST', '/caliper')).toHaveLength(0);

      const rawResponse = await raw(
        ctx.platform,
        'POST',
        '/caliper/v1p2',
        { ...envelopeAround(), data: [event] },
        partnerToken(ctx.platform),
      );
      expect(rawResponse.status).toBe(400);
      expect(rawResponse.body.message).toContain(formatCaliperIssue(issues[0]!));
      expect(ctx.platform.state.caliperEvents).toHaveLength(0);
    },
  );
});

function envelopeAround() {
  return {
    sensor: 'https://example.edu/sensors/1',
    sendTime: '2016-11-15T11:05:01.000Z',
    dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p2',
  };
}
