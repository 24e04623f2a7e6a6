import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ConsumerOptions, ListenOptions, RunningConsumer } from '@learnkit/example-consumer-shared';
import { createConsumerHandler, runningConsumer } from '@learnkit/example-consumer-shared';
import { Hono } from 'hono';

/**
 * The partner's webhook consumer as a Hono app (Node, Bun, Deno, Cloudflare Workers alike): `POST /webhooks` runs
 * the consumer's webhook handler (`createConsumerHandler`: verified against the raw body, each event once, typed
 * handlers, the responses the platform expects). `GET /healthz` responds with `{ ok: true }`.
 */
export function createApp(options: ConsumerOptions): Hono {
  const handler = createConsumerHandler(options);
  const app = new Hono();
  // `c.req.raw` is the web Request untouched, its body unread: the handler reads the raw bytes and verifies them.
  // (Do not call c.req.json() first; for your own verifyWebhook call, use `await c.req.text()` as the body.)
  app.post('/webhooks', (c) => handler(c.req.raw));
  app.get('/healthz', (c) => c.json({ ok: true }));
  return app;
}

/** Starts {@link createApp} on Node with `@hono/node-server`, on `port` (0: any free port) and `host`. */
export function startConsumer(options: ConsumerOptions & ListenOptions): Promise<RunningConsumer> {
  const app = createApp(options);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port ?? 3000, ...(options.host && { hostname: options.host }) },
      (info: AddressInfo) => resolve(runningConsumer(server, info.port, options.host)),
    );
    server.once('error', reject);
  });
}
