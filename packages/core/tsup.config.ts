import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// The OpenAPI types (`CasePaths`, ...) are hundreds of kB of declarations: they stay out of the bundled
// `index.d.ts`/`index.d.cts` and ship once, as dist/generated/*.d.cts, which both import
// (scripts/build/share-generated-types.mjs, run after tsup; docs/decisions.md#d-pkg-shared-openapi-types).
// The generated JSON Schemas of the three documents are most of the JavaScript: whitespace-free output keeps the
// tarball within its budget (docs/decisions.md#d-core-minify-whitespace).
const build = packageBuild({
  entry: { index: 'src/index.ts', 'internal/index': 'src/internal/index.ts' },
  external: [/(^|\/)generated\/(case|platform|oneroster)$/],
  minifyWhitespace: true,
});

// CommonJS: one bundle of both entries (dist/core.cjs), which dist/index.cjs and dist/internal/index.cjs pick their
// names from, so a CommonJS program has one copy of core's module state (the secrets redaction registers, the
// timer wheel) whichever entry it requires (docs/decisions.md#d-core-internal-entry).
export default defineConfig({
  ...build,
  esbuildOptions(esbuild, context) {
    build.esbuildOptions?.(esbuild, context);
    if (context.format === 'cjs') esbuild.entryPoints = { core: 'src/internal/cjs-bundle.ts' };
  },
});
