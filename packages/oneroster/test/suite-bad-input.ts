import { NotFoundError, ValidationError, where } from '@learnkit/core';
import { describe, expect, it } from 'vitest';
import type { OneRosterMock } from './harness';

/** What the SDK refuses before anything is sent, and ids it sends safely. */
export function badInputTests(ctx: OneRosterMock): void {
  const issuesOf = (error: unknown) => (error as ValidationError).issues.map((i) => i.path.join('.'));

  describe('bad input is refused before anything is sent', () => {
    it('a line item that breaks the schema names each member and sends nothing', async () => {
      const lineItems = ctx.client().gradebook.assessmentLineItems;
      const error = await lineItems
        // @ts-expect-error: the schema's mistakes, as untyped code makes them
        .create({ title: 3, component: { id: 'c-1' }, colour: 'red' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(issuesOf(error)).toEqual(expect.arrayContaining(['status', 'title', 'component', 'colour']));
      expect((error as Error).message).toMatch(/^Invalid assessment line item: /);
      const mismatch = await lineItems
        .update('ali-a', { sourcedId: 'ali-b', status: 'active', title: 'Quiz' })
        .catch((e: unknown) => e);
      expect(mismatch).toBeInstanceOf(ValidationError);
      expect((mismatch as Error).message).toContain('sourcedId: is "ali-b" but the call names "ali-a"');
      expect(ctx.sent).toEqual([]);
    });

    it('a body missing a required member is a ValidationError naming it', async () => {
      const client = ctx.client();
      const error = await client.users
        // @ts-expect-error: givenName and roles are required
        .create({ enabledUser: true, familyName: 'Somerville' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(issuesOf(error)).toEqual(expect.arrayContaining(['givenName', 'roles']));
      expect((error as Error).message).toContain('givenName: is required');
      const results = await client.gradebook.lineItems.results
        .create('li-math-g3-fractions', [
          // @ts-expect-error: each result needs its student and its scoreStatus
          { status: 'active', lineItem: { sourcedId: 'x' }, scoreDate: 'now' },
        ])
        .catch((e: unknown) => e);
      expect(issuesOf(results)).toEqual(
        expect.arrayContaining(['0.student', '0.scoreStatus', '0.scoreDate']),
      );
      expect((results as Error).message).toMatch(/^Invalid results: \[0\]\./);
      const empty = await client.gradebook.lineItems.results.create('li-1', []).catch((e: unknown) => e);
      expect(empty).toBeInstanceOf(ValidationError);
      expect(ctx.sent).toEqual([]);
    });

    it('unknown sort and filter fields are refused, naming the fields the object has', async () => {
      const client = ctx.client();
      const sorted = await client.users.list({ sort: 'lastName' }).catch((e: unknown) => e);
      expect(sorted).toBeInstanceOf(ValidationError);
      expect((sorted as Error).message).toContain(
        'sort: "lastName" is not a field of a user; sort by one of sourcedId,',
      );
      expect((sorted as Error).message).toContain('familyName');
      const filtered = await client.classes
        .list({ filter: "status='active' AND colour='red'" })
        .catch((e: unknown) => e);
      expect((filtered as Error).message).toContain(
        'filter: names "colour", which is not a field of a class',
      );
      const built = await client.gradebook.results
        .list({ filter: where.eq('grade', '3') })
        .catch((e: unknown) => e);
      expect(built).toBeInstanceOf(ValidationError);
      expect((built as Error).message).toContain(
        'not a field of a result; filter on one of sourcedId, status',
      );
      // Known fields of the object pass, in a nested listing too.
      await client.schools.classes.students.list('org-maple-elementary', 'class-math-g3', {
        sort: 'familyName',
        filter: where.eq('enabledUser', true),
      });
      expect(ctx.apiRequests()).toHaveLength(1);
    });

    it('bad ids, queries and options are ValidationErrors naming the field, with nothing sent', async () => {
      const client = ctx.client();
      const refusals = await Promise.all([
        client.classes.students.list('', { limit: 10 }).catch((e: unknown) => e),
        client.users.list({ limit: 5000 }).catch((e: unknown) => e),
        // @ts-expect-error: `search` is a list parameter, not an option of a single read
        client.users.get('usr-1', { search: 'ada' }).catch((e: unknown) => e),
        // @ts-expect-error: a typo of `fields`
        client.users.list({ feilds: ['email'] }).catch((e: unknown) => e),
        client.users.get('..').catch((e: unknown) => e),
        client.gradebook.results.delete('.').catch((e: unknown) => e),
      ]);
      for (const error of refusals) expect(error).toBeInstanceOf(ValidationError);
      expect(refusals.map((e) => (e as ValidationError).issues[0]?.path.join('.'))).toEqual([
        'classSourcedId',
        'limit',
        'options.search',
        'feilds',
        'sourcedId',
        'sourcedId',
      ]);
      expect((refusals[4] as Error).message).toContain('which a URL reads as a step of the path');
      expect(ctx.sent).toEqual([]);
    });

    it('an id with / or ? is sent as one encoded path segment, never joined into the path', async () => {
      const client = ctx.client();
      for (const id of ['usr-ada-lovelace/../org-maple-district', 'a?b=1', 'x#y', '../users']) {
        await expect(client.users.get(id)).rejects.toBeInstanceOf(NotFoundError);
      }
      const paths = ctx.apiRequests().map((r) => r.url.pathname + r.url.search);
      expect(paths).toEqual([
        '/ims/oneroster/rostering/v1p2/users/usr-ada-lovelace%2F..%2Forg-maple-district',
        '/ims/oneroster/rostering/v1p2/users/a%3Fb%3D1',
        '/ims/oneroster/rostering/v1p2/users/x%23y',
        '/ims/oneroster/rostering/v1p2/users/..%2Fusers',
      ]);
    });
  });
}
