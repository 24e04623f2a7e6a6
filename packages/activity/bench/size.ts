// Size of the browser entry as a page would ship it: bundled, minified, gzipped (issue 7 budget: < 4 kB).
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { isMain } from '../../../bench/support';

/** The browser entry's bundle size and the modules it is made of (paths relative to the package). */
export async function measureBrowserEntry(): Promise<{
  bytes: number;
  gzipBytes: number;
  modules: string[];
}> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
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
  return {
    bytes: code.byteLength,
    gzipBytes: gzipSync(code, { level: 9 }).byteLength,
    modules: Object.keys(result.metafile.inputs),
  };
}

// `npx tsx bench/size.ts` prints the figures.
if (isMain(import.meta.url)) {
  const { bytes, gzipBytes, modules } = await measureBrowserEntry();
  console.log(`browser entry: ${bytes} B minified, ${gzipBytes} B gzip, ${modules.length} modules`);
}
