// The tests StrykerJS runs against each mutant of the activity queue (scripts/mutation/stryker.queue.config.mjs): the
// queue's own tests over the memory store, on the workspace's source condition. `LEARNKIT_MUTATION_FULL=1` adds the
// outage test on a fake clock and the Redis tests (a real redis-server), which make each run about ten times as long;
// the crash test (child processes killed with SIGKILL) is always left out (docs/decisions.md#d-mutation-tools).
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const source = '@learnkit/source';

export default defineConfig({
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [source, ...defaultServerConditions] } },
  test: {
    include: [
      'packages/activity/test/server/queue.test.ts',
      'packages/activity/test/server/queue-bounds.test.ts',
      ...(process.env.LEARNKIT_MUTATION_FULL === '1'
        ? [
            'packages/activity/test/server/queue-faults.test.ts',
            'packages/activity/test/server/queue-redis.test.ts',
          ]
        : []),
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
