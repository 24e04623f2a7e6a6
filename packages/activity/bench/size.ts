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

/** Frameworks of the framework entries, left external as a page has its own copy (docs/decisions.md#d-framework-entry-sizes). */
const FRAMEWORKS = { react: ['react'], vue: ['vue'], svelte: ['svelte', 'svelte/*'] } as const;

/**
 * What each framework entry adds to the browser entry, from the sources: `export *` of both bundled (the framework
 * external), less the browser entry alone, in bytes of gzip and minified.
 */
export async function measureFrameworkEntries(): Promise<
  { framework: keyof typeof FRAMEWORKS; gzipOver: number; minifiedOver: number }[]
> {
  const dir = fileURLToPath(new URL('..', import.meta.url));
  const measure = async (contents: string, external: readonly string[]) => {
    const { code, gzip } = await bundleForBrowser({
      stdin: { contents, resolveDir: dir, loader: 'ts' },
      absWorkingDir: dir,
      conditions: ['@learnkit/source'],
      external: [...external],
    });
    return { gzip, minified: code.byteLength };
  };
  const base = "export * from '@learnkit/activity';";
  return Promise.all(
    (Object.keys(FRAMEWORKS) as (keyof typeof FRAMEWORKS)[]).map(async (framework) => {
      const alone = await measure(base, FRAMEWORKS[framework]);
      const both = await measure(
        `${base} export * from '@learnkit/activity/${framework}';`,
        FRAMEWORKS[framework],
      );
      return { framework, gzipOver: both.gzip - alone.gzip, minifiedOver: both.minified - alone.minified };
    }),
  );
}

// `npx tsx bench/size.ts` prints the figures.
if (isMain(import.meta.url)) {
  const { bytes, gzipBytes, modules } = await measureBrowserEntry();
  console.log(`browser entry: ${bytes} B minified, ${gzipBytes} B gzip, ${modules.length} modules`);
  for (const entry of await measureFrameworkEntries())
    console.log(`${entry.framework} entry: +${entry.minifiedOver} B minified, +${entry.gzipOver} B gzip`);
}
