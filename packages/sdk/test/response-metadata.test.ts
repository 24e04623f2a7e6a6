// Response metadata on every call (issue 16 item 3, docs/decisions.md#d-api-promise): `await` gives the data,
// `.withResponse()` the data with the final response and the request id the call sent, `.asResponse()` the raw
// response with its body still to read.
import { sessionEvent } from '@learnkit/activity/caliper';
import { ApiPromise, NotFoundError, ValidationError } from '@learnkit/core';
import { PagePromise } from '@learnkit/core/internal';
import { describe, expect, it } from 'vitest';
import type { LearnKit } from '../src/index';
import { useSdkMock } from './harness';
import { MAPPED } from './resource-map';

const ctx = useSdkMock('msw');

/** One call of each family, with valid arguments from the seeded platform. */
function callsOf(lk: LearnKit): Record<string, () => ApiPromise<unknown> | PagePromise<unknown>> {
  const { fixtures } = ctx.platform;
  const appId = fixtures.application.applicationId;
  const studentId = fixtures.roster.student.sourcedId;
  return {
    'case.documents.get': () => lk.case.documents.get(fixtures.case.documentId),
    'case.items.list': () => lk.case.items.list({ limit: 5 }),
    'case.items.validate': () => lk.case.items.validate(fixtures.case.standardIds.slice(0, 2)),
    'webhooks.subscriptions.list': () => lk.webhooks.subscriptions.list(appId),
    'rostering.users.get': () => lk.rostering.users.get(studentId),
    'applications.applications.get': () => lk.applications.applications.get(appId),
    'insights.types.list': () => lk.insights.types.list(),
    'beyond.grades.get': () => lk.beyond.grades.get({ studentId, subject: 'Math' }),
    'discountCodes.validateForApp': () => lk.discountCodes.validateForApp('WELCOME10'),
    'oneroster.users.get': () => lk.oneroster.users.get(studentId),
    'caliper.send': () =>
      lk.caliper.send(
        sessionEvent({
          action: 'LoggedIn',
          actor: `${ctx.baseUrl}/rostering/1.0/users/${studentId}`,
          object: 'https://app.example.com',
          session: 'https://app.example.com/sessions/metadata',
        }),
        { sensor: 'https://app.example.com' },
      ),
    'activity.record': () =>
      lk.activity.record({
        user: { email: fixtures.roster.student.email, platformId: studentId },
        activity: { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } },
        metrics: { xpEarned: 3 },
      }),
  };
}

const CALLS = [
  'case.documents.get',
  'case.items.list',
  'case.items.validate',
  'webhooks.subscriptions.list',
  'rostering.users.get',
  'applications.applications.get',
  'insights.types.list',
  'beyond.grades.get',
  'discountCodes.validateForApp',
  'oneroster.users.get',
  'caliper.send',
  'activity.record',
];

/** The `X-Request-Id` of the last API request sent (token requests left out). */
async function lastRequestId(): Promise<string | null> {
  await ctx.flush();
  const api = ctx.sent.filter((request) => !request.url.pathname.includes('/token'));
  return api.at(-1)?.headers.get('x-request-id') ?? null;
}

describe('withResponse() and asResponse() on a call of every family', () => {
  it.each(CALLS)('%s: the same data, the final response and the id it sent', async (name) => {
    const call = callsOf(ctx.lk())[name] as () => ApiPromise<unknown> | PagePromise<unknown>;
    const data = await call();
    const { data: again, response, requestId } = await call().withResponse();
    expect(requestId).toMatch(/^req_[0-9a-f]{32}$/);
    expect(requestId).toBe(await lastRequestId());
    expect(response.ok).toBe(true);
    // A page is a new Page each time: compare what it holds; a completion has fresh ids and times each time.
    const held = (value: unknown) =>
      name === 'activity.record'
        ? Object.keys(value as object).sort()
        : value instanceof Object && 'data' in value
          ? value.data
          : value;
    expect(held(again)).toEqual(held(data));

    const raw = await call().asResponse();
    expect(raw).toBeInstanceOf(Response);
    expect(raw.ok).toBe(true);
    expect(raw.bodyUsed).toBe(false);
    if (raw.status !== 204 && raw.headers.get('content-type')?.includes('json')) {
      expect(await raw.json()).toBeTypeOf('object');
    }
  });

  it('asResponse() gives the body as the platform sent it, unparsed', async () => {
    const lk = ctx.lk();
    const id = ctx.platform.fixtures.case.documentId;
    const text = await (await lk.case.documents.get(id).asResponse()).text();
    expect(JSON.parse(text)).toEqual({ CFDocument: await lk.case.documents.get(id) });
  });

  it('an ApiError rejects all three forms, and carries the same request id', async () => {
    const lk = ctx.lk();
    const missing = '00000000-0000-4000-8000-00000000dead';
    for (const read of [
      () => lk.case.documents.get(missing),
      () => lk.case.documents.get(missing).withResponse(),
      () => lk.case.documents.get(missing).asResponse(),
    ]) {
      const error = await Promise.resolve(read()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).requestId).toBe(await lastRequestId());
    }
  });

  it('a call that sends no request (validate of no ids) gives its data, and says it has no response', async () => {
    const lk = ctx.lk();
    expect(await lk.case.items.validate([])).toEqual({ valid: [], invalid: [] });
    await expect(lk.case.items.validate([]).withResponse()).rejects.toThrow(/sent no request/);
    expect(ctx.sent).toHaveLength(0);
  });
});

/** Every method of the resource map, as a path from the instance. */
const METHODS = [...new Set(MAPPED.map((op) => op.method))];

const at = (root: object, path: string): { self: object; fn: unknown } => {
  const keys = path.split('.');
  let self: object = root;
  for (const key of keys.slice(0, -1)) self = (self as Record<string, object>)[key] as object;
  return { self, fn: (self as Record<string, unknown>)[keys.at(-1) as string] };
};

describe('every method of every family', () => {
  it.each(METHODS)(
    '%s returns an ApiPromise (or a list PagePromise) and refuses bad input by rejecting, never throwing',
    async (path) => {
      const lk = ctx.lk();
      const { self, fn } = at(lk, path);
      expect(fn).toBeTypeOf('function');
      // Arguments no method accepts: a number where every method wants an id, an object or events.
      const result = (fn as (...args: unknown[]) => unknown).call(self, 42, 42, 42, 42);
      expect(result instanceof ApiPromise || result instanceof PagePromise, path).toBe(true);
      await expect(Promise.resolve(result)).rejects.toBeInstanceOf(ValidationError);
      await ctx.flush();
      expect(ctx.sent.filter((request) => !request.url.pathname.includes('/token'))).toEqual([]);
    },
  );
});
