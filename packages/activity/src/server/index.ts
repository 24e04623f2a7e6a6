/**
 * `@learnkit/activity/server`: the server side of activity tracking (docs/decisions.md#d-caliper-wire to docs/decisions.md#d-config-file).
 * `createActivityServer({ client, config, getUser })` gives `.record(...)` (completions your server knows of)
 * and `.handler` (what the browser tracker posts); `createCaliperClient` sends any Caliper 1.2 event or envelope
 * (`lk.caliper.send` in the umbrella SDK). Server only: never import it in a page.
 *
 * @packageDocumentation
 * @module \@learnkit/activity/server
 */

// The Node adapter is core's `toNodeListener`: the activity handler carries what it needs of it (its body limit and
// responds), and `getUser` gives it the user of a Node request (docs/decisions.md#d-one-node-listener).
export { toNodeListener } from '@learnkit/core';
export type {
  NodeListener,
  NodeListenerOptions,
  NodeRequestLike,
  NodeResponseLike,
  QueueHookInfo,
  QueueStats,
} from '@learnkit/core/internal';
export {
  type ActivityServer,
  type ActivityServerOptions,
  createActivityServer,
  DEFAULT_ACTIVITY_DEDUPE_TTL_MS,
  DEFAULT_USER_CACHE_TTL_MS,
} from './activity-server';
export {
  type AnyCaliperEvent,
  type CaliperClient,
  type CaliperClientOptions,
  type CaliperSendInput,
  type CaliperSendOptions,
  type CaliperSendResult,
  createCaliperClient,
  DEFAULT_MAX_BATCH_BYTES,
  DEFAULT_MAX_BATCH_EVENTS,
  DEFAULT_REMEMBER_ACCEPTED,
} from './caliper-client';
export { CONFIG_FILE, type ConfigInit, loadConfigFile } from './config';
export type { ActivityHandlerContext, ActivityRequestHandler, GetUser } from './handler';
export type { ClientInit } from './http';
export { type ActivityQueueOptions, createActivityQueue } from './queue/create';
export { ActivityQueueStoreError } from './queue/errors';
export { queueFromModule } from './queue/from-module';
export {
  createMemoryQueueStore,
  DEFAULT_MEMORY_QUEUE_MAX_ENTRIES,
  type MemoryQueueStoreOptions,
} from './queue/memory-store';
export {
  type ActivityQueue,
  type ActivityQueueBatchOptions,
  type ActivityQueueRetryOptions,
  type ActivityQueueSettings,
  DEFAULT_QUEUE_MAX_BYTES,
  DEFAULT_QUEUE_MAX_EVENTS,
  DEFAULT_QUEUE_MAX_WAIT_MS,
  DEFAULT_QUEUE_VISIBILITY_TIMEOUT_MS,
  type DeadLetter,
  type QueuedRecord,
  type QueueFlushResult,
} from './queue/queue';
export type { RedisCommandClient } from './queue/redis-commands';
export {
  createRedisQueueStore,
  DEFAULT_QUEUE_GROUP,
  DEFAULT_QUEUE_KEY,
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  type RedisQueueStoreOptions,
} from './queue/redis-store';
export type {
  ActivityQueueStore,
  DeadLetterInput,
  StoredDeadLetter,
  StoredEntry,
  StoreFigures,
} from './queue/store';
export type { ActivityQueueWorker } from './queue/worker-loop';
export type { RecordOptions, RecordParams, RecordResult, RecordTime } from './record';
export { type ActivityUser, type ResolveUserId, UnknownUserError } from './users';
