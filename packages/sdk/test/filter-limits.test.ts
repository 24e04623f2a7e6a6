// The platform families' filter limits through the umbrella (docs/decisions.md#d-platform-filter-limits): refused by
// the shared HTTP client before anything (a token request included) is sent, while OneRoster 1.2's generated methods
// still send a longer filter, checked against openapi/ on the mock.
import { QUICK_RETRY, usePlatform } from '@learnkit/test-utils';
import { describe, expect, it } from 'vitest';
import { and, LearnKit, ValidationError, where } from '../src/index';

const ctx = usePlatform('msw');
const THREE = and(where.eq('status', 'active'), where.eq('role', 'student'), where.eq('grade', '09'));

function client(): LearnKit {
  const { clientId, clientSecret } = ctx.platform.clients.partner;
  return new LearnKit({ baseUrl: ctx.baseUrl, clientId, clientSecret, retry: QUICK_RETRY, env: {} });
}

describe('filter limits through new LearnKit()', () => {
  it('refuses a third predicate on /rostering/1.0 before sending anything', async () => {
    const call = client().http.call as (method: string, path: string, init: object) => Promise<unknown>;
    const error = await call('GET', '/rostering/1.0/enrollments', {
      params: { query: { filter: THREE } },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain('/rostering/1.0 takes at most 2 per filter');
    await ctx.flush();
    expect(ctx.sent).toEqual([]);
  });

  it('sends three predicates to OneRoster 1.2, which keeps its own rules', async () => {
    const users = and(
      where.eq('status', 'active'),
      where.eq('enabledUser', 'true'),
      where.contains('email', '@'),
    );
    const page = await client().oneroster.users.list({ filter: users, limit: 5 });
    expect(Array.isArray(page.data)).toBe(true);
    await ctx.flush();
    const listing = ctx.sent.find((request) => request.url.searchParams.has('filter'));
    expect(listing?.url.searchParams.get('filter')).toBe(String(users));
  });
});
