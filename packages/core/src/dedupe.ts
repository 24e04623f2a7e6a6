import { ValidationError } from './errors';

/**
 * Remembers ids already seen, so a webhook delivery or an activity event processed twice is handled once.
 * Implementations: {@link createMemoryDedupeStore} here; a Redis store in `@learnkit/webhooks`.
 *
 * The protocol: `claim(id)` before handling (so concurrent copies of one id run once), and `release(id)` when
 * the handling failed, so the sender's retry runs it again. A custom store should implement `release`; users of
 * a store without it (such as `createWebhookHandler`) have to remember failed ids themselves, which only works
 * within one process.
 *
 * @example
 * if (await store.claim(event.id, ttlMs)) {
 *   try { await handle(event) } catch (error) { await store.release?.(event.id); throw error }
 * }
 */
export interface DedupeStore {
  /**
   * Claims `id` for `ttlMs`. Resolves `true` the first time (handle it), `false` when the id was
   * claimed before and has not expired (skip it).
   */
  claim(id: string, ttlMs: number): Promise<boolean>;
  /**
   * Un-claims `id`, so the next `claim(id)` resolves `true` again: call it when handling the id failed and a
   * retry should run it. Releasing an id that is not claimed does nothing. Optional for compatibility with
   * stores written before it existed; every store should implement it.
   */
  release?(id: string): Promise<void>;
}

/** Options of {@link createMemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** Most ids kept; the least recently claimed are dropped first. Default 10,000. */
  maxEntries?: number;
  /** Clock in ms (default `Date.now`). */
  now?: () => number;
}

/**
 * An in-process {@link DedupeStore} with a TTL per id and a size bound (least recently claimed evicted), and
 * `release` to un-claim an id whose handling failed. Good for one process; use a shared store (Redis) when
 * several processes receive the same events.
 *
 * @example
 * const dedupe = createMemoryDedupeStore({ maxEntries: 50_000 });
 * if (await dedupe.claim(event.id, 24 * 3600_000)) {
 *   try { await handle(event) } catch (error) { await dedupe.release(event.id); throw error }
 * }
 */
export function createMemoryDedupeStore(options: MemoryDedupeStoreOptions = {}): DedupeStore & {
  /** Forgets `id` at once, so the next `claim(id)` resolves `true`; always present on this store. */
  release(id: string): Promise<void>;
} {
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
    async release(id) {
      expiries.delete(id);
    },
  };
}
