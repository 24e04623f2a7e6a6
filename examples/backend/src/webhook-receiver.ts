import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createWebhookHandler,
  toNodeListener,
  type WebhookEvent,
  type WebhookRequestHandler,
  type WebhookSecret,
} from '@learnkit/sdk';

/** A verified delivery as the receiver saw it. */
export interface ReceivedEvent {
  event: WebhookEvent;
  /** When it arrived (ms). */
  at: number;
}

/** A running webhook endpoint on node:http. */
export interface WebhookReceiver {
  /** The endpoint URL, e.g. `http://127.0.0.1:4321/webhooks`. */
  readonly url: string;
  /** Verified events, in arrival order (a redelivery of the same id appears once). */
  readonly received: readonly ReceivedEvent[];
  /** Deliveries refused (bad signature, stale timestamp, ...). */
  readonly refused: number;
  /** Starts verifying with this secret (or a new one plus the old one during a rotation). */
  useSecret(secret: WebhookSecret | readonly WebhookSecret[]): void;
  /** Resolves once `count` events arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<readonly ReceivedEvent[]>;
  /** Stops the server and drops its connections. */
  close(): Promise<void>;
}

/**
 * A partner's webhook endpoint: `createWebhookHandler` (signature and timestamp checked, deliveries deduped by
 * event id, typed handlers) mounted on node:http with `toNodeListener`. Until a secret is set it responds with 503, so
 * the platform retries later.
 */
export async function startWebhookReceiver(
  options: { port?: number; path?: string; onEvent?: (event: WebhookEvent) => void } = {},
): Promise<WebhookReceiver> {
  const path = options.path ?? '/webhooks';
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let refused = 0;
  let listener: ReturnType<typeof toNodeListener> | undefined;

  const record = (event: WebhookEvent) => {
    received.push({ event, at: Date.now() });
    options.onEvent?.(event);
    for (const wake of [...waiters]) wake();
  };

  const server = createServer((req, res) => {
    if (req.url?.split('?')[0] !== path) {
      res.writeHead(404).end();
      return;
    }
    if (!listener) {
      res.writeHead(503, { 'retry-after': '5' }).end();
      return;
    }
    res.on('finish', () => {
      if (res.statusCode === 401) refused++;
    });
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    get refused() {
      return refused;
    },
    useSecret(secret) {
      const handler: WebhookRequestHandler = createWebhookHandler({
        secret,
        on: {
          'enrollment.created': (event) => record(event),
          'user.created': (event) => record(event),
        },
        // Every other type is acknowledged too; kept here so the demo can show it.
        onUnhandled: (event) => record(event),
      });
      listener = toNodeListener(handler);
    },
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`${received.length} of ${count} deliveries arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        const wake = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(received);
        };
        waiters.add(wake);
      });
    },
    close() {
      waiters.clear();
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
