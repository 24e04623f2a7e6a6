import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// The command is ESM only and shares the library's modules (bin/learnkit-mcp.js imports dist/cli.js).
export default defineConfig(
  packageBuild({ entry: { index: 'src/index.ts', cli: 'src/cli.ts' }, esmOnly: ['src/cli.ts'] }),
);
