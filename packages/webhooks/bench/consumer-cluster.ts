/**
 * The consumer fleet of the webhook volume benchmark (consumers.ts): a Node `cluster` of two processes behind one
 * loopback port. With `MODE=learnkit` each runs `createWebhookHandler` with the Redis dedupe store (REDIS_URL) and a
 * function that fails the first attempt of 1% of the events (those whose `data.message` ends in `:fail`); with
 * `MODE=stripe` each runs the anchor, `stripe.webhooks.constructEvent` (verify + parse) per request. The function
 * of both records in Redis when it succeeded (`HINCRBY <prefix>:handled id 1`, `HSET <prefix>:done id ms`), so the
 * bench checks exactly-once and that no delivery was acknowledged before its success. The primary sends `{ port }`
 * to its parent once both listen, and stops them when the parent disconnects.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { createRedisDedupeStore, toNodeListener } from '@learnkit/core';
import { Redis } from 'ioredis';
import Stripe from 'stripe';
import { createWebhookHandler } from '../src/index';

const env = process.env as Record<string, string>;

if (cluster.isPrimary) {
  const port = Number(env.PORT);
  for (let i = 0; i < 2; i++) cluster.fork();
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === 2) process.send?.({ port });
  });
  process.on('disconnect', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const redis = new Redis(env.REDIS_URL as string);
  const prefix = env.PREFIX as string;
  /** What the partner's function does once it has done its work: record it, to be checked afterwards. */
  const succeeded = async (id: string) => {
    await redis.multi().hincrby(`${prefix}:handled`, id, 1).hset(`${prefix}:done`, id, Date.now()).exec();
  };
  const listener =
    env.MODE === 'stripe' ? stripeListener(succeeded) : learnkitListener(redis, prefix, succeeded);
  createServer(listener).listen(Number(env.PORT), '127.0.0.1');
}

/** `createWebhookHandler` with the Redis dedupe store; 1% of first attempts fail. */
function learnkitListener(redis: Redis, prefix: string, succeeded: (id: string) => Promise<void>) {
  const handler = createWebhookHandler({
    secret: env.SECRET as string,
    dedupe: createRedisDedupeStore(redis, { prefix: `${prefix}:seen:` }),
    on: {
      'test.ping': async (event) => {
        if (
          event.data.message.endsWith(':fail') &&
          (await redis.incr(`${prefix}:attempts:${event.id}`)) === 1
        )
          throw new Error('the first attempt of this event fails (the bench)');
        await succeeded(event.id);
      },
    },
    logger: false,
  });
  return toNodeListener(handler);
}

/** The anchor: `stripe.webhooks.constructEvent` (verify the signature, parse) and the same record of success. */
function stripeListener(succeeded: (id: string) => Promise<void>) {
  const stripe = new Stripe('sk_test_bench');
  return (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      try {
        const event = stripe.webhooks.constructEvent(
          Buffer.concat(chunks),
          request.headers['stripe-signature'] as string,
          env.STRIPE_SECRET as string,
        );
        await succeeded(event.id);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        response.writeHead(400).end(String((error as Error).message));
      }
    });
  };
}
