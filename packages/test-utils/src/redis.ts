import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real redis-server on a loopback port, for the tests of the shared stores (tokens, dedupe, the activity queue). */
export interface RedisServer {
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** Its URL, `redis://127.0.0.1:<port>`. */
  url: string;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /**
   * Kills it with SIGKILL (nothing flushed, as a crash), waits for it to exit, and starts it again on the same port
   * and, when persistent, the same data; resolves once it responds again. `downMs` is how long it stays down.
   */
  restart(options?: { downMs?: number }): Promise<void>;
}

/** Options of {@link startRedisServer}. */
export interface RedisServerOptions {
  /**
   * Persist to an append-only file in a fresh temporary folder (`appendonly yes`, `appendfsync everysec`), so what
   * it acknowledged survives a `restart()`. Default false: no persistence at all.
   */
  persistent?: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a server on `port` responds with `PING` with `+PONG`. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let rawResponse = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('error', () => done(false));
    socket.on('data', (chunk) => {
      rawResponse += chunk;
      if (rawResponse.includes('\r\n')) done(rawResponse.startsWith('+PONG'));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

/**
 * Starts a real redis-server (no persistence) on a free loopback port and waits until it responds. It never skips:
 * without redis-server on PATH it throws how to install it (CI runs `apt-get install -y redis-server`).
 *
 * @example
 * let redis: RedisServer;
 * beforeAll(async () => { redis = await startRedisServer(); });
 * afterAll(() => redis.stop());
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const which = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (which.error || which.status !== 0) {
    throw new Error(
      'redis-server is not on PATH: the shared stores are tested against a real server. ' +
        'Install it (Debian/Ubuntu: `apt-get update && apt-get install -y redis-server`) and run the tests again.',
    );
  }
  const port = await freePort();
  const dir = options.persistent ? mkdtempSync(join(tmpdir(), 'learnkit-redis-')) : undefined;
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    ...(dir ? ['--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', dir] : ['--appendonly', 'no']),
  ];
  const launch = async () => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 10_000;
    while (!(await pong(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { child, exited };
  };
  let running = await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (running.child.exitCode === null) running.child.kill('SIGTERM');
      await running.exited;
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    async restart({ downMs = 0 } = {}) {
      if (running.child.exitCode === null) running.child.kill('SIGKILL');
      await running.exited;
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      running = await launch();
    },
  };
}
