// Running a command to its end and collecting its output: the one helper the tests, the package checks and the
// runtime matrix spawn processes with (docs/decisions.md#d-one-process-runner). Node built-ins only, so scripts that
// are not tests (scripts/runtimes/run.ts) can import it.
import { spawn } from 'node:child_process';

/** How a process ended. */
export interface Finished {
  /** Its exit code; null when a signal ended it (see `signal`) or it never started (see `error`). */
  code: number | null;
  /** The signal that ended it, if one did (`SIGKILL` after `timeoutMs`). */
  signal: NodeJS.Signals | null;
  /** Everything it wrote to stdout. */
  stdout: string;
  /** Everything it wrote to stderr. */
  stderr: string;
  /** Its pid (the process group's with `detached`); undefined when it never started. */
  pid: number | undefined;
  /** Wall-clock milliseconds from start to end. */
  ms: number;
  /** Why it could not be started (`ENOENT`: no such command), if so. */
  error?: Error;
}

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  /** Where it runs. */
  cwd: string;
  /** Its whole environment (default: this process's); undefined values are left out. */
  env?: NodeJS.ProcessEnv;
  /** Kill it (SIGKILL) after this many milliseconds (default: never), so a hung child cannot hang the caller. */
  timeoutMs?: number;
  /** Give it its own process group, so anything it leaves running can be found afterwards. */
  detached?: boolean;
}

/**
 * Runs `command ...args` to its end, stdin closed, and collects its output. It never rejects: a command that
 * cannot start resolves with `error`, so the caller decides what a failure means.
 *
 * @example
 * const { code, stdout } = await runProcess(process.execPath, ['--version'], { cwd: process.cwd() });
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<Finished> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: options.detached ?? false,
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
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    const end = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout,
        stderr,
        pid: child.pid,
        ms: Date.now() - started,
        ...(error && { error }),
      });
    };
    child.on('error', (error) => end(null, null, error));
    child.on('close', (code, signal) => end(code, signal));
  });
}
