import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

// `.` is the browser tracker (kept within 4,200 B of gzip); what both sides share has its own subpaths; `./server` is
// the server side (core transport, zod), which the browser entry never imports. `./react`, `./vue` and `./svelte`
// bind an activity to a component; they import the tracker by the package's own name, left external, so every
// build (the CommonJS bundles too) shares the one `activity` of `.` (docs/decisions.md#d-framework-self-import), and the
// frameworks are peer dependencies, never bundled.
export default defineConfig(
  packageBuild({
    entry: {
      index: 'src/index.ts',
      'caliper/index': 'src/caliper/index.ts',
      protocol: 'src/protocol.ts',
      'config/index': 'src/config/index.ts',
      'server/index': 'src/server/index.ts',
      'frameworks/react': 'src/frameworks/react.ts',
      'frameworks/vue': 'src/frameworks/vue.ts',
      'frameworks/svelte': 'src/frameworks/svelte.ts',
      'worker-cli': 'src/worker-cli.ts',
    },
    external: ['@learnkit/activity'],
    // The worker command is an ESM-only entry of its own (bin/learnkit-activity-worker.js imports it).
    esmOnly: ['src/worker-cli.ts'],
  }),
);
