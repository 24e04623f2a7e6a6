// The `learnkit-mock` command as npm installs it from the tarball (node_modules/.bin), not from the workspace.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Background, runToEnd, scratch, startBackground } from './helpers';

const bin = (name = 'learnkit-mock') =>
  join(scratch().project, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

describe('learnkit-mock from the installed tarball', () => {
  let running: Background | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it('prints its usage with --help', async () => {
    const result = await runToEnd(bin(), ['--help'], { cwd: scratch().project });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: learnkit-mock .*serve/s);
  });

  it('serves the platform: a partner gets a token, and SIGTERM stops it cleanly', async () => {
    running = startBackground(bin(), ['serve', '--port', '0', '--quiet'], { cwd: scratch().project });
    const [, url] = await running.waitFor(/listening on (http:\/\/\S+)/);
    const [, clientId, clientSecret] = await running.waitFor(/^\s*partner\s+(\S+)\s+(\S+)\s*$/m);
    const response = await fetch(`${url}/auth/1.0/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { access_token?: string }).access_token).toEqual(expect.any(String));
    const exited = new Promise<number | null>((resolve) =>
      running!.child.once('close', (code) => resolve(code)),
    );
    running.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('learnkit (@learnkit/sdk) from the installed tarball', () => {
  it('prints its usage and the event catalogue without credentials', async () => {
    const cwd = scratch().project;
    const [help, events] = await Promise.all([
      runToEnd(bin('learnkit'), ['--help'], { cwd, env: { LEARNKIT_BASE_URL: '' } }),
      runToEnd(bin('learnkit'), ['events', '--json'], { cwd }),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('Usage: learnkit [--profile NAME] [--json] <command>');
    expect(events.code).toBe(0);
    expect(JSON.parse(events.stdout)).toMatchObject({ catalogueVersion: expect.stringMatching(/^v\d/) });
  });
});

describe('learnkit-mcp (@learnkit/mcp) from the installed tarball', () => {
  it('responds to initialize and tools/list over stdio, and writes nothing but JSON-RPC to stdout', async () => {
    const server = startBackground(bin('learnkit-mcp'), [], { cwd: scratch().project, stdin: 'pipe' });
    const { child } = server;
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    const send = (message: object) => child.stdin?.write(`${JSON.stringify(message)}\n`);
    try {
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'check', version: '1' },
        },
      });
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      const deadline = Date.now() + 30_000;
      while (!stdout.includes('"id":2') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const messages = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(messages[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'learnkit' } } });
      const names = (messages[1].result.tools as { name: string }[]).map((tool) => tool.name);
      expect(names).toContain('devplatform_rotate_webhook_subscription_secret');
      expect(names).toContain('oneroster_gradebook_classes_students_results_list');
      // The default: the read tools and the developer tools (docs/decisions.md#d-mcp-tool-selection).
      expect(names).toHaveLength(109);
    } finally {
      await server.stop();
    }
  });
});

describe('learnkit-activity-worker (@learnkit/activity) from the installed tarball', () => {
  it('prints its usage with --help, and says what is missing without MODULE (exit 2)', async () => {
    const cwd = scratch().project;
    const [help, bare] = await Promise.all([
      runToEnd(bin('learnkit-activity-worker'), ['--help'], { cwd }),
      runToEnd(bin('learnkit-activity-worker'), [], { cwd }),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: learnkit-activity-worker MODULE/);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^Usage: learnkit-activity-worker MODULE/);
  });
});
