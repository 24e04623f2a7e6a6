/**
 * The module the heartbeat benchmark's `learnkit-activity-worker` processes run: the queue behind the activity
 * handler (`server.handlerQueue`), as a partner's fleet would export it, on REDIS_URL with the mock's credentials.
 */
import { clientCredentials } from '@learnkit/core';
import { Redis } from 'ioredis';
import { createActivityServer, createRedisQueueStore } from '../src/server/index';
import { BENCH_CONFIG, FLEET_BATCH } from './queue-config';

const env = process.env as Record<string, string>;
const baseUrl = env.LEARNKIT_BASE_URL as string;
const redis = new Redis(env.REDIS_URL as string);
redis.on('error', () => {});

export const queue = createActivityServer({
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
  queue: {
    store: createRedisQueueStore(redis, { key: env.QUEUE_KEY }),
    batch: FLEET_BATCH,
    visibilityTimeoutMs: Number(env.VISIBILITY_TIMEOUT_MS ?? 30_000),
  },
  logger: false,
}).handlerQueue;
