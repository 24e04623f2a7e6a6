import { createHttpClient, type HttpClient, type HttpClientOptions, isHttpClient } from '../client';

/**
 * @internal The core HTTP client a package client is created over: the one given to share (`{ http }`, or the
 * client itself, so one transport and token cache serve every LearnKit client), else a new one built from the
 * options (what `createCaseClient(init)` and `createOneRosterClient(init)` do with their `init`).
 */
export function httpClientOf<Paths extends object>(
  init: { http: HttpClient<Paths> } | HttpClient<Paths> | HttpClientOptions,
): HttpClient<Paths> {
  if (typeof init === 'object' && init !== null && 'http' in init && isHttpClient(init.http))
    return init.http;
  if (isHttpClient(init)) return init as HttpClient<Paths>;
  return createHttpClient(init as HttpClientOptions) as unknown as HttpClient<Paths>;
}
