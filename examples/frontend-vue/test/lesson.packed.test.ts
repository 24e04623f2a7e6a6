// The Vue lesson page in Chromium, built with Vite from the packed tarballs (the suite:
// examples/frontend/test/framework-lesson.ts). A package check: it runs in `pnpm test:packages`, after `pnpm build`
// (docs/decisions.md#d-framework-packed-examples).
import { describeFrameworkLesson } from '@learnkit/example-frontend/test/framework-lesson';
import { inject } from 'vitest';
import type {} from '../../../scripts/packages/test/global-setup';

describeFrameworkLesson({
  example: `${import.meta.dirname}/..`,
  builds: () => [{ label: 'frontend-vue (Vue 3)', project: inject('scratch').project }],
  strictMode: false,
});
