/**
 * Size of the web entry of `verifyWebhook` (issue 6 budget: under 2 kB): `export { verifyWebhook }` bundled with
 * esbuild for the browser (so `#crypto` resolves to Web Crypto), minified, gzipped with node:zlib (level 9). `pnpm bench`
 * reports it (bench/run.ts) and test/size.test.ts fails above the budget.
 *
 * Run on its own: `npx tsx --conditions=@learnkit/source packages/webhooks/bench/size.ts`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from '../../../bench/browser-bundle';
import { isMain } from '../../../bench/support';

/** The budget, in bytes of gzip: 2 kB. */
export const WEB_ENTRY_BUDGET = 2048;

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Minified + gzipped size of `verifyWebhook` bundled for the browser, the bytes each package adds, its modules. */
export async function webEntrySize(): Promise<{
  minified: number;
  gzip: number;
  byPackage: Record<string, number>;
  modules: string[];
}> {
  const { code, gzip, metafile } = await bundleForBrowser({
    stdin: {
      contents: "export { verifyWebhook } from '@learnkit/webhooks';",
      resolveDir: packageDir,
      loader: 'ts',
    },
    // Workspace sources (no build needed); `#crypto` then resolves to crypto/web through the default condition.
    conditions: ['@learnkit/source'],
  });
  const text = new TextDecoder().decode(code);
  if (/node:crypto|createHmac/.test(text)) throw new Error('the web entry bundled node:crypto');
  const byPackage: Record<string, number> = {};
  const modules: string[] = [];
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      if (input.bytesInOutput > 0) modules.push(path);
      const pkg = /packages\/([^/]+)\//.exec(path)?.[1] ?? (path.includes('/core/') ? 'core' : 'webhooks');
      byPackage[pkg] = (byPackage[pkg] ?? 0) + input.bytesInOutput;
    }
  }
  return { minified: code.length, gzip, byPackage, modules };
}

if (isMain(import.meta.url)) {
  const { minified, gzip, byPackage } = await webEntrySize();
  console.log(
    `web entry of verifyWebhook: ${minified} B minified, ${gzip} B gzip (budget < ${WEB_ENTRY_BUDGET} B)`,
  );
  for (const [pkg, bytes] of Object.entries(byPackage))
    console.log(`  @learnkit/${pkg}: ${bytes} B minified`);
}
