// new LearnKit({ activity: { getUser, queue: { store } } }): lk.activity.handler puts what the browser tracker posts on
// the durable queue, and lk.activity.handlerQueue is that queue, reporting through the instance's hooks
// (docs/decisions.md#d-handler-on-queue).
import { describe, expect, it } from 'vitest';
import { createMemoryQueueStore, type QueueHookInfo } from '../src/index';
import { useSdkMock } from './harness';

describe('lk.activity.handler on the queue', () => {
  const ctx = useSdkMock('msw');

  it('responds with 202 once stored; handlerQueue sends the windows in one request and reports through onQueue', async () => {
    const queueEvents: QueueHookInfo[] = [];
    const { student } = ctx.platform.fixtures.roster;
    const lk = ctx.lk({
      hooks: { onQueue: (info) => queueEvents.push(info) },
      activity: {
        config: {
          sensor: 'https://app.example.com',
          app: { name: 'Fractions App' },
          courses: [{ subject: 'Math', grade: 3 }],
        },
        getUser: () => ({ email: student.email, platformId: student.sourcedId }),
        queue: { store: createMemoryQueueStore() },
      },
    });
    const window = (n: number) => ({
      kind: 'timeSpent',
      id: `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      runId: 'run-1',
      activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
      window: {
        activeMs: 14_000,
        inactiveMs: 0,
        startedAt: '2026-01-05T10:00:00Z',
        endedAt: '2026-01-05T10:00:15Z',
      },
    });
    for (let n = 1; n <= 5; n++) {
      const rawResponse = await lk.activity.handler(
        new Request('https://app.example.com/api/activity', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ v: 1, events: [window(n)] }),
        }),
      );
      expect(rawResponse.status).toBe(202);
    }
    expect(ctx.platform.state.caliperEvents).toHaveLength(0);
    expect(await lk.activity.handlerQueue?.flush()).toEqual({ sent: 5, deadLettered: 0, remaining: 0 });
    expect(ctx.platform.state.caliperEvents).toHaveLength(5);
    expect(queueEvents.map((info) => [info.event, info.count])).toEqual([['sent', 5]]);
  });

  it('without queue, lk.activity.handlerQueue is undefined', () => {
    const lk = ctx.lk({ activity: { getUser: () => null } });
    expect(lk.activity.handlerQueue).toBeUndefined();
  });
});
