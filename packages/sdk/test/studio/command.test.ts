// `learnkit studio` as a user runs it: its own process, the printed lines (the page, `platform ...`, the mock's
// default partner credentials), the page responding only its URL, and a clean stop on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { createMockPlatform } from '@learnkit/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { NODE_ARGS, ROOT } from '../cli/run-cli';

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `learnkit studio ...args` and resolves with its stdout once `count` lines were printed. */
function studioLines(args: string[], count: number): Promise<string[]> {
  child = spawn(process.execPath, [...NODE_ARGS, 'studio', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const lines = out.split('\n').filter(Boolean);
      if (lines.length >= count) resolve(lines);
    });
    child!.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child!.on('exit', (code) => reject(new Error(`learnkit studio exited ${code}: ${err}`)));
  });
}

describe('learnkit studio (the command)', () => {
  it('prints the page URL, the platform line and the mock partner credentials, serves the page, stops on SIGTERM', async () => {
    const lines = await studioLines(['--no-open'], 5);
    const { partner } = createMockPlatform().clients;
    const url = /^studio +(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43})$/.exec(lines[0] ?? '')?.[1];
    expect(url).toBeDefined();
    const platform = /^platform +(http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[1] ?? '')?.[1];
    expect(platform).toBeDefined();
    expect(lines.slice(2)).toEqual([
      `LEARNKIT_BASE_URL=${platform}`,
      `LEARNKIT_CLIENT_ID=${partner.clientId}`,
      `LEARNKIT_CLIENT_SECRET=${partner.clientSecret}`,
    ]);
    expect((await fetch(url!)).status).toBe(200);
    expect((await fetch(new URL('/', url).href)).status).toBe(401);
    // The printed platform takes the printed credentials.
    const token = await fetch(`${platform}/auth/1.0/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${partner.clientId}:${partner.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child!.on('exit', resolve));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);

  it('attaches read-only to a running platform with --platform URL', async () => {
    const mock = createMockPlatform();
    const server = await mock.listen();
    try {
      const lines = await studioLines(['--no-open', '--platform', server.url], 3);
      expect(lines[1]).toBe(`platform  ${server.url} (read-only)`);
      expect(lines[2]).toBe(`client    ${mock.clients.partner.clientId}`);
      const url = /^studio +(\S+)$/.exec(lines[0] ?? '')?.[1] as string;
      const snapshot = (await (await fetch(new URL(`/api/snapshot${new URL(url).search}`, url))).json()) as {
        mode: string;
        roster: { email?: string }[];
      };
      expect(snapshot.mode).toBe('remote');
      expect(snapshot.roster.some((entry) => entry.email === mock.fixtures.roster.student.email)).toBe(true);
    } finally {
      mock.close();
      await server.close();
    }
  }, 30_000);

  it('refuses a bad --port before starting anything, saying what it takes', async () => {
    await expect(studioLines(['--no-open', '--port', 'eighty'], 1)).rejects.toThrow(
      /--port must be a whole number from 0 to 65535 \(got "eighty"\)/,
    );
  }, 30_000);
});
