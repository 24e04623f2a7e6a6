import type { AddressInfo } from 'node:net';
import type { ConsumerOptions, ListenOptions, RunningConsumer } from '@learnkit/example-consumer-shared';
import { createConsumerHandler, runningConsumer } from '@learnkit/example-consumer-shared';
import { toNodeListener } from '@learnkit/webhooks';
import express, { type Express } from 'express';

/**
 * The partner's webhook consumer as an Express 5 app: `POST /webhooks` runs the consumer's webhook handler
 * (`createConsumerHandler`: verified against the raw body, each event once, typed handlers, the responses the
 * platform expects). `GET /healthz` responds with `{ ok: true }`.
 */
export function createApp(options: ConsumerOptions): Express {
  const app = express();
  // The webhook route gets the bytes as received: express.raw before any JSON parser, because the signature is
  // over the raw body (re-serializing parsed JSON changes it). toNodeListener uses that Buffer.
  app.post(
    '/webhooks',
    express.raw({ type: 'application/json', limit: '1mb' }),
    toNodeListener(createConsumerHandler(options)),
  );
  // Every other route may parse JSON as usual.
  app.use(express.json());
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

/** Starts {@link createApp} on `port` (0: any free port) and `host` (default: every interface). */
export function startConsumer(options: ConsumerOptions & ListenOptions): Promise<RunningConsumer> {
  const app = createApp(options);
  return new Promise((resolve, reject) => {
    const ready = (error?: Error) => {
      if (error) return reject(error);
      resolve(runningConsumer(server, (server.address() as AddressInfo).port, options.host));
    };
    const port = options.port ?? 3000;
    const server = options.host ? app.listen(port, options.host, ready) : app.listen(port, ready);
  });
}
