/**
 * The queue module the benchmark's `learnkit-activity-worker` processes run (the module a partner would write):
 * the Redis store on REDIS_URL, the mock's credentials from LEARNKIT_*.
 */
import { clientCredentials } from '@learnkit/core';
import { Redis } from 'ioredis';
import { createActivityQueue, createRedisQueueStore } from '../src/server/index';
import { BENCH_CONFIG } from './queue-config';

const env = process.env as Record<string, string>;
const baseUrl = env.LEARNKIT_BASE_URL as string;

export const queue = createActivityQueue({
  client: {
    baseUrl,
    auth: clientCredentials({
      tokenUrl: `${baseUrl}/auth/1.0/token`,
      clientId: env.LEARNKIT_CLIENT_ID as string,
      clientSecret: env.LEARNKIT_CLIENT_SECRET as string,
      style: 'basic',
    }),
  },
  config: BENCH_CONFIG,
  store: createRedisQueueStore(new Redis(env.REDIS_URL as string), { key: env.QUEUE_KEY }),
  logger: false,
});
