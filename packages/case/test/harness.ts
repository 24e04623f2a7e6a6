import type { HttpClient, HttpClientOptions } from '@learnkit/core';
import type { MockClient, MockPlatformOptions } from '@learnkit/mock';
import { clientOptions, httpClient, usePlatform } from '@learnkit/test-utils';
import { type CaseClient, createCaseClient } from '../src/index';

export type { Mode, Sent } from '@learnkit/test-utils';

/**
 * The workspace harness (`@learnkit/test-utils`) with CASE clients: a fresh mock platform per test, reached
 * through `mode`, every exchange checked against openapi/, every request in `sent`.
 */
export function useCaseMock(mode: 'msw' | 'loopback', options: MockPlatformOptions = {}) {
  const ctx = usePlatform(mode, { platform: options });
  return Object.assign(ctx, {
    /** Requests to the CASE API (no token requests) since the test began. */
    apiRequests: () => ctx.sent.filter((request) => request.url.pathname.startsWith('/ims/case/')),
    /** Core HTTP client options for a mock client, with quick retries so fault tests stay fast. */
    options(client?: MockClient, extra: Partial<HttpClientOptions> = {}): HttpClientOptions {
      return clientOptions(ctx, client, extra);
    },
    /** A core HTTP client for the partner (what the umbrella would share). */
    http(extra: Partial<HttpClientOptions> = {}): HttpClient<object> {
      return httpClient(ctx, undefined, extra);
    },
    /** A CASE client for the partner. */
    client(extra: Partial<HttpClientOptions> = {}): CaseClient {
      return createCaseClient(clientOptions(ctx, undefined, extra));
    },
  });
}
