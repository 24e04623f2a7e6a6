import { readFileSync } from 'node:fs';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import {
  consoleLogger,
  createHttpClient,
  createMemoryDedupeStore,
  type DedupeStore,
  type Logger,
  staticToken,
} from '../src/index';
import { createLogger, VERSION } from '../src/internal/index';
import { BASE, ITEMS_URL, makeAuth, tokenEndpoint, useMswServer } from './helpers';

// A developer's single-sign-on token: the platform requires a bearer, and a static one writes no log lines.
const auth = staticToken('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXYifQ.c2lnbmF0dXJl');

const msw = useMswServer();
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function spyLogger() {
  const calls: { level: string; fields: Record<string, unknown>; message: string | undefined }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message?: string) => {
    calls.push({ level, fields, message });
  };
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, calls };
}

describe('logging', () => {
  it('writes one pino-style line per attempt: method, path without query, status, attempt, duration', async () => {
    msw.allowGatewayStatuses();
    let n = 0;
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, () =>
        ++n === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ CFItems: [] }),
      ),
    );
    const { logger, calls } = spyLogger();
    const client = createHttpClient<CasePaths>({
      baseUrl: BASE,
      auth: makeAuth({ logger }),
      logger,
      retry: { initialDelayMs: 1 },
    });
    await client.call('GET', '/ims/case/v1p1/CFItems', {
      params: { query: { search: 'alice@example.com' } },
    });
    const api = calls.filter((c) => c.fields.path === '/ims/case/v1p1/CFItems');
    expect(api).toHaveLength(2);
    expect(api[0]).toMatchObject({
      level: 'info',
      fields: { method: 'GET', status: 503, attempt: 1, retryInMs: expect.any(Number) },
    });
    expect(api[1]).toMatchObject({ level: 'debug', fields: { method: 'GET', status: 200, attempt: 2 } });
    expect(typeof api[1]?.fields.durationMs).toBe('number');
    expect(api[1]?.message).toBe('GET /ims/case/v1p1/CFItems 200 (attempt 2)');
    const all = JSON.stringify(calls);
    expect(all).not.toContain('alice@example.com');
    expect(all).not.toContain('token-1');
    expect(calls.filter((c) => c.fields.path === '/auth/1.0/token')).toHaveLength(1);
  });

  it('logs a failed attempt with its error at warn', async () => {
    msw.server.use(http.get(ITEMS_URL, () => HttpResponse.error()));
    const { logger, calls } = spyLogger();
    const client = createHttpClient<CasePaths>({ baseUrl: BASE, auth, logger, retry: false });
    await expect(client.call('GET', '/ims/case/v1p1/CFItems')).rejects.toThrow(
      /could not reach the platform/,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ level: 'warn', fields: { method: 'GET', attempt: 1 } });
    expect(String(calls[0]?.fields.error)).toContain('could not reach the platform');
  });

  it('keeps requests working when the logger throws', async () => {
    msw.server.use(http.get(ITEMS_URL, () => HttpResponse.json({ CFItems: [] })));
    const boom = () => {
      throw new Error('logger down');
    };
    const client = createHttpClient<CasePaths>({
      baseUrl: BASE,
      auth,
      logger: { debug: boom, info: boom, warn: boom, error: boom },
    });
    await expect(client.call('GET', '/ims/case/v1p1/CFItems')).resolves.toEqual({ CFItems: [] });
  });

  it('LEARNKIT_LOG=debug turns on a console logger; unset, nothing is written', async () => {
    msw.server.use(http.get(ITEMS_URL, () => HttpResponse.json({ CFItems: [] })));
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await createHttpClient<CasePaths>({ baseUrl: BASE, auth }).call('GET', '/ims/case/v1p1/CFItems');
    expect(debug).not.toHaveBeenCalled();
    vi.stubEnv('LEARNKIT_LOG', 'debug');
    await createHttpClient<CasePaths>({ baseUrl: BASE, auth }).call('GET', '/ims/case/v1p1/CFItems');
    expect(debug).toHaveBeenCalledOnce();
    expect(String(debug.mock.calls[0]?.[0])).toMatch(
      /^\[learnkit\] debug GET \/ims\/case\/v1p1\/CFItems 200 \(attempt 1\) \{"method":"GET"/,
    );
  });

  it('consoleLogger filters by level, and createLogger redacts fields and messages', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const log = createLogger(consoleLogger('warn'));
    log?.info({ a: 1 }, 'hidden');
    log?.warn(
      {
        authorization: 'Bearer abc.def',
        client_secret: 'x',
        nested: { header: 'Bearer zzzzzzzz' },
        note: 'whsec_Zm9vYmFy',
      },
      'sent Bearer abc.def',
    );
    expect(info).not.toHaveBeenCalled();
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toContain('sent Bearer [redacted]');
    expect(line).toContain('"authorization":"[redacted]"');
    expect(line).toContain('"client_secret":"[redacted]"');
    expect(line).toContain('"header":"Bearer [redacted]"');
    expect(line).toContain('whsec_[redacted]');
    expect(line).not.toContain('abc.def');
    expect(createLogger(false)).toBeUndefined();
  });
});

describe('dedupe store', () => {
  it('claims an id once within its TTL, and again after it', async () => {
    let now = 0;
    const store = createMemoryDedupeStore({ now: () => now });
    expect(await store.claim('evt-1', 1000)).toBe(true);
    expect(await store.claim('evt-1', 1000)).toBe(false);
    now = 999;
    expect(await store.claim('evt-1', 1000)).toBe(false);
    now = 1000;
    expect(await store.claim('evt-1', 1000)).toBe(true);
  });

  it('evicts the least recently claimed beyond maxEntries', async () => {
    const store = createMemoryDedupeStore({ maxEntries: 3 });
    for (const id of ['a', 'b', 'c']) await store.claim(id, 60_000);
    expect(await store.claim('a', 60_000)).toBe(false);
    expect(await store.claim('d', 60_000)).toBe(true);
    expect(await store.claim('a', 60_000)).toBe(false);
    expect(await store.claim('b', 60_000)).toBe(true);
    expect(() => createMemoryDedupeStore({ maxEntries: 0 })).toThrow(/maxEntries/);
  });

  it('release un-claims an id so a failed handling can run again, and leaves other ids claimed', async () => {
    const store = createMemoryDedupeStore();
    expect(await store.claim('evt-1', 60_000)).toBe(true);
    expect(await store.claim('evt-2', 60_000)).toBe(true);
    await store.release('evt-1');
    expect(await store.claim('evt-1', 60_000)).toBe(true);
    expect(await store.claim('evt-1', 60_000)).toBe(false);
    expect(await store.claim('evt-2', 60_000)).toBe(false);
    // Releasing an id that was never claimed (or already expired) is a no-op.
    await expect(store.release('unknown')).resolves.toBeUndefined();
    expect(await store.claim('unknown', 60_000)).toBe(true);
  });

  it('the claim-then-release protocol runs a failed handling exactly once more', async () => {
    const store: DedupeStore = createMemoryDedupeStore();
    const runs: string[] = [];
    const deliver = async (id: string, fail: boolean) => {
      if (!(await store.claim(id, 60_000))) return 'duplicate';
      try {
        runs.push(id);
        if (fail) throw new Error('handler failed');
        return 'handled';
      } catch {
        await store.release?.(id);
        return 'failed';
      }
    };
    expect(await deliver('evt-1', true)).toBe('failed');
    expect(await deliver('evt-1', false)).toBe('handled');
    expect(await deliver('evt-1', false)).toBe('duplicate');
    expect(runs).toEqual(['evt-1', 'evt-1']);
  });
});

describe('version', () => {
  it('matches package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });
});
