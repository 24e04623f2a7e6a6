// What every package's bench/run.ts shares with bench/run.ts (which prints and records the rows): the row type
// and the small measuring helpers. Imported as `../../../bench/support` from packages/*/bench, and by
// scripts/packages/sizes.ts for the sizes of the packed packages.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build, type Metafile } from 'esbuild';

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

/** A module bundled as a browser page ships it: its bytes, their gzip size and esbuild's metafile. */
export interface BrowserBundleOutput {
  /** The minified bundle. */
  code: Uint8Array;
  /** Its size gzipped (level 9), in bytes. */
  gzip: number;
  /** What went into it (`inputs`, and per output the bytes each input contributes). */
  metafile: Metafile;
}

/**
 * Bundles `input` (an entry point, or `stdin` contents) as a page would ship it: esbuild, bundled and minified,
 * ESM for ES2022 browsers, in memory. The one way the benches and the package checks measure a browser entry.
 */
export async function bundleForBrowser(
  input: Pick<BuildOptions, 'entryPoints' | 'stdin' | 'absWorkingDir' | 'conditions'>,
): Promise<BrowserBundleOutput> {
  const result = await build({
    ...input,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { code, gzip: gzipSync(code, { level: 9 }).byteLength, metafile: result.metafile };
}
