// Runs `learnkit` as its own process, as a user's shell does: the command from src/ through tsx's loader.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
/** The command's source. */
export const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
/** tsx's loader, by absolute URL, so the command runs from any folder. */
export const TSX = pathToFileURL(createRequire(`${ROOT}/package.json`).resolve('tsx')).href;
/** `node` and its arguments before the command's own. */
export const NODE_ARGS = ['--import', TSX, '--conditions=@learnkit/source', CLI];

/** How a run ended. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `learnkit ...args` with exactly `env` (plus PATH and HOME), so the shell's LEARNKIT_* variables never
 * leak into a test.
 */
export function learnkit(
  args: readonly string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
