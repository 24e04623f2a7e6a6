import type { ActivityServer, ActivityServerOptions } from '@learnkit/activity/server';

/**
 * The `activity` option of `new LearnKit({...})`: what `createActivityServer` takes, except the transport,
 * the Caliper client and the base URL, which the LearnKit instance supplies (its own).
 *
 * - `config`: the `learnkit.config.json` object, or a path to it. Default: `learnkit.config.json` in the
 *   working directory, read and checked on the first use of `lk.activity` (or of `lk.caliper` without a sensor).
 * - `getUser`: who posted to `lk.activity.handler` (your session check); needed only for the handler.
 * - `queue`: `{ store }` puts what the tracker posts on a durable queue (`lk.activity.handlerQueue`): 202 once
 *   stored, workers send many learners' events per Caliper request (docs/decisions.md#d-handler-on-queue).
 */
export type ActivityOptions = Omit<ActivityServerOptions, 'client' | 'caliper' | 'baseUrl' | 'hooks'>;

/**
 * `lk.activity`: the server side of activity tracking over the instance's transport. `record(...)` sends a
 * completion (and, optionally, its time) for a user; `handler` serves what the browser tracker posts;
 * `queue({ store })` is a durable, batched queue in front of the ingest; `handlerQueue` is the queue behind
 * `handler` when `activity.queue` was given; `config()` is the activity configuration in use.
 */
export type LearnKitActivity = ActivityServer;
