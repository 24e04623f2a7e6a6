// Properties of the Caliper ingest (docs/decisions.md#d-caliper-atomic-batch): a batch with one bad event is refused
// whole (4xx, never 5xx) and changes nothing; a good batch is taken in any order of its events.
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { createMockPlatform, type MockPlatform } from '../src/index.js';
import {
  actor,
  assessment,
  completed,
  envelope,
  SENSOR,
  sessionEvent,
  timeSpent,
} from './support/helpers.js';

let platform: MockPlatform;
let token = '';
let user: ReturnType<typeof actor>;

beforeAll(async () => {
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

async function ingest(body: unknown): Promise<number> {
  const rawResponse = await platform.handle(
    new Request(`${platform.baseUrl}/caliper/v1p2`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return rawResponse.status;
}

/** Everything a batch may change. */
const snapshot = () =>
  JSON.stringify({
    events: platform.state.caliperEvents.length,
    raised: platform.state.events.length,
    sessions: [...platform.state.sessions.values()],
    results: platform.state.roster.assessmentResults.size,
  });

/** Good events of every kind the platform acts on; each call makes fresh ids. */
const goodEvents = (): Record<string, unknown>[] => {
  const session = `${SENSOR}/sessions/${crypto.randomUUID()}`;
  return [
    sessionEvent(user.id, 'LoggedIn', session),
    timeSpent(user),
    completed(user),
    assessment(user.id, 'Started'),
    assessment(user.id, 'Submitted'),
    sessionEvent(user.id, 'Archived', session, { type: 'SessionRecording', session, storageKey: 'rec/1' }),
    sessionEvent(user.id, 'LoggedOut', session),
  ];
};

const garbage = fc.constantFrom<unknown>(
  null,
  42,
  '',
  'not an IRI',
  `https://api.learnkit.test/users/%E0%A4%A`,
  'https://nobody.example/users/none',
  'urn:app:no-such-app',
  { id: 'https://x.example/p', type: 'NotAType' },
  { id: 'no scheme', type: 'Person' },
  [],
  {},
  '__proto__',
  'constructor',
);
const member = fc.constantFrom(
  '@context',
  'id',
  'type',
  'action',
  'actor',
  'object',
  'eventTime',
  'edApp',
  'generated',
  'session',
  'extensions',
);

/** A change to one event: a member set to a value, or deleted (`undefined`). */
const change: fc.Arbitrary<[string, unknown]> = fc.oneof(
  { arbitrary: fc.tuple(member, fc.oneof(garbage, fc.constant(undefined))), weight: 3 },
  {
    // Values that once passed the checks and failed later, half-way through the writes.
    arbitrary: fc.constantFrom<[string, unknown]>(
      ['actor', { id: 'https://api.learnkit.test/users/%E0%A4%A', type: 'Person' }],
      ['actor', 'https://api.learnkit.test/users/%E0%A4%A'],
      ['edApp', 'https://api.learnkit.test/applications/%ZZ'],
    ),
    weight: 1,
  },
);

describe('the Caliper ingest, for any batch', () => {
  test('one refused event refuses the whole batch (4xx, never 5xx) and nothing changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(6), fc.nat(), change, async (size, at, [key, value]) => {
        const events = goodEvents().slice(0, size + 1);
        const index = at % events.length;
        const bad: Record<string, unknown> = { ...events[index] };
        if (value === undefined) delete bad[key];
        else bad[key] = value;
        events[index] = bad;
        const before = snapshot();
        const status = await ingest(envelope(events));
        if (status === 200) return; // the change happened to be valid (an edApp IRI of an application, ...)
        expect([400, 422]).toContain(status);
        expect(snapshot()).toBe(before);
      }),
      { numRuns: 150 },
    );
    expect(platform.state.errors).toEqual([]);
  });

  test('a good batch is taken whatever the order of its events, IRI-only references included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), async (seed) => {
        const app = `https://tools.example.edu/${crypto.randomUUID()}`;
        const person = `${platform.baseUrl}/people/${crypto.randomUUID()}`;
        const events = [
          assessment(person, 'Started', app),
          { ...assessment(user.id, 'Reviewed'), actor: { id: person, type: 'Person' } },
          { ...assessment(user.id, 'Reset'), edApp: { id: app, type: 'SoftwareApplication' } },
          timeSpent(user),
        ];
        const shuffled = events
          .map((event, i) => ({ event, key: (seed * (i + 7)) % 101 }))
          .sort((a, b) => a.key - b.key)
          .map(({ event }) => event);
        expect(await ingest(envelope(shuffled))).toBe(200);
      }),
      { numRuns: 30 },
    );
  });
});
