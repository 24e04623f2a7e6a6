/**
 * Runs the consumer: `LEARNKIT_WEBHOOK_SECRET=whsec_... PORT=3000 npm start`. During a secret rotation give both
 * secrets, new first, separated by a comma: `LEARNKIT_WEBHOOK_SECRET=whsec_new,whsec_old`.
 */
import { startConsumer } from './server';

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

const consumer = await startConsumer({
  secret: secret.split(',').map((s) => s.trim()),
  port,
  ...(process.env.HOST && { host: process.env.HOST }),
});
console.log(`LearnKit webhook consumer (Express) listening: POST ${consumer.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void consumer.close().then(() => process.exit(0));
  });
}
