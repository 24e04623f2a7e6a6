// Size of the browser entry as a page would ship it: bundled, minified, gzipped (budget: scripts/packages/budgets.ts).
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from '../../../bench/browser-bundle';
import { isMain } from '../../../bench/support';

/** The browser entry's bundle size and the modules it is made of (paths relative to the package). */
export async function measureBrowserEntry(): Promise<{
  bytes: number;
  gzipBytes: number;
  modules: string[];
}> {
  const { code, gzip, metafile } = await bundleForBrowser({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  });
  return { bytes: code.byteLength, gzipBytes: gzip, modules: Object.keys(metafile.inputs) };
}

// `npx tsx bench/size.ts` prints the figures.
if (isMain(import.meta.url)) {
  const { bytes, gzipBytes, modules } = await measureBrowserEntry();
  console.log(`browser entry: ${bytes} B minified, ${gzipBytes} B gzip, ${modules.length} modules`);
}
