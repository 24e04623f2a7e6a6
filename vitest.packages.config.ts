import { defineConfig } from 'vitest/config';

// `pnpm test:packages`: the checks of what a user installs. They run on the packed tarballs, installed with npm
// into a scratch project (scripts/packages/scratch.ts), never on workspace sources: `pnpm build` comes first.
export default defineConfig({
  test: {
    // The framework examples' real-browser tests build the pages from the packed tarballs, so they are package checks
    // too (docs/decisions.md#d-framework-packed-examples).
    include: ['scripts/packages/test/**/*.test.ts', 'examples/*/test/**/*.packed.test.ts'],
    globalSetup: ['scripts/packages/test/global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // One file at a time: each spawns installs, compilers and servers, and the machine is shared.
    fileParallelism: false,
    reporters: ['default'],
  },
});
