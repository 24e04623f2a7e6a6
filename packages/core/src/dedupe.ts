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
  /**
   * Marks a claimed `id` as handled, remembered for `ttlMs` from now. With it (and {@link DedupeStore.status}) a
   * claim can be a short lease while the id is being handled, and a copy that finds the id claimed can tell "being
   * handled elsewhere" (respond so the sender retries) from "handled" (acknowledge it): a duplicate is acknowledged
   * only once the id was handled (docs/decisions.md#d-webhook-ack-after-handled). Optional, like `release`.
   */
  complete?(id: string, ttlMs: number): Promise<void>;
  /**
   * What the store knows of `id`: `'handled'` once completed, `'in-flight'` while claimed but not completed, or
   * undefined when it is not claimed (never, expired, or released). Optional; pairs with `complete`.
   */
  status?(id: string): Promise<DedupeStatus | undefined>;
}

/** Where an id stands in a {@link DedupeStore}: claimed and being handled, or handled. */
export type DedupeStatus = 'in-flight' | 'handled';

/** Options of {@link createMemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** Most ids kept; the least recently claimed are dropped first. Default 10,000. */
  maxEntries?: number;
  /** Clock in ms (default `Date.now`). */
  now?: () => number;
}

/**
 * An in-process {@link DedupeStore} with a TTL per id and a size bound (least recently claimed evicted), `release`
 * to un-claim an id whose handling failed, and `complete`/`status` to tell a handled id from one being handled.
 * Good for one process; use a shared store (Redis) when several processes receive the same events.
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
  /** Marks `id` handled for `ttlMs` from now; always present on this store. */
  complete(id: string, ttlMs: number): Promise<void>;
  /** `'handled'`, `'in-flight'` or undefined; always present on this store. */
  status(id: string): Promise<DedupeStatus | undefined>;
} {
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new ValidationError([
      { path: ['maxEntries'], message: `must be a positive integer (got ${String(maxEntries)})` },
    ]);
  }
  const now = options.now ?? Date.now;
  // Map iteration order is insertion order; re-inserting on claim makes the head the least recently used.
  const entries = new Map<string, { expiresAt: number; handled: boolean }>();
  const live = (id: string) => {
    const entry = entries.get(id);
    return entry !== undefined && entry.expiresAt > now() ? entry : undefined;
  };
  const put = (id: string, entry: { expiresAt: number; handled: boolean }) => {
    entries.delete(id);
    entries.set(id, entry);
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  return {
    async claim(id, ttlMs) {
      const entry = live(id);
      if (entry) {
        put(id, entry);
        return false;
      }
      put(id, { expiresAt: now() + ttlMs, handled: false });
      return true;
    },
    async release(id) {
      entries.delete(id);
    },
    async complete(id, ttlMs) {
      put(id, { expiresAt: now() + ttlMs, handled: true });
    },
    async status(id) {
      const entry = live(id);
      return entry === undefined ? undefined : entry.handled ? 'handled' : 'in-flight';
    },
  };
}
