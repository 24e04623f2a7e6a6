// `learnkit activity dead-letters list` on the handler's queue (docs/decisions.md#d-handler-on-queue): a window the
// handler took for a learner the roster does not have is dead-lettered by the worker, and the command names it by its
// kind, its browser id and the learner.
import { fileURLToPath } from 'node:url';
import { type RedisServer, startRedisServer } from '@learnkit/test-utils';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisQueueStore } from '../../src/index';
import { useSdkMock } from '../harness';
import { learnkit } from './run-cli';

vi.setConfig({ testTimeout: 120_000 });

const MODULE = fileURLToPath(new URL('../fixtures/activity-queue.ts', import.meta.url));
const KEY = 'test:cli:handler-queue';
let server: RedisServer;
let redis: Redis;
beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url);
});
afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

describe('learnkit activity dead-letters, on the handler queue', () => {
  const ctx = useSdkMock('loopback');

  it('lists a window of a learner the roster does not have by its kind, id and learner', async () => {
    const lk = ctx.lk({
      activity: {
        config: {
          sensor: 'https://app.example.com',
          app: { name: 'SDK tests' },
          courses: [{ subject: 'Math', grade: 3 }],
        },
        getUser: () => ({ email: 'nobody@example.com' }),
        queue: { store: createRedisQueueStore(redis, { key: KEY }) },
      },
    });
    const id = 'urn:uuid:00000000-0000-4000-8000-000000000040';
    const window = {
      kind: 'timeSpent',
      id,
      runId: 'run-1',
      activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
      window: {
        activeMs: 14_000,
        inactiveMs: 0,
        startedAt: '2026-01-05T10:00:00Z',
        endedAt: '2026-01-05T10:00:15Z',
      },
    };
    const rawResponse = await lk.activity.handler(
      new Request('https://app.example.com/api/activity', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ v: 1, events: [window] }),
      }),
    );
    expect(rawResponse.status).toBe(202);
    expect(await lk.activity.handlerQueue?.flush()).toMatchObject({ sent: 0, deadLettered: 1 });
    const table = await learnkit(['activity', 'dead-letters', 'list', '--queue', MODULE], {
      REDIS_URL: server.url,
      QUEUE_KEY: KEY,
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: ctx.platform.clients.partner.clientId,
      LEARNKIT_CLIENT_SECRET: ctx.platform.clients.partner.clientSecret,
    });
    expect(table).toMatchObject({ code: 0, stderr: '' });
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`timeSpent ${id} of nobody@example\\.com\\s+.*nobody@example\\.com`));
  });
});
