// The `learnkit-mock` command as npm installs it from the tarball (node_modules/.bin), not from the workspace.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Background, runToEnd, scratch, startBackground } from './helpers';

const bin = () =>
  join(
    scratch().project,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'learnkit-mock.cmd' : 'learnkit-mock',
  );

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
