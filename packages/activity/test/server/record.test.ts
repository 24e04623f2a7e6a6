import { InternalServerError, ValidationError } from '@learnkit/core';
import { describe, expect, test, vi } from 'vitest';
import type { LooseHttp } from '../../src/server/http';
import { UnknownUserError } from '../../src/server/index';
import { rosterLookup } from '../../src/server/users';
import { activeSeconds, CONFIG, LESSON, type Mode, RUN, useMock } from './harness';

const USERS = '/ims/oneroster/rostering/v1p2/users';
const RESULTS = '/ims/oneroster/gradebook/v1p2/assessmentResults';

describe.each<Mode>(['msw', 'loopback'])('record (%s)', (mode) => {
  const ctx = useMock(mode);
  const ada = () => ctx.platform.fixtures.roster.student;

  test('sends the completion of decision 7, with the actor resolved from the roster by email', async () => {
    const server = ctx.server();
    const result = await server.record({
      user: { email: ada().email, name: 'Ada Lovelace', role: 'student' },
      activity: LESSON,
      metrics: { xpEarned: 12, totalQuestions: 10, correctQuestions: 8 },
      runId: RUN,
    });
    expect(result).toMatchObject({ runId: RUN, accepted: 1, duplicates: 0 });
    expect(result.pctComplete).toBeUndefined();
    const [event] = ctx.stored();
    expect(event).toEqual(result.events[0]);
    expect(event).toMatchObject({
      type: 'ActivityEvent',
      action: 'Completed',
      profile: 'TimebackProfile',
      actor: {
        id: `${ctx.baseUrl}/rostering/1.0/users/${ada().sourcedId}`,
        type: 'TimebackUser',
        email: ada().email,
        name: 'Ada Lovelace',
        role: 'student',
      },
      object: {
        id: 'https://app.example.com/activities/Math/g3/fractions-1',
        type: 'TimebackActivityContext',
        subject: 'Math',
        app: { name: 'Fractions App' },
        course: { id: 'course-math-g3', name: 'Grade 3 Math' },
        activity: { id: 'https://app.example.com/activities/Math/g3/fractions-1', name: 'Fractions 1' },
      },
      generated: {
        type: 'TimebackActivityMetricsCollection',
        items: [
          { type: 'xpEarned', value: 12 },
          { type: 'totalQuestions', value: 10 },
          { type: 'correctQuestions', value: 8 },
        ],
      },
      extensions: { runId: RUN, courseId: 'course-math-g3' },
    });
    // A fresh (version 4) id: without an idempotencyKey every record is a new completion.
    expect(event!.id).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // The platform ran its gradebook pipeline: a result for Ada with the metrics.
    const results = [...ctx.platform.state.roster.assessmentResults.values()];
    expect(results.at(-1)).toMatchObject({ student: { sourcedId: ada().sourcedId }, score: 80 });
  });

  test('with platformId no roster look-up is made; without, one per email while cached', async () => {
    let clock = 1_000_000;
    const server = ctx.server({ now: () => clock, userCacheTtlMs: 60_000 });
    const base = { activity: LESSON, metrics: { xpEarned: 1 } };
    await server.record({ ...base, user: { email: ada().email, platformId: ada().sourcedId } });
    expect(ctx.requests('GET', USERS)).toHaveLength(0);
    await Promise.all([
      server.record({ ...base, user: { email: ada().email } }),
      server.record({ ...base, user: { email: ada().email } }),
    ]);
    await server.record({ ...base, user: { email: ada().email } });
    expect(ctx.requests('GET', USERS)).toHaveLength(1); // concurrent look-ups share one request
    clock += 60_001;
    await server.record({ ...base, user: { email: ada().email } });
    expect(ctx.requests('GET', USERS)).toHaveLength(2);
    expect(ctx.stored()).toHaveLength(5);
  });

  test('an email no rostering user has is an UnknownUserError (not cached); nothing is sent', async () => {
    const server = ctx.server();
    const params = { user: { email: 'nobody@example.com' }, activity: LESSON, metrics: { xpEarned: 1 } };
    await expect(server.record(params)).rejects.toBeInstanceOf(UnknownUserError);
    await expect(server.record(params)).rejects.toThrow(/no rostering user matches.*nobody@example\.com/);
    expect(ctx.requests('GET', USERS)).toHaveLength(2);
    expect(ctx.stored()).toHaveLength(0);
  });

  /** Adds a student of the partner's first school through the platform's user upsert; returns their id. */
  const addStudent = async (sourcedId: string, email: string) => {
    const school = ctx.platform.fixtures.roster.schoolIds[0]!;
    await (ctx.http() as unknown as LooseHttp).call('PUT', `/rostering/1.0/users/${sourcedId}`, {
      body: {
        email,
        givenName: 'Sean',
        familyName: "O'Brien",
        primaryOrgId: school,
        roles: [{ orgId: school, role: 'student' }],
      },
    });
    return sourcedId;
  };
  const lookups = () =>
    ctx.sent
      .filter((r) => r.method === 'GET' && r.url.pathname === `${USERS}/`)
      .map((r) => r.url.searchParams.get('filter'));

  test("an email with a quote (O'Brien) is found by a contains-filter on its longest sendable part, then the exact email", async () => {
    // docs/decisions.md#d-email-filter-longest-part
    const id = await addStudent('usr-sean-obrien', "o'brien@maple.learnkit.test");
    const result = await ctx.server().record({
      user: { email: "o'brien@maple.learnkit.test" },
      activity: LESSON,
      metrics: { xpEarned: 3 },
    });
    expect(result).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(ctx.stored()[0]).toMatchObject({
      actor: { id: `${ctx.baseUrl}/rostering/1.0/users/${id}`, email: "o'brien@maple.learnkit.test" },
    });
    expect(lookups()).toEqual(["email~'brien@maple.learnkit.test'"]);
    // An email the filter can carry whole is still looked up exactly, as before.
    await ctx.server().record({ user: { email: ada().email }, activity: LESSON, metrics: { xpEarned: 1 } });
    expect(lookups()[1]).toBe(`email='${ada().email}'`);
  });

  test('of users whose emails contain the same part, the exact email picks one; the comparison is case-sensitive', async () => {
    // docs/decisions.md#d-email-filter-longest-part
    const sean = await addStudent('usr-sean-obrien', "o'brien@maple.learnkit.test");
    const mary = await addStudent('usr-mary-obrien', "mary.o'brien@maple.learnkit.test");
    await addStudent('usr-obrien', 'obrien@maple.learnkit.test');
    const actorOf = async (email: string) => {
      const result = await ctx
        .server()
        .record({ user: { email }, activity: LESSON, metrics: { xpEarned: 1 } });
      return (result.events[0]!.actor as { id: string }).id.split('/').pop();
    };
    expect(await actorOf("o'brien@maple.learnkit.test")).toBe(sean);
    expect(await actorOf("mary.o'brien@maple.learnkit.test")).toBe(mary);
    // The contains-filter is case-insensitive and finds Sean, but his email is not this one.
    await expect(actorOf("O'Brien@maple.learnkit.test")).rejects.toThrow(
      /no rostering user matches for user email "O'Brien@maple\.learnkit\.test"/,
    );
    expect(lookups()).toEqual([
      "email~'brien@maple.learnkit.test'",
      "email~'brien@maple.learnkit.test'",
      "email~'Brien@maple.learnkit.test'",
    ]);
  });

  test('the candidates are read page by page until the exact email is found; two exact matches are refused', async () => {
    // docs/decisions.md#d-email-filter-longest-part
    const ids = [];
    for (const n of [1, 2, 3, 4]) ids.push(await addStudent(`usr-obrien-${n}`, `${n}.o'brien@cedar.test`));
    const lookup = rosterLookup(ctx.http() as unknown as LooseHttp, { pageSize: 1 });
    expect(await lookup({ email: "4.o'brien@cedar.test" })).toBe(ids[3]);
    const offsets = ctx.sent
      .filter((r) => r.url.pathname === `${USERS}/`)
      .map((r) => r.url.searchParams.get('offset'));
    expect(offsets).toEqual(['0', '1', '2', '3']);
    expect(await lookup({ email: "5.o'brien@cedar.test" })).toBeUndefined();
    await addStudent('usr-obrien-4-again', "4.o'brien@cedar.test");
    await expect(lookup({ email: "4.o'brien@cedar.test" })).rejects.toThrow(/several rostering users match/);
    // A roster longer than the look-up reads is said so, rather than responded "no user".
    const short = rosterLookup(ctx.http() as unknown as LooseHttp, { pageSize: 1, maxPages: 2 });
    await expect(short({ email: "4.o'brien@cedar.test" })).rejects.toThrow(
      /too many rostering users \(over 2\) have an email containing "brien@cedar\.test"/,
    );
  });

  test('an email with no part a filter can search for is refused naming user.email, nothing sent', async () => {
    // docs/decisions.md#d-email-filter-longest-part
    const error = await ctx
      .server()
      .record({ user: { email: "'@'" }, activity: LESSON, metrics: { xpEarned: 1 } })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: ['user', 'email'], message: expect.stringMatching(/pass user\.platformId/) },
    ]);
    expect(ctx.platform.state.requests).toHaveLength(0);
  });

  test('pctComplete (decision 10): earlier mastered units of the course from the gradebook plus this run', async () => {
    const server = ctx.server();
    const user = { email: ada().email, platformId: ada().sourcedId };
    // Seeded history: 2 + 3 units in course-math-g3; the course has 40 lessons.
    const first = await server.record({ user, activity: LESSON, metrics: { xpEarned: 5, masteredUnits: 1 } });
    expect(first.pctComplete).toBe(15);
    expect(ctx.stored()[0]).toMatchObject({ generated: { extensions: { pctCompleteApp: 15 } } });
    // The completion above is history now.
    const second = await server.record({
      user,
      activity: LESSON,
      metrics: { xpEarned: 5, masteredUnits: 2 },
    });
    expect(second.pctComplete).toBe(20);
  });

  test('a runId correlates and never dedupes: each record of a run is a new completion, and all its units count', async () => {
    const server = ctx.server();
    const user = { email: ada().email, platformId: ada().sourcedId };
    // Seeded history: 5 units in course-math-g3, 40 lessons. A stateful activity resumed twice under one run.
    const first = await server.record({
      user,
      activity: LESSON,
      metrics: { xpEarned: 4, masteredUnits: 2 },
      runId: RUN,
    });
    const resumed = await server.record({
      user,
      activity: LESSON,
      metrics: { xpEarned: 6, masteredUnits: 3 },
      runId: RUN,
    });
    expect(first).toMatchObject({ runId: RUN, pctComplete: 17.5, accepted: 1, duplicates: 0 });
    expect(resumed).toMatchObject({ runId: RUN, pctComplete: 25, accepted: 1, duplicates: 0 });
    expect(resumed.events[0]!.id).not.toBe(first.events[0]!.id);
    const stored = ctx.stored();
    expect(stored.map((event) => event.id)).toEqual([first.events[0]!.id, resumed.events[0]!.id]);
    expect(stored.map((event) => (event.extensions as { runId: string }).runId)).toEqual([RUN, RUN]);
    // The gradebook has both completions of the run: 5 + 2 + 3 units.
    const units = [...ctx.platform.state.roster.assessmentResults.values()]
      .filter((result) => (result.metadata as { courseId?: string } | null)?.courseId === 'course-math-g3')
      .reduce(
        (sum, result) => sum + Number((result.metadata as { masteredUnits?: number }).masteredUnits ?? 0),
        0,
      );
    expect(units).toBe(10);
  });

  test('only an idempotencyKey makes a repeat the same completion: same ids, a duplicate, stored once', async () => {
    const server = ctx.server();
    const user = { email: ada().email, platformId: ada().sourcedId };
    const params = {
      user,
      activity: LESSON,
      metrics: { xpEarned: 5, masteredUnits: 1 },
      time: { startedAt: '2026-01-05T10:00:00Z', endedAt: '2026-01-05T10:05:00Z', activeMs: 300_000 },
      runId: RUN,
      idempotencyKey: 'attempt-42',
    };
    const sent = await server.record(params);
    // A retry after a lost response, from a process that remembers nothing (the platform dedupes by id).
    const again = await ctx.server().record(params);
    expect(sent).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(again).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(again.events.map((e) => e.id)).toEqual(sent.events.map((e) => e.id));
    expect(ctx.stored()).toHaveLength(2);
    // Another key, or no key, under the same run is another completion.
    const other = await server.record({ ...params, idempotencyKey: 'attempt-43' });
    const keyless = await server.record({ ...params, idempotencyKey: undefined });
    expect(other).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(keyless).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(new Set(ctx.stored().map((e) => e.id)).size).toBe(6);
  });

  test('pctComplete is capped at 100, forwarded as given, and not computed without masteredUnits or totalLessons', async () => {
    const server = ctx.server();
    const user = { email: ada().email, platformId: ada().sourcedId };
    const capped = await server.record({
      user,
      activity: LESSON,
      metrics: { xpEarned: 1, masteredUnits: 60 },
    });
    expect(capped.pctComplete).toBe(100);
    const reads = ctx.requests('GET', RESULTS).length;
    const given = await server.record({
      user,
      activity: LESSON,
      metrics: { xpEarned: 1, masteredUnits: 1, pctComplete: 42.5 },
    });
    expect(given.pctComplete).toBe(42.5);
    const none = await server.record({ user, activity: LESSON, metrics: { xpEarned: 1 } });
    expect(none.pctComplete).toBeUndefined();
    const algebra = { ...LESSON, course: { code: 'ALG-1' } };
    const noLessons = await server.record({
      user,
      activity: algebra,
      metrics: { xpEarned: 1, masteredUnits: 3 },
    });
    expect(noLessons.pctComplete).toBeUndefined();
    expect(noLessons.events[0]).toMatchObject({
      object: { id: 'https://app.example.com/activities/ALG-1/fractions-1', course: { name: 'Algebra 1' } },
      generated: {
        items: [
          { type: 'xpEarned', value: 1 },
          { type: 'masteredUnits', value: 3 },
        ],
      },
    });
    expect(ctx.requests('GET', RESULTS)).toHaveLength(reads);
  });

  test('a course with totalLessons but no courseId gets no pctComplete (its history cannot be found), with a warning', async () => {
    const warn = vi.fn();
    const logger = { debug: vi.fn(), info: vi.fn(), warn, error: vi.fn() };
    const server = ctx.server({ logger });
    const reading = { ...LESSON, course: { subject: 'Reading', grade: 3 } };
    const user = { email: ada().email, platformId: ada().sourcedId };
    const result = await server.record({
      user,
      activity: reading,
      metrics: { xpEarned: 1, masteredUnits: 1 },
    });
    expect(result.pctComplete).toBeUndefined();
    await server.record({ user, activity: reading, metrics: { xpEarned: 1, masteredUnits: 1 } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toMatch(/no courseId/);
    expect(ctx.requests('GET', RESULTS)).toHaveLength(0);
  });

  test('time (only for fronts ends with time: false) adds a TimeSpentEvent; without it no time is sent', async () => {
    const server = ctx.server();
    const user = { email: ada().email, platformId: ada().sourcedId };
    const without = await server.record({ user, activity: LESSON, metrics: { xpEarned: 3 } });
    expect(without.events.map((e) => e.type)).toEqual(['ActivityEvent']);
    const withTime = await server.record({
      user,
      activity: LESSON,
      metrics: { xpEarned: 3 },
      time: {
        startedAt: '2026-01-05T10:00:00.000Z',
        endedAt: new Date('2026-01-05T10:05:00.000Z'),
        activeMs: 240_000,
        inactiveMs: 60_000,
      },
    });
    expect(withTime.events.map((e) => e.type)).toEqual(['TimeSpentEvent', 'ActivityEvent']);
    expect(withTime.events[1]!.eventTime).toBe('2026-01-05T10:05:00.000Z');
    expect(withTime.events[0]).toMatchObject({
      generated: {
        items: [
          {
            type: 'active',
            value: 240,
            startDate: '2026-01-05T10:00:00.000Z',
            endDate: '2026-01-05T10:05:00.000Z',
          },
          { type: 'inactive', value: 60 },
        ],
      },
      extensions: { runId: withTime.runId },
    });
    expect(activeSeconds(ctx.stored())).toBe(240);
  });

  test('an upstream failure (the gradebook responds with 500) rejects with its typed error; nothing is sent', async () => {
    ctx.platform.faults.inject({ method: 'GET', path: `${RESULTS}/`, status: 500, times: 3 });
    const server = ctx.server();
    const user = { email: ada().email, platformId: ada().sourcedId };
    await expect(
      server.record({ user, activity: LESSON, metrics: { xpEarned: 1, masteredUnits: 1 } }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(ctx.stored()).toHaveLength(0);
  });
});

describe('record: every rule of the spec table, checked before anything is sent', () => {
  const ctx = useMock('msw');
  const valid = () => ({
    user: { email: ctx.platform.fixtures.roster.student.email },
    activity: LESSON,
    metrics: { xpEarned: 1 } as Record<string, unknown>,
  });
  const issues = async (params: unknown) => {
    const error = await ctx
      .server()
      .record(params as never)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  test.each<[string, (p: ReturnType<typeof valid>) => unknown, RegExp]>([
    ['no params', () => undefined, /^: record needs \{ user, activity, metrics/],
    ['user missing', (p) => ({ ...p, user: undefined }), /^user: must be an object with email/],
    [
      'user.email missing',
      (p) => ({ ...p, user: {} }),
      /^user\.email: must be an email address, got undefined/,
    ],
    ['user.email not an email', (p) => ({ ...p, user: { email: 'ada' } }), /^user\.email: must be an email/],
    ['user.platformId empty', (p) => ({ ...p, user: { ...p.user, platformId: '' } }), /^user\.platformId: /],
    ['activity missing', (p) => ({ ...p, activity: undefined }), /^activity: must be \{ id, name, course \}/],
    [
      'activity.id not a slug',
      (p) => ({ ...p, activity: { ...p.activity, id: 'a b' } }),
      /^activity\.id: must be a URL-safe slug/,
    ],
    ['activity.name missing', (p) => ({ ...p, activity: { ...p.activity, name: '' } }), /^activity\.name: /],
    [
      'course malformed',
      (p) => ({ ...p, activity: { ...p.activity, course: { grade: 3 } } }),
      /^activity\.course: must be \{ subject, grade \} or \{ code \}/,
    ],
    ['metrics missing', (p) => ({ ...p, metrics: undefined }), /^metrics: must be an object/],
    ['xpEarned missing', (p) => ({ ...p, metrics: {} }), /^metrics\.xpEarned: must be a number >= 0/],
    ['xpEarned negative', (p) => ({ ...p, metrics: { xpEarned: -1 } }), /^metrics\.xpEarned: /],
    [
      'totalQuestions alone',
      (p) => ({ ...p, metrics: { xpEarned: 1, totalQuestions: 3 } }),
      /^metrics: totalQuestions and correctQuestions must be given together/,
    ],
    [
      'correct above total',
      (p) => ({ ...p, metrics: { xpEarned: 1, totalQuestions: 3, correctQuestions: 4 } }),
      /^metrics\.correctQuestions: must be an integer from 0 to 3/,
    ],
    [
      'masteredUnits fractional',
      (p) => ({ ...p, metrics: { xpEarned: 1, masteredUnits: 1.5 } }),
      /^metrics\.masteredUnits: must be an integer >= 0/,
    ],
    [
      'pctComplete above 100',
      (p) => ({ ...p, metrics: { xpEarned: 1, pctComplete: 101 } }),
      /^metrics\.pctComplete: must be a number from 0 to 100/,
    ],
    ['runId not a UUID', (p) => ({ ...p, runId: 'run-1' }), /^runId: must be a UUID/],
    [
      'idempotencyKey empty',
      (p) => ({ ...p, idempotencyKey: '' }),
      /^idempotencyKey: must be a non-empty string/,
    ],
    [
      'idempotencyKey too long',
      (p) => ({ ...p, idempotencyKey: 'k'.repeat(256) }),
      /^idempotencyKey: must be a non-empty string of at most 255 characters/,
    ],
    ['time not an object', (p) => ({ ...p, time: 5 }), /^time: must be \{ startedAt, endedAt, activeMs/],
    [
      'time.startedAt not ISO',
      (p) => ({ ...p, time: { startedAt: 'today', endedAt: '2026-01-05T10:00:00Z', activeMs: 0 } }),
      /^time\.startedAt: must be an ISO 8601/,
    ],
    [
      'time.activeMs missing',
      (p) => ({ ...p, time: { startedAt: '2026-01-05T10:00:00Z', endedAt: '2026-01-05T10:00:00Z' } }),
      /^time\.activeMs: must be a number of ms >= 0/,
    ],
    [
      'time ends before it starts',
      (p) => ({
        ...p,
        time: { startedAt: '2026-01-05T10:00:01Z', endedAt: '2026-01-05T10:00:00Z', activeMs: 0 },
      }),
      /^time\.endedAt: must not be before startedAt/,
    ],
    [
      'time longer than its span',
      (p) => ({
        ...p,
        time: {
          startedAt: '2026-01-05T10:00:00Z',
          endedAt: '2026-01-05T10:01:00Z',
          activeMs: 60_000,
          inactiveMs: 1_001,
        },
      }),
      /^time\.activeMs: activeMs \+ inactiveMs \(61001 ms\) exceed endedAt - startedAt \(60000 ms\)/,
    ],
  ])('%s', async (_name, change, expected) => {
    expect(await issues(change(valid()))).toEqual([expect.stringMatching(expected)]);
    expect(ctx.platform.state.requests).toHaveLength(0);
  });

  test('a course that is not in learnkit.config.json, naming those that are', async () => {
    const params = { ...valid(), activity: { ...LESSON, course: { subject: 'Math', grade: 4 } } };
    expect(await issues(params)).toEqual([
      'activity.course: course {"subject":"Math","grade":4} is not in learnkit.config.json, whose courses are: Math grade 3, code "ALG-1", Reading grade 3',
    ]);
    expect(ctx.platform.state.requests).toHaveLength(0);
  });

  test('every problem at once', async () => {
    expect(
      await issues({ user: {}, activity: { id: '', name: 'x', course: { code: 'ALG-1' } }, metrics: {} }),
    ).toEqual([
      expect.stringMatching(/^user\.email/),
      expect.stringMatching(/^activity\.id/),
      expect.stringMatching(/^metrics\.xpEarned/),
    ]);
  });

  test('time within the 1 s slack is taken', async () => {
    const result = await ctx.server().record({
      ...valid(),
      metrics: { xpEarned: 1 },
      time: { startedAt: '2026-01-05T10:00:00Z', endedAt: '2026-01-05T10:01:00Z', activeMs: 60_500 },
    });
    expect(result.events[0]).toMatchObject({ type: 'TimeSpentEvent' });
    void CONFIG;
  });
});
