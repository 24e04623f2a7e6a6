// The examples of docs/testing.md and docs/pagination-and-filters.md, run as written (MSW, a fresh platform per
// test), so the guides cannot drift from what works.
import { createMockPlatform, generateFramework, type MockPlatform } from '@learnkit/mock';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  AuthenticationError,
  and,
  createWebhookHandler,
  LearnKit,
  NotFoundError,
  ValidationError,
  where,
} from '../src/index';

const server = setupServer();
let platform: MockPlatform;
let lk: LearnKit;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  platform = createMockPlatform();
  server.resetHandlers(...platform.handlers);
  const { partner } = platform.clients;
  lk = new LearnKit({
    baseUrl: platform.baseUrl,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    env: {},
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
  });
});
afterEach(() => platform.close());
afterAll(() => server.close());

it('testing.md: reads the seeded framework', async () => {
  const page = await lk.case.items.list({ filter: "CFItemType='Standard'", limit: 10 });
  expect(page.data).toHaveLength(10);
});

it('testing.md: uploads a package', async () => {
  const pkg = generateFramework({ seed: 7, items: 50 });
  await lk.case.packages.upload(pkg);
  expect(platform.state.case.documents.has(pkg.CFDocument.identifier)).toBe(true);
});

it('testing.md: maps a 404 to NotFoundError', async () => {
  await expect(lk.case.items.get('00000000-0000-0000-0000-00000000beef')).rejects.toBeInstanceOf(
    NotFoundError,
  );
});

it('testing.md: a revoked client gets an AuthenticationError', async () => {
  await lk.case.documents.list();
  platform.faults.revokeTokens({ clientId: platform.clients.partner.clientId });
  platform.faults.inject({ path: '/auth/1.0/token', status: 401, times: Number.POSITIVE_INFINITY });
  await expect(lk.case.documents.list()).rejects.toBeInstanceOf(AuthenticationError);
});

it('testing.md: one token for all those calls', async () => {
  await Promise.all([
    lk.case.documents.list(),
    lk.case.items.list(),
    lk.webhooks.subscriptions.list('app-learnkit-demo'),
  ]);
  expect(platform.state.tokens).toHaveLength(1);
});

it('testing.md: handles enrollment.created end to end on the manual clock', async () => {
  const seen: string[] = [];
  const url = 'https://hooks.example.com/learnkit';
  const sub = await lk.webhooks.subscriptions.create(platform.fixtures.application.applicationId, {
    url,
    eventTypes: ['enrollment.created'],
  });
  const handler = createWebhookHandler({
    secret: sub.signingSecret,
    now: () => platform.clock.now(),
    on: { 'enrollment.created': (event) => void seen.push(event.data.enrollmentId) },
  });
  server.use(http.post(url, ({ request }) => handler(request)));

  const { roster } = platform.fixtures;
  platform.emit('enrollment.created', {
    enrollmentId: 'e-1',
    classId: roster.classIds[0],
    userId: roster.student.sourcedId,
  });
  await platform.clock.advance(60_000);
  expect(seen).toEqual(['e-1']);
});

it('pagination-and-filters.md: pages, for await, toArray, built filters, checked queries', async () => {
  const all: string[] = [];
  for await (const item of lk.case.items.list({ limit: 100, fields: ['sourcedId'] }))
    all.push(item.sourcedId);
  const total = (await lk.case.items.list({ limit: 1 })).total;
  expect(all).toHaveLength(total as number);

  let pages = 0;
  for await (const page of lk.case.items.list({ limit: 100 }).pages()) {
    pages++;
    expect(page.data.length).toBeLessThanOrEqual(100);
  }
  expect(pages).toBe(Math.ceil(all.length / 100));

  await expect(lk.case.items.list({ limit: 10 }).toArray({ max: 5 })).rejects.toThrow();
  const docs = await lk.case.documents.list().toArray({ max: 1000 });
  expect(docs.length).toBeGreaterThan(0);

  const filtered = await lk.case.items.list({
    filter: and(where.eq('CFItemType', 'Standard'), where.contains('humanCodingScheme', '.NF.')),
    limit: 3000,
  });
  expect(filtered.data.length).toBeGreaterThan(0);
  for (const item of filtered.data) expect(item.humanCodingScheme).toContain('.NF.');

  expect(() => where.eq('title', "it's")).toThrow(ValidationError);
  await expect(lk.case.items.list({ limit: 0 })).rejects.toBeInstanceOf(ValidationError);
  const { users } = await lk.http.call('GET', '/ims/oneroster/rostering/v1p2/users/', {
    params: { query: { limit: 100, filter: String(where.eq('familyName', 'Lovelace')) } },
  });
  expect(users.length).toBeGreaterThan(0);
  for (const user of users) expect(user.familyName).toBe('Lovelace');
});
