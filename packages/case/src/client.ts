import type { HttpClient, HttpClientOptions } from '@learnkit/core';
import { httpClientOf } from '@learnkit/core/internal';
import { type CaseClient, caseResources } from './generated/client';
import type { CaseHttp } from './internal/http';

export type { CaseClient } from './generated/client';

/**
 * What {@link createCaseClient} takes: an existing core HTTP client (`{ http }`, or the client itself, so one
 * transport and token cache serve every LearnKit client), or the options to build one.
 */
export type CaseClientInit<Paths extends object = object> =
  | {
      /** The core HTTP client to share (for example `lk.http` of the umbrella SDK). */
      http: HttpClient<Paths>;
    }
  | HttpClient<Paths>
  | HttpClientOptions;

/**
 * Creates the CASE client over a core HTTP client (what `new LearnKit()` does with its shared one) or over
 * its own, built from `createHttpClient` options.
 *
 * @example
 * const client = createCaseClient({
 *   baseUrl: 'https://api.example.com',
 *   auth: clientCredentials({ tokenUrl: 'https://api.example.com/auth/1.0/token', clientId, clientSecret, style: 'basic' }),
 * });
 * for await (const doc of client.documents.list()) console.log(doc.title);
 */
export function createCaseClient<Paths extends object>(init: CaseClientInit<Paths>): CaseClient {
  // The shared client is typed with the umbrella's paths; these resources call only CASE paths on it.
  const http = httpClientOf(init) as unknown as CaseHttp;
  return caseResources(http);
}
