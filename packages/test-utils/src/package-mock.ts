import type { HttpClient, HttpClientOptions } from '@learnkit/core';
import type { MockClient } from '@learnkit/mock';
import { clientOptions, httpClient } from './clients';
import { type Mode, type PlatformHarness, type Sent, type UsePlatformOptions, usePlatform } from './platform';

/** What {@link usePackageMock} takes besides the mode. */
export interface UsePackageMockOptions<C> extends UsePlatformOptions {
  /** Makes the package's client from core HTTP client options (`createCaseClient`, `createPlatformClient`...). */
  create: (options: HttpClientOptions) => C;
  /** The paths of the package's API (`/^\/ims\/case\//`): the requests `apiRequests()` lists. */
  api: RegExp;
}

/** {@link usePlatform}'s harness with one package's client, for the suite of that package. */
export interface PackageMock<C> extends PlatformHarness {
  /** Requests to the package's API (no token requests) since the test began. */
  apiRequests(): Sent[];
  /** Core HTTP client options for a mock client (the partner by default), as {@link clientOptions} makes them. */
  options(client?: MockClient, extra?: Partial<HttpClientOptions>): HttpClientOptions;
  /** A core HTTP client for the partner (what the umbrella shares between its clients). */
  http(extra?: Partial<HttpClientOptions>): HttpClient<object>;
  /** The package's client for the partner, with quick retries and `extra` transport options. */
  client(extra?: Partial<HttpClientOptions>): C;
}

/**
 * The harness of a client package's suite: a fresh platform per test reached through `mode`, every exchange
 * checked against openapi/, and the package's client made for the partner.
 *
 * @example
 * const ctx = usePackageMock('msw', { create: createCaseClient, api: /^\/ims\/case\// });
 * it('lists documents', async () => { await ctx.client().documents.list(); expect(ctx.apiRequests()).toHaveLength(1); });
 */
export function usePackageMock<C>(mode: Mode, options: UsePackageMockOptions<C>): PackageMock<C> {
  const { create, api, ...rest } = options;
  const ctx = usePlatform(mode, rest);
  return Object.assign(ctx, {
    apiRequests: () => ctx.sent.filter((request) => api.test(request.url.pathname)),
    options: (client?: MockClient, extra: Partial<HttpClientOptions> = {}) =>
      clientOptions(ctx, client, extra),
    http: (extra: Partial<HttpClientOptions> = {}) => httpClient(ctx, undefined, extra),
    client: (extra: Partial<HttpClientOptions> = {}) => create(clientOptions(ctx, undefined, extra)),
  });
}
