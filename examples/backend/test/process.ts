// Runs a TypeScript entry point as its own node process, as `pnpm start` and `pnpm demo` do, for the tests.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** tsx's CLI, from the workspace root's dependencies. */
export const tsx = createRequire(new URL('../../../package.json', import.meta.url)).resolve('tsx/cli');

/** How a process ended: its exit code and output, its pid (the process group's with `detached`), its run time. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  pid: number;
  ms: number;
}

/**
 * Runs `node ...args` in `cwd` and collects its output. The environment is this one without `LEARNKIT_BASE_URL`
 * and `LEARNKIT_LOG` (so the examples start their own mock, quietly), plus `env`. `detached` gives the process
 * its own process group, so anything it leaves running can be found afterwards.
 */
export function runNode(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined>; detached?: boolean },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      detached: options.detached ?? false,
      env: { ...process.env, LEARNKIT_BASE_URL: undefined, LEARNKIT_LOG: undefined, ...options.env },
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
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, pid: child.pid as number, ms: Date.now() - started }),
    );
  });
}
