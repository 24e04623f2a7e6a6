import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// A Vite + React app as a partner starts it. The `@learnkit/source` condition lets the workspace build the page from
// the package's TypeScript sources (`pnpm --filter @learnkit/example-frontend-react start`); the published
// packages do not have it, so the tests, which build a copy against the packed tarballs, get their dist files.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@learnkit/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
