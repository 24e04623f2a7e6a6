import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// The document's OpenAPI types stay out of the bundled declarations and ship once, as
// dist/generated/openapi-types.d.cts (scripts/build/share-generated-types.mjs;
// docs/decisions.md#d-generated-types-per-family).
export default defineConfig(packageBuild({ external: [/(^|\/)generated\/openapi-types(\.js)?$/] }));
