import { ValidationError } from '@learnkit/core';
import type { ActivityServerOptions } from '../activity-server';
import { serverContext } from '../server-context';
import { type ActivityQueue, type ActivityQueueSettings, queueOver } from './queue';

/** Options of {@link createActivityQueue}: the platform as `createActivityServer` takes it, and the queue's. */
export interface ActivityQueueOptions
  extends Omit<ActivityServerOptions, 'getUser' | 'dedupe' | 'dedupeTtlMs' | 'hooks' | 'queue'>,
    ActivityQueueSettings {}

/**
 * A durable, batched queue in front of the Caliper ingest: `queue.record(params)` checks and stores what `record`
 * would send and resolves once stored; workers (`queue.startWorker()`, or the `learnkit-activity-worker` bin) send
 * it in batches, retry without losing it, and dead-letter what the platform refuses (docs/activity.md#the-activity-queue).
 *
 * @example
 * import { Redis } from 'ioredis';
 * const queue = createActivityQueue({ client, config, store: createRedisQueueStore(new Redis(process.env.REDIS_URL!)) });
 * await queue.record({ user, activity, metrics }); // stored; a worker sends it
 */
export function createActivityQueue(options: ActivityQueueOptions): ActivityQueue {
  if (typeof options !== 'object' || options === null)
    throw new ValidationError('createActivityQueue needs { client, store, config?, batch? }');
  if (options.client === undefined || options.client === null)
    throw new ValidationError([
      {
        path: ['client'],
        message:
          'is required: the LearnKit you hold (new LearnKit()), a core HTTP client (createHttpClient), or createHttpClient options',
      },
    ]);
  return queueOver(serverContext(options), options);
}
