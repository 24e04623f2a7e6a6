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
    },
  }),
);
