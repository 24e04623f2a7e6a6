import type { SharedTokenOutcome, SharedTokenRecord, SharedTokenRequest } from '@learnkit/core/internal';
import type { SharedTokenStore } from './store';

/** @internal The store and timings of a shared token cache. */
export interface SharedTokens {
  readonly store: SharedTokenStore;
  readonly prefix: string;
  readonly lockTtlMs: number;
  readonly pollIntervalMs: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A unique owner of one lock attempt: not a secret, only unlikely to repeat across the fleet. */
function lockOwner(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return uuid ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * @internal The token of the credentials `sealer` names, shared across processes (docs/decisions.md#d-shared-token-lock):
 * 1. a fresh token in the store (not refused here, not due for refresh) is adopted;
 * 2. else the process that takes the lock (`SET NX PX` with an owner) reads again, requests a token, stores it
 *    sealed until it expires, and frees the lock (only its own);
 * 3. the others poll the store until the token appears or the lock is free again (a holder that died: its lock
 *    lapses after `lockTtlMs`), then start over.
 * A store that fails, or a wait past twice `lockTtlMs`, falls back to requesting a token for this process alone:
 * the store exists to save token requests, never to stop calls.
 */
export async function obtainSharedToken(
  shared: SharedTokens,
  request: SharedTokenRequest,
): Promise<SharedTokenOutcome> {
  const { sealer, now, rejected, fetchToken, log } = request;
  const tokenKey = `${shared.prefix}token:${sealer.id}`;
  const lockKey = `${shared.prefix}lock:${sealer.id}`;
  const usable = (record: SharedTokenRecord | undefined): record is SharedTokenRecord =>
    record !== undefined && record.token !== rejected && now() < record.refreshAt;
  const read = async () => sealer.open(await shared.store.get(tokenKey), tokenKey);
  const alone = async (why: string): Promise<SharedTokenOutcome> => {
    log?.warn({ reason: why }, 'shared token cache unavailable; requesting a token for this process alone');
    return { record: await fetchToken(), fetched: true };
  };

  const startedAt = Date.now();
  for (;;) {
    let found: SharedTokenRecord | undefined;
    let locked: boolean;
    const owner = lockOwner();
    try {
      found = await read();
      if (usable(found)) return { record: found, fetched: false };
      locked = await shared.store.acquire(lockKey, owner, shared.lockTtlMs);
    } catch (error) {
      return alone(message(error));
    }
    if (locked) {
      try {
        // Another process may have stored a token between the read and the lock.
        const again = await read().catch(() => undefined);
        if (usable(again)) return { record: again, fetched: false };
        const record = await fetchToken();
        const ttlMs = Math.ceil(record.expiresAt - now());
        if (ttlMs > 0) {
          try {
            await shared.store.set(tokenKey, await sealer.seal(record, tokenKey), ttlMs);
          } catch (error) {
            log?.warn({ reason: message(error) }, 'shared token cache could not store the new token');
          }
        }
        return { record, fetched: true };
      } finally {
        await shared.store.release(lockKey, owner).catch((error: unknown) => {
          // The lock lapses by itself after lockTtlMs.
          log?.warn({ reason: message(error) }, 'shared token cache could not free its lock');
        });
      }
    }
    if (Date.now() - startedAt > 2 * shared.lockTtlMs) {
      return alone(`no token from the process holding the lock after ${2 * shared.lockTtlMs} ms`);
    }
    // Jittered, so waiting processes do not poll in step.
    await pause(shared.pollIntervalMs * (0.75 + Math.random() / 2));
  }
}
