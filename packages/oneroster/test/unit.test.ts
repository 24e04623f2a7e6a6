import { readDocuments } from '@learnkit/contract';
import { ApiPromise, createHttpClient, ValidationError } from '@learnkit/core';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/generated/operations';
import { createOneRosterClient, validateAssessmentLineItem } from '../src/index';

const document = readDocuments().get('oneroster')!;

/** Every operation of openapi/oneroster.yaml: its id, whether it takes `search`, and its `x-search-fields`. */
const operations = Object.values(document.paths ?? {}).flatMap((item) =>
  Object.values(item).map((operation) => {
    const op = operation as {
      operationId: string;
      parameters?: { $ref?: string }[];
      'x-search-fields'?: string[];
    };
    return {
      id: op.operationId,
      takesSearch: (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/Search'),
      searchFields: op['x-search-fields'],
    };
  }),
);

/** A stand-in core client that records what it is asked to send. */
function recordingHttp() {
  const calls: { method: string; path: string }[] = [];
  const rawResponse = { response: new Response(null), body: new Uint8Array(0), requestId: 'req_test' };
  const http = {
    // Lists read `users` of the response; reads by id unwrap a member that is then absent.
    call: (method: string, path: string) =>
      ApiPromise.fromResult(async () => {
        calls.push({ method, path });
        return { data: { users: [] }, rawResponse };
      }),
    callWithResponse: () => Promise.reject(new Error('not used')),
  };
  return { http: http as never, calls };
}

describe('the operation table', () => {
  it('names every operation of openapi/oneroster.yaml, and only those', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(operations.map((o) => o.id).sort());
  });

  it('maps each operation to a method the client has', () => {
    const client = createOneRosterClient(recordingHttp().http);
    for (const method of Object.values(OPERATIONS) as string[]) {
      const found = method
        .split('.')
        .slice(1)
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], client);
      expect(typeof found, method).toBe('function');
    }
  });
});

describe('search', () => {
  it('is taken by every listing whose operation names search fields, and sent as given', async () => {
    const { http, calls } = recordingHttp();
    const client = createOneRosterClient(http);
    // Every listing of openapi/oneroster.yaml takes `search`; the refusal of the others is core's offsetPages.
    expect(operations.filter((o) => o.takesSearch && !o.searchFields)).toEqual([]);
    await client.users.list({ search: 'ada' });
    expect(calls).toHaveLength(1);
  });

  it('is refused before sending by a listing whose operation names no search fields', async () => {
    const { offsetPages } = await import('@learnkit/core/internal');
    let sent = 0;
    const pages = offsetPages(
      { search: 'ada' },
      undefined,
      async () => {
        sent++;
        return { items: [] };
      },
      'listSomething',
    );
    const error = await pages.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain(
      'search: is not accepted by listSomething; use filter with ~ (contains)',
    );
    expect(sent).toBe(0);
  });
});

describe('validateAssessmentLineItem', () => {
  it('accepts a line item with the extension fields and OneRoster references', () => {
    expect(
      validateAssessmentLineItem({
        sourcedId: 'ali-1',
        status: 'active',
        dateLastModified: '2026-01-02T03:04:05Z',
        title: 'Quiz 1',
        description: null,
        class: { sourcedId: 'class-1' },
        resultValueMin: 0,
        resultValueMax: 100,
        component: { sourcedId: 'component-1' },
        componentResource: null,
      }),
    ).toEqual([]);
  });

  it('names each problem with its path and what to give', () => {
    const issues = validateAssessmentLineItem({
      status: 'archived',
      resultValueMax: '100',
      class: { sourcedId: 'class-1', type: 'class' },
      scoreScale: {},
    });
    const byPath = Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]));
    expect(Object.keys(byPath).sort()).toEqual(
      ['class.type', 'resultValueMax', 'scoreScale', 'status', 'title'].sort(),
    );
    expect(byPath.title).toBe('is required');
    expect(byPath.resultValueMax).toBe('must be a number or null (got "100")');
    expect(byPath.status).toContain('"active"|"tobedeleted"');
    expect(byPath['class.type']).toContain('is not a member');
    expect(
      validateAssessmentLineItem({ status: 'active', title: 'Q', dateLastModified: 'yesterday' }),
    ).toEqual([
      { path: ['dateLastModified'], message: 'must be an ISO 8601 date-time such as 2026-01-02T03:04:05Z' },
    ]);
    expect(validateAssessmentLineItem('Quiz 1')[0]?.message).toContain('must be an object');
  });
});

describe('responses of the vendor description before 2025-10 (docs/decisions.md#d-oneroster-2025-10)', () => {
  /** A client over a server that responds to every request with `status` and `body`. */
  function responding(status: number, body: unknown) {
    const http = createHttpClient({
      baseUrl: 'https://api.example.com',
      retry: { maxRetries: 0 },
      fetch: async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    });
    return createOneRosterClient(http as never);
  }
  const user = {
    sourcedId: 'usr-mary',
    status: 'active',
    enabledUser: true,
    givenName: 'Mary',
    familyName: 'Somerville',
    roles: [],
    agents: [],
  };
  const input = {
    enabledUser: true,
    givenName: 'Mary',
    familyName: 'Somerville',
    roles: [],
    userProfiles: [],
  };

  it('a user create responded with { user } or { sourcedIdPairs } is success, typed as either', async () => {
    const older = await responding(201, { user }).users.create(input);
    expect('user' in older && older.user.sourcedId).toBe('usr-mary');
    const pairs = { suppliedSourcedId: 'usr-mary', allocatedSourcedId: 'usr-mary' };
    const newer = await responding(201, { sourcedIdPairs: pairs }).users.create(input);
    expect('sourcedIdPairs' in newer && newer.sourcedIdPairs).toEqual(pairs);
  });

  it('a school create responded with the org is success', async () => {
    const org = {
      sourcedId: 'org-x',
      status: 'active',
      name: 'X',
      type: 'school',
      identifier: 'x',
      children: [],
    };
    const older = await responding(201, org).schools.create({ name: 'X', type: 'school' });
    expect('sourcedId' in older && older.sourcedId).toBe('org-x');
  });

  it('a gradebook PUT responded with 200 or 201 resolves with the object', async () => {
    const category = { sourcedId: 'cat-1', status: 'active', title: 'Quizzes' };
    for (const status of [200, 201]) {
      const written = await responding(status, { category }).gradebook.categories.update('cat-1', {
        status: 'active',
        title: 'Quizzes',
      });
      expect(written).toEqual(category);
    }
  });
});
