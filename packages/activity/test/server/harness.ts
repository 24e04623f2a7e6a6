// A fresh mock platform per test, reached through MSW or a loopback HTTP server; every request the server side
// sends and every response it gets is checked against openapi/ (a violation fails the test).
import type { HttpClient, HttpClientOptions } from '@learnkit/core';
import { clientOptions, httpClient, type Mode, usePlatform } from '@learnkit/test-utils';
import type { LearnkitConfig } from '../../src/config/types';
import type { CompletionMessage, TimeSpentMessage } from '../../src/protocol';
import {
  type ActivityQueueOptions,
  type ActivityServerOptions,
  createActivityQueue,
  createActivityServer,
  createMemoryQueueStore,
} from '../../src/server/index';
import { newEventId } from '../../src/uuid';

export { contract, type Mode } from '@learnkit/test-utils';

/** The configuration of the tests: the seeded Math course (with gradebook history), a coded one, one without id. */
export const CONFIG: LearnkitConfig = {
  sensor: 'https://app.example.com',
  app: { name: 'Fractions App' },
  courses: [
    { subject: 'Math', grade: 3, courseId: 'course-math-g3', totalLessons: 40 },
    { code: 'ALG-1', subject: 'Math', name: 'Algebra 1' },
    { subject: 'Reading', grade: 3, totalLessons: 10 },
  ],
};

export const LESSON = { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } };
export const RUN = '0b7e6d5c-4f3a-4b2c-9d1e-8f7a6b5c4d3e';

/** A time window message as the tracker sends it. */
export function windowMessage(activeMs: number, more: Partial<TimeSpentMessage> = {}): TimeSpentMessage {
  const endedAt = new Date(Date.UTC(2026, 0, 5, 10, 0, 15)).toISOString();
  const startedAt = new Date(Date.parse(endedAt) - activeMs - 1000).toISOString();
  return {
    kind: 'timeSpent',
    id: newEventId(),
    runId: RUN,
    activity: LESSON,
    window: { activeMs, inactiveMs: 1000, startedAt, endedAt },
    ...more,
  };
}

/** A completion message as the tracker sends it. */
export function completionMessage(
  completion: CompletionMessage['completion'],
  more: Partial<CompletionMessage> = {},
): CompletionMessage {
  return {
    kind: 'completion',
    id: newEventId(),
    runId: RUN,
    activity: LESSON,
    at: '2026-01-05T10:05:00.000Z',
    completion,
    ...more,
  };
}

/** A POST of `events` to the handler, as the tracker makes it. */
export function post(events: unknown[], init: RequestInit = {}): Request {
  return new Request('https://app.example.com/api/activity', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'session=ada' },
    body: JSON.stringify({ v: 1, events }),
    ...init,
  });
}

/**
 * The workspace harness (`@learnkit/test-utils`) with the activity server: a fresh mock platform per test,
 * reached through `mode`, every exchange checked against openapi/.
 */
export function useMock(mode: Mode) {
  const ctx = usePlatform(mode);
  return Object.assign(ctx, {
    /** Core HTTP client options for the partner, with quick retries. */
    options(extra: Partial<HttpClientOptions> = {}): HttpClientOptions {
      return clientOptions(ctx, undefined, extra);
    },
    http(extra: Partial<HttpClientOptions> = {}): HttpClient<object> {
      return httpClient(ctx, undefined, extra);
    },
    /** An activity server for the partner, on CONFIG, with Ada as the user of every request. */
    server(extra: Partial<ActivityServerOptions> = {}) {
      return createActivityServer({
        client: clientOptions(ctx),
        config: CONFIG,
        getUser: (req) =>
          req.headers.get('cookie')?.includes('session=ada')
            ? { email: ctx.platform.fixtures.roster.student.email }
            : null,
        logger: false,
        ...extra,
      });
    },
    /** An activity queue for the partner, on CONFIG, over a memory store unless `extra` gives one. */
    queue(extra: Partial<ActivityQueueOptions> = {}) {
      return createActivityQueue({
        client: clientOptions(ctx),
        config: CONFIG,
        store: createMemoryQueueStore(),
        logger: false,
        ...extra,
      });
    },
    /** How many times the ingest received each event id (docs/decisions.md#d-mock-caliper-receipts). */
    receipts: (): Map<string, number> =>
      new Map(ctx.platform.state.caliperEvents.map((s) => [s.event.id as string, s.receipts ?? 1])),
    /** The Caliper events the platform stored. */
    stored: (): Record<string, unknown>[] => ctx.platform.state.caliperEvents.map((s) => s.event),
    /** Requests the platform responded to `path` (a prefix). */
    requests: (method: string, path: string): { method: string; path: string; status: number }[] =>
      ctx.platform.state.requests.filter((r) => r.method === method && r.path.startsWith(path)),
  });
}

/** The active seconds of the stored TimeSpentEvents. */
export function activeSeconds(events: Record<string, unknown>[]): number {
  let sum = 0;
  for (const event of events) {
    if (event.type !== 'TimeSpentEvent') continue;
    const items = (event.generated as { items: { type: string; value: number }[] }).items;
    for (const item of items) if (item.type === 'active') sum += item.value;
  }
  return sum;
}
