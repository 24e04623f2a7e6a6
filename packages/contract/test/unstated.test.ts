// The responses a document states for requests none of its operations takes (`x-unstated-requests`: the mock's
// control path, docs/decisions.md#d-mock-control-document), and nothing of the kind for the platform's documents.
import { describe, expect, it } from 'vitest';
import { CONTROL_DOCUMENT, Contract, readDocuments } from '../src/index.js';

const control = new Contract(readDocuments(undefined, [CONTROL_DOCUMENT]));
const BASE = 'http://127.0.0.1:4010/__learnkit-mock';
const error = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: 'method_not_allowed', message: 'use GET' }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const rules = async (method: string, path: string, response: Response) =>
  (await control.checkResponse(new Request(`${BASE}${path}`, { method }), response)).issues.map(
    (issue) => `${issue.pointer} ${issue.rule}`,
  );

describe('x-unstated-requests', () => {
  it('takes a 405 listing the methods of a stated path, and a 404 for a path no operation states', async () => {
    expect(await rules('POST', '/requests', error(405, { allow: 'GET' }))).toEqual([]);
    expect(await rules('PUT', '/faults', error(405, { allow: 'GET, POST, DELETE' }))).toEqual([]);
    expect(await rules('GET', '/nothing-here', error(404))).toEqual([]);
  });

  it('refuses another status, an Allow that lists other methods, and a body of another shape', async () => {
    expect(await rules('POST', '/requests', error(404))).toEqual(['/status x-unstated-requests']);
    expect(await rules('POST', '/requests', error(405, { allow: 'GET, POST' }))).toEqual([
      '/headers/allow x-unstated-requests',
    ]);
    expect(await rules('POST', '/requests', error(405))).toContain('/headers/allow required');
    expect(await rules('GET', '/nothing-here', error(405, { allow: 'GET' }))).toEqual([
      '/status x-unstated-requests',
    ]);
    const bare = new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    // error and message both missing.
    expect(await rules('GET', '/nothing-here', bare)).toEqual(['/body required', '/body required']);
  });

  it('leaves a request of the platform that no operation states without an operation', async () => {
    const platform = new Contract(readDocuments());
    const result = await platform.checkResponse(new Request('https://api.example.com/nothing'), error(404));
    expect(result.issues.map((issue) => issue.rule)).toEqual(['operation']);
  });
});
