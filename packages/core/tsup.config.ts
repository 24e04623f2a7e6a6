import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// Whitespace-free output keeps the tarball small (docs/decisions.md#d-core-minify-whitespace).
const build = packageBuild({
  entry: { index: 'src/index.ts', 'internal/index': 'src/internal/index.ts' },
  minifyWhitespace: true,
});

// CommonJS: one bundle of both entries (dist/core.cjs), which dist/index.cjs and dist/internal/index.cjs pick their
// names from, so a CommonJS program has one copy of core's module state (the secrets redaction registers, the
// timer wheel) whichever entry it requires (scripts/build/share-generated-types.mjs;
// docs/decisions.md#d-core-internal-entry).
export default defineConfig({
  ...build,
  esbuildOptions(esbuild, context) {
    build.esbuildOptions?.(esbuild, context);
    if (context.format === 'cjs') esbuild.entryPoints = { core: 'src/internal/cjs-bundle.ts' };
  },
});
