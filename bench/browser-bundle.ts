// The browser-bundle helper of the size measures (packages/*/bench/size.ts, scripts/packages/sizes.ts): esbuild
// kept out of bench/support.ts, which benches bundled for the packed packages import.
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build, type Metafile } from 'esbuild';

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
  input: Pick<BuildOptions, 'entryPoints' | 'stdin' | 'absWorkingDir' | 'conditions' | 'external'>,
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
