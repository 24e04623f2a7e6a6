import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { type RedisServer, startRedisServer, usePlatform } from '@learnkit/test-utils';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedisTokenCache, LearnKit } from '../src/index';

// Issue 16, item 6: several server processes of one partner share one token through Redis
// (docs/decisions.md#d-shared-token-lock). Real processes (tsx children), a real redis-server, the mock platform
// on a loopback port counting the token requests it responds.

const ctx = usePlatform('loopback');
let server: RedisServer;
let redis: Redis;
const children: ChildProcessByStdio<Writable, Readable, null>[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis({ host: '127.0.0.1', port: server.port, maxRetriesPerRequest: 0 });
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

/** Token requests the mock platform responded (or held: a hang fault logs its request at once). */
const tokenRequests = () => ctx.platform.state.requests.filter((entry) => entry.path === '/auth/1.0/token');
const apiRequests = () => ctx.platform.state.requests.filter((entry) => entry.path.startsWith('/rostering/'));

/** A server process of the fleet, driven line by line (see fixtures/token-process.ts). */
class FleetProcess {
  readonly child: ChildProcessByStdio<Writable, Readable, null>;
  readonly #lines: string[] = [];
  readonly #waiters: ((line: string) => void)[] = [];
  readonly #exited: Promise<number | null>;

  constructor(prefix: string, lockTtlMs = 10_000) {
    const { partner } = ctx.platform.clients;
    this.child = spawn(
      process.execPath,
      [
        createRequire(import.meta.url).resolve('tsx/cli'),
        '--conditions=@learnkit/source',
        fileURLToPath(new URL('./fixtures/token-process.ts', import.meta.url)),
        String(server.port),
        ctx.baseUrl,
        partner.clientId,
        partner.clientSecret,
        prefix,
        String(lockTtlMs),
        ctx.platform.fixtures.roster.student.sourcedId,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    children.push(this.child);
    let buffered = '';
    this.child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        const waiter = this.#waiters.shift();
        if (waiter) waiter(line);
        else this.#lines.push(line);
      }
    });
    this.#exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** The next line the process prints. */
  line(): Promise<string> {
    const next = this.#lines.shift();
    if (next !== undefined) return Promise.resolve(next);
    return new Promise((resolve, reject) => {
      this.#waiters.push(resolve);
      void this.#exited.then((code) => reject(new Error(`the process exited (${code})`)));
    });
  }

  /** Sends `calls n` without waiting for the response. */
  start(count: number): void {
    this.child.stdin.write(`calls ${count}\n`);
  }

  /** The outcome of the calls of the last `start`. */
  async done(): Promise<{ ok: number; errors: string[] }> {
    const line = await this.line();
    expect(line.startsWith('done ')).toBe(true);
    return JSON.parse(line.slice(5));
  }
}

/** `count` processes, each connected and ready to call. */
async function fleet(count: number, prefix: string, lockTtlMs?: number): Promise<FleetProcess[]> {
  const processes = Array.from({ length: count }, () => new FleetProcess(prefix, lockTtlMs));
  for (const p of processes) expect(await p.line()).toBe('ready');
  return processes;
}

describe('createRedisTokenCache across real processes', { timeout: 120_000 }, () => {
  it('4 processes x 200 cold concurrent calls make one token request in total', async () => {
    const processes = await fleet(4, 'test:cold:');
    for (const p of processes) p.start(200);
    const outcomes = await Promise.all(processes.map((p) => p.done()));
    expect(outcomes).toEqual(processes.map(() => ({ ok: 200, errors: [] })));
    expect(apiRequests()).toHaveLength(800);
    expect(tokenRequests()).toHaveLength(1);
    // What Redis holds: one sealed token, no lock, nothing that names the client or shows the token.
    const keys = await redis.keys('test:cold:*');
    expect(keys.map((key) => key.replace(/[0-9a-f]{64}$/, '<hash>'))).toEqual(['test:cold:token:<hash>']);
    const stored = (await redis.get(keys[0] as string)) as string;
    const issued = ctx.platform.state.tokens.map((token) => token.token);
    expect(issued).toHaveLength(1);
    for (const text of [keys[0] as string, stored]) {
      expect(text).not.toContain(issued[0]);
      expect(text).not.toContain(ctx.platform.clients.partner.clientSecret);
      expect(text).not.toContain(ctx.platform.clients.partner.clientId);
    }
    expect(await redis.pttl(keys[0] as string)).toBeGreaterThan(3_500_000);
  });

  it('a lock holder that dies: its lock lapses and another process requests the token', async () => {
    // The first token request hangs: its process holds the lock, and is killed while it waits.
    ctx.platform.faults.inject({ method: 'POST', path: '/auth/1.0/token', hang: true });
    const [doomed, survivor] = await fleet(2, 'test:dead:', 1_500);
    doomed?.start(5);
    for (let i = 0; i < 500 && tokenRequests().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(tokenRequests()).toHaveLength(1);
    expect(await redis.keys('test:dead:lock:*')).toHaveLength(1);
    doomed?.child.kill('SIGKILL');
    survivor?.start(50);
    expect(await survivor?.done()).toEqual({ ok: 50, errors: [] });
    // The dead process's request, then the survivor's once the lock lapsed.
    expect(tokenRequests()).toHaveLength(2);
    expect(await redis.keys('test:dead:*')).toEqual([expect.stringMatching(/^test:dead:token:/)]);
  });

  it('a 401 in every process replaces the shared token once', async () => {
    const processes = await fleet(3, 'test:401:');
    for (const p of processes) p.start(20);
    await Promise.all(processes.map((p) => p.done()));
    expect(tokenRequests()).toHaveLength(1);
    // The platform revokes the token: each process's next calls get a 401, invalidate it and retry.
    expect(ctx.platform.faults.revokeTokens()).toBe(1);
    for (const p of processes) p.start(50);
    const outcomes = await Promise.all(processes.map((p) => p.done()));
    expect(outcomes).toEqual(processes.map(() => ({ ok: 50, errors: [] })));
    expect(tokenRequests()).toHaveLength(2);
    // And a process started now adopts the new token from Redis, without a request.
    const [late] = await fleet(1, 'test:401:');
    late?.start(10);
    expect(await late?.done()).toEqual({ ok: 10, errors: [] });
    expect(tokenRequests()).toHaveLength(2);
  });

  it('works in one process too: two instances share the token through Redis, and each keeps it in memory', async () => {
    const { partner } = ctx.platform.clients;
    const make = () =>
      new LearnKit({
        baseUrl: ctx.baseUrl,
        clientId: partner.clientId,
        clientSecret: partner.clientSecret,
        env: {},
        logger: false,
        fetch: ctx.fetch,
        tokenCache: createRedisTokenCache(redis, { prefix: 'test:local:' }),
      });
    const [a, b] = [make(), make()];
    const student = ctx.platform.fixtures.roster.student.sourcedId;
    await Promise.all([a.rostering.users.get(student), b.rostering.users.get(student)]);
    const before = (await redis.info('commandstats')).match(/cmdstat_get:calls=(\d+)/)?.[1];
    for (let i = 0; i < 20; i++) await a.rostering.users.get(student);
    const after = (await redis.info('commandstats')).match(/cmdstat_get:calls=(\d+)/)?.[1];
    expect(after).toBe(before); // a fresh token in memory: no round trip to Redis per call
    expect(ctx.tokenRequests()).toHaveLength(1);
  });
});
