import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// The CLI is a second entry so `learnkit-mock` ships as dist/cli.js next to the library.
export default defineConfig(packageBuild({ entry: ['src/index.ts', 'src/cli.ts'] }));
