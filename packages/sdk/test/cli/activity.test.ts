// `learnkit activity dead-letters list|retry --queue MODULE`, run as a process on fixtures/activity-queue.ts against
// a real redis-server and the mock on a loopback port (docs/decisions.md#d-cli-dead-letters): the dead letters the queue's
// worker made are listed (table and --json) and put back with their ids; usage and an unreachable store have their
// exit codes.
import { fileURLToPath } from 'node:url';
import { type RedisServer, startRedisServer } from '@learnkit/test-utils';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisQueueStore } from '../../src/index';
import { useSdkMock } from '../harness';
import { learnkit } from './run-cli';

vi.setConfig({ testTimeout: 120_000 });

const MODULE = fileURLToPath(new URL('../fixtures/activity-queue.ts', import.meta.url));
const KEY = 'test:cli:queue';
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

describe('learnkit activity dead-letters', () => {
  const ctx = useSdkMock('loopback');

  it('lists the dead letters, puts one back by id, then all', async () => {
    const queue = ctx.lk().activity.queue({ store: createRedisQueueStore(redis, { key: KEY }) });
    const { student } = ctx.platform.fixtures.roster;
    const record = (xpEarned: number) =>
      queue.record({
        user: { email: student.email, platformId: student.sourcedId },
        activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
        metrics: { xpEarned },
      });
    const [a, b, good] = await Promise.all([record(1), record(2), record(3)]);
    const [first, second] = [a?.eventIds?.[0] as string, b?.eventIds?.[0] as string];
    for (const id of [first, second])
      ctx.platform.faults.inject({
        method: 'POST',
        path: '/caliper/v1p2',
        status: 400,
        times: Infinity,
        bodyIncludes: id,
        body: { error: 'bad_request', message: `${id} is refused` },
      });
    expect(await queue.flush()).toMatchObject({ sent: 1, deadLettered: 2 });
    expect(good?.eventIds).toHaveLength(1);

    const env = {
      REDIS_URL: server.url,
      QUEUE_KEY: KEY,
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: ctx.platform.clients.partner.clientId,
      LEARNKIT_CLIENT_SECRET: ctx.platform.clients.partner.clientSecret,
    };
    const table = await learnkit(['activity', 'dead-letters', 'list', '--queue', MODULE], env);
    expect(table).toMatchObject({ code: 0, stderr: '' });
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+AT\s+STATUS\s+EVENT\s+REASON$/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(`^\\d+-\\d+\\s+\\S+Z\\s+400\\s+ActivityEvent ${first}\\s+${first} is refused$`),
      ),
      expect.stringMatching(
        new RegExp(`^\\d+-\\d+\\s+\\S+Z\\s+400\\s+ActivityEvent ${second}\\s+${second} is refused$`),
      ),
    ]);
    const json = await learnkit(['activity', 'dead-letters', 'list', '--queue', MODULE, '--json'], env);
    const letters = JSON.parse(json.stdout) as {
      id: string;
      status: number;
      reason: string;
      event: { id: string };
    }[];
    expect(letters.map((letter) => [letter.status, letter.event.id])).toEqual([
      [400, first],
      [400, second],
    ]);

    ctx.platform.faults.clear();
    const one = await learnkit(
      ['activity', 'dead-letters', 'retry', '--queue', MODULE, '--id', letters[0]?.id as string],
      env,
    );
    expect(one).toMatchObject({ code: 0, stdout: `Put 1 dead letter back in redis ${KEY}.\n` });
    const rest = await learnkit(
      ['activity', 'dead-letters', 'retry', '--queue', MODULE, '--all', '--json'],
      env,
    );
    expect(JSON.parse(rest.stdout)).toEqual({ retried: 1 });
    expect((await learnkit(['activity', 'dead-letters', 'list', '--queue', MODULE], env)).stdout).toBe(
      `No dead letters in redis ${KEY}.\n`,
    );
    expect(await queue.flush()).toMatchObject({ sent: 2, deadLettered: 0 });
    expect(ctx.platform.state.caliperEvents.map((stored) => stored.event.id)).toEqual(
      expect.arrayContaining([first, second]),
    );
  });

  it('without --queue, or with neither --id nor --all: usage, exit 2', async () => {
    const none = await learnkit(['activity', 'dead-letters', 'list']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give --queue MODULE (or LEARNKIT_ACTIVITY_QUEUE)');
    const neither = await learnkit(['activity', 'dead-letters', 'retry', '--queue', MODULE], {
      REDIS_URL: server.url,
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: 'id',
      LEARNKIT_CLIENT_SECRET: 'secret',
    });
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain(
      'dead-letters retry needs --id ID (repeat for several) or --all, not both',
    );
  });

  it('a store that does not respond: exit 5, naming it', async () => {
    const closed = await startRedisServer();
    await closed.stop();
    const ran = await learnkit(['activity', 'dead-letters', 'list'], {
      LEARNKIT_ACTIVITY_QUEUE: MODULE,
      REDIS_URL: closed.url,
      COMMAND_TIMEOUT_MS: '500',
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: 'id',
      LEARNKIT_CLIENT_SECRET: 'secret',
    });
    expect(ran.code).toBe(5);
    expect(ran.stderr).toContain(`the Redis store "learnkit:activity:queue" at 127.0.0.1:${closed.port}`);
  });
});
