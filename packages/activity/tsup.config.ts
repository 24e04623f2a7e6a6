import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// `.` is the browser tracker (kept within 4,200 B of gzip); what both sides share has its own subpaths; `./server` is
// the server side (core transport, zod), which the browser entry never imports.
export default defineConfig(
  packageBuild({
    entry: {
      index: 'src/index.ts',
      'caliper/index': 'src/caliper/index.ts',
      protocol: 'src/protocol.ts',
      'config/index': 'src/config/index.ts',
      'server/index': 'src/server/index.ts',
      'worker-cli': 'src/worker-cli.ts',
    },
    // The worker command is an ESM-only entry of its own (bin/learnkit-activity-worker.js imports it).
    esmOnly: ['src/worker-cli.ts'],
  }),
);
