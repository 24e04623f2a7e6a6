/**
 * Runs the consumer: `LEARNKIT_WEBHOOK_SECRET=whsec_... PORT=3000 npm start`. During a secret rotation give both
 * secrets, new first, separated by a comma: `LEARNKIT_WEBHOOK_SECRET=whsec_new,whsec_old`.
 */
import { runConsumer } from '@learnkit/example-consumer-shared';
import { startConsumer } from './server';

await runConsumer('Express', startConsumer);
