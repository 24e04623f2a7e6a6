// The "Testing with the mock" example of docs/activity.md, as written there.
import { clientCredentials, createTokenCache } from '@learnkit/core';
import { createMockPlatform, type MockPlatform } from '@learnkit/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { createActivityServer } from '../../src/server/index';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
let platform: MockPlatform;
beforeEach(() => {
  platform = createMockPlatform();
  server.resetHandlers(...platform.handlers);
});
afterEach(() => platform.close());

test('docs/activity.md: a heartbeat reaches the platform once', async () => {
  const { partner } = platform.clients;
  const activity = createActivityServer({
    client: {
      baseUrl: platform.baseUrl,
      auth: clientCredentials({
        tokenUrl: `${platform.baseUrl}/auth/1.0/token`,
        clientId: partner.clientId,
        clientSecret: partner.clientSecret,
        style: 'basic',
        cache: createTokenCache(),
      }),
    },
    config: {
      sensor: 'https://app.example.com',
      app: { name: 'App' },
      courses: [{ subject: 'Math', grade: 3 }],
    },
    getUser: () => ({ email: platform.fixtures.roster.student.email }),
  });
  const window = {
    kind: 'timeSpent',
    id: `urn:uuid:${crypto.randomUUID()}`,
    runId: crypto.randomUUID(),
    activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
    window: {
      activeMs: 15000,
      inactiveMs: 0,
      startedAt: '2026-01-05T10:00:00Z',
      endedAt: '2026-01-05T10:00:15Z',
    },
  };
  const body = { v: 1, events: [window] };
  const post = () =>
    new Request('https://app.example.com/api/activity', { method: 'POST', body: JSON.stringify(body) });
  expect((await activity.handler(post())).status).toBe(202);
  expect((await activity.handler(post())).status).toBe(202); // a resend: a duplicate
  expect(platform.state.caliperEvents).toHaveLength(1);
});
