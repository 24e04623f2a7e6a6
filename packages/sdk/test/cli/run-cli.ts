// Runs `learnkit` as its own process, as a user's shell does: the command from src/ through tsx's loader.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Finished, runProcess } from '@learnkit/test-utils/process';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
/** The command's source. */
export const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
/** tsx's loader, by absolute URL, so the command runs from any folder. */
export const TSX = pathToFileURL(createRequire(`${ROOT}/package.json`).resolve('tsx')).href;
/** `node` and its arguments before the command's own. */
export const NODE_ARGS = ['--import', TSX, '--conditions=@learnkit/source', CLI];

/** How a run ended. */
export type Ran = Pick<Finished, 'code' | 'stdout' | 'stderr'>;

/**
 * Runs `learnkit ...args` with exactly `env` (plus PATH and HOME), so the shell's LEARNKIT_* variables never
 * leak into a test.
 */
export async function learnkit(
  args: readonly string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<Ran> {
  const ran = await runProcess(process.execPath, [...NODE_ARGS, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    timeoutMs: 60_000,
  });
  if (ran.error) throw ran.error;
  return { code: ran.code, stdout: ran.stdout, stderr: ran.stderr };
}
