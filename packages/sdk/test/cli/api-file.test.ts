// `learnkit api` for an operation that returns a file (oneroster.resources export, a Common Cartridge ZIP): written
// to --output, piped to stdout when stdout is no terminal, and never dumped on a terminal or into --json
// (docs/decisions.md#d-oneroster-binary-export).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usePlatform } from '@learnkit/test-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './in-process';

const ctx = usePlatform('msw');
let env: Record<string, string>;
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'learnkit-api-file-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  env = {
    LEARNKIT_BASE_URL: ctx.baseUrl,
    LEARNKIT_CLIENT_ID: ctx.platform.clients.partner.clientId,
    LEARNKIT_CLIENT_SECRET: ctx.platform.clients.partner.clientSecret,
  };
});

const EXPORT = ['api', 'oneroster.resources', 'export', 'res-fractions-video'];
const isZip = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 4)).equals(Buffer.from('PK\u0003\u0004'));

/** The API requests sent so far (token requests left out). */
const apiRequests = async () => {
  await ctx.flush();
  return ctx.sent.filter((request) => !ctx.tokenRequests().includes(request));
};

describe('learnkit api oneroster.resources export', () => {
  it('writes the cartridge to --output and says so on stderr, printing nothing on stdout', async () => {
    const file = join(dir, 'fractions.imscc');
    const ran = await runCli([...EXPORT, '--output', file], env, { stdoutTty: true });
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toBe('');
    const written = readFileSync(file);
    expect(isZip(written)).toBe(true);
    expect(written.toString('latin1')).toContain('imsmanifest.xml');
    expect(ran.stderr).toBe(`Wrote ${written.byteLength} bytes (application/zip) to ${file}.\n`);
  });

  it('with --json and --output, prints what it wrote as JSON', async () => {
    const file = join(dir, 'json.imscc');
    const ran = await runCli([...EXPORT, '--output', file, '--json'], env);
    expect(ran.code, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({
      output: file,
      filename: 'res-fractions-video.imscc',
      mediaType: 'application/zip',
      size: readFileSync(file).byteLength,
    });
  });

  it('pipes the bytes as they are to stdout when stdout is not a terminal', async () => {
    const ran = await runCli(EXPORT, env, { stdoutTty: false });
    expect(ran.code, ran.stderr).toBe(0);
    expect(isZip(ran.stdoutBytes)).toBe(true);
    expect(ran.stdoutBytes.byteLength).toBeGreaterThan(100);
  });

  it('refuses to dump the file on a terminal, or into --json, and says to pass --output', async () => {
    const terminal = await runCli(EXPORT, env, { stdoutTty: true });
    expect(terminal.code).toBe(2);
    expect(terminal.stdout).toBe('');
    expect(terminal.stderr).toContain('responded a file (application/zip');
    expect(terminal.stderr).toContain(
      'it is not printed on a terminal. Pass --output res-fractions-video.imscc',
    );
    const json = await runCli([...EXPORT, '--json'], env);
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    expect(json.stderr).toContain('--json prints JSON, not a file');
  });

  it('refuses --output for an operation that returns JSON, before anything is sent', async () => {
    ctx.sent.length = 0;
    const ran = await runCli(
      ['api', 'oneroster.resources', 'get', 'res-fractions-video', '--output', join(dir, 'x.json')],
      env,
    );
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('--output writes a file response; oneroster.resources get returns JSON');
    expect(await apiRequests()).toEqual([]);
  });

  it('a resource that does not exist fails as any call does, and writes no file', async () => {
    const file = join(dir, 'nope.imscc');
    const ran = await runCli(['api', 'oneroster.resources', 'export', 'res-nope', '--output', file], env);
    expect(ran.code).not.toBe(0);
    expect(ran.stderr).toContain('404');
    expect(() => readFileSync(file)).toThrow();
  });

  it('--help says it returns a file and takes --output', async () => {
    const ran = await runCli(['api', 'oneroster.resources', 'export', '--help'], env);
    expect(ran.stdout).toContain('Usage: learnkit api oneroster.resources export <sourceId> [--output FILE]');
    expect(ran.stdout).toContain('returns a file (application/zip), not JSON');
  });
});
