import { defaultClientConditions, defineConfig } from 'vite';

// The page imports @learnkit/activity from its TypeScript sources (the workspace's `@learnkit/source`
// condition), so the example builds without building the package first. A partner's app needs none of this.
export default defineConfig({
  root: import.meta.dirname,
  resolve: { conditions: ['@learnkit/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
