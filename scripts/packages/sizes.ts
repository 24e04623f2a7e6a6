// Sizes of what a page ships, measured on the installed tarballs: a module bundled by esbuild for the browser
// (the `browser` condition, minified), gzipped. The package tests hold them to their budgets; `pnpm bench`
// reports them (docs/decisions.md#d-pkg-budgets).
import { bundleForBrowser } from '../../bench/browser-bundle';
import type { BrowserBundle, FrameworkBundle } from './budgets';

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
export async function measureBundle(
  project: string,
  bundle: Pick<BrowserBundle, 'contents'> & { external?: string[] },
): Promise<BundleSize> {
  const { code, gzip, metafile } = await bundleForBrowser({
    stdin: { contents: bundle.contents, resolveDir: project, loader: 'js' },
    absWorkingDir: project,
    external: bundle.external ?? [],
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

/** What a framework entry adds: the page with the browser entry and the framework entry, less the browser entry alone. */
export interface FrameworkEntrySize {
  /** Bytes of gzip over the browser entry. */
  gzipOver: number;
  /** Minified bytes over the browser entry. */
  minifiedOver: number;
  /** The bundle of both, for checks on what it holds. */
  both: BundleSize;
}

/**
 * Measures `bundle.entry` as a page that already has the browser entry ships it: `export *` of both, its framework
 * external, minus `export * from '@learnkit/activity'` alone (docs/decisions.md#d-framework-entry-sizes).
 */
export async function measureFrameworkEntry(
  project: string,
  bundle: FrameworkBundle,
): Promise<FrameworkEntrySize> {
  const base = "export * from '@learnkit/activity';";
  const alone = await measureBundle(project, { contents: base, external: bundle.external });
  const both = await measureBundle(project, {
    contents: `${base}\nexport * from '${bundle.entry}';`,
    external: bundle.external,
  });
  return { gzipOver: both.gzip - alone.gzip, minifiedOver: both.minified - alone.minified, both };
}
