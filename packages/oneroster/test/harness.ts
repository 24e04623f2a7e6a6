import type { MockPlatformOptions } from '@learnkit/mock';
import { type Mode, usePackageMock } from '@learnkit/test-utils';
import { createOneRosterClient } from '../src/index';

export type { Mode, Sent } from '@learnkit/test-utils';

/**
 * The workspace harness (`@learnkit/test-utils`) with OneRoster clients: a fresh mock platform per test, reached
 * through `mode`, every exchange checked against openapi/ (a violation fails the test), every request in `sent`,
 * and in `covered` the operations whose requests passed.
 */
export function useOneRosterMock(mode: Mode, options: MockPlatformOptions = {}) {
  return usePackageMock(mode, {
    platform: options,
    create: createOneRosterClient,
    api: /^\/ims\/oneroster\//,
  });
}

/** The harness of the OneRoster suites. */
export type OneRosterMock = ReturnType<typeof useOneRosterMock>;
