import type { MockPlatformOptions } from '@learnkit/mock';
import { type Mode, usePackageMock } from '@learnkit/test-utils';
import { createCaseClient } from '../src/index';

export type { Mode, Sent } from '@learnkit/test-utils';

/**
 * The workspace harness (`@learnkit/test-utils`) with CASE clients: a fresh mock platform per test, reached
 * through `mode`, every exchange checked against openapi/, every request in `sent`.
 */
export function useCaseMock(mode: Mode, options: MockPlatformOptions = {}) {
  return usePackageMock(mode, { platform: options, create: createCaseClient, api: /^\/ims\/case\// });
}
