import vue from '@vitejs/plugin-vue';
import { defaultClientConditions, defineConfig } from 'vite';

// A Vite + Vue app as a partner starts it. The `@learnkit/source` condition lets the workspace build the page from
// the package's TypeScript sources (`pnpm --filter @learnkit/example-frontend-vue start`); the published packages
// do not have it, so the tests, which build a copy against the packed tarballs, get their dist files.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [vue()],
  resolve: { conditions: ['@learnkit/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
