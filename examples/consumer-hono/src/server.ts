import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createWebhookHandler, type DedupeStore } from '@learnkit/webhooks';
import { Hono } from 'hono';
import { type ConsumerStore, createMemoryStore } from './store';

export { type ConsumerStore, createMemoryStore } from './store';

/** Options of {@link createApp}. */
export interface ConsumerOptions {
  /** The subscription's signing secret, or `[newSecret, oldSecret]` while rotating. */
  secret: string | readonly string[];
  /** Where handled events go (default: a new in-memory store). */
  store?: ConsumerStore;
  /**
   * Remembers handled event ids (default: in memory, one process). With several instances pass a shared store,
   * e.g. `createRedisDedupeStore(new Redis(url))` from `@learnkit/core` (re-exported by `@learnkit/webhooks`).
   */
  dedupe?: DedupeStore;
  /** Clock in ms (default `Date.now`); tests pass the mock platform's clock. */
  now?: () => number;
  /** Where to write one line per event (default: `console.log`; `false` for none). */
  log?: ((line: string) => void) | false;
}

/**
 * The partner's webhook consumer as a Hono app (Node, Bun, Deno, Cloudflare Workers alike): `POST /webhooks`
 * verifies each delivery against the raw body, skips redeliveries, runs the typed handler of the event's type and
 * answers as the platform expects (200 handled or already seen, 401 bad signature or stale timestamp, 400 payload
 * that does not fit its type, 500 when a handler throws, so the platform retries). `GET /healthz` answers
 * `{ ok: true }`.
 */
export function createApp(options: ConsumerOptions): Hono {
  const store = options.store ?? createMemoryStore();
  const log = options.log === false ? () => {} : (options.log ?? console.log);
  const handled = (event: { id: string; type: string }, what: string) => {
    store.handled.push({ id: event.id, type: event.type });
    log(`${event.type} ${event.id}: ${what}`);
  };

  const handler = createWebhookHandler({
    secret: options.secret,
    ...(options.dedupe && { dedupe: options.dedupe }),
    ...(options.now && { now: options.now }),
    on: {
      // Each function gets its type's event: `event.data` is typed (EnrollmentEventData, UserDeletedEventData...).
      'enrollment.created': (event) => {
        store.enrollments.set(event.data.enrollmentId, event.data);
        handled(event, `user ${event.data.userId} joined class ${event.data.classId}`);
      },
      'enrollment.deleted': (event) => {
        store.enrollments.delete(event.data.enrollmentId);
        handled(event, `enrollment ${event.data.enrollmentId} ended`);
      },
      'user.created': (event) => {
        store.usersToSync.add(event.data.userId);
        handled(event, `new user ${event.data.userId}: fetch it`);
      },
      'user.updated': (event) => {
        store.usersToSync.add(event.data.userId);
        handled(event, `user ${event.data.userId} changed: fetch it again`);
      },
      'user.deleted': (event) => {
        store.forgottenUsers.add(event.data.userId);
        handled(event, `forget user ${event.data.userId}`);
      },
      'test.ping': (event) => handled(event, `ping: ${event.data.message}`),
    },
    // Types this consumer subscribed to but does not act on (and types newer than the SDK) are acknowledged.
    onUnhandled: (event) => log(`${event.type} ${event.id}: acknowledged, no handler`),
  });

  const app = new Hono();
  // `c.req.raw` is the web Request untouched, its body unread: the handler reads the raw bytes and verifies them.
  // (Do not call c.req.json() first; for your own verifyWebhook call, use `await c.req.text()` as the body.)
  app.post('/webhooks', (c) => handler(c.req.raw));
  app.get('/healthz', (c) => c.json({ ok: true }));
  return app;
}

/** A consumer listening on a port: its webhook URL and how to stop it. */
export interface RunningConsumer {
  /** `http://<host>:<port>/webhooks`. */
  url: string;
  close(): Promise<void>;
}

/** Starts {@link createApp} on Node with `@hono/node-server`, on `port` (0: any free port) and `host`. */
export function startConsumer(
  options: ConsumerOptions & { port?: number; host?: string },
): Promise<RunningConsumer> {
  const app = createApp(options);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port ?? 3000, ...(options.host && { hostname: options.host }) },
      (info: AddressInfo) => {
        const host = options.host ?? 'localhost';
        resolve({
          url: `http://${host.includes(':') ? `[${host}]` : host}:${info.port}/webhooks`,
          close: () => new Promise((done) => server.close(() => done())),
        });
      },
    );
    server.once('error', reject);
  });
}
