// What every package's bench/run.ts shares with bench/run.ts (which prints and records the rows): the row type
// and the small measuring helpers. Imported as `../../../bench/support` from packages/*/bench. It imports only
// Node's modules, so a bench bundled to run on the packed packages (bench/packed.ts) carries no build tool;
// bench/browser-bundle.ts holds the esbuild helper of the size measures.
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** One measured figure; `ratio` compares with the suite's anchor, `budget`/`met` say whether it is within budget. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  ratio?: number;
  budget?: string;
  met?: boolean;
}

/** Bytes in a megabyte, as the heap rows count them (MiB). */
export const MB = 1024 * 1024;

/** The median of `values` (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `value` rounded to `decimals` places. */
export const round = (value: number, decimals: number): number => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** `value / anchor`, rounded to `decimals` places (3 unless told): the `ratio` of a row. */
export const ratio = (value: number, anchor: number, decimals = 3): number => round(value / anchor, decimals);

/** `global.gc` when node runs with --expose-gc, else the same function obtained through V8 flags. */
export function getGc(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

/** The live heap in bytes: `heapUsed` right after a GC when `gc` is given (else an upper bound with garbage). */
export function liveHeap(gc: (() => void) | undefined): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** Whether the module at `moduleUrl` (its `import.meta.url`) is the script node was started with. */
export const isMain = (moduleUrl: string): boolean =>
  process.argv[1] !== undefined && moduleUrl === pathToFileURL(resolve(process.argv[1])).href;

/**
 * Starts a bench's mock server (`script`, a module that sends what `Ready` holds over IPC once it listens) in a
 * child process of its own, with the workspace sources, so the server's work never shares the measured thread.
 */
export async function forkBenchMock<Ready>(
  script: URL,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const execArgv = process.execArgv.some((a) => a.includes('@learnkit/source'))
    ? process.execArgv
    : [...process.execArgv, '--conditions=@learnkit/source'];
  const child = fork(script, [], {
    execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`bench: the mock exited early (code ${code})`)));
  });
  return { child, ready };
}
