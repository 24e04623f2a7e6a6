// Sizes of what a page ships, measured on the installed tarballs: a module bundled by esbuild for the browser
// (the `browser` condition, minified), gzipped. The package tests hold them to their budgets; `pnpm bench`
// reports them (docs/decisions.md#d-pkg-budgets).
import { bundleForBrowser } from '../../bench/browser-bundle';
import type { BrowserBundle } from './budgets';

/** The measured bundle. */
export interface BundleSize {
  minified: number;
  gzip: number;
  /** Minified bytes each installed package contributes. */
  byPackage: Record<string, number>;
  /** The bundle's text, for checks on what it holds. */
  text: string;
}

/** Bundles `bundle.contents` from `project` (where the tarballs are installed) as a browser page would. */
export async function measureBundle(project: string, bundle: BrowserBundle): Promise<BundleSize> {
  const { code, gzip, metafile } = await bundleForBrowser({
    stdin: { contents: bundle.contents, resolveDir: project, loader: 'js' },
    absWorkingDir: project,
  });
  const byPackage: Record<string, number> = {};
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? path;
      byPackage[name] = (byPackage[name] ?? 0) + input.bytesInOutput;
    }
  }
  return {
    minified: code.byteLength,
    gzip,
    byPackage,
    text: new TextDecoder().decode(code),
  };
}
