import { spawn, spawnSync } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A real redis-server on a loopback port, for the tests of the shared stores (tokens, dedupe). */
export interface RedisServer {
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
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

/** Whether a server on `port` answers `PING` with `+PONG`. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('error', () => done(false));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

/**
 * Starts a real redis-server (no persistence) on a free loopback port and waits until it answers. It never skips:
 * without redis-server on PATH it throws how to install it (CI runs `apt-get install -y redis-server`).
 *
 * @example
 * let redis: RedisServer;
 * beforeAll(async () => { redis = await startRedisServer(); });
 * afterAll(() => redis.stop());
 */
export async function startRedisServer(): Promise<RedisServer> {
  const which = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (which.error || which.status !== 0) {
    throw new Error(
      'redis-server is not on PATH: the shared stores are tested against a real server. ' +
        'Install it (Debian/Ubuntu: `apt-get update && apt-get install -y redis-server`) and run the tests again.',
    );
  }
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await pong(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
