import type { HttpClient, HttpClientOptions } from '@learnkit/core';
import { httpClientOf } from '@learnkit/core/internal';
import { type OneRosterClient, onerosterResources } from './generated/client';
import type { OneRosterHttp } from './internal/http';

export type { OneRosterClient } from './generated/client';

/**
 * What {@link createOneRosterClient} takes: an existing core HTTP client (`{ http }`, or the client itself, so
 * one transport and token cache serve every LearnKit client), or the options to build one.
 */
export type OneRosterClientInit<Paths extends object = object> =
  | {
      /** The core HTTP client to share (for example `lk.http` of the umbrella SDK). */
      http: HttpClient<Paths>;
    }
  | HttpClient<Paths>
  | HttpClientOptions;

/**
 * Creates the OneRoster client over a core HTTP client (what `new LearnKit()` does with its shared one) or over
 * its own, built from `createHttpClient` options.
 *
 * @example
 * const client = createOneRosterClient({
 *   baseUrl: 'https://api.example.com',
 *   auth: clientCredentials({ tokenUrl: 'https://api.example.com/auth/1.0/token', clientId, clientSecret, style: 'basic' }),
 * });
 * for await (const student of client.classes.students.list('class-math-g3')) console.log(student.email);
 */
export function createOneRosterClient<Paths extends object>(
  init: OneRosterClientInit<Paths>,
): OneRosterClient {
  // The shared client is typed with the umbrella's paths; these resources call only OneRoster paths on it.
  const http = httpClientOf(init) as unknown as OneRosterHttp;
  return onerosterResources(http);
}
