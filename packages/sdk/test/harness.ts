import type { MockClient, MockPlatformOptions } from '@learnkit/mock';
import { QUICK_RETRY, usePlatform } from '@learnkit/test-utils';
import { createTokenCache, LearnKit, type LearnKitOptions } from '../src/index';

export type { Mode, Sent } from '@learnkit/test-utils';

/** The activity configuration of the tests (the seeded platform's Math grade 3 course). */
export const TEST_CONFIG = {
  sensor: 'https://app.example.com',
  app: { name: 'SDK tests' },
  courses: [{ subject: 'Math', grade: 3, courseId: 'course-math-g3' }],
};

/**
 * The workspace harness (`@learnkit/test-utils`) with a `LearnKit` factory: a fresh mock platform per test,
 * reached through `mode`, every exchange checked against openapi/ (but those `ignore` matches: a consumer endpoint),
 * every request in `sent`.
 */
export function useSdkMock(mode: 'msw' | 'loopback', options: MockPlatformOptions = {}, ignore?: RegExp) {
  const ctx = usePlatform(mode, { platform: options, ignore });
  return Object.assign(ctx, {
    /** A LearnKit for a mock client (partner by default), isolated token cache, quick retries, no env. */
    lk(extra: Partial<LearnKitOptions> = {}, client?: MockClient): LearnKit {
      const who = client ?? ctx.platform.clients.partner;
      return new LearnKit({
        baseUrl: ctx.baseUrl,
        clientId: who.clientId,
        clientSecret: who.clientSecret,
        fetch: ctx.fetch,
        retry: QUICK_RETRY,
        logger: false,
        tokenCache: createTokenCache(),
        env: {},
        activity: { config: TEST_CONFIG },
        ...extra,
      });
    },
  });
}
