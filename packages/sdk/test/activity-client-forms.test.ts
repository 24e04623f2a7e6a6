// createActivityServer and createActivityQueue take the LearnKit a user holds as `client`: its transport, token and
// base URL serve the activity server (docs/decisions.md#d-activity-client-forms). What is none of the forms is
// refused before anything is sent, with an error that says what to pass.
import { createActivityQueue, createActivityServer } from '@learnkit/activity/server';
import { describe, expect, it } from 'vitest';
import { createMemoryQueueStore, LearnKit, ValidationError } from '../src/index';
import { TEST_CONFIG, useSdkMock } from './harness';

describe('the activity server and queue over a LearnKit', () => {
  const ctx = useSdkMock('msw');
  const params = () => ({
    user: { email: ctx.platform.fixtures.roster.student.email },
    activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
    metrics: { xpEarned: 5 },
  });

  it('createActivityServer({ client: lk }) records through the instance, with its base URL in the actor id', async () => {
    const lk = ctx.lk();
    const server = createActivityServer({ client: lk, config: TEST_CONFIG });
    const result = await server.record(params());
    expect(result.accepted).toBeGreaterThan(0);
    const stored = ctx.platform.state.caliperEvents;
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every(({ clientId }) => clientId === ctx.platform.clients.partner.clientId)).toBe(true);
    expect((stored[0]?.event.actor as { id?: string } | undefined)?.id).toBe(
      `${lk.baseUrl}/rostering/1.0/users/${ctx.platform.fixtures.roster.student.sourcedId}`,
    );
  });

  it('createActivityQueue({ client: lk }) stores and sends through the instance', async () => {
    const queue = createActivityQueue({
      client: ctx.lk(),
      config: TEST_CONFIG,
      store: createMemoryQueueStore(),
    });
    await queue.record(params());
    expect(await queue.flush()).toEqual({ sent: 1, deadLettered: 0, remaining: 0 });
    expect(ctx.platform.state.caliperEvents.length).toBeGreaterThan(0);
  });

  it('refuses a LearnKit holding a developer token, saying which LearnKit to pass', () => {
    const lk = new LearnKit({ baseUrl: ctx.baseUrl, developerToken: 'dev.jwt.token-0123456789', env: {} });
    for (const create of [
      () => createActivityServer({ client: lk, config: TEST_CONFIG }),
      () => createActivityQueue({ client: lk, config: TEST_CONFIG, store: createMemoryQueueStore() }),
    ]) {
      expect(create).toThrow(ValidationError);
      expect(create).toThrow(
        /client: is a LearnKit holding a developer token.*new LearnKit\(\{ baseUrl, clientId, clientSecret \}\)/,
      );
    }
  });

  it.each([
    ['a string', 'https://api.example.com', /client: is string: pass the LearnKit you hold/],
    ['a number', 42, /client: is number: pass the LearnKit you hold/],
    [
      'an object with neither http nor baseUrl',
      { token: 'x' },
      /client: is an object with neither http nor baseUrl.*pass the LearnKit you hold/,
    ],
    [
      '{ http } holding no client',
      { http: {} },
      /client\.http: is object, not a core HTTP client: pass the LearnKit you hold/,
    ],
  ])('refuses %s as client, saying what to pass, and sends nothing', (_, client, message) => {
    for (const create of [
      () => createActivityServer({ client: client as never, config: TEST_CONFIG }),
      () =>
        createActivityQueue({
          client: client as never,
          config: TEST_CONFIG,
          store: createMemoryQueueStore(),
        }),
    ]) {
      expect(create).toThrow(ValidationError);
      expect(create).toThrow(message);
    }
    expect(ctx.sent).toHaveLength(0);
  });
});
