import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  createSubscriptionsClient,
  createWebhookHandler,
  type KnownWebhookEvent,
  verifyWebhook,
  type WebhookEvent,
} from '../src/index';
import { contract, useMockPlatform } from './mock-support';

const CONSUMER = 'https://hooks.partner.example/lk-consumer';
const MINUTE = 60_000;
// The consumer's exchanges are not platform operations: the contract checks them as deliveries below instead.
const ctx = useMockPlatform({}, /lk-consumer/);
const app = () => ctx.platform.fixtures.application.applicationId;

/** Serves `CONSUMER` with `respond`, recording each delivery and checking it against openapi/'s `webhooks`. */
function consumer(respond: (request: Request) => Promise<Response>) {
  const received: { body: string; headers: Headers; status: number }[] = [];
  ctx.server.use(
    http.post(CONSUMER, async ({ request }) => {
      const body = await request.clone().text();
      const result = contract.checkWebhookDelivery({ headers: request.headers, body });
      expect(result.issues).toEqual([]);
      const response = await respond(request);
      received.push({ body, headers: new Headers(request.headers), status: response.status });
      return response;
    }),
  );
  return received;
}

async function subscribe(eventTypes: ('test.ping' | 'enrollment.created')[]) {
  const subs = createSubscriptionsClient(ctx.http(ctx.platform.clients.partner));
  return { subs, subscription: await subs.create(app(), { url: CONSUMER, eventTypes }) };
}

describe('deliveries from the mock platform to createWebhookHandler', () => {
  it('the 24-hour retry schedule ends in exactly one handled event when the consumer fails the first three times', async () => {
    const { subscription } = await subscribe(['enrollment.created']);
    let attempts = 0;
    const handled: KnownWebhookEvent<'enrollment.created'>[] = [];
    const handler = createWebhookHandler({
      secret: subscription.signingSecret,
      now: () => ctx.platform.clock.now(),
      on: {
        'enrollment.created': (event) => {
          attempts++;
          if (attempts <= 3) throw new Error(`database unavailable (attempt ${attempts})`);
          handled.push(event);
        },
      },
    });
    const received = consumer(handler);
    const start = ctx.platform.clock.now();
    const data = { enrollmentId: 'enr-42', classId: 'cls-1', userId: 'usr-1' };
    const emitted = ctx.platform.emit('enrollment.created', data, { orgIds: ['org-maple-district'] });

    await ctx.platform.clock.advance(25 * 60 * MINUTE);

    expect(received.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    expect(handled).toEqual([
      { id: emitted.id, type: 'enrollment.created', timestamp: emitted.timestamp, data },
    ]);
    const [delivery] = ctx.platform.state.deliveries;
    expect(delivery?.status).toBe('delivered');
    // Drain about a minute after the change, then 10, 20 and 40 minutes of backoff.
    expect(delivery?.attempts.map((a) => (a.at - start) / MINUTE)).toEqual([1, 11, 31, 71]);
    // Every attempt was signed anew and carried the same event id.
    expect(new Set(received.map((r) => r.headers.get('x-service-webhook-timestamp'))).size).toBe(4);
    expect(new Set(received.map((r) => JSON.parse(r.body).id))).toEqual(new Set([emitted.id]));
  });

  it('a redelivery after a lost response (consumer handled it, platform saw a 500) is handled once', async () => {
    const { subscription } = await subscribe(['test.ping']);
    const handled: WebhookEvent[] = [];
    const handler = createWebhookHandler({
      secret: subscription.signingSecret,
      now: () => ctx.platform.clock.now(),
      on: { 'test.ping': (event) => void handled.push(event) },
    });
    let first = true;
    const received = consumer(async (request) => {
      const response = await handler(request);
      if (first) {
        first = false;
        // The handler ran, but the response is lost on the way back: the platform sees a failure and retries.
        return new Response('gateway timeout', { status: 504 });
      }
      return response;
    });
    ctx.platform.emit('test.ping', { message: 'once' });
    await ctx.platform.clock.runAll();
    expect(received.map((r) => r.status)).toEqual([504, 200]);
    expect(handled).toHaveLength(1);
  });

  it('a consumer verifying with [new, old] accepts deliveries across a secret rotation', async () => {
    const { subs, subscription } = await subscribe(['test.ping']);
    const oldSecret = subscription.signingSecret;
    const verified: string[] = [];
    let secrets = [oldSecret];
    let calls = 0;
    consumer(async (request) => {
      const body = await request.text();
      await verifyWebhook({
        body,
        headers: request.headers,
        secret: secrets,
        now: () => ctx.platform.clock.now(),
      });
      verified.push(JSON.parse(body).data.message);
      // The first attempt fails, so its retry is signed after the rotation.
      return new Response(null, { status: ++calls === 1 ? 503 : 204 });
    });
    ctx.platform.emit('test.ping', { message: 'before' });
    await ctx.platform.clock.advance(MINUTE);
    const rotated = await subs.rotateSecret(app(), subscription.id);
    secrets = [rotated.signingSecret, oldSecret];
    ctx.platform.emit('test.ping', { message: 'after' });
    await ctx.platform.clock.runAll();
    // 'before' twice (routed with the old secret, which keeps signing in the rotation window), 'after' once.
    expect(verified.sort()).toEqual(['after', 'before', 'before']);
    const signedWith = ctx.platform.state.deliveries.map((d) => d.secret === rotated.signingSecret.reveal());
    expect(signedWith.sort()).toEqual([false, true]);
  });

  it('paused holds deliveries; active delivers them, each handled once', async () => {
    const { subs, subscription } = await subscribe(['test.ping']);
    const handled: WebhookEvent[] = [];
    const received = consumer(
      createWebhookHandler({
        secret: subscription.signingSecret,
        now: () => ctx.platform.clock.now(),
        on: { 'test.ping': (event) => void handled.push(event) },
      }),
    );
    await subs.update(app(), subscription.id, { status: 'paused' });
    ctx.platform.emit('test.ping', { message: 'held 1' });
    ctx.platform.emit('test.ping', { message: 'held 2' });
    await ctx.platform.clock.advance(10 * MINUTE);
    expect(received).toHaveLength(0);
    await subs.update(app(), subscription.id, { status: 'active' });
    await ctx.platform.clock.runAll();
    expect(handled.map((e) => (e.data as { message: string }).message).sort()).toEqual(['held 1', 'held 2']);
    expect(received.every((r) => r.status === 200)).toBe(true);
  });

  it('a consumer with the wrong secret responds with 401, which the platform treats as dead (no retry)', async () => {
    await subscribe(['test.ping']);
    const received = consumer(
      createWebhookHandler({ secret: 'whsec_not-the-one', now: () => ctx.platform.clock.now(), on: {} }),
    );
    ctx.platform.emit('test.ping', { message: 'x' });
    await ctx.platform.clock.runAll();
    expect(received.map((r) => r.status)).toEqual([401]);
    expect(ctx.platform.state.deliveries[0]?.status).toBe('dead');
  });
});
