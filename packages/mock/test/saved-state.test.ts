import { describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform } from '../src/index.js';

const MINUTE = 60_000;
const HOOK = 'https://hooks.partner.example/state';

async function request(platform: MockPlatform, method: string, path: string, token: string, body?: unknown) {
  const response = await platform.handle(
    new Request(`${platform.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  return {
    status: response.status,
    body: (await response.json().catch(() => undefined)) as Record<string, unknown>,
  };
}

/** A consumer stand-in responding with `status`, recording the signatures of what it received. */
function consumer(status: number) {
  const received: string[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    received.push(JSON.parse(String(init?.body)).id as string);
    return new Response(null, { status });
  };
  return { received, fetch: fetch as typeof globalThis.fetch };
}

describe('saveState and savedState (docs/decisions.md#d-mock-state-file)', () => {
  it('restores everything a developer set up: tokens, subscriptions and their secrets, data', async () => {
    const first = createMockPlatform();
    const token = first.accessToken(first.clients.partner);
    const app = first.fixtures.application.applicationId;
    const created = await request(first, 'POST', `/webhooks/1.0/${app}/subscriptions`, token, {
      url: HOOK,
      eventTypes: ['test.ping'],
    });
    // Free-form JSON that uses the encoding's own markers must come back as it was.
    first.state.roster.orgConfigs.set('org-maple-district', { $map: [['a', 1]], $set: 'x', $object: {} });
    first.emit('test.ping', { message: 'before the restart' });

    const again = createMockPlatform({ savedState: first.saveState() });
    expect(again.snapshot()).toEqual(first.snapshot());
    expect(again.saveState()).toBe(first.saveState());
    const read = await request(again, 'GET', `/webhooks/1.0/${app}/subscriptions/${created.body.id}`, token);
    expect(read.status).toBe(200);
    expect(again.state.subscriptions.get(String(created.body.id))?.secrets[0]?.secret).toBe(
      created.body.signingSecret,
    );
    expect(again.clients.partner.clientSecret).toBe(first.clients.partner.clientSecret);
  });

  it('carries on with pending work: the outbox and deliveries waiting for a retry', async () => {
    const failing = consumer(503);
    const first = createMockPlatform({ fetch: failing.fetch });
    const token = first.accessToken(first.clients.partner);
    const app = first.fixtures.application.applicationId;
    await request(first, 'POST', `/webhooks/1.0/${app}/subscriptions`, token, {
      url: HOOK,
      eventTypes: ['test.ping'],
    });
    const retried = first.emit('test.ping', { message: 'retried' });
    await first.clock.advance(MINUTE);
    expect(failing.received).toEqual([retried.id]);
    const queued = first.emit('test.ping', { message: 'still in the outbox' });

    const working = consumer(204);
    const again = createMockPlatform({
      savedState: first.saveState(),
      fetch: working.fetch,
      startTime: first.clock.now(),
    });
    await again.clock.advance(10 * MINUTE);
    expect(working.received.sort()).toEqual([retried.id, queued.id].sort());
    expect(again.state.deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered']);
  });

  it('refuses a saved state made with another seed, and text that is not a saved state', () => {
    const saved = createMockPlatform({ seed: 3 }).saveState();
    expect(() => createMockPlatform({ savedState: saved, seed: 4 })).toThrow(
      /made with seed 3, not 4; leave seed out/,
    );
    expect(createMockPlatform({ savedState: saved }).clients.partner.clientSecret).toBe(
      createMockPlatform({ seed: 3 }).clients.partner.clientSecret,
    );
    expect(() => createMockPlatform({ savedState: '{' })).toThrow(/not JSON.*start from a new state file/);
    expect(() => createMockPlatform({ savedState: '{"a":1}' })).toThrow(/not a learnkit-mock state/);
    expect(() => createMockPlatform({ savedState: saved.replace('"version":2', '"version":99') })).toThrow(
      /version 99, this learnkit-mock reads version 2/,
    );
  });
});
