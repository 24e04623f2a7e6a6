import type { MockClient, MockPlatformOptions } from '@learnkit/mock';
import { developerHttpClient, httpClient, usePlatform } from '@learnkit/test-utils';
import type { SetupServer } from 'msw/node';

export { contract } from '@learnkit/test-utils';

/**
 * The workspace harness (`@learnkit/test-utils`) over MSW, with a fresh mock platform per test; every request and
 * response is checked against openapi/. `ignore` names exchanges outside the platform (a consumer endpoint) whose
 * exchanges the contract does not describe.
 */
export function useMockPlatform(options: MockPlatformOptions = {}, ignore: RegExp = /^$/) {
  const base = usePlatform('msw', { platform: options, ignore });
  const onPlatform = () => {
    const host = new URL(base.platform.baseUrl).hostname;
    return base.sent.filter((request) => request.url.hostname === host);
  };
  return {
    /** The MSW server, for a consumer endpoint of a test's own. */
    get server(): SetupServer {
      return base.server as SetupServer;
    },
    recorder: base.recorder,
    /** This test's platform. */
    get platform() {
      return base.platform;
    },
    /** Requests to the platform's host since the test began. */
    get sent() {
      return onPlatform();
    },
    /** Requests to the platform's API (not the token endpoint) since the test began. */
    apiRequests: () => onPlatform().filter((request) => !request.url.pathname.endsWith('/token')),
    /** Lets this test send requests outside the contract on purpose (responses are still checked). */
    allowBadRequests: () => base.allowBadRequests(),
    /** A client-credentials HTTP client for `client` with quick retries. */
    http: (client: MockClient) => httpClient(base, client),
    /** An HTTP client with the developer's single-sign-on token (the developer-tool path). */
    developerHttp: () => developerHttpClient(base),
  };
}
