// The control path of `learnkit-mock serve` under hostile input (issue 41, findings 3, 6 and 7): only this machine
// may drive it, its body limit holds, and nothing it stores can break a later response
// (docs/decisions.md#d-mock-control-origin). Every response is checked against openapi/mock-control.yaml.
import { formatResult, loadControlContract } from '@learnkit/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../src/cli/args.js';
import { type RunningMock, serve } from '../src/cli/serve.js';
import { type RawResponse, rawRequest } from './support/raw.js';

let running: RunningMock;
let base = '';

beforeAll(async () => {
  running = await serve(parseArgs(['serve', '--port', '0', '--quiet']), () => {});
  base = running.server.url;
});
afterAll(() => running.stop());
beforeEach(() => running.platform.faults.clear());

const contract = loadControlContract();

/** A control request as sent on the wire (any Host, Origin or type), its response checked against the document. */
async function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse & { json: { error?: string; message?: string } & Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  const rawResponse = await rawRequest(base, `/__learnkit-mock/${path}`, {
    method,
    headers,
    body: options.body,
  });
  const { host: _host, ...sendable } = headers;
  const request = new Request(`${base}/__learnkit-mock/${path}`, {
    method,
    headers: sendable,
    ...(options.body !== undefined && method !== 'GET' && { body: options.body }),
  });
  const response = new Response(rawResponse.text, {
    status: rawResponse.status,
    headers: { 'content-type': String(rawResponse.headers['content-type'] ?? '') },
  });
  const check = await contract.checkResponse(request, response);
  expect(check.ok, formatResult(check)).toBe(true);
  return { ...rawResponse, json: JSON.parse(rawResponse.text) };
}

const FAULT = JSON.stringify({ path: '/auth/1.0/token', status: 503 });

/** Every state-changing control operation, with a body it would take. */
const WRITES: [string, string, string | undefined][] = [
  ['POST', 'faults', FAULT],
  ['DELETE', 'faults', undefined],
  ['POST', 'tokens/revoke', '{}'],
  ['POST', 'events', JSON.stringify({ type: 'test.ping' })],
];

/** What the control path could have changed. */
const observed = () =>
  JSON.stringify({
    faults: running.platform.faults.active(),
    revoked: running.platform.state.tokens.filter((token) => token.revoked).length,
    events: running.platform.state.events.length,
  });

describe('the control path refuses other sites (finding 7)', () => {
  beforeEach(() => {
    // A fault and a token, so clearing and revoking would show.
    running.platform.faults.inject({ path: '/nothing', times: 5 });
    running.platform.accessToken(running.platform.clients.partner);
  });

  for (const [method, path, body] of WRITES) {
    it(`refuses ${method} ${path} with Host: evil.example (DNS rebinding), 400, changing nothing`, async () => {
      const before = observed();
      const rawResponse = await send(method, path, { headers: { host: 'evil.example' }, body });
      expect(rawResponse.status).toBe(400);
      expect(rawResponse.json.message).toMatch(/Host "evil\.example" is not served here/);
      expect(observed()).toBe(before);
    });

    it(`refuses ${method} ${path} with Origin: https://evil.example, 403, changing nothing`, async () => {
      const before = observed();
      const rawResponse = await send(method, path, { headers: { origin: 'https://evil.example' }, body });
      expect(rawResponse.status).toBe(403);
      expect(rawResponse.json).toMatchObject({
        error: 'forbidden',
        message: expect.stringMatching(/another site/),
      });
      expect(observed()).toBe(before);
    });

    it(`refuses ${method} ${path} sent as text/plain or without a type, 415, changing nothing`, async () => {
      const before = observed();
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
        const headers = contentType ? { 'content-type': contentType } : { 'content-type': '' };
        const rawResponse = await send(method, path, { headers, body });
        expect(rawResponse.status, String(contentType)).toBe(415);
        expect(rawResponse.json.message).toMatch(/Content-Type: application\/json/);
      }
      expect(observed()).toBe(before);
    });
  }

  it('refuses a read with a foreign Host or Origin too (the request log holds tokens in paths)', async () => {
    expect((await send('GET', 'requests', { headers: { host: 'evil.example' } })).status).toBe(400);
    expect((await send('GET', 'requests', { headers: { origin: 'null' } })).status).toBe(403);
  });

  it('serves this machine: its own Host, localhost, an IP address, and a page on localhost', async () => {
    const own = new URL(base).host;
    for (const headers of [
      { host: own } as Record<string, string>,
      { host: 'localhost:4010' },
      { host: '127.0.0.1' },
      { origin: 'http://localhost:3000' },
      { origin: `http://${own}` },
      { origin: 'http://127.0.0.1:5173' },
    ]) {
      expect((await send('GET', 'faults', { headers })).status, JSON.stringify(headers)).toBe(200);
      expect((await send('POST', 'faults', { headers, body: FAULT })).status, JSON.stringify(headers)).toBe(
        201,
      );
    }
  });
});

describe('the control path holds its body limit (finding 7)', () => {
  it('refuses a body over 1 MiB with 413 before parsing it, and stores nothing', async () => {
    const big = JSON.stringify({ path: '/x', body: 'b'.repeat(2 * 1024 * 1024) });
    const rawResponse = await send('POST', 'faults', { body: big });
    expect(rawResponse.status).toBe(413);
    expect(rawResponse.json).toMatchObject({ error: 'payload_too_large' });
    expect(running.platform.faults.active()).toEqual([]);
  });
});

describe('faults that would break later returns (findings 3 and 6)', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  for (const depth of [10_000, 64]) {
    it(`refuses a fault whose body nests ${depth} levels (the request ${depth + 1}), 400, and lists faults after`, async () => {
      const rawResponse = await send('POST', 'faults', { body: `{"path":"/x","body":${nested(depth)}}` });
      expect(rawResponse.status).toBe(400);
      expect(rawResponse.json.message).toMatch(/nested deeper than 64 levels/);
      const listed = await send('GET', 'faults');
      expect(listed.status).toBe(200);
      expect(listed.json).toEqual({ faults: [] });
    });
  }

  it('takes a fault body as deep as the request limit allows', async () => {
    expect((await send('POST', 'faults', { body: `{"path":"/x","body":${nested(63)}}` })).status).toBe(201);
    expect((await send('GET', 'faults')).status).toBe(200);
  });

  it('refuses the same deep body through the TypeScript API', () => {
    // 65 levels of arrays, built from the inside out.
    let deep: unknown[] = [];
    for (let level = 1; level < 65; level++) deep = [deep];
    expect(() => running.platform.faults.inject({ body: deep })).toThrow(/at most 64 levels/);
  });

  for (const times of ['1e309', '-1e309', '1.5', '0', '9007199254740992']) {
    it(`refuses times: ${times}, 400, and stores nothing`, async () => {
      const rawResponse = await send('POST', 'faults', { body: `{"path":"/x","times":${times}}` });
      expect(rawResponse.status).toBe(400);
      expect(rawResponse.json.message).toMatch(/times|too large/);
      expect((await send('GET', 'faults')).json).toEqual({ faults: [] });
    });
  }

  it('refuses a delay or a lapse too large for a double', async () => {
    for (const member of ['delayMs', 'forMs', 'retryAfter']) {
      const rawResponse = await send('POST', 'faults', { body: `{"path":"/x","${member}":1e400}` });
      expect(rawResponse.status, member).toBe(400);
    }
    expect(running.platform.faults.active()).toEqual([]);
  });
});
