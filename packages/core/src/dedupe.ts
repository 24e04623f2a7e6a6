import { ValidationError } from './errors';

/**
 * Remembers ids already seen, so a webhook delivery or an activity event processed twice is handled once.
 * Implementations: {@link createMemoryDedupeStore} here; a Redis store in `@learnkit/webhooks`.
 */
export interface DedupeStore {
  /**
   * Claims `id` for `ttlMs`. Resolves `true` the first time (handle it), `false` when the id was
   * claimed before and has not expired (skip it).
   */
  claim(id: string, ttlMs: number): Promise<boolean>;
}

/** Options of {@link createMemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** Most ids kept; the least recently claimed are dropped first. Default 10,000. */
  maxEntries?: number;
  /** Clock in ms (default `Date.now`). */
  now?: () => number;
}

/**
 * An in-process {@link DedupeStore} with a TTL per id and a size bound (least recently claimed evicted).
 * Good for one process; use a shared store (Redis) when several processes receive the same events.
 *
 * @example
 * const dedupe = createMemoryDedupeStore({ maxEntries: 50_000 });
 * if (await dedupe.claim(event.id, 24 * 3600_000)) await handle(event);
 */
export function createMemoryDedupeStore(options: MemoryDedupeStoreOptions = {}): DedupeStore {
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new ValidationError([
      { path: ['maxEntries'], message: `must be a positive integer (got ${String(maxEntries)})` },
    ]);
  }
  const now = options.now ?? Date.now;
  // Map iteration order is insertion order; re-inserting on claim makes the head the least recently used.
  const expiries = new Map<string, number>();

  return {
    async claim(id, ttlMs) {
      const t = now();
      const expiresAt = expiries.get(id);
      if (expiresAt !== undefined && expiresAt > t) {
        expiries.delete(id);
        expiries.set(id, expiresAt);
        return false;
      }
      expiries.delete(id);
      expiries.set(id, t + ttlMs);
      while (expiries.size > maxEntries) {
        const oldest = expiries.keys().next().value;
        if (oldest === undefined) break;
        expiries.delete(oldest);
      }
      return true;
    },
  };
}
