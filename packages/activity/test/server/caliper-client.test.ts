import {
  ConnectionError,
  InternalServerError,
  UnprocessableEntityError,
  ValidationError,
} from '@learnkit/core';
import { describe, expect, test } from 'vitest';
import {
  assessmentEvent,
  type CaliperTimeSpentEvent,
  envelope,
  sessionEvent,
  timeSpentEvent,
} from '../../src/caliper/index';
import { createCaliperClient } from '../../src/server/index';
import { CONFIG, type Mode, RUN, useMock } from './harness';

const sensor = CONFIG.sensor;

describe.each<Mode>(['msw', 'loopback'])('createCaliperClient (%s)', (mode) => {
  const ctx = useMock(mode);

  const actor = () => ({
    id: `${ctx.baseUrl}/rostering/1.0/users/${ctx.platform.fixtures.roster.student.sourcedId}`,
    email: ctx.platform.fixtures.roster.student.email,
  });
  const spent = (activeMs = 15_000): CaliperTimeSpentEvent =>
    timeSpentEvent({
      sensor,
      actor: actor(),
      app: CONFIG.app,
      course: CONFIG.courses[0]!,
      activity: { id: 'fractions-1', name: 'Fractions 1' },
      runId: RUN,
      window: {
        activeMs,
        inactiveMs: 0,
        startedAt: '2026-01-05T10:00:00.000Z',
        endedAt: new Date(Date.parse('2026-01-05T10:00:00.000Z') + activeMs).toISOString(),
      },
    });
  /** Bodies of the Caliper requests, through a fetch that records them. */
  const recordingClient = (
    options: Parameters<typeof createCaliperClient>[1] = {},
    fail: (body: string) => boolean = () => false,
  ) => {
    const bodies: string[] = [];
    const inner =
      ctx.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const client = createCaliperClient(
      ctx.options({
        fetch: async (input, init) => {
          const request = new Request(input, init);
          if (new URL(request.url).pathname === '/caliper/v1p2') {
            const body = await request.clone().text();
            if (fail(body)) throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
            bodies.push(body);
          }
          return inner(request);
        },
      }),
      { sensor, ...options },
    );
    return { client, bodies };
  };

  test('sends one event, an array, or an envelope, and reports what the platform took', async () => {
    const caliper = createCaliperClient(ctx.http(), { sensor });
    const [a, b, c, d] = [spent(), spent(), spent(), spent()];
    expect(await caliper.send(a)).toEqual({ accepted: 1, duplicates: 0, skipped: [], requests: 1 });
    expect(await caliper.send([b, c])).toEqual({ accepted: 2, duplicates: 0, skipped: [], requests: 1 });
    const env = envelope({ sensor: 'https://other.example.com', events: [d] });
    expect(await caliper.send(env)).toMatchObject({ accepted: 1, requests: 1 });
    expect(ctx.stored().map((e) => e.id)).toEqual([a.id, b.id, c.id, d.id]);
    expect(ctx.platform.state.caliperEvents.at(-1)?.sensor).toBe('https://other.example.com');
  });

  test('batches by count (default 100) and by bytes, in order, each body within both bounds', async () => {
    const events = Array.from({ length: 250 }, () => spent());
    const { client, bodies } = recordingClient();
    expect(await client.send(events)).toMatchObject({ accepted: 250, requests: 3 });
    expect(bodies.map((b) => JSON.parse(b).data.length)).toEqual([100, 100, 50]);

    const small = recordingClient({ maxBatchBytes: 8192, maxBatchEvents: 50 });
    const more = Array.from({ length: 30 }, () => spent());
    const result = await small.client.send(more);
    expect(result.accepted).toBe(30);
    expect(result.requests).toBeGreaterThan(3);
    for (const body of small.bodies)
      expect(new TextEncoder().encode(body).byteLength).toBeLessThanOrEqual(8192);
    expect(small.bodies.flatMap((b) => JSON.parse(b).data.map((e: { id: string }) => e.id))).toEqual(
      more.map((e) => e.id),
    );
  });

  test('never sends an accepted id again, and says which it skipped', async () => {
    const { client, bodies } = recordingClient();
    const [a, b, c] = [spent(), spent(), spent()];
    await client.send([a, b]);
    expect(await client.send([a, b])).toEqual({
      accepted: 0,
      duplicates: 0,
      skipped: [a.id, b.id],
      requests: 0,
    });
    expect(await client.send([b, c, a])).toEqual({
      accepted: 1,
      duplicates: 0,
      skipped: [b.id, a.id],
      requests: 1,
    });
    expect(bodies.map((body) => JSON.parse(body).data.length)).toEqual([2, 1]);
    expect(client.hasAccepted(c.id)).toBe(true);
    // Another process (no memory of them) gets the platform's own count of duplicates.
    const other = createCaliperClient(ctx.http(), { sensor });
    expect(await other.send([a, b, c])).toMatchObject({ accepted: 0, duplicates: 3, requests: 1 });
  });

  test('remembers a bounded number of ids (oldest forgotten first); 0 remembers none', async () => {
    const { client } = recordingClient({ rememberAccepted: 2 });
    const [a, b, c] = [spent(), spent(), spent()];
    await client.send([a, b, c]);
    expect([a, b, c].map((e) => client.hasAccepted(e.id))).toEqual([false, true, true]);
    const none = recordingClient({ rememberAccepted: 0 });
    await none.client.send(a);
    expect(none.client.hasAccepted(a.id)).toBe(false);
    expect(await none.client.send(a)).toMatchObject({ duplicates: 1, requests: 1 });
  });

  test('is idempotent: the transport retries a 500, and the platform stores the events once', async () => {
    ctx.platform.faults.inject({ method: 'POST', path: '/caliper/v1p2', status: 500, times: 1 });
    const caliper = createCaliperClient(ctx.http(), { sensor });
    const event = spent();
    expect(await caliper.send(event)).toMatchObject({ accepted: 1, requests: 1 });
    expect(ctx.requests('POST', '/caliper/v1p2').map((r) => r.status)).toEqual([500, 200]);
    expect(ctx.stored()).toHaveLength(1);
  });

  test('a failed send rejects with the typed error and forgets nothing it did not send', async () => {
    ctx.platform.faults.inject({ method: 'POST', path: '/caliper/v1p2', status: 500, times: 3 });
    const caliper = createCaliperClient(ctx.http(), { sensor });
    const event = spent();
    await expect(caliper.send(event)).rejects.toBeInstanceOf(InternalServerError);
    expect(ctx.requests('POST', '/caliper/v1p2')).toHaveLength(3); // the first try and two retries
    expect(caliper.hasAccepted(event.id)).toBe(false);
    expect(await caliper.send(event)).toMatchObject({ accepted: 1 });
  });

  test('batches before a failure stay accepted; the failed one is sent by the next call', async () => {
    const events = [spent(), spent(), spent(), spent()];
    let broken = true;
    const { client } = recordingClient(
      { maxBatchEvents: 2 },
      (body) => broken && body.includes(events[2]!.id),
    );
    await expect(client.send(events)).rejects.toBeInstanceOf(ConnectionError);
    expect(events.map((e) => client.hasAccepted(e.id))).toEqual([true, true, false, false]);
    broken = false;
    expect(await client.send(events)).toMatchObject({
      accepted: 2,
      skipped: [events[0]!.id, events[1]!.id],
      requests: 1,
    });
    expect(ctx.stored()).toHaveLength(4);
  });
});

describe('createCaliperClient: validation before sending (msw)', () => {
  const ctx = useMock('msw');
  const actor = () => ({
    id: `${ctx.baseUrl}/rostering/1.0/users/${ctx.platform.fixtures.roster.student.sourcedId}`,
    email: ctx.platform.fixtures.roster.student.email,
  });
  const spent = () =>
    timeSpentEvent({
      sensor,
      actor: actor(),
      app: CONFIG.app,
      course: CONFIG.courses[0]!,
      activity: { id: 'fractions-1', name: 'Fractions 1' },
      runId: RUN,
      window: {
        activeMs: 1000,
        inactiveMs: 0,
        startedAt: '2026-01-05T10:00:00Z',
        endedAt: '2026-01-05T10:00:01Z',
      },
    });
  const issuesOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  test('refuses an event that breaks the platform schema, naming the path; nothing is sent', async () => {
    const caliper = createCaliperClient(ctx.http(), { sensor });
    const bad = {
      ...spent(),
      actor: { ...actor(), type: 'TimebackUser' as const, email: 42 as unknown as string },
    };
    const extra = { ...spent(), object: { ...spent().object, colour: 'red' } };
    const issues = await issuesOf(caliper.send([spent(), bad, extra]));
    expect(issues).toEqual([
      expect.stringMatching(/^data\.1\.actor\.email: .*string/),
      expect.stringMatching(/^data\.2\.object\.colour: is not allowed/),
    ]);
    expect((await caliper.send(spent()).catch(() => 0)) && ctx.requests('POST', '/caliper')).toHaveLength(1);
  });

  test('refuses bare events without a sensor, repeated ids, an empty batch and an oversized event', async () => {
    const plain = createCaliperClient(ctx.http());
    expect(await issuesOf(plain.send(spent()))).toEqual([expect.stringMatching(/^sensor: is required/)]);
    const caliper = createCaliperClient(ctx.http(), { sensor, maxBatchBytes: 1024 });
    const event = spent();
    expect(await issuesOf(caliper.send([event, event]))).toEqual([
      `data.1.id: repeats the id of data[0] (${event.id})`,
    ]);
    expect(await issuesOf(caliper.send([]))).toEqual(['data: must hold at least one event']);
    const big = { ...spent(), object: { ...spent().object, activity: { name: 'x'.repeat(2000) } } };
    expect(await issuesOf(caliper.send(big))).toEqual([expect.stringMatching(/^data\.0: is \d+ bytes/)]);
    expect(ctx.requests('POST', '/caliper')).toHaveLength(0);
  });

  test('checks the envelope members', async () => {
    const caliper = createCaliperClient(ctx.http());
    const env = {
      ...envelope({ sensor, events: [spent()] }),
      dataVersion: 'v1',
      sendTime: 'yesterday',
      extra: 1,
    };
    expect(await issuesOf(caliper.send(env as never))).toEqual([
      'sendTime: must be an ISO 8601 date-time with a zone (got "yesterday")',
      'dataVersion: must be "http://purl.imsglobal.org/ctx/caliper/v1p2" (got "v1")',
      'extra: is not a member of a Caliper envelope (sensor, sendTime, dataVersion, data)',
    ]);
  });

  test('sends the other events the spec names (SessionEvent, AssessmentEvent) as the platform takes them', async () => {
    const caliper = createCaliperClient(ctx.http(), { sensor });
    const user = actor().id;
    const session = 'https://app.example.com/sessions/1';
    const events = [
      sessionEvent({ action: 'LoggedIn', actor: user, object: sensor, session }),
      assessmentEvent({
        action: 'Started',
        actor: user,
        object: { id: 'https://app.example.com/tests/1', type: 'Assessment' },
        generated: { id: 'https://app.example.com/attempts/1', type: 'Attempt' },
        session,
      }),
      { ...sessionEvent({ action: 'NavigatedTo', actor: user, object: sensor }), type: 'NavigationEvent' },
    ];
    expect(await caliper.send(events)).toMatchObject({ accepted: 3 });
  });

  test('the platform refusing a batch (an actor no roster user matches) is its typed error', async () => {
    const caliper = createCaliperClient(ctx.http(), { sensor });
    const event = sessionEvent({
      action: 'LoggedIn',
      actor: `${ctx.baseUrl}/rostering/1.0/users/nobody`,
      object: sensor,
    });
    await expect(caliper.send(event)).rejects.toBeInstanceOf(UnprocessableEntityError);
    expect(caliper.hasAccepted(event.id)).toBe(false);
  });

  test('refuses bad options at creation', () => {
    expect(() => createCaliperClient(ctx.http(), { maxBatchEvents: 0, sensor: 'not a url' })).toThrow(
      /maxBatchEvents: must be an integer >= 1.*sensor: must be an absolute IRI/,
    );
  });
});
