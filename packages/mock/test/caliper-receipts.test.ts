// The ingest counts every copy of an event id it receives in a batch it accepts (`receipts`), so a test can show
// at-least-once delivery with the same id; and two faults serve the activity queue's fault tests: one that lasts a
// span of the platform's clock (`forMs`), one that refuses only bodies holding a text (`bodyIncludes`)
// (docs/decisions.md#d-mock-caliper-receipts).
import { beforeEach, describe, expect, test } from 'vitest';
import { createMockPlatform, type MockPlatform } from '../src/index.js';
import { actor, assessment, completed, envelope, timeSpent } from './support/helpers.js';

let platform: MockPlatform;
let token = '';
let user: ReturnType<typeof actor>;

beforeEach(async () => {
  platform = createMockPlatform();
  const { clientId, clientSecret } = platform.clients.partner;
  const rawResponse = await platform.handle(
    new Request(`${platform.baseUrl}/auth/1.0/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
      },
      body: 'grant_type=client_credentials',
    }),
  );
  token = ((await rawResponse.json()) as { access_token: string }).access_token;
  const { student } = platform.fixtures.roster;
  user = actor(platform.baseUrl, student.sourcedId, student.email);
});

async function ingest(events: object[]): Promise<{ status: number; body: Record<string, unknown> }> {
  const rawResponse = await platform.handle(
    new Request(`${platform.baseUrl}/caliper/v1p2`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(envelope(events)),
    }),
  );
  return { status: rawResponse.status, body: (await rawResponse.json()) as Record<string, unknown> };
}

const receipts = () =>
  Object.fromEntries(platform.state.caliperEvents.map((stored) => [stored.event.id, stored.receipts]));

describe('receipts by Caliper id', () => {
  test('a first copy is stored with 1 receipt; every copy sent again adds one, and stores nothing', async () => {
    const [a, b] = [timeSpent(user), completed(user)];
    expect(await ingest([a, b])).toMatchObject({ status: 200, body: { accepted: 2, duplicates: 0 } });
    expect(await ingest([b])).toMatchObject({ status: 200, body: { accepted: 0, duplicates: 1 } });
    expect(await ingest([b, a, b])).toMatchObject({ status: 200, body: { accepted: 0, duplicates: 3 } });
    // b was sent three times more (once, then twice in one batch), a once more.
    expect(receipts()).toEqual({ [a.id]: 2, [b.id]: 4 });
    expect(platform.state.caliperEvents).toHaveLength(2);
    expect(platform.state.roster.assessmentResults.size).toBeGreaterThan(0);
  });

  test('a refused batch counts nothing', async () => {
    const a = timeSpent(user);
    await ingest([a]);
    expect((await ingest([a, { ...completed(user), action: 'Deleted' }])).status).toBe(400);
    expect(receipts()).toEqual({ [a.id]: 1 });
  });

  test('an IRI-only actor defined by an event accepted earlier still resolves, read from the index', async () => {
    const person = { id: 'https://example.com/people/7', type: 'Person' };
    const first = { ...assessment(user.id, 'Started'), actor: person };
    expect((await ingest([first])).status).toBe(200);
    expect((await ingest([assessment(person.id, 'Submitted')])).status).toBe(200);
    expect((await ingest([assessment('https://example.com/people/8', 'Submitted')])).status).toBe(422);
  });
});

describe('faults for the activity queue', () => {
  test('forMs: the fault lapses after that much of the platform clock, whatever times it had left', async () => {
    platform.faults.inject({
      method: 'POST',
      path: '/caliper/v1p2',
      status: 503,
      times: Infinity,
      forMs: 120_000,
    });
    expect((await ingest([timeSpent(user)])).status).toBe(503);
    await platform.clock.advance(119_999);
    expect((await ingest([timeSpent(user)])).status).toBe(503);
    await platform.clock.advance(1);
    expect(platform.faults.active()).toEqual([]);
    expect((await ingest([timeSpent(user)])).status).toBe(200);
  });

  test('bodyIncludes: only a body holding the text gets the fault; the route still reads the body', async () => {
    const poison = completed(user);
    platform.faults.inject({
      method: 'POST',
      path: '/caliper/v1p2',
      status: 400,
      times: Infinity,
      bodyIncludes: poison.id,
      body: { error: 'bad_request', message: `${poison.id}: refused by the platform` },
    });
    const good = timeSpent(user);
    expect(await ingest([good, poison])).toEqual({
      status: 400,
      body: { error: 'bad_request', message: `${poison.id}: refused by the platform` },
    });
    expect(await ingest([good])).toMatchObject({ status: 200, body: { accepted: 1 } });
    expect(receipts()).toEqual({ [good.id]: 1 });
  });

  test('refuses a forMs or bodyIncludes it cannot use', () => {
    expect(() => platform.faults.inject({ status: 503, forMs: 0 })).toThrow(/forMs must be a positive/);
    expect(() => platform.faults.inject({ status: 400, bodyIncludes: '' })).toThrow(/bodyIncludes must be/);
  });
});
