/** A consumer listening on a port: its webhook URL and how to stop it. */
export interface RunningConsumer {
  /** `http://<host>:<port>/webhooks`. */
  url: string;
  close(): Promise<void>;
}

/** What each example's `startConsumer` takes: the app's options, and where to listen. */
export interface ListenOptions {
  /** The port (0: any free port; default 3000). */
  port?: number;
  /** The interface (default: every interface; the URL then names `localhost`). */
  host?: string;
}

/** The {@link RunningConsumer} of a Node HTTP server listening on `port`, as `startConsumer` resolves it. */
export function runningConsumer(
  server: { close(callback: () => void): unknown },
  port: number,
  host = 'localhost',
): RunningConsumer {
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/webhooks`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * What `npm start` runs in each example: reads `LEARNKIT_WEBHOOK_SECRET` (during a rotation both secrets, new
 * first: `whsec_new,whsec_old`), `PORT` (default 3000) and `HOST`, starts the consumer with `start`, and stops it
 * on SIGINT and SIGTERM. A missing secret or a bad port ends the process with 1 and what to set.
 */
export async function runConsumer(
  framework: string,
  start: (options: { secret: string[] } & ListenOptions) => Promise<RunningConsumer>,
): Promise<void> {
  const secret = process.env.LEARNKIT_WEBHOOK_SECRET?.trim();
  if (!secret) {
    console.error(
      "Set LEARNKIT_WEBHOOK_SECRET to the subscription's signingSecret (whsec_...), or to new,old while rotating.",
    );
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number (got ${process.env.PORT}).`);
    process.exit(1);
  }

  const consumer = await start({
    secret: secret.split(',').map((s) => s.trim()),
    port,
    ...(process.env.HOST && { host: process.env.HOST }),
  });
  console.log(`LearnKit webhook consumer (${framework}) listening: POST ${consumer.url}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void consumer.close().then(() => process.exit(0));
    });
  }
}
