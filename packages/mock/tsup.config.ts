import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// The CLI is ESM only and shares the library's modules (bin/learnkit-mock.js imports dist/cli.js), so the
// tarball holds one copy of the platform, not one per entry and format.
// The documents' OpenAPI types stay out of the bundled declarations and ship once, as
// dist/generated/openapi/*-types.d.cts (scripts/build/share-generated-types.mjs); whitespace-free output keeps
// their JSON Schemas small (docs/decisions.md#d-generated-types-per-family).
export default defineConfig(
  packageBuild({
    entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
    esmOnly: ['src/cli.ts'],
    external: [/(^|\/)generated\/openapi\/(case|platform|oneroster)-types(\.js)?$/],
    minifyWhitespace: true,
  }),
);
