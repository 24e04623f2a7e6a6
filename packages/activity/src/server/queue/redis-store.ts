import { ValidationError } from '@learnkit/core';
import { ActivityQueueStoreError } from './errors';
import {
  addressOf,
  commandSender,
  isCommandClient,
  type RedisCommandClient,
  streamEntries,
  streamIdTime,
} from './redis-commands';
import type { ActivityQueueStore, StoredDeadLetter, StoredEntry } from './store';

/** Default stream key of the queue (its dead letters are `<key>:dead`). */
export const DEFAULT_QUEUE_KEY = 'learnkit:activity:queue';
/** Default consumer group of the workers. */
export const DEFAULT_QUEUE_GROUP = 'learnkit-activity-workers';
/** Default most time one Redis command may take before the store gives up on it. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 5_000;

/** Options of {@link createRedisQueueStore}. */
export interface RedisQueueStoreOptions {
  /** The stream's key (default `learnkit:activity:queue`); dead letters go to `<key>:dead`. */
  key?: string | undefined;
  /** The consumer group every worker of the queue reads with (default `learnkit-activity-workers`). */
  group?: string | undefined;
  /**
   * Most time a command may take (default 5,000 ms): past it, `queue.record` rejects rather than wait for a client
   * that queues commands while it reconnects, and start-up fails naming the store rather than hang.
   */
  commandTimeoutMs?: number | undefined;
}

// A release sets a held entry's idle time to this, so the next XAUTOCLAIM of any worker takes it at once.
const RELEASED_IDLE_MS = '1000000000000';

/**
 * The activity queue's durable store: a Redis stream read by a consumer group, so any number of worker processes
 * share one queue; an entry a worker took and stopped touching (it crashed) is taken over by another after the
 * visibility timeout (`XAUTOCLAIM`). Needs Redis >= 6.2 and a client you bring: `ioredis` or `node-redis`. For
 * records to outlive Redis itself, run it with `appendonly yes` (docs/decisions.md#d-queue-stores).
 *
 * @example
 * import { Redis } from 'ioredis';
 * const store = createRedisQueueStore(new Redis(process.env.REDIS_URL!));
 */
export function createRedisQueueStore(
  redis: RedisCommandClient,
  options: RedisQueueStoreOptions = {},
): ActivityQueueStore {
  if (!isCommandClient(redis))
    throw new ValidationError([
      {
        path: ['redis'],
        message:
          'must be a connected Redis client with call() (ioredis) or sendCommand() (node-redis), e.g. new Redis(url) from ioredis',
      },
    ]);
  const key = options.key ?? DEFAULT_QUEUE_KEY;
  const group = options.group ?? DEFAULT_QUEUE_GROUP;
  const timeoutMs = options.commandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
  for (const [member, value] of [
    ['key', key],
    ['group', group],
  ] as const)
    if (typeof value !== 'string' || value === '')
      throw new ValidationError([{ path: [member], message: 'must be a non-empty string' }]);
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new ValidationError([
      { path: ['commandTimeoutMs'], message: `must be a number of ms > 0 (got ${String(timeoutMs)})` },
    ]);
  const deadKey = `${key}:dead`;
  const name = `redis ${key}`;
  const address = addressOf(redis);
  const label = `the Redis store "${key}"${address ? ` at ${address}` : ''}`;
  const send = commandSender(redis, { name, label }, timeoutMs);

  let prepared: Promise<void> | undefined;
  /** PING, then the consumer group (from the stream's start, so entries added before it are read). */
  const prepare = () => {
    prepared ??= (async () => {
      try {
        await send(['PING']);
      } catch (error) {
        throw new ActivityQueueStoreError(
          name,
          `activity queue: ${label} is unreachable: ${(error as Error).message.replace(/^activity queue: /, '')}`,
          { cause: error },
        );
      }
      try {
        await send(['XGROUP', 'CREATE', key, group, '0', 'MKSTREAM']);
      } catch (error) {
        if (!/BUSYGROUP/.test((error as Error).message)) throw error;
      }
    })().catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
    return prepared;
  };
  /** A group command; when Redis lost the group (restarted without its data), the group is made again once. */
  const grouped = async (args: string[]): Promise<unknown> => {
    try {
      return await send(args);
    } catch (error) {
      if (!/NOGROUP/.test((error as Error).message)) throw error;
      prepared = undefined;
      await prepare();
      return send(args);
    }
  };
  // An entry without the field (written by something else) is handed on as it is: the worker dead-letters it as
  // unreadable rather than leave it held for ever.
  const entries = (reply: unknown): StoredEntry[] =>
    streamEntries(reply).map(({ id, fields }) => ({
      id,
      payload: fields.e ?? '',
      addedAt: streamIdTime(id),
    }));

  return {
    name,
    ready: prepare,
    async add(payloads) {
      return Promise.all(
        payloads.map(async (payload) => String(await send(['XADD', key, '*', 'e', payload]))),
      );
    },
    async take(consumer, count) {
      const reply = await grouped([
        'XREADGROUP',
        'GROUP',
        group,
        consumer,
        'COUNT',
        String(count),
        'STREAMS',
        key,
        '>',
      ]);
      // [[key, entries]] or nil when there is nothing new.
      return Array.isArray(reply) && Array.isArray(reply[0]) ? entries((reply[0] as unknown[])[1]) : [];
    },
    async reclaim(consumer, idleMs, count) {
      const reply = await grouped([
        'XAUTOCLAIM',
        key,
        group,
        consumer,
        String(Math.max(0, Math.floor(idleMs))),
        '0-0',
        'COUNT',
        String(count),
      ]);
      return Array.isArray(reply) ? entries(reply[1]) : [];
    },
    async extend(consumer, ids) {
      if (ids.length) await grouped(['XCLAIM', key, group, consumer, '0', ...ids, 'JUSTID']);
    },
    async release(consumer, ids) {
      if (ids.length)
        await grouped(['XCLAIM', key, group, consumer, '0', ...ids, 'IDLE', RELEASED_IDLE_MS, 'JUSTID']);
    },
    async ack(ids) {
      if (!ids.length) return;
      // Acknowledged, then deleted: the stream holds only what is left to send, so its length is the depth.
      await Promise.all([grouped(['XACK', key, group, ...ids]), send(['XDEL', key, ...ids])]);
    },
    async addDeadLetters(letters) {
      await Promise.all(
        letters.map((letter) =>
          send([
            'XADD',
            deadKey,
            '*',
            'p',
            letter.payload,
            'r',
            letter.reason,
            't',
            String(letter.at),
            ...(letter.status === undefined ? [] : ['s', String(letter.status)]),
          ]),
        ),
      );
    },
    async listDeadLetters({ limit, after }) {
      const reply = await send([
        'XRANGE',
        deadKey,
        after === undefined ? '-' : `(${after}`,
        '+',
        'COUNT',
        String(limit),
      ]);
      return streamEntries(reply).map(({ id, fields }) => deadLetterOf(id, fields));
    },
    async redrive(ids) {
      let moved = 0;
      const move = async (letters: StoredDeadLetter[]) => {
        // Added to the queue first, deleted after: a crash between the two sends an event twice, never loses it.
        await Promise.all(letters.map((letter) => send(['XADD', key, '*', 'e', letter.payload])));
        if (letters.length) await send(['XDEL', deadKey, ...letters.map((letter) => letter.id)]);
        moved += letters.length;
      };
      if (ids === 'all') {
        for (;;) {
          const page = streamEntries(await send(['XRANGE', deadKey, '-', '+', 'COUNT', '100'])).map(
            ({ id, fields }) => deadLetterOf(id, fields),
          );
          if (!page.length) return moved;
          await move(page);
        }
      }
      for (const id of ids) {
        const found = streamEntries(await send(['XRANGE', deadKey, id, id]));
        await move(found.map((entry) => deadLetterOf(entry.id, entry.fields)));
      }
      return moved;
    },
    async figures() {
      const [depth, pending, first, dead] = await Promise.all([
        send(['XLEN', key]),
        grouped(['XPENDING', key, group]),
        send(['XRANGE', key, '-', '+', 'COUNT', '1']),
        send(['XLEN', deadKey]),
      ]);
      const oldest = streamEntries(first)[0];
      return {
        depth: Number(depth),
        inFlight: Array.isArray(pending) ? Number(pending[0]) : 0,
        oldestAt: oldest ? streamIdTime(oldest.id) : undefined,
        deadLetters: Number(dead),
      };
    },
  };
}

/** A dead letter from its stream fields. */
function deadLetterOf(id: string, fields: Record<string, string>): StoredDeadLetter {
  const letter: StoredDeadLetter = {
    id,
    payload: fields.p ?? '',
    reason: fields.r ?? '',
    at: Number(fields.t),
  };
  if (fields.s !== undefined) letter.status = Number(fields.s);
  return letter;
}
