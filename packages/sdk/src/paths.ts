import type { CasePaths } from '@learnkit/case';
import type { OneRosterPaths } from '@learnkit/oneroster';
import type { PlatformPaths } from '@learnkit/platform';

/**
 * Every operation of the platform's OpenAPI documents (`openapi/case.yaml`, `platform.yaml`, `oneroster.yaml`):
 * the paths `lk.http` is typed with. The three documents share no path, so the intersection is their union of
 * paths, each with its own operations.
 */
export type LearnKitPaths = CasePaths & PlatformPaths & OneRosterPaths;
