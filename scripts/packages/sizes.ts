// Sizes of what a page ships, measured on the installed tarballs: a module bundled by esbuild for the browser
// (the `browser` condition, minified), gzipped. The package tests hold them to their budgets; `pnpm bench`
// reports them (docs/decisions.md#d-pkg-budgets).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
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
  const result = await build({
    stdin: { contents: bundle.contents, resolveDir: project, loader: 'js' },
    absWorkingDir: project,
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
  const byPackage: Record<string, number> = {};
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? path;
      byPackage[name] = (byPackage[name] ?? 0) + input.bytesInOutput;
    }
  }
  return {
    minified: code.byteLength,
    gzip: gzipSync(code, { level: 9 }).byteLength,
    byPackage,
    text: new TextDecoder().decode(code),
  };
}
