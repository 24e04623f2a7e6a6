import {
  type ApiPromise,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type RequestOptions,
} from '@learnkit/core';
import { isHttpClient } from '@learnkit/core/internal';

/**
 * What the server side takes as its transport: a core HTTP client (the one the rest of the SDK uses, so one
 * token cache and one retry policy serve every call), `{ http }` holding one, or the options to build one.
 */
export type ClientInit =
  | HttpClient<object>
  | {
      /** The core HTTP client to share (for example `lk.http` of the umbrella SDK). */
      http: HttpClient<object>;
    }
  | HttpClientOptions;

/** The untyped view of `HttpClient.call`/`callWithResponse` used here (paths and bodies are checked by the callers). */
export interface LooseHttp {
  call(
    method: string,
    path: string,
    init: {
      params?: { query?: object };
      body?: unknown;
      options?: RequestOptions;
    },
  ): ApiPromise<unknown>;
  callWithResponse(
    method: string,
    path: string,
    init: {
      params?: { query?: object };
      body?: unknown;
      options?: RequestOptions;
    },
  ): Promise<{ data: unknown; response: Response }>;
}

/** The HTTP client of `init`, and the platform's base URL when it can be known. */
export function toHttp(init: ClientInit): { http: LooseHttp; baseUrl: string | undefined } {
  const given = isHttpClient(init)
    ? init
    : typeof init === 'object' && init !== null && 'http' in init && isHttpClient(init.http)
      ? init.http
      : undefined;
  if (given) {
    // A client made by createHttpClient does not expose its base URL (yet); a future one might.
    const baseUrl = (given as { baseUrl?: unknown }).baseUrl;
    return {
      http: given as unknown as LooseHttp,
      baseUrl: typeof baseUrl === 'string' ? baseUrl : undefined,
    };
  }
  const options = init as HttpClientOptions;
  return {
    http: createHttpClient<object>(options) as unknown as LooseHttp,
    baseUrl: typeof options?.baseUrl === 'string' ? options.baseUrl : undefined,
  };
}
