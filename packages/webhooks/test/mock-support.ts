import { attachContract, loadContract } from '@learnkit/contract';
import {
  clientCredentials,
  createHttpClient,
  createTokenCache,
  type HttpClient,
  staticToken,
} from '@learnkit/core';
import {
  createMockPlatform,
  type MockClient,
  type MockPlatform,
  type MockPlatformOptions,
} from '@learnkit/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const contract = loadContract();

/**
 * One MSW server per test file with a fresh mock platform per test; every request and response it sees is
 * checked against openapi/ (`assertClean` after each test). `ignore` names paths outside the platform (a
 * consumer endpoint) whose exchanges the contract does not describe.
 */
export function useMockPlatform(options: MockPlatformOptions = {}, ignore: RegExp = /^$/) {
  const server = setupServer();
  const recorder = attachContract(server, contract);
  const sent: Request[] = [];
  let strictRequests = true;
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).hostname === new URL(ctx.platform.baseUrl).hostname) sent.push(request);
  });
  const ctx = {
    server,
    recorder,
    sent,
    platform: undefined as unknown as MockPlatform,
    /** Requests to the platform's API (not the token endpoint) since the test began. */
    apiRequests: () => sent.filter((request) => !new URL(request.url).pathname.endsWith('/token')),
    /** Lets this test send requests outside the contract on purpose (responses are still checked). */
    allowBadRequests() {
      strictRequests = false;
    },
    /** A client-credentials HTTP client for `client` with quick retries. */
    http(client: MockClient): HttpClient<object> {
      return createHttpClient({
        baseUrl: ctx.platform.baseUrl,
        auth: clientCredentials({
          tokenUrl: `${ctx.platform.baseUrl}/auth/1.0/token`,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          style: 'basic',
          cache: createTokenCache(),
        }),
        retry: { initialDelayMs: 1, maxDelayMs: 5 },
      });
    },
    /** An HTTP client with the developer's single-sign-on token (the developer-tool path). */
    developerHttp(): HttpClient<object> {
      return createHttpClient({
        baseUrl: ctx.platform.baseUrl,
        auth: staticToken(ctx.platform.developerToken()),
        retry: { initialDelayMs: 1, maxDelayMs: 5 },
      });
    },
  };
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    ctx.platform = createMockPlatform(options);
    server.resetHandlers(...ctx.platform.handlers);
    recorder.clear();
    sent.length = 0;
    strictRequests = true;
  });
  afterEach(async () => {
    ctx.platform.close();
    await recorder.settled();
    const violations = recorder
      .violations()
      .filter(
        (result) => !ignore.test(result.where) && (strictRequests || !result.where.endsWith('request')),
      );
    recorder.clear();
    if (violations.length > 0) throw new Error(violations.map((v) => JSON.stringify(v, null, 2)).join('\n'));
  });
  afterAll(() => server.close());
  return ctx;
}
