import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// `.` is the browser tracker (kept under 4 kB gzip); what both sides share has its own subpaths.
// The maintainer adds `src/server/index.ts` here with the `./server` export.
export default defineConfig(
  packageBuild({ entry: ['src/index.ts', 'src/caliper/index.ts', 'src/protocol.ts', 'src/config/index.ts'] }),
);
