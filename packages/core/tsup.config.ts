import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// The OpenAPI types (`CasePaths`, ...) are hundreds of kB of declarations: they stay out of the bundled
// `index.d.ts`/`index.d.cts` and ship once, as dist/generated/*.d.cts, which both import
// (scripts/build/share-generated-types.mjs, run after tsup; docs/decisions.md#d-pkg-shared-openapi-types).
// The generated JSON Schemas of the three documents are most of the JavaScript: whitespace-free output keeps the
// tarball within its budget (docs/decisions.md#d-core-minify-whitespace).
export default defineConfig(
  packageBuild({ external: [/(^|\/)generated\/(case|platform|oneroster)$/], minifyWhitespace: true }),
);
