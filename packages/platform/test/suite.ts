import { ValidationError } from '@learnkit/core';
import { itChecksEveryExchange, itWorksOverASharedHttpClient } from '@learnkit/test-utils';
import { describe, expect, it } from 'vitest';
import { applicationsSuite } from './applications-suite';
import { type Mode, usePlatformMock } from './harness';
import { insightsSuite } from './insights-suite';
import { rosteringSuite } from './rostering-suite';

/** The whole platform suite against the mock through `mode`; run once per transport. */
export function platformSuite(mode: Mode): void {
  const ctx = usePlatformMock(mode);

  describe('createPlatformClient', () => {
    itWorksOverASharedHttpClient(ctx, async (client) => {
      const student = ctx.platform.fixtures.roster.student.sourcedId;
      const user = await client.rostering.users.get(student);
      expect(user.sourcedId).toBe(student);
    });
  });

  describe('contract', () => {
    itChecksEveryExchange(ctx, async (client) => {
      await client.insights.types.list();
      await client.rostering.users.get(ctx.platform.fixtures.roster.student.sourcedId);
    });
  });

  describe('lists', () => {
    it('are page promises holding the whole list: await, for await and toArray agree, with no second request', async () => {
      const client = ctx.client();
      const page = await client.insights.types.list();
      expect(page.data.length).toBeGreaterThan(1);
      expect(page.total).toBe(page.data.length);
      expect(page.hasNextPage()).toBe(false);
      const walked: string[] = [];
      for await (const type of client.insights.types.list()) walked.push(type.slug);
      expect(walked).toEqual(page.data.map((type) => type.slug));
      expect(await client.insights.types.list().toArray({ max: 1000 })).toEqual(page.data);
      expect(ctx.apiRequests()).toHaveLength(3);
      // The listing declares no query parameters, so none is sent.
      expect(ctx.apiRequests().every((request) => request.url.search === '')).toBe(true);
    });

    it('refuse every member of the family list query before sending, naming the field and the fix', async () => {
      const client = ctx.client();
      const query = {
        search: 'Rapid',
        filter: "slug='RapidGuessing'",
        limit: 10,
        offset: 1,
        sort: 'slug',
        orderBy: 'asc',
        fields: ['slug'],
      } as never;
      const error = await client.insights.types.list(query).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      const paths = (error as ValidationError).issues.map((issue) => issue.path.join('.'));
      expect(paths.sort()).toEqual([
        'query.fields',
        'query.filter',
        'query.limit',
        'query.offset',
        'query.orderBy',
        'query.search',
        'query.sort',
      ]);
      expect((error as ValidationError).message).toMatch(
        /query\.search: is not accepted: GET \/insights\/1\.0\/types declares no query parameters.*x-search-fields/,
      );
      await expect(
        client.rostering.roles.list(ctx.platform.fixtures.roster.student.sourcedId, { search: 'x' } as never),
      ).rejects.toThrow(
        /query\.search: is not accepted by GET \/rostering\/1\.0\/users\/\{sourcedId\}\/roles, which takes only limit, offset and filter/,
      );
      await expect(
        client.insights.groups.list({ limit: 5 } as never).toArray({ max: 1000 }),
      ).rejects.toBeInstanceOf(ValidationError);
      expect(ctx.sent).toHaveLength(0);
    });

    it('refuse unknown call options and a bad id before sending', async () => {
      const client = ctx.client();
      await expect(client.rostering.enrollments.list(undefined, { timeout: 5 } as never)).rejects.toThrow(
        /options\.timeout: is not an option here; use signal, timeoutMs/,
      );
      await expect(client.rostering.agents.list('  ')).rejects.toThrow(
        /userId: must be a non-empty identifier/,
      );
      await expect(client.rostering.users.get(42 as never)).rejects.toThrow(
        /userId: must be a non-empty identifier string \(got 42\)/,
      );
      expect(ctx.sent).toHaveLength(0);
    });
  });

  rosteringSuite(ctx);
  applicationsSuite(ctx);
  insightsSuite(ctx);
}
