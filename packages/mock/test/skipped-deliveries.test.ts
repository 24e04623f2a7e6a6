import { describe, expect, it } from 'vitest';
import { createMockPlatform, type MockPlatform, type SkippedDelivery } from '../src/index.js';

const MINUTE = 60_000;
const HOOK = 'https://hooks.partner.example/skips';

/** A platform on a manual clock whose consumer responds with `status`, recording every skip. */
function setup(status = 204) {
  const skips: SkippedDelivery[] = [];
  const sent: string[] = [];
  const platform = createMockPlatform({
    onDeliverySkipped: (skip) => skips.push(skip),
    fetch: async (_url, init) => {
      sent.push(String(init?.body));
      return new Response(null, { status });
    },
  });
  return { platform, skips, sent };
}

async function subscribe(platform: MockPlatform, eventTypes: string[], client = platform.clients.partner) {
  const app = platform.fixtures.application.applicationId;
  const response = await platform.handle(
    new Request(`${platform.baseUrl}/webhooks/1.0/${app}/subscriptions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${platform.accessToken(client)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url: HOOK, eventTypes }),
    }),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

async function change(platform: MockPlatform, method: 'PUT' | 'DELETE', id: string, body?: unknown) {
  const app = platform.fixtures.application.applicationId;
  const response = await platform.handle(
    new Request(`${platform.baseUrl}/webhooks/1.0/${app}/subscriptions/${id}`, {
      method,
      headers: {
        authorization: `Bearer ${platform.accessToken(platform.clients.partner)}`,
        'content-type': 'application/json',
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  expect(response.status).toBeLessThan(300);
}

describe('deliveries the mock decides not to send are reported with the reason (docs/decisions.md#d-mock-skipped-deliveries)', () => {
  it('self-suppression: the subscription owner caused the event', async () => {
    const { platform, skips, sent } = setup();
    const { id } = await subscribe(platform, ['user.created']);
    const event = platform.emit(
      'user.created',
      { userId: platform.fixtures.roster.student.sourcedId },
      { originClientId: platform.clients.partner.clientId },
    );
    await platform.clock.advance(MINUTE);
    expect(sent).toEqual([]);
    expect(skips).toEqual([
      {
        reason: 'self-suppression',
        eventId: event.id,
        type: 'user.created',
        subscriptionId: id,
        message: expect.stringContaining('partner-client caused the event and owns the subscription'),
      },
    ]);
  });

  it("org scope: the event's org is outside the owner's scope, or the event has no org", async () => {
    const { platform, skips, sent } = setup();
    const { id } = await subscribe(platform, ['user.created', 'application.updated']);
    const outside = platform.emit('user.created', {
      userId: platform.fixtures.roster.otherStudent.sourcedId,
    });
    const noOrg = platform.emit('application.updated', {
      applicationId: platform.fixtures.application.applicationId,
    });
    await platform.clock.advance(MINUTE);
    expect(sent).toEqual([]);
    expect(skips.map((s) => [s.reason, s.eventId, s.subscriptionId])).toEqual([
      ['org-scope', outside.id, id],
      ['org-scope', noOrg.id, id],
    ]);
    expect(skips[0]?.message).toContain(
      'attributed to org-cedar-high, outside the org scope of partner-client',
    );
    expect(skips[1]?.message).toContain('attributed to no org');
  });

  it('paused: held, and sent once the subscription is active again', async () => {
    const { platform, skips, sent } = setup();
    const { id } = await subscribe(platform, ['test.ping']);
    await change(platform, 'PUT', id, { status: 'paused' });
    const event = platform.emit('test.ping', { message: 'held' });
    await platform.clock.advance(MINUTE);
    expect(skips.map((s) => [s.reason, s.eventId, s.subscriptionId])).toEqual([['paused', event.id, id]]);
    expect(skips[0]?.message).toContain('the subscription is paused');
    await change(platform, 'PUT', id, { status: 'active' });
    await platform.clock.advance(0);
    expect(sent).toHaveLength(1);
  });

  it('disabled: dropped when the platform has disabled the subscription', async () => {
    const { platform, skips, sent } = setup();
    const { id } = await subscribe(platform, ['test.ping']);
    // What the platform does after a delivery's retries ran out (the API cannot set it).
    platform.state.subscriptions.get(id)!.status = 'disabled';
    const event = platform.emit('test.ping', { message: 'dropped' });
    await platform.clock.advance(MINUTE);
    expect(sent).toEqual([]);
    expect(skips.map((s) => [s.reason, s.eventId, s.subscriptionId])).toEqual([['disabled', event.id, id]]);
  });

  it('deleted: a delivery waiting for its retry is dropped when the subscription is deleted', async () => {
    const { platform, skips } = setup(503);
    const { id } = await subscribe(platform, ['test.ping']);
    const event = platform.emit('test.ping', { message: 'retry' });
    await platform.clock.advance(MINUTE);
    expect(skips).toEqual([]);
    await change(platform, 'DELETE', id);
    expect(skips.map((s) => [s.reason, s.eventId, s.subscriptionId])).toEqual([['deleted', event.id, id]]);
  });

  it('coalesced: an identical event of the same drain window is sent once', async () => {
    const { platform, skips, sent } = setup();
    await subscribe(platform, ['test.ping']);
    const first = platform.emit('test.ping', { message: 'same' });
    const second = platform.emit('test.ping', { message: 'same' });
    await platform.clock.advance(MINUTE);
    expect(sent).toHaveLength(1);
    expect(skips).toEqual([
      {
        reason: 'coalesced',
        eventId: second.id,
        type: 'test.ping',
        subscriptionId: undefined,
        message: expect.stringContaining(`identical (type and data) to event ${first.id}`),
      },
    ]);
  });

  it('reports nothing for a delivery that is sent', async () => {
    const { platform, skips, sent } = setup();
    await subscribe(platform, ['user.created']);
    platform.emit('user.created', { userId: platform.fixtures.roster.student.sourcedId });
    await platform.clock.advance(MINUTE);
    expect(sent).toHaveLength(1);
    expect(skips).toEqual([]);
  });
});
