import { ValidationError } from '@learnkit/core';
import { ActivityQueueStoreError } from './errors';
import type { ActivityQueueStore, DeadLetterInput, StoredDeadLetter, StoredEntry } from './store';

/** Default most records a memory store holds. */
export const DEFAULT_MEMORY_QUEUE_MAX_ENTRIES = 100_000;

/** Options of {@link createMemoryQueueStore}. */
export interface MemoryQueueStoreOptions {
  /**
   * Most records it holds (default 100,000); `queue.record` rejects beyond, with an `ActivityQueueStoreError`, rather
   * than let the process run out of memory while the platform is down.
   */
  maxEntries?: number | undefined;
  /** Clock in ms (default `Date.now`): when entries were stored, and visibility timeouts. */
  now?: (() => number) | undefined;
}

/** Orders `<ms>-<seq>` ids as numbers, as Redis orders stream ids. */
function compareIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am - bm || as - bs;
}

interface Held {
  consumer: string;
  /** When the holder last took or extended it. */
  touchedAt: number;
}

/**
 * An activity queue store in this process's memory, for development, tests and serverless functions that flush
 * before they return. Nothing survives the process: use the Redis store where a record must outlive a restart
 * (docs/decisions.md#d-queue-stores).
 *
 * @example
 * const queue = createActivityQueue({ client, config, store: createMemoryQueueStore() });
 */
export function createMemoryQueueStore(options: MemoryQueueStoreOptions = {}): ActivityQueueStore {
  const max = options.maxEntries ?? DEFAULT_MEMORY_QUEUE_MAX_ENTRIES;
  if (!(Number.isInteger(max) && max >= 1))
    throw new ValidationError([
      { path: ['maxEntries'], message: `must be an integer >= 1 (got ${String(max)})` },
    ]);
  const now = options.now ?? Date.now;
  const name = 'memory';
  // Every entry not acknowledged, in the order stored (a Map keeps insertion order).
  const entries = new Map<string, StoredEntry>();
  // Ids no worker holds, oldest first, from `head` on (a queue without shifting the array).
  let waiting: string[] = [];
  let head = 0;
  const held = new Map<string, Held>();
  const dead = new Map<string, StoredDeadLetter>();
  let sequence = 0;
  const nextId = () => `${now()}-${sequence++}`;

  const takeWaiting = (consumer: string, count: number): StoredEntry[] => {
    const out: StoredEntry[] = [];
    while (out.length < count && head < waiting.length) {
      const id = waiting[head++] as string;
      const entry = entries.get(id);
      // Acknowledged meanwhile, or already held (given back, then taken again from the front).
      if (!entry || held.has(id)) continue;
      held.set(id, { consumer, touchedAt: now() });
      out.push(entry);
    }
    if (head > 1024 && head * 2 > waiting.length) {
      waiting = waiting.slice(head);
      head = 0;
    }
    return out;
  };

  return {
    name,
    ready: async () => {},
    async add(payloads) {
      if (entries.size + payloads.length > max)
        throw new ActivityQueueStoreError(
          name,
          `activity queue: the memory store holds its maximum of ${max.toLocaleString('en')} records; nothing was stored (is a worker running, and is the platform reachable?)`,
        );
      return payloads.map((payload) => {
        const id = nextId();
        entries.set(id, { id, payload, addedAt: now() });
        waiting.push(id);
        return id;
      });
    },
    take: async (consumer, count) => takeWaiting(consumer, count),
    async reclaim(consumer, idleMs, count) {
      const out: StoredEntry[] = [];
      const at = now();
      for (const [id, holder] of held) {
        if (out.length >= count) break;
        if (at - holder.touchedAt < idleMs) continue;
        const entry = entries.get(id);
        if (!entry) {
          held.delete(id);
          continue;
        }
        held.set(id, { consumer, touchedAt: at });
        out.push(entry);
      }
      return out;
    },
    async extend(consumer, ids) {
      for (const id of ids) {
        const holder = held.get(id);
        if (holder?.consumer === consumer) holder.touchedAt = now();
      }
    },
    async release(consumer, ids) {
      const back = ids.filter((id) => held.get(id)?.consumer === consumer && entries.has(id));
      for (const id of back) held.delete(id);
      // Given back to the front, in their order: they were the oldest.
      waiting = [...back, ...waiting.slice(head)];
      head = 0;
    },
    async ack(ids) {
      for (const id of ids) {
        entries.delete(id);
        held.delete(id);
      }
    },
    async addDeadLetters(letters: readonly DeadLetterInput[]) {
      for (const letter of letters) {
        const id = nextId();
        dead.set(id, { ...letter, id });
      }
    },
    async listDeadLetters({ limit, after }) {
      // Ids order as Redis stream ids do, so a cursor whose dead letter was retried meanwhile still works.
      const all = [...dead.values()];
      return (after === undefined ? all : all.filter((letter) => compareIds(letter.id, after) > 0)).slice(
        0,
        limit,
      );
    },
    async redrive(ids) {
      const chosen = ids === 'all' ? [...dead.values()] : ids.flatMap((id) => dead.get(id) ?? []);
      for (const letter of chosen) {
        const id = nextId();
        entries.set(id, { id, payload: letter.payload, addedAt: now() });
        waiting.push(id);
        dead.delete(letter.id);
      }
      return chosen.length;
    },
    async figures() {
      const oldest = entries.values().next().value as StoredEntry | undefined;
      return { depth: entries.size, inFlight: held.size, oldestAt: oldest?.addedAt, deadLetters: dead.size };
    },
  };
}
