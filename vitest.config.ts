import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the `@learnkit/source` condition,
// so tests run against src/ without a build step and a stale dist/ can never hide a bug.
const source = '@learnkit/source';

export default defineConfig({
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [source, ...defaultServerConditions] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts'],
    // `*.packed.test.ts` check what a user installs (the examples built from the packed tarballs): they run in
    // `pnpm test:packages` (vitest.packages.config.ts), after the build (docs/decisions.md#d-framework-packed-examples).
    exclude: [...configDefaults.exclude, '**/*.packed.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
