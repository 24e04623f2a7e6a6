// The control operations of `learnkit-mock serve` that tests in other languages (the Python package's) use to
// inject faults and read what the mock saw (docs/decisions.md#d-mock-control-over-http); every exchange is checked
// against openapi/mock-control.yaml (docs/decisions.md#d-mock-control-document).
import { loadControlContract } from '@learnkit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../src/cli/args.js';
import { type RunningMock, serve } from '../src/cli/serve.js';
import { checkedExchange } from './support/control-contract.js';

let running: RunningMock;
let base = '';
const printed: string[] = [];

beforeAll(async () => {
  running = await serve(parseArgs(['serve', '--port', '0']), (line) => printed.push(line));
  base = running.server.url;
});
afterAll(() => running.stop());

/** A control exchange, checked against the document; `conforms: false` for a request the document refuses. */
const control = (method: string, path: string, body?: unknown, conforms = true) =>
  checkedExchange(
    `${base}/__learnkit-mock/${path}`,
    {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    },
    conforms,
  ).then(async (response) => ({ status: response.status, body: (await response.json()) as never }));

async function token(): Promise<{ status: number; accessToken?: string; retryAfter: string | null }> {
  const { partner } = running.platform.clients;
  const response = await fetch(`${base}/auth/1.0/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${partner.clientId}:${partner.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json()) as { access_token?: string };
  return {
    status: response.status,
    ...(body.access_token && { accessToken: body.access_token }),
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('the fault control of learnkit-mock serve', () => {
  it('injects a fault for the next matching requests, lists it while it lasts, and logs it', async () => {
    const injected = await control('POST', 'faults', {
      method: 'POST',
      path: '/auth/1.0/token',
      status: 429,
      retryAfter: 2,
      times: 2,
    });
    expect(injected.status).toBe(201);
    expect(injected.body).toMatchObject({ fault: { status: 429, remaining: 2, hits: 0 } });
    expect((await control('GET', 'faults')).body).toMatchObject({ faults: [{ status: 429 }] });
    expect(await token()).toMatchObject({ status: 429, retryAfter: '2' });
    expect(await token()).toMatchObject({ status: 429 });
    expect(await token()).toMatchObject({ status: 200 });
    expect((await control('GET', 'faults')).body).toEqual({ faults: [] });
    expect(printed.some((line) => /^fault #\d+ injected: .*"status":429/.test(line))).toBe(true);
  });

  it('clears the faults that have not run out', async () => {
    await control('POST', 'faults', { path: '/auth/*', status: 503, times: 1_000_000 });
    expect((await token()).status).toBe(503);
    expect((await control('DELETE', 'faults')).body).toEqual({ cleared: 1 });
    expect((await token()).status).toBe(200);
  });

  it('refuses a fault it cannot inject, naming the member, and injects nothing', async () => {
    // The message, and whether the document itself refuses the body (else the mock's rules do).
    const cases: [unknown, RegExp, 'document' | 'rule'][] = [
      [{ path: '/x', stauts: 500 }, /body\.stauts is not allowed; remove it/, 'document'],
      [{ status: '500' }, /body\.status must be an integer/, 'document'],
      [{ hang: false }, /hang must be true/, 'document'],
      [{ times: 0 }, /body\.times must be >= 1/, 'document'],
      [{ times: 2.5 }, /body\.times must be an integer/, 'document'],
      [{ status: 700 }, /status must be an HTTP status/, 'rule'],
      [{ delayMs: -1 }, /body\.delayMs must be >= 0/, 'document'],
      [[1], /must be a JSON object/, 'document'],
    ];
    for (const [body, message, refusedBy] of cases) {
      const rawResponse = await control('POST', 'faults', body, refusedBy === 'rule');
      expect(rawResponse.status, JSON.stringify(body)).toBe(400);
      expect((rawResponse.body as { message: string }).message).toMatch(message);
    }
    expect((await control('GET', 'faults')).body).toEqual({ faults: [] });
  });

  it('revokes issued tokens: later calls with them get 401', async () => {
    const { accessToken } = await token();
    const app = running.platform.fixtures.application.applicationId;
    const list = () =>
      fetch(`${base}/webhooks/1.0/${app}/subscriptions`, {
        headers: { authorization: `Bearer ${accessToken}` },
      }).then((response) => response.status);
    expect(await list()).toBe(200);
    const revoked = await control('POST', 'tokens/revoke', {
      clientId: running.platform.clients.partner.clientId,
    });
    expect(revoked.status).toBe(200);
    expect((revoked.body as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
    expect(await list()).toBe(401);
    expect((await control('POST', 'tokens/revoke', { kind: 'robot' }, false)).status).toBe(400);
  });

  it('shows the request log and the Caliper events the ingest accepted, and no control request in the log', async () => {
    const before = ((await control('GET', 'requests')).body as { requests: unknown[] }).requests.length;
    await token();
    const { requests } = (await control('GET', 'requests')).body as {
      requests: { method: string; path: string; status: number }[];
    };
    expect(requests.slice(before)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/auth/1.0/token', status: 200 }),
    ]);
    expect((await control('GET', 'caliper-events')).body).toEqual({ events: [] });
  });

  it('responds with 405 with the allowed methods, and 404 for an unknown control path', async () => {
    const wrong = await fetch(`${base}/__learnkit-mock/requests`, { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    const unknown = await fetch(`${base}/__learnkit-mock/nothing-here`);
    expect(unknown.status).toBe(404);
    // Neither request is an operation of the document; both responses are the ones its x-unstated-requests states.
    const contract = loadControlContract();
    for (const [request, response] of [
      [new Request(`${base}/__learnkit-mock/requests`, { method: 'POST' }), wrong],
      [new Request(`${base}/__learnkit-mock/nothing-here`), unknown],
    ] as const) {
      expect((await contract.checkRequest(request)).ok).toBe(false);
      const result = await contract.checkResponse(request, response);
      expect(result.issues).toEqual([]);
    }
  });

  it('raises an event, and refuses what the document cannot state: a type outside the catalogue, an unknown origin', async () => {
    const raised = await control('POST', 'events', { type: 'test.ping', origin: 'partner' });
    expect(raised).toMatchObject({
      status: 201,
      body: { event: { type: 'test.ping' }, originClientId: running.platform.clients.partner.clientId },
    });
    const unknown = await control('POST', 'events', { type: 'user.craeted' });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toMatch(
      /^unknown event type "user\.craeted"; the catalogue has: test\.ping, /,
    );
    const stranger = await control('POST', 'events', { type: 'test.ping', origin: 'nobody' });
    expect((stranger.body as { message: string }).message).toMatch(/^unknown client "nobody" for origin/);
    const typo = await control('POST', 'events', { type: 'test.ping', orgin: 'partner' }, false);
    expect((typo.body as { message: string }).message).toBe(
      'Invalid request body: body.orgin is not allowed; remove it',
    );
  });

  it("refuses a body that is not JSON, showing the document's example", async () => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'path=/x' };
    const rawResponse = await checkedExchange(`${base}/__learnkit-mock/faults`, init, false);
    expect(rawResponse.status).toBe(400);
    expect(((await rawResponse.json()) as { message: string }).message).toBe(
      'the body must be JSON, such as {"path":"/auth/1.0/token","status":503,"times":2}',
    );
  });

  it('refuses a query parameter the document does not state, naming it', async () => {
    const rawResponse = await control('GET', 'faults?verbose=1', undefined, false);
    expect(rawResponse).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'Invalid query: query.verbose is not allowed; remove it' },
    });
  });
});
