// What an outside fuzzer driven by openapi/*.yaml found in the platform paths of the mock (issue 41), each checked
// on a fresh mock: no request may make it throw (a 5xx), store a reference to nothing, store a subscription URL
// its later returns could not hold, or take a body, a query or a form the documents refuse
// (docs/decisions.md#d-mock-hostile-input). Every exchange is checked against openapi/ by the harness.
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockPlatform } from '../src/index.js';
import { useHarness } from './support/harness.js';

const ROSTERING = '/ims/oneroster/rostering/v1p2';
const RESOURCES = '/ims/oneroster/resources/v1p2/resources';
const LONE_SURROGATE = 'x\ud800';

describe('the platform paths under hostile input', () => {
  const h = useHarness('msw');
  let token = '';
  beforeEach(() => {
    token = h.platform.accessToken(h.platform.clients.internal);
  });
  const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    h.call(method, path, { token, body, ...(headers && { headers }) });

  /** A valid body of each write that takes references, with `ref` in one of them. */
  function writes(ref: string): [string, string, unknown][] {
    const { roster } = h.platform.fixtures;
    const school = roster.schoolIds[0]!;
    // An enrollment names its class's school (the vendor's description of 2025-10: d-oneroster-2025-10).
    const classSchool = h.platform.state.roster.classes.get(roster.classIds[0]!)?.school?.sourcedId;
    const session = (org: string, parent?: string) => ({
      academicSession: {
        title: 'Fuzz',
        startDate: '2026-01-01',
        endDate: '2026-03-01',
        type: 'gradingPeriod',
        schoolYear: '2026',
        org: { sourcedId: org },
        ...(parent !== undefined && { parent: { sourcedId: parent } }),
      },
    });
    return [
      [
        'POST',
        `${ROSTERING}/classes/`,
        {
          class: {
            title: 'Fuzz',
            course: { sourcedId: ref },
            org: { sourcedId: school },
            terms: [{ sourcedId: roster.termIds[0] }],
          },
        },
      ],
      ['POST', `${ROSTERING}/academicSessions/`, session(ref)],
      ['PUT', `${ROSTERING}/academicSessions/fuzz-session`, session(school, ref)],
      ['POST', `${ROSTERING}/gradingPeriods/`, session(ref)],
      ['POST', `${ROSTERING}/terms/${roster.termIds[0]}/gradingPeriods`, session(ref)],
      ['PUT', `${ROSTERING}/gradingPeriods/fuzz-period`, session(ref)],
      [
        'POST',
        `${ROSTERING}/courses/`,
        { course: { status: 'active', title: 'Fuzz', org: { sourcedId: ref } } },
      ],
      [
        'POST',
        `${ROSTERING}/enrollments/`,
        {
          enrollment: {
            role: 'student',
            user: { sourcedId: ref },
            class: { sourcedId: roster.classIds[0] },
            school: { sourcedId: classSchool },
          },
        },
      ],
      ['POST', `${RESOURCES}/classes/${roster.classIds[0]}/resources`, { resource: { sourcedId: ref } }],
      ['POST', `${RESOURCES}/courses/${roster.courseIds[0]}/resources`, { resource: { sourcedId: ref } }],
      ['POST', `${RESOURCES}/users/${roster.student.sourcedId}/resources`, { resource: { sourcedId: ref } }],
    ];
  }

  for (const [name, ref] of [
    ['an empty sourcedId', ''],
    ['a lone surrogate', LONE_SURROGATE],
    ['an unknown sourcedId', 'nope'],
  ] as const) {
    it(`returns a reference holding ${name} 422 and stores nothing (findings 1, 2 and 5)`, async () => {
      const before = JSON.stringify(h.platform.snapshot().roster);
      for (const [method, path, body] of writes(ref)) {
        const rawResponse = await send(method, path, body);
        expect([method, path, rawResponse.status], rawResponse.text).toEqual([method, path, 422]);
        expect(rawResponse.body).toMatchObject({ imsx_codeMajor: 'failure' });
      }
      expect(JSON.stringify(h.platform.snapshot().roster)).toBe(before);
      expect(h.platform.state.errors).toEqual([]);
    });
  }

  it('never throws on a lone surrogate in a stored sourcedId, and reads the record back (finding 1)', async () => {
    const { roster } = h.platform.fixtures;
    const created = await send('POST', `${ROSTERING}/courses/`, {
      course: {
        sourcedId: LONE_SURROGATE,
        status: 'active',
        title: 'Fuzz',
        org: { sourcedId: roster.schoolIds[0] },
      },
    });
    expect(created.status, created.text).toBeLessThan(300);
    const listed = await send('GET', `${ROSTERING}/courses/?limit=3000`);
    expect(listed.status).toBe(200);
    expect(h.platform.state.errors).toEqual([]);
  });

  describe('webhook subscription URLs (findings 4 and 8)', () => {
    const path = () => `/webhooks/1.0/${h.platform.fixtures.application.applicationId}/subscriptions`;
    for (const url of [
      'https://hooks.example.com/a b',
      'https://hooks.example.com/a\u0000b',
      'https://hooks.example.com/a\\b',
      'https://hooks.example.com/a"b',
      'https://hooks.example.com/%zz',
      'https://@hooks.example.com/x',
      'https://:@hooks.example.com/x',
      'https://user@hooks.example.com/x',
    ]) {
      it(`refuses ${JSON.stringify(url)} with 400 naming url, and stores nothing`, async () => {
        const partner = h.platform.accessToken(h.platform.clients.partner);
        const before = h.platform.state.subscriptions.size;
        const rawResponse = await h.call('POST', path(), {
          token: partner,
          body: { url, eventTypes: ['test.ping'] },
        });
        expect(rawResponse.status, rawResponse.text).toBe(400);
        expect(rawResponse.text).toMatch(/url/);
        expect(h.platform.state.subscriptions.size).toBe(before);
      });
    }

    it('still takes a URL with a query, a port and percent-encoded text', async () => {
      const partner = h.platform.accessToken(h.platform.clients.partner);
      const rawResponse = await h.call('POST', path(), {
        token: partner,
        body: { url: 'https://hooks.example.com:8443/a%20b?x=1&y=%C3%A9#f', eventTypes: ['test.ping'] },
      });
      expect(rawResponse.status, rawResponse.text).toBe(201);
    });
  });

  describe('content types (finding 9)', () => {
    for (const contentType of ['text/plain', null, 'application/x-www-form-urlencoded']) {
      it(`refuses a JSON body sent as ${contentType ?? 'no content type'} with 400 saying to send application/json`, async () => {
        h.allowBadRequests();
        const response = await h.platform.handle(
          new Request(`${h.platform.baseUrl}/applications/1.0/drafts`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              ...(contentType && { 'content-type': contentType }),
            },
            body: new TextEncoder().encode(
              JSON.stringify({
                name: 'Fuzz',
                description: 'A draft',
                launchUrl: 'https://app.example.com/launch',
              }),
            ),
          }),
        );
        expect(response.status).toBe(400);
        expect(await response.text()).toMatch(/Content-Type: application\/json/);
        expect(h.platform.state.applications.size).toBe(createMockPlatform().state.applications.size);
      });
    }

    it('takes application/json with parameters, in any case', async () => {
      for (const contentType of ['application/json; charset=utf-8', 'Application/JSON']) {
        const rawResponse = await send(
          'POST',
          '/applications/1.0/drafts',
          // A draft needs its description and launch URL (the reference's drafts model: d-platform-reference-shapes).
          {
            name: `Fuzz ${contentType}`,
            description: 'A draft',
            launchUrl: 'https://app.example.com/launch',
          },
          { 'content-type': contentType },
        );
        expect(rawResponse.status, contentType).toBe(201);
      }
    });
  });

  it('refuses limit with spaces around the number, as it refuses +5 and 1e9 (finding 9)', async () => {
    h.allowBadRequests();
    for (const limit of ['%205', '5%20', '+5', '1e9', '%095']) {
      const rawResponse = await send('GET', `${ROSTERING}/users/?limit=${limit}`);
      expect([limit, rawResponse.status]).toEqual([limit, 400]);
    }
    expect((await send('GET', `${ROSTERING}/users/?limit=5`)).status).toBe(200);
  });

  it('ignores an unknown form field at the token endpoints, as RFC 6749 says (finding 9)', async () => {
    const { partner } = h.platform.clients;
    const rawResponse = await h.call('POST', '/oauth2/token', {
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: partner.clientId,
        client_secret: partner.clientSecret,
        audience: 'ignored',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(rawResponse.status, rawResponse.text).toBe(200);
  });
});

describe('405, 413 and 414 as the documents list them (finding 9)', () => {
  const h = useHarness('msw');
  // The harness holds every response to the documents: these pass only if each operation lists the status.

  it('returns a method the path does not take 405, with Allow, in each area', async () => {
    h.allowBadRequests();
    for (const [path, allow] of [
      ['/ims/oneroster/rostering/v1p2/orgs/', 'GET, POST'],
      ['/ims/case/v1p1/CFDocuments', 'GET'],
      ['/applications/1.0/drafts', 'POST'],
      ['/auth/1.0/token', 'POST'],
    ] as const) {
      const rawResponse = await h.call('PATCH', path);
      expect([path, rawResponse.status]).toEqual([path, 405]);
      expect(rawResponse.headers.get('allow')?.split(', ').sort().join(', ')).toBe(allow);
    }
  });

  it('returns a body over the limit 413 and a target over 16 KiB 414, in each area', async () => {
    h.allowBadRequests();
    const token = h.platform.accessToken(h.platform.clients.internal);
    const big = JSON.stringify({ name: 'b'.repeat(1024 * 1024) });
    for (const path of [
      '/applications/1.0/drafts',
      '/ims/oneroster/rostering/v1p2/orgs/',
      '/auth/1.0/token',
    ]) {
      const rawResponse = await h.call('POST', path, { token, body: big });
      expect([path, rawResponse.status]).toEqual([path, 413]);
    }
    const long = `?search=${'x'.repeat(17 * 1024)}`;
    for (const path of [
      '/ims/case/v1p1/CFDocuments',
      '/webhooks/1.0/app-learnkit-demo/subscriptions',
      '/ims/oneroster/rostering/v1p2/users/',
    ]) {
      const rawResponse = await h.call('GET', `${path}${long}`, { token });
      expect([path, rawResponse.status]).toEqual([path, 414]);
    }
  });
});

describe('batch writes found by the document fuzz', () => {
  const h = useHarness('msw');

  it('responds to an empty batch with 400 saying to send one, where it threw (500)', async () => {
    h.allowBadRequests();
    const token = h.platform.accessToken(h.platform.clients.internal);
    const { roster } = h.platform.fixtures;
    const gradebook = '/ims/oneroster/gradebook/v1p2';
    for (const [path, member] of [
      [`${gradebook}/lineItems/${[...h.platform.state.roster.lineItems.keys()][0]}/results`, 'results'],
      [`${gradebook}/schools/${roster.schoolIds[0]}/lineItems`, 'lineItems'],
    ] as const) {
      const rawResponse = await h.call('POST', path, { token, body: { [member]: [] } });
      expect(rawResponse.status, rawResponse.text).toBe(400);
      expect(rawResponse.text).toMatch(`${member} is empty; send at least one`);
    }
    expect(h.platform.state.errors).toEqual([]);
  });
});

describe('the request log (finding 9)', () => {
  it('never holds more than requestLogSize entries', async () => {
    const platform = createMockPlatform({ requestLogSize: 10 });
    let most = 0;
    for (let index = 0; index < 35; index++) {
      await platform.handle(new Request(`${platform.baseUrl}/nothing-here`));
      most = Math.max(most, platform.state.requests.length);
    }
    expect(most).toBe(10);
    expect(platform.state.requests.at(-1)?.path).toBe('/nothing-here');
  });
});
