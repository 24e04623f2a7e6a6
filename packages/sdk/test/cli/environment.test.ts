// `learnkit --environment NAME` and a profile's "environment" (docs/decisions.md#d-cli-environment): the run calls
// the environment's addresses; the flag wins over the profile's and LEARNKIT_ENVIRONMENT; an explicit base URL wins
// over the environment's, and the CLI says so.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usePlatform } from '@learnkit/test-utils';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './in-process';

const SANDBOX = 'https://sandbox.platform.timeback.com';
const ctx = usePlatform('msw', { platform: { baseUrl: SANDBOX } });
const dir = mkdtempSync(join(tmpdir(), 'learnkit-environment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let credentials: Record<string, string>;
beforeEach(() => {
  const { clientId, clientSecret } = ctx.platform.clients.partner;
  credentials = { clientId, clientSecret };
});

/** A config file with `profiles`, in a folder of its own; the XDG_CONFIG_HOME that finds it. */
function configHome(profiles: Record<string, Record<string, string>>): string {
  const home = mkdtempSync(join(dir, 'home-'));
  mkdirSync(join(home, 'learnkit'));
  const path = join(home, 'learnkit', 'config.json');
  writeFileSync(path, JSON.stringify({ profiles }));
  chmodSync(path, 0o600);
  return home;
}

const LIST = ['api', 'case.documents', 'list', '--json'];

/** The origins the run's requests went to. */
async function origins(): Promise<string[]> {
  await ctx.flush();
  return [...new Set(ctx.sent.map((request) => request.url.origin))];
}

describe('learnkit --environment', () => {
  it('calls the sandbox with the LEARNKIT_* credentials and --environment sandbox alone', async () => {
    const ran = await runCli([...LIST, '--environment', 'sandbox'], {
      LEARNKIT_CLIENT_ID: credentials.clientId as string,
      LEARNKIT_CLIENT_SECRET: credentials.clientSecret as string,
    });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(await origins()).toEqual([SANDBOX]);
    expect(ctx.tokenRequests().map((request) => request.url.href)).toEqual([`${SANDBOX}/auth/1.0/token`]);
  });

  it('reads LEARNKIT_ENVIRONMENT, and the flag wins over it', async () => {
    const env = {
      LEARNKIT_CLIENT_ID: credentials.clientId as string,
      LEARNKIT_CLIENT_SECRET: credentials.clientSecret as string,
    };
    expect((await runCli(LIST, { ...env, LEARNKIT_ENVIRONMENT: 'sandbox' })).code).toBe(0);
    const overridden = await runCli([...LIST, '--environment', 'sandbox'], {
      ...env,
      LEARNKIT_ENVIRONMENT: 'production',
    });
    expect(overridden.code).toBe(0);
    expect(await origins()).toEqual([SANDBOX]);
  });

  it('reads "environment" from a profile, and --environment wins over it', async () => {
    const home = configHome({
      sandbox: { environment: 'sandbox', ...credentials },
      wrong: { environment: 'production', ...credentials },
    });
    expect((await runCli([...LIST, '--profile', 'sandbox'], { XDG_CONFIG_HOME: home })).code).toBe(0);
    const overridden = await runCli([...LIST, '--profile', 'wrong', '--environment', 'sandbox'], {
      XDG_CONFIG_HOME: home,
    });
    expect(overridden.code).toBe(0);
    expect(await origins()).toEqual([SANDBOX]);
  });

  it("says on stderr when a profile's baseUrl replaces the environment's address", async () => {
    const home = configHome({ p: { environment: 'production', baseUrl: SANDBOX, ...credentials } });
    const ran = await runCli([...LIST, '--profile', 'p'], { XDG_CONFIG_HOME: home });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain(
      `note: calling ${SANDBOX}, not the production environment's https://platform.timeback.com: an explicit baseUrl`,
    );
    expect(await origins()).toEqual([SANDBOX]);
  });

  it('refuses an unknown name with exit 3, naming the three names, before anything is sent', async () => {
    const ran = await runCli(['api', 'case.documents', 'list', '--environment', 'prod'], {
      LEARNKIT_CLIENT_ID: credentials.clientId as string,
      LEARNKIT_CLIENT_SECRET: credentials.clientSecret as string,
    });
    expect(ran.code).toBe(3);
    expect(ran.stderr).toContain("must be one of 'production', 'sandbox', 'staging' (got \"prod\")");
    expect(ctx.sent).toEqual([]);
  });

  it('describes --environment in the help', async () => {
    const ran = await runCli(['--help'], {});
    expect(ran.stdout).toContain('--environment NAME');
  });
});
