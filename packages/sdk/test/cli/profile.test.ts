// Issue 33, item 1: what `learnkit --profile` says about a profile it cannot use shows no password, whether the
// password is a URL's userinfo or any secret of a config file that is not JSON. In process (`run` with its own
// streams), as nothing here reaches the platform.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expectNoPassword, withUserinfo } from '@learnkit/test-utils/userinfo';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';

const dir = mkdtempSync(join(tmpdir(), 'learnkit-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let configs = 0;

/** A config file holding `text` in a folder of its own; the XDG_CONFIG_HOME that finds it. */
function configFile(text: string): string {
  const home = join(dir, String(configs++));
  mkdirSync(join(home, 'learnkit'), { recursive: true });
  const path = join(home, 'learnkit', 'config.json');
  writeFileSync(path, text);
  chmodSync(path, 0o600);
  return home;
}

/** `learnkit ...argv` in this process with `env`; its exit code and both streams. */
async function learnkit(argv: string[], env: Record<string, string>) {
  const written = { stdout: '', stderr: '' };
  const stream = (name: 'stdout' | 'stderr') =>
    new Writable({
      write(chunk, _encoding, done) {
        written[name] += String(chunk);
        done();
      },
    });
  const code = await run({ argv, env, streams: { stdout: stream('stdout'), stderr: stream('stderr') } });
  return { code, ...written };
}

const PROFILE = { clientId: 'client-from-profile', clientSecret: 'profile-secret-0123456789' };

describe('learnkit --profile', () => {
  it.each([
    'https//user:pa55word@example.test',
    'user:pa55word@example.test',
    '//user:pa55word@host',
    'ftp:/user:pa55word@h',
  ])(
    'refuses a profile whose baseUrl is %s without showing its password, as text or JSON',
    async (baseUrl) => {
      const home = configFile(JSON.stringify({ profiles: { p: { ...PROFILE, baseUrl } } }));
      for (const json of [[], ['--json']]) {
        const ran = await learnkit(['webhooks', 'list', 'app-1', '--profile', 'p', ...json], {
          XDG_CONFIG_HOME: home,
        });
        expect(ran.code).toBe(3);
        expect(ran.stderr).toContain('baseUrl');
        expect(`${ran.stdout}${ran.stderr}`).not.toContain('pa55word');
      }
    },
  );

  it('names a setting it does not know, or a profile it has not, without the password in the name', async () => {
    const home = configFile(
      JSON.stringify({
        profiles: { p: { ...PROFILE, baseUrl: 'https://api.example.com', 'user:pa55word@h': 1 } },
      }),
    );
    const [unknownKey, unknownProfile] = await Promise.all([
      learnkit(['webhooks', 'list', 'app-1', '--profile', 'p'], { XDG_CONFIG_HOME: home }),
      learnkit(['webhooks', 'list', 'app-1', '--profile', 'https//user:pa55word@h'], {
        XDG_CONFIG_HOME: home,
      }),
    ]);
    for (const ran of [unknownKey, unknownProfile]) {
      expect(ran.code).toBe(3);
      expect(ran.stderr).not.toContain('pa55word');
      expect(ran.stderr).toContain('user:[redacted]@h');
    }
  });

  it('says where a config file is not JSON without quoting its text, which holds the secrets', async () => {
    const texts = [
      `{"profiles": {"p": {"clientId": "c", "clientSecret": s3cr3t-profile-value, "baseUrl": "https://x.test"}}}`,
      `{"profiles": {"p": {"baseUrl": https//user:pa55word-long-enough@example.test}}}`,
      `{"profiles": {"p": {"clientSecret": "s3cr3t-profile-value",}}}`,
      `s3cr3t-profile-value`,
    ];
    for (const text of texts) {
      const home = configFile(text);
      const ran = await learnkit(['webhooks', 'list', 'app-1', '--profile', 'p'], { XDG_CONFIG_HOME: home });
      expect(ran.code).toBe(3);
      expect(ran.stderr).toContain('is not JSON');
      expect(ran.stderr).not.toMatch(/s3cr3t|pa55|user:/);
    }
  });

  it('property: a profile baseUrl or authUrl with userinfo never shows its password', async () => {
    await fc.assert(
      fc.asyncProperty(
        withUserinfo,
        fc.constantFrom('baseUrl', 'authUrl'),
        async ({ value, password }, key) => {
          const profile = { ...PROFILE, baseUrl: 'https://api.example.com', [key]: value };
          const home = configFile(JSON.stringify({ profiles: { p: profile } }));
          const ran = await learnkit(['webhooks', 'list', 'app-1', '--profile', 'p', '--json'], {
            XDG_CONFIG_HOME: home,
          });
          expect(ran.code).toBe(3);
          expectNoPassword(`${ran.stdout}${ran.stderr}`, password);
        },
      ),
      { numRuns: 100 },
    );
  });
});
