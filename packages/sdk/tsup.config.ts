import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// The `learnkit` command is an ESM-only entry of its own (bin/learnkit.js imports dist/cli.js): the library's
// index never imports it, so library users never load it (docs/decisions.md#d-cli-bin-entry).
export default defineConfig(
  packageBuild({ entry: { index: 'src/index.ts', cli: 'src/cli.ts' }, esmOnly: ['src/cli.ts'] }),
);
