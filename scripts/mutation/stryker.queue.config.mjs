// StrykerJS on the durable activity queue (packages/activity/src/server/queue/), run by `pnpm mutation queue`
// (scripts/mutation/run.mjs; docs/testing.md#mutation-testing, docs/decisions.md#d-mutation-tools).
// In place: a pnpm workspace links each package's node_modules, which a sandbox copy would not resolve; Stryker
// restores every file when it ends (run.mjs checks that git sees no change left behind).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'pnpm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'scripts/mutation/vitest.queue.config.ts', related: false },
  // The queue's batching, retries and splits (worker), its loop (worker loop) and the memory store: the queue's
  // logic with the most conditions. Other files on request (each adds minutes on the shared machine), e.g.
  // `pnpm mutation queue --mutate packages/activity/src/server/queue/queue.ts`.
  mutate: [
    'packages/activity/src/server/queue/worker.ts',
    'packages/activity/src/server/queue/worker-loop.ts',
    'packages/activity/src/server/queue/memory-store.ts',
  ],
  inPlace: true,
  // Vitest does not type-check, so no `// @ts-nocheck` is written into any file.
  disableTypeChecks: false,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/queue.json' },
  htmlReporter: { fileName: 'reports/mutation/queue.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
