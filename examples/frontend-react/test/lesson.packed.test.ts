// The React lesson page in Chromium, built with Vite from the packed tarballs on React 19 and on React 18, in
// development mode under StrictMode (the suite: examples/frontend/test/framework-lesson.ts). A package check: it runs
// in `pnpm test:packages`, after `pnpm build` (docs/decisions.md#d-framework-packed-examples).
import { describeFrameworkLesson } from '@learnkit/example-frontend/test/framework-lesson';
import { inject } from 'vitest';
import type {} from '../../../scripts/packages/test/global-setup';

describeFrameworkLesson({
  example: `${import.meta.dirname}/..`,
  builds: () => {
    const { project, react18 } = inject('scratch');
    return [
      { label: 'frontend-react (React 19)', project },
      { label: 'frontend-react (React 18)', project: react18 },
    ];
  },
  strictMode: true,
});
