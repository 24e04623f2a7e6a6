import type { CasePaths, OneRosterPaths, PlatformPaths } from '@learnkit/core/internal';

/**
 * Every operation of the platform's OpenAPI documents (`openapi/case.yaml`, `platform.yaml`, `oneroster.yaml`):
 * the paths `lk.http` is typed with. The three documents share no path, so the intersection is their union of
 * paths, each with its own operations.
 */
export type LearnKitPaths = CasePaths & PlatformPaths & OneRosterPaths;
