// Runs a TypeScript entry point as its own node process, as `pnpm start` and `pnpm demo` do, for the tests.
import { createRequire } from 'node:module';
import { type Finished, runProcess } from '@learnkit/test-utils/process';

/** tsx's CLI, from the workspace root's dependencies. */
export const tsx = createRequire(new URL('../../../package.json', import.meta.url)).resolve('tsx/cli');

/**
 * Runs `node ...args` in `cwd` and collects its output. The environment is this one without `LEARNKIT_BASE_URL`
 * and `LEARNKIT_LOG` (so the examples start their own mock, quietly), plus `env`. `detached` gives the process
 * its own process group, so anything it leaves running can be found afterwards.
 */
export function runNode(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined>; detached?: boolean },
): Promise<Finished> {
  return runProcess(process.execPath, args, {
    cwd: options.cwd,
    detached: options.detached ?? false,
    env: { ...process.env, LEARNKIT_BASE_URL: undefined, LEARNKIT_LOG: undefined, ...options.env },
  });
}
