// `learnkit-mock serve --state` and `learnkit-mock trigger`, run as processes the way a developer runs them; every
// exchange of trigger with the control path is checked against openapi/mock-control.yaml
// (docs/decisions.md#d-mock-control-document).
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../test-utils/src/process';
import { checkedControlProxy } from './support/control-contract.js';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Node with tsx's loader and the source condition: the CLI from src/, in one process (signals reach it). */
const NODE_ARGS = ['--import', 'tsx', '--conditions=@learnkit/source', CLI];
const SLOW = { timeout: 120_000 };

/** Polls `check` until it holds; the wait is long because the machine may be loaded, nothing is timed. */
async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Serving = {
  url: string;
  /** A checked proxy to it, for `learnkit-mock trigger --url` (see `triggerAt`). */
  control: Awaited<ReturnType<typeof checkedControlProxy>>;
  output: () => string;
  clientSecret: (label: string) => string;
  stop: () => Promise<number | null>;
};

const running = new Set<ChildProcess>();
const proxies = new Set<Serving['control']>();

/** Starts `learnkit-mock serve ...args` and waits for its banner. */
async function serve(args: string[]): Promise<Serving> {
  const child = spawn(process.execPath, [...NODE_ARGS, 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await until(
    'the banner',
    () => output.includes('Press Ctrl-C to stop.') || child.exitCode !== null,
    60_000,
  );
  const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`learnkit-mock serve did not start:\n${output}`);
  const control = await checkedControlProxy(url);
  proxies.add(control);
  return {
    url,
    control,
    output: () => output,
    clientSecret: (label) => new RegExp(`${label}-client {2}(\\S+)`).exec(output)?.[1] ?? '',
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      running.delete(child);
      await control.close();
      proxies.delete(control);
      return code;
    },
  };
}

/** Runs `learnkit-mock trigger ...args` to its end (the workspace's one process helper). */
const trigger = (args: string[]) =>
  runProcess(process.execPath, [...NODE_ARGS, 'trigger', ...args], { cwd: ROOT, timeoutMs: 30_000 });

/**
 * `learnkit-mock trigger ...args --url` the mock, through its checked proxy: the request trigger sends and the
 * respond to it gets conform to the control document.
 */
async function triggerAt(mock: Serving, args: string[]) {
  const before = mock.control.recorder.results.length;
  const result = await trigger([...args, '--url', mock.control.url]);
  // At least its own request and response (another trigger may run at the same time).
  expect(mock.control.recorder.results.length - before).toBeGreaterThanOrEqual(2);
  mock.control.recorder.assertClean();
  return result;
}

/** A local consumer that records each delivery. */
let consumer: Server;
let consumerUrl = '';
const deliveries: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function tokenOf(mock: Serving, label: string): Promise<string> {
  const response = await fetch(`${mock.url}/auth/1.0/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${label}-client:${mock.clientSecret(label)}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const APP = 'app-learnkit-demo';
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'learnkit-mock-cli-'));
  consumer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => consumer.listen(0, '127.0.0.1', resolve));
  consumerUrl = `http://127.0.0.1:${(consumer.address() as AddressInfo).port}/webhooks`;
});

afterEach(() => {
  // A test that failed half-way leaves no server behind.
  for (const child of running) child.kill('SIGKILL');
  running.clear();
  for (const pid of orphans) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  orphans.clear();
  for (const proxy of proxies) void proxy.close();
  proxies.clear();
  deliveries.length = 0;
});

afterAll(() => {
  consumer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('learnkit-mock serve --state (docs/decisions.md#d-mock-state-file)', () => {
  it('keeps tokens, subscriptions and their signing secrets across a restart', SLOW, async () => {
    const state = join(dir, 'restart.json');
    const args = ['--port', '0', '--clock', 'fast', '--forward-to', consumerUrl, '--state', state];
    const before = await serve(args);
    expect(before.output()).toContain(`state           ${state} (new`);
    const token = await tokenOf(before, 'partner');
    const created = await call(before.url, 'POST', `/webhooks/1.0/${APP}/subscriptions`, token, {
      url: 'https://hooks.partner.example/restart',
      eventTypes: ['test.ping'],
    });
    expect(created.status).toBe(201);
    expect(await before.stop()).toBe(0);

    const after = await serve(args);
    expect(after.output()).toContain('restored: 1 subscription(s)');
    // The token from before the restart still works, and the subscription is still there.
    const read = await call(after.url, 'GET', `/webhooks/1.0/${APP}/subscriptions/${created.body.id}`, token);
    expect(read).toMatchObject({ status: 200, body: { id: created.body.id, status: 'active' } });

    const fired = await triggerAt(after, ['test.ping']);
    expect(fired.code).toBe(0);
    expect(fired.stdout).toContain('Triggered test.ping');
    await until('the delivery', () => deliveries.length === 1);
    // Signed with the secret the subscription got before the restart.
    const { headers, body } = deliveries[0]!;
    const signature = createHmac('sha256', created.body.signingSecret as string)
      .update(`${headers['x-service-webhook-timestamp']}.${body}`)
      .digest('hex');
    expect(headers['x-service-webhook-signature']).toBe(signature);
    expect(JSON.parse(body)).toMatchObject({
      type: 'test.ping',
      data: { message: 'Sent by learnkit-mock trigger' },
    });
    expect(await after.stop()).toBe(0);
  });

  it('refuses a file that is not a saved state, saying what to do', SLOW, async () => {
    const state = join(dir, 'not-a-state.json');
    writeFileSync(state, '{"hello":"world"}');
    const child = spawn(process.execPath, [...NODE_ARGS, 'serve', '--port', '0', '--state', state], {
      cwd: ROOT,
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('is not a learnkit-mock state');
    expect(stderr).toContain('start from a new state file');
  });
});

describe('learnkit-mock trigger, and the reasons of skipped deliveries (docs/decisions.md#d-mock-trigger-command)', () => {
  it(
    'fires events at the running mock, which logs every delivery it does not send with the reason',
    SLOW,
    async () => {
      const state = join(dir, 'skips.json');
      const args = ['--port', '0', '--clock', 'fast', '--forward-to', consumerUrl, '--state', state];
      const mock = await serve(args);
      const token = await tokenOf(mock, 'partner');
      const { body: subscription } = await call(
        mock.url,
        'POST',
        `/webhooks/1.0/${APP}/subscriptions`,
        token,
        {
          url: 'https://hooks.partner.example/skips',
          eventTypes: ['user.created'],
        },
      );
      const eventOf = (stdout: string) => /event ([0-9a-f-]{36})/.exec(stdout)?.[1] ?? 'none';
      /** The log line of the skip of `eventId` for the subscription, if printed yet. */
      const skipped = (from: Serving, reason: string, eventId: string) =>
        from
          .output()
          .split('\n')
          .find(
            (line) =>
              line.includes(`${eventId} skipped (${reason})`) && line.includes(String(subscription.id)),
          );

      // Org scope and self-suppression, fired at once.
      const [outside, own] = await Promise.all([
        triggerAt(mock, ['user.created', '--data', '{"userId":"usr-cedar-student"}']),
        triggerAt(mock, ['user.created', '--origin', 'partner']),
      ]);
      expect([outside.code, own.code]).toEqual([0, 0]);
      await until(
        'the org-scope skip',
        () => skipped(mock, 'org-scope', eventOf(outside.stdout)) !== undefined,
      );
      expect(skipped(mock, 'org-scope', eventOf(outside.stdout))).toContain(
        'attributed to org-cedar-high, outside the org scope of partner-client',
      );
      await until(
        'the self-suppression skip',
        () => skipped(mock, 'self-suppression', eventOf(own.stdout)) !== undefined,
      );
      expect(mock.output()).toContain(
        `event user.created ${eventOf(own.stdout)} raised by learnkit-mock trigger as caused by partner-client`,
      );

      // Paused: held.
      expect(
        (
          await call(mock.url, 'PUT', `/webhooks/1.0/${APP}/subscriptions/${subscription.id}`, token, {
            status: 'paused',
          })
        ).status,
      ).toBe(200);
      const held = await triggerAt(mock, ['user.created']);
      await until('the paused skip', () => skipped(mock, 'paused', eventOf(held.stdout)) !== undefined);
      expect(deliveries).toEqual([]);
      expect(await mock.stop()).toBe(0);

      // Disabled (only the platform disables, after a delivery's retries ran out): set in the saved state.
      const saved = JSON.parse(readFileSync(state, 'utf8'));
      for (const [, stored] of saved.state.subscriptions.$map) stored.status = 'disabled';
      writeFileSync(state, JSON.stringify(saved));
      const restarted = await serve(args);
      const dropped = await triggerAt(restarted, ['user.created']);
      expect(dropped.code).toBe(0);
      await until(
        'the disabled skip',
        () => skipped(restarted, 'disabled', eventOf(dropped.stdout)) !== undefined,
      );
      expect(deliveries).toEqual([]);
      expect(await restarted.stop()).toBe(0);
    },
  );

  it('says why a finding in SHADOW fires nothing, and how to fire it', SLOW, async () => {
    const mock = await serve(['--port', '0']);
    const shadow = await triggerAt(mock, ['insight.created', '--data', '{"rolloutState":"SHADOW"}']);
    expect(shadow.code).toBe(1);
    expect(shadow.stderr).toContain('in SHADOW raises no event; give rolloutState NOTIFY or ENFORCE');
    const notify = await triggerAt(mock, ['insight.created']);
    expect(notify.code).toBe(0);
    expect(await mock.stop()).toBe(0);
  });

  it('says what is wrong when the event type is unknown or no mock is running', SLOW, async () => {
    const unknown = await trigger(['user.craeted']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown event type "user.craeted"');
    // A port nothing listens on: taken, then freed.
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as AddressInfo;
    await new Promise((resolve) => free.close(resolve));
    const nobody = await trigger(['test.ping', '--url', `http://127.0.0.1:${port}`]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('Start one with `learnkit-mock serve`');
  });
});

/**
 * Whether process `pid` runs. An ended process not yet reaped by whatever adopted it (a zombie: PID 1 of a container
 * may never reap it) does not; /proc says so where it exists.
 */
function isRunning(pid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes started by a parent of the test, which the test ends if they outlive it. */
const orphans = new Set<number>();

/**
 * A parent as a test run is one: it starts `node ...argv` with stdin `ignore` or a pipe (which it holds and never
 * writes to) and the output going to the file `log` (nobody reads it; no pipe to break when the parent dies), prints
 * the child's pid and waits to be killed.
 */
const PARENT = `
const { spawn } = require('node:child_process');
const { openSync } = require('node:fs');
const [log, stdin, ...argv] = process.argv.slice(1);
const output = openSync(log, 'w');
const child = spawn(process.execPath, argv, { stdio: [stdin, output, output] });
console.log(child.pid);
setInterval(() => {}, 60_000);
`;

/**
 * A wrapper that stays between its parent and the command it runs, as npx and pnpm exec do: it runs `node ...argv`
 * with its own stdio, prints the child's pid and ends when the child does.
 */
const WRAPPER = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, process.argv.slice(1), { stdio: 'inherit' });
console.log('wrapped ' + child.pid);
child.on('exit', (code) => process.exit(code ?? 1));
`;

type Orphaned = { pid: number; parent: number; wrapper?: number; url: string; output: () => string };

/**
 * Starts `learnkit-mock serve --port 0 --quiet ...args` from a real parent (through {@link WRAPPER} when `wrapped`),
 * waits for its banner, then kills the parent with SIGKILL.
 */
async function orphaned(
  name: string,
  {
    args = [],
    stdin = 'ignore',
    wrapped = false,
  }: { args?: string[]; stdin?: 'ignore' | 'pipe'; wrapped?: boolean },
): Promise<Orphaned> {
  const log = join(dir, `${name}.log`);
  const serve = [...NODE_ARGS, 'serve', '--port', '0', '--quiet', ...args];
  const argv = wrapped ? ['-e', WRAPPER, '--', ...serve] : serve;
  const parent = spawn(process.execPath, ['-e', PARENT, log, stdin, ...argv], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(parent);
  let printed = '';
  parent.stdout.on('data', (chunk) => {
    printed += chunk;
  });
  const parentEnded = new Promise((resolve) => parent.on('exit', resolve));
  await until("the child's pid", () => /^\d+\n/.test(printed) || parent.exitCode !== null);
  const child = Number(printed.trim());
  orphans.add(child);
  const output = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
  await until('the banner', () => output().includes('Press Ctrl-C to stop.') || !isRunning(child), 60_000);
  const pid = wrapped ? Number(/^wrapped (\d+)$/m.exec(output())?.[1]) : child;
  orphans.add(pid);
  const url = /listening on (http:\/\/\S+)/.exec(output())?.[1];
  if (!url) throw new Error(`learnkit-mock serve did not start:\n${output()}`);
  expect((await fetch(`${url}/__learnkit-mock/requests`)).status).toBe(200);
  parent.kill('SIGKILL');
  await parentEnded;
  running.delete(parent);
  return { pid, parent: parent.pid!, url, output, ...(wrapped && { wrapper: child }) };
}

describe('learnkit-mock serve and the process that started it (docs/decisions.md#d-mock-serve-stops-with-parent)', () => {
  it('stops within 2 s when the process that started it is killed with SIGKILL', SLOW, async () => {
    const mock = await orphaned('killed-parent', {});
    await until('the mock to stop', () => !isRunning(mock.pid), 2_000);
    expect(mock.output()).toContain(
      `the process that started it (pid ${mock.parent}) has ended; stopping the mock platform (--keep-alive keeps it serving)`,
    );
    await expect(fetch(`${mock.url}/__learnkit-mock/requests`)).rejects.toThrow();
  });

  it('keeps serving with --keep-alive, until it is stopped', SLOW, async () => {
    const mock = await orphaned('keep-alive', { args: ['--keep-alive'], stdin: 'pipe' });
    // Longer than a mock without --keep-alive takes to stop.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(isRunning(mock.pid)).toBe(true);
    expect((await fetch(`${mock.url}/__learnkit-mock/requests`)).status).toBe(200);
    // Ctrl-C stops it as before (SIGTERM does in the tests above).
    process.kill(mock.pid, 'SIGINT');
    await until('the mock to stop', () => !isRunning(mock.pid));
    expect(mock.output()).toContain('SIGINT: stopping the mock platform');
  });
});

describe('learnkit-mock serve and its stdin, a pipe (docs/decisions.md#d-mock-serve-stops-with-stdin)', () => {
  it(
    'stops within 2 s when a process that started it through a wrapper, with a pipe as stdin, is killed',
    SLOW,
    async () => {
      const mock = await orphaned('killed-through-wrapper', { stdin: 'pipe', wrapped: true });
      await until(
        'the mock and its wrapper to stop',
        () => !isRunning(mock.pid) && !isRunning(mock.wrapper!),
        2_000,
      );
      expect(mock.output()).toContain('its standard input (a pipe) was closed; stopping the mock platform');
      await expect(fetch(`${mock.url}/__learnkit-mock/requests`)).rejects.toThrow();
    },
  );

  it(
    'keeps serving when its stdin is a pipe closed before it served (a tool that gives no input)',
    SLOW,
    async () => {
      const child = spawn(process.execPath, [...NODE_ARGS, 'serve', '--port', '0', '--quiet'], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      running.add(child);
      child.stdin.end();
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await until(
        'the banner',
        () => output.includes('Press Ctrl-C to stop.') || child.exitCode !== null,
        60_000,
      );
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(child.exitCode).toBeNull();
      expect((await fetch(`${url}/__learnkit-mock/requests`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      running.delete(child);
    },
  );

  it(
    'watches a piped stdin without keeping the process alive or disturbing module resolution',
    SLOW,
    async () => {
      const watch = new URL('../src/cli/parent.ts', import.meta.url).href;
      const mock = fileURLToPath(new URL('../package.json', import.meta.url));
      // ajv, a dependency of the mock, through pnpm's symlinks: resolved after the watch began.
      const script = [
        `import { startedBy } from ${JSON.stringify(watch)};`,
        "import { createRequire } from 'node:module';",
        'startedBy().watch();',
        `const { Ajv2020 } = createRequire(${JSON.stringify(mock)})('ajv/dist/2020.js');`,
        'new Ajv2020();',
      ].join('\n');
      // Without NODE_PATH, which pnpm's launchers set to its hoisted folder, where ajv's dependencies are found
      // even when the symlinks are not followed.
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_PATH'));
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: ROOT,
        env,
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      running.add(child);
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      // The pipe stays open: only the watch could keep the process alive.
      expect(await exited).toBe(0);
      expect(stderr).toBe('');
      child.stdin.destroy();
      running.delete(child);
    },
  );
});
