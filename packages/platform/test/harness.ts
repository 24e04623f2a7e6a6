import type { MockPlatformOptions } from '@learnkit/mock';
import { type Mode, type PackageMock, usePackageMock } from '@learnkit/test-utils';
import { createPlatformClient, type PlatformClient } from '../src/index';

export type { Mode, Sent } from '@learnkit/test-utils';

/** The path prefixes of the families this package covers. */
const FAMILIES =
  /^\/(rostering\/1\.0|applications\/1\.0|events\/1\.0|insights\/1\.0|beyond\/1\.0|apps\/v1|store\/v1)(\/|$)/;

/**
 * The workspace harness (`@learnkit/test-utils`) with platform clients: a fresh mock platform per test, reached
 * through `mode`, every exchange checked against openapi/ (a violation fails the test). `apiRequests()` lists the
 * requests to this package's families (no token or Caliper requests).
 */
export function usePlatformMock(mode: Mode, options: MockPlatformOptions = {}): PlatformMock {
  return usePackageMock(mode, { platform: options, create: createPlatformClient, api: FAMILIES });
}

/** What {@link usePlatformMock} gives a suite. */
export type PlatformMock = PackageMock<PlatformClient>;
