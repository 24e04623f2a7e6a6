import { describe, expect, it } from 'vitest';
import type { Harness, Received } from '../support/harness.js';
import { contract } from '../support/harness.js';
import { verifies } from '../support/helpers.js';

type Subscription = { id: string; signingSecret: string; status: string };

const MINUTE = 60_000;

/** Signed deliveries: outbox timing, coalescing, retries, the status machine, routing, rotation. */
export function deliveryTests(h: Harness): void {
  describe('deliveries', () => {
    const app = () => h.platform.fixtures.application.applicationId;
    const subscribe = async (token: string, url: string, eventTypes: string[]) => {
      const rawResponse = await h.call('POST', `/webhooks/1.0/${app()}/subscriptions`, {
        token,
        body: { url, eventTypes },
      });
      expect(rawResponse.status).toBe(201);
      return rawResponse.body as Subscription;
    };
    const setStatus = (token: string, id: string, status: string) =>
      h.call('PUT', `/webhooks/1.0/${app()}/subscriptions/${id}`, { token, body: { status } });
    const expectContract = (received: Received[]) => {
      for (const delivery of received) {
        const result = contract.checkWebhookDelivery({ headers: delivery.headers, body: delivery.body });
        expect(result.issues).toEqual([]);
      }
    };

    it('POSTs a signed envelope about a minute after the change (docs/decisions.md#d-webhook-signature signature)', async () => {
      const partner = await h.token(h.platform.clients.partner);
      const received = h.consumer('https://hooks.partner.example/ping');
      const subscription = await subscribe(partner, 'https://hooks.partner.example/ping', ['test.ping']);
      const emitted = h.platform.emit('test.ping', { message: 'hello' });
      await h.platform.clock.advance(59_000);
      expect(received).toHaveLength(0);
      await h.platform.clock.advance(1_000);
      expect(received).toHaveLength(1);
      const delivery = received[0]!;
      expect(delivery.envelope).toEqual({
        id: emitted.id,
        type: 'test.ping',
        timestamp: emitted.timestamp,
        data: { message: 'hello' },
      });
      expect(delivery.headers.get('content-type')).toBe('application/json');
      expect(delivery.headers.get('x-service-webhook-timestamp')).toBe(
        String(Math.floor(h.platform.clock.now() / 1000)),
      );
      expect(delivery.headers.get('x-service-webhook-signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(verifies(subscription.signingSecret, delivery)).toBe(true);
      expect(verifies(subscription.signingSecret.replace(/^whsec_/, ''), delivery)).toBe(false);
      expectContract(received);
      const stored = h.platform.state.deliveries[0]!;
      expect(stored).toMatchObject({
        status: 'delivered',
        eventId: emitted.id,
        subscriptionId: subscription.id,
      });
      expect(stored.attempts).toMatchObject([
        { attempt: 1, status: 204, outcome: 'delivered', at: h.platform.clock.now() },
      ]);
    });

    it('coalesces rows with the same type and data in one drain window; the id is the same for every subscriber', async () => {
      const partner = await h.token(h.platform.clients.partner);
      const internal = await h.token(h.platform.clients.internal);
      const first = h.consumer('https://hooks.partner.example/one');
      const second = h.consumer('https://hooks.platform.example/two');
      await subscribe(partner, 'https://hooks.partner.example/one', ['test.ping']);
      await subscribe(internal, 'https://hooks.platform.example/two', ['test.ping']);
      const kept = h.platform.emit('test.ping', { message: 'same' });
      await h.platform.clock.advance(20_000);
      h.platform.emit('test.ping', { message: 'same' });
      h.platform.emit('test.ping', { message: 'different' });
      await h.platform.clock.advance(MINUTE);
      expect(first.map((delivery) => delivery.envelope.data.message).sort()).toEqual(['different', 'same']);
      expect(first.find((delivery) => delivery.envelope.data.message === 'same')!.envelope.id).toBe(kept.id);
      const ids = (inbox: Received[]) => inbox.map((delivery) => delivery.envelope.id).sort();
      expect(ids(second)).toEqual(ids(first));
      expect(h.platform.state.outbox.map((row) => row.status)).toEqual([
        'dispatched',
        'coalesced',
        'dispatched',
      ]);
      expectContract([...first, ...second]);
    });

    it('retries 408, 429, 5xx, time-outs and network errors with the same id; other 4xx are dead at once', async () => {
      await h.restart({ deliveryTimeoutMs: 300 });
      let partner = await h.token(h.platform.clients.partner);
      const rawResponses: (() => Response | Promise<Response>)[] = [
        () => new Response(null, { status: 500 }),
        () => new Response(null, { status: 429 }),
        () => new Response(null, { status: 408 }),
        () => Response.error(),
        () =>
          new Promise<Response>((resolve) =>
            setTimeout(() => resolve(new Response(null, { status: 200 })), 2_000),
          ),
        () => new Response('ok', { status: 202 }),
      ];
      let call = 0;
      const received = h.consumer('https://hooks.partner.example/flaky', () =>
        (rawResponses[call++] ?? (() => new Response(null, { status: 200 })))(),
      );
      const subscription = await subscribe(partner, 'https://hooks.partner.example/flaky', ['test.ping']);
      h.platform.emit('test.ping', { message: 'retry me' });
      await h.platform.clock.runAll();
      const delivery = h.platform.state.deliveries[0]!;
      expect(delivery.status).toBe('delivered');
      expect(delivery.attempts.map((attempt) => attempt.status ?? attempt.error)).toEqual([
        500,
        429,
        408,
        'network',
        'timeout',
        202,
      ]);
      expect(new Set(received.map((entry) => entry.envelope.id)).size).toBe(1);
      expect(received.every((entry) => verifies(subscription.signingSecret, entry))).toBe(true);
      expect(new Set(received.map((entry) => entry.headers.get('x-service-webhook-timestamp'))).size).toBe(
        received.length,
      );

      // Hours passed on the mock clock: the first token has expired.
      partner = await h.token(h.platform.clients.partner);
      const dead = h.consumer(
        'https://hooks.partner.example/gone',
        () => new Response(null, { status: 410 }),
      );
      const deadSubscription = await subscribe(partner, 'https://hooks.partner.example/gone', ['test.ping']);
      h.platform.emit('test.ping', { message: 'once' });
      await h.platform.clock.runAll();
      const deadDelivery = h.platform.state.deliveries.find(
        (entry) => entry.subscriptionId === deadSubscription.id,
      )!;
      expect(deadDelivery.status).toBe('dead');
      expect(deadDelivery.attempts).toHaveLength(1);
      expect(dead).toHaveLength(1);
      partner = await h.token(h.platform.clients.partner);
      const still = await h.call('GET', `/webhooks/1.0/${app()}/subscriptions/${deadSubscription.id}`, {
        token: partner,
      });
      expect((still.body as Subscription).status).toBe('active');
    });

    it('runs the whole 24 h schedule: a consumer that always responds with 500 gets 8 attempts, then the subscription is disabled', async () => {
      let partner = await h.token(h.platform.clients.partner);
      const received = h.consumer(
        'https://hooks.partner.example/down',
        () => new Response('down', { status: 500 }),
      );
      const subscription = await subscribe(partner, 'https://hooks.partner.example/down', [
        'test.ping',
        'user.updated',
      ]);
      const start = h.platform.clock.now();
      h.platform.emit('test.ping', { message: 'are you there?' });
      const began = Date.now();
      await h.platform.clock.advance(25 * 60 * MINUTE);
      expect(Date.now() - began).toBeLessThan(5_000);
      const delivery = h.platform.state.deliveries[0]!;
      // Drain at +1 min, then 10, 20, 40, 80, 160, 320 minutes and the 6 h cap between attempts.
      const offsets = delivery.attempts.map((attempt) => (attempt.at - start) / MINUTE);
      expect(offsets).toEqual([1, 11, 31, 71, 151, 311, 631, 991]);
      expect(delivery.attempts.map((attempt) => attempt.outcome)).toEqual([
        ...Array(7).fill('retry'),
        'dead',
      ]);
      expect(delivery.status).toBe('dead');
      expect(received).toHaveLength(8);
      partner = await h.token(h.platform.clients.partner);
      const after = await h.call('GET', `/webhooks/1.0/${app()}/subscriptions/${subscription.id}`, {
        token: partner,
      });
      expect((after.body as Subscription).status).toBe('disabled');

      // Disabled: events are dropped; re-enabling does not deliver them retroactively.
      h.platform.emit('test.ping', { message: 'while disabled' });
      await h.platform.clock.advance(2 * MINUTE);
      expect(received).toHaveLength(8);
      expect(h.platform.state.deliveries.at(-1)!.status).toBe('dropped');
      expect((await setStatus(partner, subscription.id, 'active')).status).toBe(200);
      await h.platform.clock.advance(2 * MINUTE);
      expect(received).toHaveLength(8);
      h.platform.emit('test.ping', { message: 'after re-enable' });
      await h.platform.clock.advance(MINUTE);
      expect(received.at(-1)!.envelope.data.message).toBe('after re-enable');
    });

    it('holds events while paused and flushes them on resume', async () => {
      const partner = await h.token(h.platform.clients.partner);
      const received = h.consumer('https://hooks.partner.example/paused');
      const subscription = await subscribe(partner, 'https://hooks.partner.example/paused', ['test.ping']);
      expect((await setStatus(partner, subscription.id, 'paused')).body).toMatchObject({ status: 'paused' });
      h.platform.emit('test.ping', { message: 'one' });
      h.platform.emit('test.ping', { message: 'two' });
      await h.platform.clock.advance(30 * MINUTE);
      expect(received).toHaveLength(0);
      expect(h.platform.state.deliveries.map((delivery) => delivery.status)).toEqual(['held', 'held']);
      expect((await setStatus(partner, subscription.id, 'active')).status).toBe(200);
      await h.platform.clock.advance(0);
      expect(received.map((delivery) => delivery.envelope.data.message)).toEqual(['one', 'two']);
      expectContract(received);
    });

    it('makes delete final: pending retries are dropped and nothing more is delivered', async () => {
      const partner = await h.token(h.platform.clients.partner);
      const received = h.consumer(
        'https://hooks.partner.example/deleted',
        () => new Response(null, { status: 503 }),
      );
      const subscription = await subscribe(partner, 'https://hooks.partner.example/deleted', ['test.ping']);
      h.platform.emit('test.ping', { message: 'x' });
      await h.platform.clock.advance(MINUTE);
      expect(received).toHaveLength(1);
      expect(
        (
          await h.call('DELETE', `/webhooks/1.0/${app()}/subscriptions/${subscription.id}`, {
            token: partner,
          })
        ).status,
      ).toBe(204);
      h.platform.emit('test.ping', { message: 'y' });
      await h.platform.clock.runAll();
      expect(received).toHaveLength(1);
      expect(h.platform.state.deliveries[0]!.status).toBe('dropped');
    });

    it('routes by type, org scope, no-org to internal clients only, and suppresses the originating client', async () => {
      const tokens = {
        partner: await h.token(h.platform.clients.partner),
        other: await h.token(h.platform.clients.otherPartner),
        internal: await h.token(h.platform.clients.internal),
      };
      const inbox = {
        partner: h.consumer('https://hooks.partner.example/all'),
        other: h.consumer('https://hooks.cedar.example/all'),
        internal: h.consumer('https://hooks.platform.example/all'),
      };
      const types = [
        'user.created',
        'user.updated',
        'application.created',
        'application.updated',
        'org.config.updated',
      ];
      await subscribe(tokens.partner, 'https://hooks.partner.example/all', types);
      await subscribe(tokens.other, 'https://hooks.cedar.example/all', types);
      await subscribe(tokens.internal, 'https://hooks.platform.example/all', types);

      const { student, otherStudent } = h.platform.fixtures.roster;
      h.platform.emit('user.updated', { userId: student.sourcedId });
      h.platform.emit('user.updated', { userId: otherStudent.sourcedId });
      h.platform.emit('application.updated', { applicationId: app() });
      h.platform.emit('enrollment.created', {
        enrollmentId: 'e',
        classId: 'class-math-g3',
        userId: student.sourcedId,
      });
      // A write by the partner: the partner's own subscription is suppressed, the internal one still gets it.
      const put = await h.call('PUT', `/rostering/1.0/orgs/${h.platform.fixtures.roster.districtId}/config`, {
        token: tokens.partner,
        body: { theme: 'dark' },
      });
      expect(put.status).toBe(200);
      await h.platform.clock.advance(MINUTE);
      const seen = (inbox: Received[]) =>
        inbox.map((delivery) => `${delivery.envelope.type}:${JSON.stringify(delivery.envelope.data)}`);
      expect(seen(inbox.partner)).toEqual([`user.updated:{"userId":"${student.sourcedId}"}`]);
      expect(seen(inbox.other)).toEqual([`user.updated:{"userId":"${otherStudent.sourcedId}"}`]);
      expect(seen(inbox.internal).sort()).toEqual(
        [
          `user.updated:{"userId":"${student.sourcedId}"}`,
          `user.updated:{"userId":"${otherStudent.sourcedId}"}`,
          `application.updated:{"applicationId":"${app()}"}`,
          `org.config.updated:{"orgId":"${h.platform.fixtures.roster.districtId}"}`,
        ].sort(),
      );
      expectContract([...inbox.partner, ...inbox.other, ...inbox.internal]);
    });

    it('signs in-flight deliveries with the old secret during the rotation window, and with the new one after it', async () => {
      await h.restart({ rotationWindowMs: 60 * MINUTE });
      const partner = await h.token(h.platform.clients.partner);
      let fail = true;
      const received = h.consumer(
        'https://hooks.partner.example/rotating',
        () => new Response(null, { status: fail ? 500 : 200 }),
      );
      const subscription = await subscribe(partner, 'https://hooks.partner.example/rotating', ['test.ping']);
      h.platform.emit('test.ping', { message: 'before rotation' });
      await h.platform.clock.advance(MINUTE);
      const rotated = await h.call(
        'POST',
        `/webhooks/1.0/${app()}/subscriptions/${subscription.id}/rotate-secret`,
        { token: partner },
      );
      const newSecret = (rotated.body as Subscription).signingSecret;
      h.platform.emit('test.ping', { message: 'after rotation' });
      await h.platform.clock.advance(MINUTE);
      // Retry of the in-flight delivery 10 minutes after its first attempt: still inside the window.
      await h.platform.clock.advance(9 * MINUTE);
      const byMessage = (message: string) =>
        received.filter((delivery) => delivery.envelope.data.message === message);
      expect(
        byMessage('before rotation').every((delivery) => verifies(subscription.signingSecret, delivery)),
      ).toBe(true);
      expect(byMessage('before rotation')).toHaveLength(2);
      expect(verifies(newSecret, byMessage('after rotation')[0]!)).toBe(true);
      // Past the window (at +61 min) the old secret stops signing: the retry at +71 min uses the new one.
      await h.platform.clock.advance(50 * MINUTE);
      fail = false;
      await h.platform.clock.advance(10 * MINUTE);
      const late = byMessage('before rotation').at(-1)!;
      expect(verifies(newSecret, late)).toBe(true);
      expect(verifies(subscription.signingSecret, late)).toBe(false);
    });

    it('validates emit: unknown types and missing data members throw', () => {
      expect(() => h.platform.emit('nope.nope' as never, {})).toThrow(/unknown event type/);
      expect(() => h.platform.emit('enrollment.created', { enrollmentId: 'e' })).toThrow(/classId, userId/);
      expect(h.platform.state.events).toHaveLength(0);
    });
  });
}
