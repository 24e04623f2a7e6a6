import type { HttpClient, HttpClientOptions } from '@learnkit/core';
import { clientCredentials, createHttpClient, createTokenCache, staticToken } from '@learnkit/core';
import type { MockClient } from '@learnkit/mock';
import type { PlatformHarness } from './platform';

/** Retries in ms, not seconds, so a fault test does not wait out the production backoff. */
export const QUICK_RETRY = Object.freeze({ initialDelayMs: 1, maxDelayMs: 5 });

/**
 * Core HTTP client options for a mock client (the partner by default): client credentials at the harness's
 * token URL with a token cache of its own (no token leaks between tests), quick retries, the harness's fetch.
 */
export function clientOptions(
  ctx: PlatformHarness,
  client: MockClient = ctx.platform.clients.partner,
  extra: Partial<HttpClientOptions> = {},
): HttpClientOptions {
  return {
    baseUrl: ctx.baseUrl,
    auth: clientCredentials({
      tokenUrl: `${ctx.baseUrl}/auth/1.0/token`,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      style: 'basic',
      cache: createTokenCache(),
      fetch: ctx.fetch,
    }),
    retry: QUICK_RETRY,
    fetch: ctx.fetch,
    logger: false,
    ...extra,
  };
}

/** A core HTTP client for a mock client (the partner by default), as {@link clientOptions} configures it. */
export function httpClient(
  ctx: PlatformHarness,
  client?: MockClient,
  extra: Partial<HttpClientOptions> = {},
): HttpClient<object> {
  return createHttpClient(clientOptions(ctx, client, extra));
}

/** A core HTTP client with the developer's single-sign-on token (the developer-tool path). */
export function developerHttpClient(ctx: PlatformHarness): HttpClient<object> {
  return createHttpClient({
    baseUrl: ctx.baseUrl,
    auth: staticToken(ctx.platform.developerToken()),
    retry: QUICK_RETRY,
    fetch: ctx.fetch,
    logger: false,
  });
}
