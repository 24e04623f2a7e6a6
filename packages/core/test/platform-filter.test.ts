// The platform's families take at most 2 predicates per filter and never mix AND with OR (the reference's
// listing conventions; docs/decisions.md#d-platform-filter-limits). Refused before sending; OneRoster 1.2 and CASE
// keep their own rules.
import { describe, expect, it } from 'vitest';
import { and, createHttpClient, or, staticToken, ValidationError, where } from '../src/index';
import { platformFilterIssue } from '../src/internal/index';

const THREE = and(where.eq('status', 'active'), where.eq('role', 'student'), where.eq('grade', '09'));
const MIXED = "status='active' AND role='student' OR role='teacher'";

describe('platformFilterIssue', () => {
  it.each([
    '/rostering/1.0/users',
    '/rostering/1.0/enrollments',
    '/applications/1.0',
    '/insights/1.0/users/u-1',
  ])('%s: refuses a third predicate, naming the rule, the fields and the fix', (path) => {
    const family = path.split('/').slice(0, 3).join('/');
    expect(platformFilterIssue(path, THREE)).toEqual({
      path: ['filter'],
      message: `has 3 predicates (on status, role, grade); ${family} takes at most 2 per filter: keep the 2 that narrow the list most and keep the items you want from what you read, or run separate queries`,
    });
    expect(platformFilterIssue(path, String(THREE))?.message).toMatch(/^has 3 predicates/);
    expect(
      platformFilterIssue(path, or(where.eq('a', '1'), where.eq('b', '2'), where.eq('c', '3'))),
    ).toBeDefined();
  });

  it('refuses AND mixed with OR, whatever the count', () => {
    expect(platformFilterIssue('/rostering/1.0/users', MIXED)?.message).toBe(
      'mixes AND with OR (on status, role, role), which /rostering/1.0 refuses (its listings never mix them in one filter): use only AND or only OR, at most 2 predicates, and run a second query for the other part',
    );
  });

  it('takes one or two predicates joined one way', () => {
    for (const filter of [
      where.eq('status', 'active'),
      and(where.eq('status', 'active'), where.gt('dateLastModified', '2024-01-01')),
      or(where.eq('role', 'student'), where.eq('role', 'teacher')),
      "status='active'",
      "status='active' OR status='tobedeleted'",
    ]) {
      expect(platformFilterIssue('/applications/1.0', filter)).toBeUndefined();
    }
  });

  it('counts joiners outside quoted values only', () => {
    expect(
      platformFilterIssue('/rostering/1.0/orgs', "name~'Fish AND Chips OR Peas' AND type='school'"),
    ).toBeUndefined();
  });

  it('leaves OneRoster 1.2, CASE and other paths to their own rules', () => {
    for (const path of [
      '/ims/oneroster/rostering/v1p2/users',
      '/ims/oneroster/gradebook/v1p2/results',
      '/ims/case/v1p1/CFItems',
      '/rostering/1.00/users',
      '/rosteringX/1.0/users',
    ]) {
      expect(platformFilterIssue(path, THREE)).toBeUndefined();
      expect(platformFilterIssue(path, MIXED)).toBeUndefined();
    }
  });

  it('leaves what is not a filter to the listing checks', () => {
    expect(platformFilterIssue('/rostering/1.0/users', 42)).toBeUndefined();
    expect(platformFilterIssue('/rostering/1.0/users', undefined)).toBeUndefined();
  });
});

describe('the HTTP client refuses before sending', () => {
  function client() {
    const sent: string[] = [];
    const http = createHttpClient<object>({
      baseUrl: 'https://api.example.com',
      auth: staticToken('t'),
      logger: false,
      retry: false,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Request(input, init).url);
        return new Response('{"users":[]}', { headers: { 'content-type': 'application/json' } });
      },
    });
    const call = (path: string, filter: unknown) =>
      (http.call as (m: string, p: string, i: object) => Promise<unknown>)('GET', path, {
        params: { query: { filter } },
      });
    return { sent, call };
  }

  it.each([
    ['/rostering/1.0/users', THREE],
    ['/applications/1.0', MIXED],
    ['/insights/1.0/users/u-1/sessions', String(THREE)],
  ])('%s with a filter over the limits: a ValidationError on filter, nothing sent', async (path, filter) => {
    const { sent, call } = client();
    const error = await call(path, filter).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toEqual(['filter']);
    expect((error as ValidationError).message).toContain('filter');
    expect(sent).toEqual([]);
  });

  it('sends a filter within the limits, and any filter to OneRoster 1.2', async () => {
    const { sent, call } = client();
    await call('/rostering/1.0/users', "status='active' AND role='student'");
    await call('/ims/oneroster/rostering/v1p2/users', String(THREE));
    expect(sent).toHaveLength(2);
    expect(decodeURIComponent(sent[1] as string)).toContain(
      "status='active' AND role='student' AND grade='09'",
    );
  });
});
