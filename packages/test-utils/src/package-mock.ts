import type { HttpClient, HttpClientOptions } from '@learnkit/core';
import type { MockClient } from '@learnkit/mock';
import { expect, it } from 'vitest';
import { clientOptions, httpClient } from './clients';
import { type Mode, type PlatformHarness, type Sent, type UsePlatformOptions, usePlatform } from './platform';

/** What a package's `create...Client` takes: a core HTTP client to share (`{ http }` or itself), or options. */
export type ClientInit = { http: HttpClient<object> } | HttpClient<object> | HttpClientOptions;

/** What {@link usePackageMock} takes besides the mode. */
export interface UsePackageMockOptions<C> extends UsePlatformOptions {
  /** The package's client factory (`createCaseClient`, `createPlatformClient`...). */
  create: (init: ClientInit) => C;
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
  /** The package's client factory, as given. */
  create: (init: ClientInit) => C;
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
    create,
  });
}

/**
 * Registers the test every client package owes (in a `describe` of its factory): the client works over a shared
 * core HTTP client (`{ http }`, or the client itself) and over options, and the clients built over one core client
 * share its token. `read` makes one call with a client and asserts on its response.
 */
export function itWorksOverASharedHttpClient<C>(
  ctx: PackageMock<C>,
  read: (client: C) => Promise<void>,
): void {
  it('works over a shared core HTTP client ({ http } or the client itself) and over options', async () => {
    const http = ctx.http();
    for (const client of [ctx.create({ http }), ctx.create(http), ctx.client()]) await read(client);
    // One token per core client: the two clients built over `http` shared its token cache.
    expect(ctx.sent.filter((r) => r.url.pathname.endsWith('/token'))).toHaveLength(2);
  });
}

/**
 * Registers the test that the harness checks what a package's client sends: `calls` makes two API calls with a
 * fresh client; then three requests were sent (a token and the two calls) and six contract checks made (a
 * request and a response each).
 */
export function itChecksEveryExchange<C>(ctx: PackageMock<C>, calls: (client: C) => Promise<void>): void {
  it('checks every request the SDK sends and every response the mock gives', async () => {
    await calls(ctx.client());
    await ctx.flush();
    expect(ctx.sent).toHaveLength(3); // token and the two calls
    expect(await ctx.contractChecks()).toBe(6);
  });
}
