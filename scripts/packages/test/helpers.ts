// Small helpers shared by the package checks: files written into the scratch project, processes run there.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { type Finished, runProcess } from '../../../packages/test-utils/src/process';
import type { PackageManifest } from '../workspace';

export type { Finished } from '../../../packages/test-utils/src/process';

/** The scratch project of this run (packed, installed). */
export const scratch = () => inject('scratch');

/** The installed manifest of `name` in the scratch project. */
export const installedManifest = (name: string, project = scratch().project): PackageManifest =>
  JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as PackageManifest;

/** Every import specifier a package exports (`@learnkit/activity/server`...), JSON files and package.json aside. */
export function exportedSpecifiers(manifest: PackageManifest): string[] {
  return Object.keys(manifest.exports ?? { '.': '' })
    .filter((subpath) => !subpath.endsWith('.json'))
    .map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`));
}

/** Writes `files` (relative path -> text) into a fresh folder of the scratch project and returns the folder. */
export function writeFiles(name: string, files: Record<string, string>, project = scratch().project): string {
  const dir = join(project, 'checks', name);
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Runs `command` to its end (killed after `timeoutMs`), never rejecting: the test asserts on the result. */
export async function runToEnd(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Finished> {
  const finished = await runProcess(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    timeoutMs: options.timeoutMs ?? 60_000,
  });
  return finished.error ? { ...finished, stderr: `${finished.stderr}${finished.error.message}` } : finished;
}

/** A process started in the background, with its output so far and a way to wait for a line of it. */
export interface Background {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in stdout+stderr; rejects when the process ends first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Ends it (SIGTERM, then SIGKILL) and resolves when it is gone. */
  stop(): Promise<void>;
}

/** Starts `command` in the background (a server under test). */
export function startBackground(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; stdin?: 'pipe' },
): Background {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    // A server that talks over stdin (an MCP server on stdio) gets a pipe; any other gets nothing to read.
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    output: () => output,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            done();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then(() => {
          if (!output.match(pattern)) {
            done();
            reject(new Error(`exited (${child.exitCode}) before printing ${pattern}; output:\n${output}`));
          }
        });
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
