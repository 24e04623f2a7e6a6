import { clientCredentials, type FetchLike, type Logger } from '@learnkit/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRedisTokenCache,
  createSharedTokenCache,
  type SharedTokenStore,
  ValidationError,
} from '../src/index';

// The cross-process token cache (docs/decisions.md#d-shared-token-lock) on an in-memory store that behaves as
// Redis does (values and locks with a TTL, atomic take), each "process" a provider with its own cache over it. The
// real redis-server and real processes are in packages/sdk/test/shared-tokens.test.ts.

afterEach(() => vi.useRealTimers());

const TOKEN_URL = 'https://api.example.com/auth/1.0/token';
const SECRET = 'secret-xyz-0123456789';

/** A store with Redis's semantics on the wall clock (fake timers move it), and a log of what it was asked. */
function memoryStore() {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const found = values.get(key);
    if (found && found.expiresAt > Date.now()) return found.value;
    values.delete(key);
    return null;
  };
  const store: SharedTokenStore & { values: typeof values; failing: boolean } = {
    values,
    failing: false,
    async get(key) {
      if (store.failing) throw new Error('connection refused');
      return live(key);
    },
    async set(key, value, ttlMs) {
      if (store.failing) throw new Error('connection refused');
      values.set(key, { value, expiresAt: Date.now() + ttlMs });
    },
    async acquire(key, owner, ttlMs) {
      if (store.failing) throw new Error('connection refused');
      if (live(key) !== null) return false;
      values.set(key, { value: owner, expiresAt: Date.now() + ttlMs });
      return true;
    },
    async release(key, owner) {
      if (live(key) === owner) values.delete(key);
    },
  };
  return store;
}

/** A token endpoint as a `fetch`: `token-1`, `token-2`, ... after `delayMs`, counted. */
function tokenServer(options: { delayMs?: number; expiresIn?: number } = {}) {
  let n = 0;
  const fetch: FetchLike = async () => {
    const token = `token-${++n}`;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    return Response.json({
      access_token: token,
      token_type: 'Bearer',
      expires_in: options.expiresIn ?? 3600,
    });
  };
  return {
    fetch,
    get count() {
      return n;
    },
  };
}

/** One process: a provider with its own shared cache over `store`. */
function processOf(
  store: SharedTokenStore,
  fetch: FetchLike,
  extra: Partial<Parameters<typeof clientCredentials>[0]> = {},
  cacheOptions: Parameters<typeof createSharedTokenCache>[1] = {},
) {
  return clientCredentials({
    tokenUrl: TOKEN_URL,
    clientId: 'client-abc',
    clientSecret: SECRET,
    style: 'basic',
    fetch,
    retry: false,
    cache: createSharedTokenCache(store, { pollIntervalMs: 5, ...cacheOptions }),
    ...extra,
  });
}

describe('createSharedTokenCache: one token per credentials across processes', () => {
  it('5 processes x 200 cold concurrent calls make one token request, and all use its token', async () => {
    const store = memoryStore();
    const server = tokenServer({ delayMs: 20 });
    const processes = Array.from({ length: 5 }, () => processOf(store, server.fetch));
    const tokens = await Promise.all(
      processes.flatMap((auth) => Array.from({ length: 200 }, () => auth.getToken())),
    );
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(server.count).toBe(1);
    // One key for the token and no lock left behind.
    expect([...store.values.keys()].map((key) => key.replace(/[0-9a-f]{64}$/, '<hash>'))).toEqual([
      'learnkit:tokens:token:<hash>',
    ]);
  });

  it('stores neither the secret nor the token in plain text, and a value opens only with the secret', async () => {
    const store = memoryStore();
    const server = tokenServer();
    await processOf(store, server.fetch).getToken();
    expect(store.values.size).toBe(1);
    const [key, { value }] = [...store.values.entries()][0] as [string, { value: string }];
    for (const text of [key, value]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('client-abc');
      expect(text).not.toContain('token-1');
    }
    expect(value).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    // Another secret for the same client id: another key (its own token), and it cannot read this one.
    const other = processOf(store, server.fetch, { clientSecret: 'another-secret-0123456789' });
    expect(await other.getToken()).toBe('token-2');
    expect(store.values.size).toBe(2);
    // A value moved under the other key (or tampered with) does not open: it is replaced, never used.
    const otherKey = [...store.values.keys()].find((k) => k !== key) as string;
    store.values.set(otherKey, { value, expiresAt: Date.now() + 60_000 });
    const fresh = processOf(store, server.fetch, { clientSecret: 'another-secret-0123456789' });
    expect(await fresh.getToken()).toBe('token-3');
  });

  it('a 401 in several processes replaces the shared token once, and nobody adopts the refused one again', async () => {
    const store = memoryStore();
    const server = tokenServer({ delayMs: 5 });
    const processes = Array.from({ length: 4 }, () => processOf(store, server.fetch));
    await Promise.all(processes.map((auth) => auth.getToken()));
    expect(server.count).toBe(1);
    // The platform refuses token-1 (revoked): every process sees a 401 and invalidates it.
    for (const auth of processes) auth.invalidate('token-1');
    const next = await Promise.all(processes.flatMap((auth) => [auth.getToken(), auth.getToken()]));
    expect(new Set(next)).toEqual(new Set(['token-2']));
    expect(server.count).toBe(2);
    // A process that invalidates late finds token-2 in the store: no third request.
    const late = processOf(store, server.fetch);
    expect(await late.getToken()).toBe('token-2');
    late.invalidate('token-1');
    expect(await late.getToken()).toBe('token-2');
    expect(server.count).toBe(2);
  });

  it('refreshes 60 s before expiry once for all processes; the others adopt the new token', async () => {
    let now = 1_000_000;
    const store = memoryStore();
    const server = tokenServer();
    const [a, b] = [
      processOf(store, server.fetch, { now: () => now }),
      processOf(store, server.fetch, { now: () => now }),
    ];
    expect([await a.getToken(), await b.getToken()]).toEqual(['token-1', 'token-1']);
    now += 3_539_000;
    expect([await a.getToken(), await b.getToken()]).toEqual(['token-1', 'token-1']);
    now += 2_000; // inside the last 60 s
    expect(await a.getToken()).toBe('token-2');
    expect(await b.getToken()).toBe('token-2');
    expect(server.count).toBe(2);
  });

  it('a lock holder that died: its lock lapses after lockTtlMs and another process refreshes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const store = memoryStore();
    const server = tokenServer();
    const auth = processOf(store, server.fetch, {}, { lockTtlMs: 2_000, pollIntervalMs: 50 });
    // A process took the lock (for 2 s) and was killed before storing a token: planted before this process's first
    // attempt to take it.
    const realAcquire = store.acquire.bind(store);
    let planted = false;
    store.acquire = async (key, owner, ttlMs) => {
      if (!planted) {
        planted = true;
        await realAcquire(key, 'dead-process', 2_000);
      }
      return realAcquire(key, owner, ttlMs);
    };
    const held = () => [...store.values.values()].some((entry) => entry.value === 'dead-process');
    let settled = false;
    const token = auth.getToken().then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(1_900);
    expect(settled).toBe(false);
    expect(server.count).toBe(0);
    expect(held()).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(await token).toBe('token-1');
    expect(server.count).toBe(1);
  });

  it('falls back to a token of its own when the store fails, and says so in the log', async () => {
    const store = memoryStore();
    store.failing = true;
    const server = tokenServer();
    const warn = vi.fn();
    const logger: Logger = { debug() {}, info() {}, warn, error() {} };
    const auth = processOf(store, server.fetch, { logger });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => auth.getToken()));
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(server.count).toBe(1);
    expect(warn).toHaveBeenCalledWith(
      { reason: 'connection refused' },
      'shared token cache unavailable; requesting a token for this process alone',
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain(SECRET);
  });

  it('stops waiting after twice lockTtlMs for a lock that never frees, and requests its own token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const store = memoryStore();
    store.acquire = async () => false; // a lock stuck without a TTL
    const server = tokenServer();
    const auth = processOf(store, server.fetch, { logger: false }, { lockTtlMs: 1_000, pollIntervalMs: 100 });
    const token = auth.getToken();
    await vi.advanceTimersByTimeAsync(2_200);
    expect(await token).toBe('token-1');
    expect(server.count).toBe(1);
  });

  it('tells onTokenRefresh only in the process that requested the token', async () => {
    const store = memoryStore();
    const server = tokenServer({ delayMs: 5 });
    const [hookA, hookB] = [vi.fn(), vi.fn()];
    const a = processOf(store, server.fetch, { hooks: { onTokenRefresh: hookA } });
    const b = processOf(store, server.fetch, { hooks: { onTokenRefresh: hookB } });
    await Promise.all([a.getToken(), b.getToken()]);
    expect(hookA.mock.calls.length + hookB.mock.calls.length).toBe(1);
  });

  it('refuses a store without the four operations and bad timings, naming each', () => {
    expect(() => createSharedTokenCache({ get: async () => null } as never, { lockTtlMs: 0 })).toThrow(
      ValidationError,
    );
    try {
      createSharedTokenCache({ get: async () => null } as never, {
        lockTtlMs: 0,
        pollIntervalMs: Number.NaN,
      });
    } catch (error) {
      expect((error as ValidationError).issues.map((issue) => issue.path.join('.'))).toEqual([
        'store.set',
        'store.acquire',
        'store.release',
        'lockTtlMs',
        'pollIntervalMs',
      ]);
    }
    expect(() => createRedisTokenCache({ get: async () => null } as never)).toThrow(/set\(\), eval\(\)/);
  });
});

describe('createRedisTokenCache: the commands it sends', () => {
  it('GET, SET PX NX for the lock, SET PX for the sealed token, and EVAL to free only its own lock', async () => {
    const sent: unknown[][] = [];
    const values = new Map<string, string>();
    const redis = {
      async get(key: string) {
        sent.push(['GET', key.replace(/[0-9a-f]{64}$/, '<hash>')]);
        return values.get(key) ?? null;
      },
      async set(key: string, value: string, mode: 'PX', ttl: number, nx?: 'NX') {
        sent.push(['SET', key.replace(/[0-9a-f]{64}$/, '<hash>'), mode, ttl, ...(nx ? [nx] : [])]);
        if (nx && values.has(key)) return null;
        values.set(key, value);
        return 'OK';
      },
      async eval(script: string, numKeys: number, key: string, owner: string) {
        sent.push(['EVAL', numKeys, key.replace(/[0-9a-f]{64}$/, '<hash>')]);
        expect(script).toContain('redis.call("get", KEYS[1]) == ARGV[1]');
        if (values.get(key) === owner) values.delete(key);
        return 1;
      },
    };
    const server = tokenServer();
    const auth = clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'client-abc',
      clientSecret: SECRET,
      style: 'basic',
      fetch: server.fetch,
      cache: createRedisTokenCache(redis, { prefix: 'app:', lockTtlMs: 5_000 }),
    });
    expect(await auth.getToken()).toBe('token-1');
    const ttl = sent.find((command) => command[0] === 'SET' && command.length === 4)?.[3] as number;
    expect(ttl).toBeGreaterThan(3_599_000);
    expect(
      sent.map((command) => (command[0] === 'SET' && command.length === 4 ? command.slice(0, 3) : command)),
    ).toEqual([
      ['GET', 'app:token:<hash>'],
      ['SET', 'app:lock:<hash>', 'PX', 5_000, 'NX'],
      ['GET', 'app:token:<hash>'],
      ['SET', 'app:token:<hash>', 'PX'],
      ['EVAL', 1, 'app:lock:<hash>'],
    ]);
    expect([...values.keys()].map((key) => key.replace(/[0-9a-f]{64}$/, '<hash>'))).toEqual([
      'app:token:<hash>',
    ]);
  });
});
