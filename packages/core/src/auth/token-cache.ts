import type { SharedTokenBackend } from './shared-backend';

/** @internal One cached token and the refresh in flight for it. */
export interface TokenCacheEntry {
  token: string | undefined;
  /** When the token stops being valid (ms epoch). */
  expiresAt: number;
  /** When to start fetching the next one (ms epoch), 60 s before `expiresAt`. */
  refreshAt: number;
  /** The one refresh in flight, shared by every waiter. */
  inflight: Promise<string> | undefined;
  /**
   * The last token the API refused (401): a shared store may still hold it for other processes, and it must not be
   * adopted again (docs/decisions.md#d-shared-token-401).
   */
  rejected?: string | undefined;
}

/**
 * Where token providers keep tokens, keyed by token URL, client id and scope. Providers with the same key
 * share a token and a refresh. By default all providers share one process-wide cache; give a provider its
 * own (`cache: createTokenCache()`) to isolate it, for example in tests. A cache from `createRedisTokenCache` (or
 * `createSharedTokenCache`) of `@learnkit/sdk` also shares tokens between processes.
 */
export interface TokenCache {
  /** @internal The entry for `key`, created empty on first use. */
  entry(key: string): TokenCacheEntry;
  /** Forgets every token of this process (a refresh in flight still completes for its waiters). */
  clear(): void;
  /** @internal How tokens are shared across processes, for a cache made by `createSharedTokenCache` (`@learnkit/sdk`). */
  readonly shared?: SharedTokenBackend | undefined;
}

/**
 * A new, empty {@link TokenCache}.
 *
 * @example
 * const auth = clientCredentials({ tokenUrl, clientId, clientSecret, style: 'basic', cache: createTokenCache() });
 */
export function createTokenCache(): TokenCache {
  const entries = new Map<string, TokenCacheEntry>();
  return {
    entry(key) {
      let e = entries.get(key);
      if (!e) {
        e = { token: undefined, expiresAt: 0, refreshAt: 0, inflight: undefined };
        entries.set(key, e);
      }
      return e;
    },
    clear() {
      entries.clear();
    },
  };
}

/** @internal The process-wide cache providers use unless given one. */
export const sharedTokenCache: TokenCache = /* @__PURE__ */ createTokenCache();
