// lk.activity.queue(...): the activity queue over the instance's transport, configuration and hooks
// (docs/decisions.md#d-queue-observability): records reach the platform in batches through the same requests `lk`
// makes, and `onQueue` of `new LearnKit({ hooks })` reports them beside the transport's hooks.
import { describe, expect, it } from 'vitest';
import {
  createMemoryQueueStore,
  type QueueHookInfo,
  type ResponseHookInfo,
  ValidationError,
} from '../src/index';
import { useSdkMock } from './harness';

describe('lk.activity.queue', () => {
  const ctx = useSdkMock('msw');

  it('sends what lk.activity.record would, in one request for the batch, and reports through the hooks', async () => {
    const queueEvents: QueueHookInfo[] = [];
    const responses: ResponseHookInfo[] = [];
    const lk = ctx.lk({
      hooks: { onQueue: (info) => queueEvents.push(info), onResponse: (info) => responses.push(info) },
    });
    const queue = lk.activity.queue({ store: createMemoryQueueStore() });
    const { student } = ctx.platform.fixtures.roster;
    const params = {
      user: { email: student.email, platformId: student.sourcedId },
      activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
      metrics: { xpEarned: 5 },
      idempotencyKey: 'grading-job-1',
    };
    const queued = await Promise.all([
      queue.record(params),
      queue.record({ ...params, idempotencyKey: 'grading-job-2' }),
    ]);
    expect(await queue.flush()).toEqual({ sent: 2, deadLettered: 0, remaining: 0 });
    const direct = await lk.activity.record(params);
    expect(direct.events.map((event) => event.id)).toEqual(queued[0]?.eventIds);
    expect([direct.accepted, direct.duplicates]).toEqual([0, 1]);
    expect(queueEvents).toEqual([
      {
        queue: 'memory',
        event: 'sent',
        count: 2,
        stats: {
          depth: 0,
          inFlight: 0,
          oldestAgeMs: 0,
          deadLetters: 0,
          sent: 2,
          retried: 0,
          deadLettered: 0,
        },
      },
    ]);
    const caliper = responses.filter((info) => info.operation === 'POST /caliper/v1p2');
    expect(caliper.map((info) => info.status)).toEqual([200, 200]); // the queue's batch, then the direct record
  });

  it('refuses what lk.activity.record refuses, with the same error', async () => {
    const lk = ctx.lk();
    const queue = lk.activity.queue({ store: createMemoryQueueStore() });
    const bad = {
      user: { email: 'x' },
      activity: { id: 'a b', name: '', course: { code: 'NOPE' } },
      metrics: {},
    };
    const [direct, queued] = await Promise.all([
      lk.activity.record(bad as never).catch((error: unknown) => error),
      queue.record(bad as never).catch((error: unknown) => error),
    ]);
    expect(queued).toBeInstanceOf(ValidationError);
    expect((queued as ValidationError).issues).toEqual((direct as ValidationError).issues);
  });
});
