// Shared tsup settings of every published package (docs/decisions.md#d-pkg-dist-layout):
// - ESM: one output file per source module (esbuild code splitting with every module as an entry), so a
//   consumer's bundler drops whole unused modules (`sideEffects: false`) instead of keeping whatever it cannot
//   prove pure inside one big file; that is what keeps `verifyWebhook` and the activity tracker small on `dist`.
// - CJS: one bundle per public entry (Node loads it; no bundler tree-shakes CommonJS anyway).
// - Declarations for the public entries only, as `.d.ts` and `.d.cts`; no source maps and no `src/` in the
//   tarball (docs/decisions.md#d-pkg-tarball-contents).
import type { Options } from 'tsup';

/** What a package's `tsup.config.ts` tells {@link packageBuild}. */
export interface PackageBuildOptions {
  /** Public entry points, output name (no extension) -> source file. Default `{ index: 'src/index.ts' }`. */
  entry?: Record<string, string>;
  /** Modules that CommonJS consumers never load (a CLI): built as ESM only. */
  esmOnly?: string[];
  /** Imports left as written in the output (`#crypto`, resolved by the package's `imports` map). */
  external?: (string | RegExp)[];
  /** Keep `node:` specifiers as written (Deno and Bun resolve the `node:` form, not always the bare one). */
  keepNodeProtocol?: boolean;
  /**
   * Drop whitespace and comments from the output (names stay as written, so class names and stack frames keep
   * their names): for a package whose generated tables would otherwise push its tarball over its budget.
   */
  minifyWhitespace?: boolean;
}

/** Every source module of the package: each becomes its own ESM output file. */
const ALL_MODULES = ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.d.ts'];

/** The tsup build of a published package: ESM per module, CJS per public entry, declarations per public entry. */
export function packageBuild(options: PackageBuildOptions = {}): Options {
  const entry = options.entry ?? { index: 'src/index.ts' };
  const cjsEntry = Object.fromEntries(
    Object.entries(entry).filter(([, source]) => !options.esmOnly?.includes(source)),
  );
  return {
    entry: ALL_MODULES,
    format: ['esm', 'cjs'],
    dts: { entry: cjsEntry },
    sourcemap: false,
    clean: true,
    target: 'es2022',
    // A rollup pass over each output file; for CommonJS it also writes the `require` of a dependency with rollup's
    // interop, which honours `__esModule` (openapi-fetch's default export). esbuild's own CommonJS output would
    // follow Node's ESM rules in a `"type": "module"` package and make that default the whole module object.
    treeshake: true,
    // Only the ESM build splits; the CommonJS build gets the public entries alone (set per format below).
    splitting: undefined,
    external: options.external ?? [],
    removeNodeProtocol: !options.keepNodeProtocol,
    esbuildOptions(esbuild, { format }) {
      if (options.minifyWhitespace) esbuild.minifyWhitespace = true;
      if (format === 'cjs') esbuild.entryPoints = cjsEntry;
      // Shared code of the split ESM build, out of the way of the module files.
      else esbuild.chunkNames = 'chunks/[name]-[hash]';
    },
  };
}
