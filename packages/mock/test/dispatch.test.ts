// What the dispatcher takes from the documents for every operation (docs/decisions.md#d-mock-dispatcher-checks): who may
// call and with which scope, the query parameters (typed, with defaults, nothing undeclared or empty) and the
// member a response wraps; and the one schema set the mock and the contract share (docs/decisions.md#d-one-compiled-schema-set).
import { loadContract, readDocuments } from '@learnkit/contract';
import { schemaOf, sharedSchemas } from '@learnkit/contract/schemas';
import { describe, expect, it } from 'vitest';
import { caseSchemas, onerosterSchemas, platformSchemas } from '../src/generated/openapi/json-schemas';
import { OPERATIONS, type OperationId } from '../src/generated/operations.js';
import { createMockPlatform } from '../src/index.js';
import { patternOf } from '../src/operations/index.js';

const platform = createMockPlatform({ frameworkItems: 20 });
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** Sends `method path` with a bearer token (or none) and reads the JSON response. */
async function send(method: string, path: string, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
  if (body) headers['content-type'] = 'application/json';
  const response = await platform.handle(
    new Request(`${platform.baseUrl}${path}`, { method, headers, body }),
  );
  return {
    status: response.status,
    body: (await response.json().catch(() => undefined)) as Record<string, string>,
  };
}

/** Every operation as the documents route it, path parameters filled with an id every path schema accepts. */
const app = platform.fixtures.application.applicationId;
const routed = (Object.keys(OPERATIONS) as OperationId[]).map((id) => {
  const { pattern } = patternOf(id);
  const path = pattern.replace(':sourcedApplicationId', app).replace(/:\w+/g, ANY_ID);
  return { ...OPERATIONS[id], id, path };
});

describe('security from the documents', () => {
  const noScopes = platform.accessToken(platform.clients.partner, []);
  const developer = platform.developerToken();

  it.each(routed.filter((operation) => 'scope' in operation))(
    '$id refuses a client token without its scope with 403 naming the scope',
    async ({ method, path, scope }) => {
      const rawResponse = await send(method, path, noScopes);
      expect(rawResponse.status).toBe(403);
      expect(JSON.stringify(rawResponse.body)).toContain(scope as string);
    },
  );

  it.each(routed.filter((operation) => operation.auth === 'bearer' || operation.auth === 'session'))(
    '$id responds with 401 without a bearer token',
    async ({ method, path }) => {
      expect((await send(method, path)).status).toBe(401);
    },
  );

  it('takes a developer token only where the document says so, on the webhook operations', async () => {
    for (const { id, method, path, tags } of routed.filter((operation) => operation.auth === 'bearer')) {
      const { status } = await send(method, path, developer);
      if ((tags as readonly string[]).includes('Webhooks')) expect([id, status]).not.toEqual([id, 403]);
      else expect([id, status]).toEqual([id, 403]);
    }
    // The parent session of the store is any token the platform issued.
    const session = await send('POST', '/store/v1/discount-codes/validate', developer);
    expect(session.status).toBe(400);
  });
});

describe('query parameters from the documents', () => {
  const token = platform.accessToken(platform.clients.partner);

  it('refuses an undeclared or empty parameter by name, on listings and single reads alike', async () => {
    const { documentId } = platform.fixtures.case;
    for (const path of [
      '/ims/case/v1p1/CFItems?colour=red',
      `/ims/case/v1p1/CFDocuments/${documentId}?colour=red`,
      '/rostering/1.0/enrollments?colour=red',
    ]) {
      const rawResponse = await send('GET', path, token);
      expect([path, rawResponse.status]).toEqual([path, 400]);
      expect(JSON.stringify(rawResponse.body)).toContain('query.colour is not allowed; remove it');
    }
    const empty = await send('GET', '/ims/case/v1p1/CFItems?search=', token);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('query.search is empty');
  });

  it('names a missing required parameter, and fills the documented defaults', async () => {
    const missing = await send(
      'GET',
      '/beyond/1.0/educator/students/grades?studentId=usr-ada-lovelace',
      token,
    );
    expect(missing).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'Invalid query: query.subject is required' },
    });
    const page = await send('GET', '/ims/case/v1p1/CFItems?offset=5', token);
    expect(page.body).toMatchObject({ offset: 5, limit: 100 });
  });

  it('reads fields as the comma-separated list the document declares', async () => {
    const rawResponse = await send(
      'GET',
      '/ims/oneroster/rostering/v1p2/users/?fields=sourcedId,email&limit=1',
      token,
    );
    expect(Object.keys((rawResponse.body as unknown as { users: object[] }).users[0]!).sort()).toEqual([
      'email',
      'sourcedId',
    ]);
  });
});

describe('one schema set for the mock and the contract', () => {
  it('holds the component schemas read from openapi/ equal to the ones core generated from them', () => {
    const generated: Record<string, object> = {
      case: caseSchemas,
      platform: platformSchemas,
      oneroster: onerosterSchemas,
    };
    const local = (document: string, defs: unknown) =>
      JSON.parse(
        JSON.stringify(schemaOf(defs, document)).replaceAll(`learnkit:${document}#/$defs/`, '#/$defs/'),
      );
    for (const [name, document] of readDocuments()) {
      expect(local(name, document.components?.schemas), name).toEqual(local(name, generated[name]));
    }
  });

  it('is the set the contract of openapi/ checks with', () => {
    expect(loadContract().schemas).toBe(sharedSchemas);
  });
});
