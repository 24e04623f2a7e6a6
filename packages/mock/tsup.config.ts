import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// The CLI is ESM only and shares the library's modules (bin/learnkit-mock.js imports dist/cli.js), so the
// tarball holds one copy of the platform, not one per entry and format.
export default defineConfig(
  packageBuild({ entry: { index: 'src/index.ts', cli: 'src/cli.ts' }, esmOnly: ['src/cli.ts'] }),
);
