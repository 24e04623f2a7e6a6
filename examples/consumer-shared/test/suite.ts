// The one test suite of the webhook consumer examples: each example runs it on its own app
// (docs/decisions.md#d-webhook-consumer-examples), against the mock platform of @learnkit/test-utils.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientOptions, usePlatform } from '@learnkit/test-utils';
import {
  createSubscriptionsClient,
  signWebhook,
  type WebhookSubscriptionWithSecret,
} from '@learnkit/webhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsumerOptions, type ConsumerStore, createMemoryStore } from '../src/index';
import type { ListenOptions, RunningConsumer } from '../src/run';

/** One example under test: its framework's name, its app as a Node listener, and its `startConsumer`. */
export interface ConsumerExample {
  /** The framework, as the test titles name it (`Express`, `Hono`). */
  name: string;
  /** The example's `createApp(options)` as a Node request listener. */
  listener(options: ConsumerOptions): RequestListener;
  /** The example's `startConsumer` (what `npm start` runs). */
  startConsumer(options: ConsumerOptions & ListenOptions): Promise<RunningConsumer>;
}

const MINUTE = 60_000;
const MAPLE = { orgIds: ['org-maple-district'] };

/** Runs the consumer suite on `example`: its app against the mock platform's deliveries, then `startConsumer`. */
export function describeConsumer(example: ConsumerExample): void {
  describe(`the ${example.name} consumer against the mock platform`, () => {
    let server: Server;
    let consumerUrl: string;
    let subscription: WebhookSubscriptionWithSecret;
    let store: ConsumerStore;
    /** Event ids whose first response the network "loses": the consumer handled it, the platform saw a 504. */
    let loseFirstResponseOf: Set<string>;

    // The consumer's port must be known before the platform (it forwards there), and the consumer needs the
    // subscription's secret: listen first on a free loopback port, attach the app once the secret exists.
    beforeEach(async () => {
      server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      consumerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
      loseFirstResponseOf = new Set();
    });
    afterEach(() => new Promise((resolve) => server.close(resolve)));

    const ctx = usePlatform('loopback', {
      platform: () => {
        const lost = new Set<string>();
        return {
          // What `learnkit-mock serve --forward-to` does: every delivery goes to the local consumer.
          forwardTo: consumerUrl,
          fetch: async (input, init) => {
            const response = await fetch(input, init);
            const id = JSON.parse(String(init?.body)).id as string;
            if (!loseFirstResponseOf.has(id) || lost.has(id)) return response;
            lost.add(id);
            await response.arrayBuffer();
            return new Response('upstream timed out', { status: 504 });
          },
        };
      },
    });

    beforeEach(async () => {
      const subscriptions = createSubscriptionsClient(clientOptions(ctx));
      subscription = await subscriptions.create(ctx.platform.fixtures.application.applicationId, {
        url: 'https://hooks.partner.example/learnkit',
        eventTypes: [
          'test.ping',
          'enrollment.created',
          'enrollment.deleted',
          'user.updated',
          'user.deleted',
          'user_role.created',
        ],
      });
      store = createMemoryStore();
      const app = example.listener({
        secret: subscription.signingSecret.reveal(),
        store,
        // The mock's clock is not the wall clock once a test advances it: verify timestamps against it.
        now: () => ctx.platform.clock.now(),
        log: false,
      });
      server.on('request', app);
    });

    it('handles each delivered event exactly once, with its typed data', async () => {
      const { platform } = ctx;
      const created = platform.emit(
        'enrollment.created',
        { enrollmentId: 'enr-1', classId: 'class-math-g3', userId: 'usr-ada' },
        MAPLE,
      );
      const second = platform.emit(
        'enrollment.created',
        { enrollmentId: 'enr-2', classId: 'class-math-g3', userId: 'usr-alan' },
        MAPLE,
      );
      const ping = platform.emit('test.ping', { message: 'hello' });
      const forgotten = platform.emit(
        'user.deleted',
        { userId: 'usr-grace', email: 'grace@example.com' },
        MAPLE,
      );
      const updated = platform.emit('user.updated', { userId: 'usr-ada' }, MAPLE);
      const unhandled = platform.emit(
        'user_role.created',
        { roleId: 'r-1', userId: 'usr-ada', orgId: 'org-maple' },
        MAPLE,
      );

      await platform.clock.advance(MINUTE); // the outbox drains a minute after the events

      expect(ctx.deliveries.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
      // Deliveries of one drain go out concurrently: compare regardless of order, but each exactly once.
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect([...store.handled].sort(byId)).toEqual(
        [
          { id: created.id, type: 'enrollment.created' },
          { id: second.id, type: 'enrollment.created' },
          { id: ping.id, type: 'test.ping' },
          { id: forgotten.id, type: 'user.deleted' },
          { id: updated.id, type: 'user.updated' },
        ].sort(byId),
      );
      expect([...store.enrollments.keys()].sort()).toEqual(['enr-1', 'enr-2']);
      expect([...store.forgottenUsers]).toEqual(['usr-grace']);
      expect([...store.usersToSync]).toEqual(['usr-ada']);
      // Acknowledged without a handler; the platform marks every delivery delivered.
      expect(store.handled.some((h) => h.id === unhandled.id)).toBe(false);
      expect(platform.state.deliveries.map((d) => d.status)).toEqual(Array(6).fill('delivered'));

      platform.emit(
        'enrollment.deleted',
        { enrollmentId: 'enr-1', classId: 'class-math-g3', userId: 'usr-ada' },
        MAPLE,
      );
      await platform.clock.advance(MINUTE);
      expect([...store.enrollments.keys()]).toEqual(['enr-2']);
      expect(store.handled).toHaveLength(6);
    });

    it('responds to a tampered delivery with 401 and handles nothing; an exact replay is a duplicate', async () => {
      const event = ctx.platform.emit('test.ping', { message: 'original' });
      await ctx.platform.clock.advance(MINUTE);
      expect(store.handled).toEqual([{ id: event.id, type: 'test.ping' }]);
      const [delivery] = ctx.deliveries;

      const tampered = await fetch(delivery!.url, {
        method: 'POST',
        headers: delivery!.headers,
        body: delivery!.body.replace('original', 'tampered'),
      });
      expect(tampered.status).toBe(401);
      expect(await tampered.json()).toEqual({ error: 'signature_mismatch' });

      const unsigned = await fetch(delivery!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: delivery!.body,
      });
      expect(unsigned.status).toBe(401);
      expect(await unsigned.json()).toEqual({ error: 'missing_signature' });

      const replay = await fetch(delivery!.url, {
        method: 'POST',
        headers: delivery!.headers,
        body: delivery!.body,
      });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ received: true, duplicate: true });
      expect(store.handled).toHaveLength(1);
    });

    it('does not handle a redelivery twice when the first response was lost', async () => {
      const { platform } = ctx;
      const event = platform.emit(
        'enrollment.created',
        { enrollmentId: 'enr-9', classId: 'c', userId: 'u' },
        MAPLE,
      );
      loseFirstResponseOf.add(event.id);

      await platform.clock.advance(MINUTE);
      // The consumer handled it and responded with 200, but the platform saw a 504 and schedules a retry.
      expect(store.handled).toEqual([{ id: event.id, type: 'enrollment.created' }]);
      expect(platform.state.deliveries[0]?.status).toBe('pending');

      await platform.clock.advance(10 * MINUTE); // the platform's first retry, signed anew
      const [first, retry] = ctx.deliveries;
      expect(retry?.headers['x-service-webhook-timestamp']).not.toBe(
        first?.headers['x-service-webhook-timestamp'],
      );
      expect(JSON.parse(retry!.body).id).toBe(event.id);
      expect(retry?.status).toBe(200);
      expect(platform.state.deliveries[0]?.status).toBe('delivered');
      expect(platform.state.deliveries[0]?.attempts.map((a) => a.status)).toEqual([504, 200]);
      expect(store.handled).toHaveLength(1);
    });
  });

  describe('startConsumer (what `npm start` runs)', () => {
    it('listens on a free port, serves /healthz and verifies signed deliveries', async () => {
      const secret = 'whsec_ZXhhbXBsZS1jb25zdW1lci1zZWNyZXQ';
      const local = createMemoryStore();
      const consumer = await example.startConsumer({
        secret,
        port: 0,
        host: '127.0.0.1',
        store: local,
        log: false,
      });
      try {
        expect(consumer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
        const health = await fetch(consumer.url.replace('/webhooks', '/healthz'));
        expect(await health.json()).toEqual({ ok: true });

        const body = JSON.stringify({
          id: 'evt-local-1',
          type: 'user.deleted',
          timestamp: new Date().toISOString(),
          data: { userId: 'usr-1', email: 'a@example.com' },
        });
        const headers = { ...(await signWebhook({ body, secret })), 'content-type': 'application/json' };
        const ok = await fetch(consumer.url, { method: 'POST', headers, body });
        expect(ok.status).toBe(200);
        expect([...local.forgottenUsers]).toEqual(['usr-1']);

        const wrongSecret = await signWebhook({ body, secret: 'whsec_c29tZS1vdGhlci1zZWNyZXQ' });
        const refused = await fetch(consumer.url, { method: 'POST', headers: wrongSecret, body });
        expect(refused.status).toBe(401);

        const badData = JSON.stringify({ ...JSON.parse(body), id: 'evt-local-2', data: { userId: 7 } });
        const invalid = await fetch(consumer.url, {
          method: 'POST',
          headers: { ...(await signWebhook({ body: badData, secret })), 'content-type': 'application/json' },
          body: badData,
        });
        expect(invalid.status).toBe(400);
        expect(await invalid.json()).toEqual({ error: 'invalid_payload' });
        expect(local.handled).toEqual([{ id: 'evt-local-1', type: 'user.deleted' }]);
      } finally {
        await consumer.close();
      }
    });
  });
}
