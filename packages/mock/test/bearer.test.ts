import { readDocuments } from '@learnkit/contract';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';

type Operation = { operationId: string; security?: Record<string, unknown>[] };
type Document = {
  security?: Record<string, unknown>[];
  paths: Record<string, Record<string, Operation | unknown>>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of openapi/, with its path, method and the security schemes it accepts. */
const operations = [...(readDocuments() as unknown as Map<string, Document>).values()].flatMap((document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as Operation;
      const security = operation.security ?? document.security ?? [];
      return {
        path,
        method: method.toUpperCase(),
        operationId: operation.operationId,
        schemes: security.flatMap((requirement) => Object.keys(requirement)),
      };
    }),
  ),
);

/** The two token endpoints take client credentials (HTTP Basic or form fields), not a bearer token. */
const TOKEN_ENDPOINTS = ['issueToken', 'issueCaseToken'];

describe('Authorization: Bearer on every endpoint (spec/000 Authentication 1, spec/001 token flow 3)', () => {
  const h = useHarness('msw');

  it('responds with 401 with WWW-Authenticate: Bearer to a request without a valid bearer token, CASE included', async () => {
    const guarded = operations.filter((operation) => !TOKEN_ENDPOINTS.includes(operation.operationId));
    // The documents agree: every other operation accepts a bearer token and nothing else.
    for (const operation of guarded) {
      expect(operation.schemes.length, operation.operationId).toBeGreaterThan(0);
      expect(operation.schemes, operation.operationId).not.toContain('basicAuth');
    }
    expect(guarded.filter((operation) => operation.path.startsWith('/ims/case/')).length).toBe(8);
    expect(guarded.length).toBe(operations.length - TOKEN_ENDPOINTS.length);

    const { partner } = h.platform.clients;
    const attempts: Record<string, Record<string, string>> = {
      'no Authorization': {},
      'HTTP Basic client credentials': {
        authorization: `Basic ${btoa(`${partner.clientId}:${partner.clientSecret}`)}`,
      },
      'the client secret as a bearer token': { authorization: `Bearer ${partner.clientSecret}` },
      'a valid access token under another scheme': {
        authorization: `Basic ${h.platform.accessToken(partner)}`,
      },
      'a token the platform never issued': {
        authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.bm90LWlzc3VlZA',
      },
    };
    h.allowBadRequests();
    for (const operation of guarded) {
      // Path parameters name things that exist, so only the missing token can explain a refusal.
      const path = operation.path
        .replace('{sourcedApplicationId}', h.platform.fixtures.application.applicationId)
        .replace('{appId}', h.platform.fixtures.application.applicationId)
        .replace(/\{[^}]+\}/g, 'x');
      for (const [label, headers] of Object.entries(attempts)) {
        const body = ['POST', 'PUT'].includes(operation.method) ? {} : undefined;
        const rawResponse = await h.call(operation.method, path, { headers, body });
        expect(rawResponse.status, `${operation.operationId} ${operation.method} ${path} with ${label}`).toBe(
          401,
        );
        expect(rawResponse.headers.get('www-authenticate'), operation.operationId).toMatch(/^Bearer\b/);
      }
    }
    expect(h.platform.state.errors).toEqual([]);
  });
});
