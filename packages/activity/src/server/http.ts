import {
  type ApiPromise,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type RequestOptions,
  ValidationError,
} from '@learnkit/core';
import { isHttpClient } from '@learnkit/core/internal';

/**
 * What the server side takes as its transport: the `LearnKit` you hold (`new LearnKit()` of `@learnkit/sdk`), a core
 * HTTP client (the one the rest of the SDK uses, so one token cache and one retry policy serve every call), `{ http }`
 * holding one (with the platform's `baseUrl`, as a `LearnKit` has them), or the options to build one.
 */
export type ClientInit =
  | HttpClient<object>
  | {
      /** The core HTTP client to share (for example `lk.http` of the umbrella SDK). */
      http: HttpClient<object>;
      /** The platform's base URL `http` talks to (a `LearnKit` has it); else give `baseUrl` beside `client`. */
      readonly baseUrl?: string | undefined;
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

/** What `client` may be, said in every refusal of one. */
const CLIENT_FORMS =
  'pass the LearnKit you hold (new LearnKit() of @learnkit/sdk), a core HTTP client (createHttpClient), { http, baseUrl } holding one, or createHttpClient options ({ baseUrl, auth })';

/** How a value that is not a client reads in an error: its type, never its contents (it may hold a secret). */
const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

/** An object that holds a core HTTP client as `http`: a `LearnKit` (`lk.http`, `lk.baseUrl`) or `{ http }`. */
function heldClient(init: object): { http: HttpClient<object>; baseUrl: unknown } | undefined {
  if (!('http' in init)) return undefined;
  const holder = init as { http: unknown; baseUrl?: unknown; credentials?: unknown };
  if (!isHttpClient(holder.http))
    throw new ValidationError([
      {
        path: ['client', 'http'],
        message: `is ${kindOf(holder.http)}, not a core HTTP client: ${CLIENT_FORMS}`,
      },
    ]);
  // A LearnKit made with a developer token may only manage webhook subscriptions: Caliper and the roster refuse it.
  if (holder.credentials === 'developer')
    throw new ValidationError([
      {
        path: ['client'],
        message:
          'is a LearnKit holding a developer token, which only manages webhook subscriptions; the activity server sends Caliper events and reads the roster, so pass a LearnKit made with client credentials: new LearnKit({ baseUrl, clientId, clientSecret })',
      },
    ]);
  return { http: holder.http, baseUrl: holder.baseUrl ?? (holder.http as { baseUrl?: unknown }).baseUrl };
}

/**
 * The HTTP client of `init`, and the platform's base URL when it can be known; refuses anything that is not one of
 * the forms of {@link ClientInit}, saying what to pass (docs/decisions.md#d-activity-client-forms).
 */
export function toHttp(init: ClientInit): { http: LooseHttp; baseUrl: string | undefined } {
  if (typeof init !== 'object' || init === null)
    throw new ValidationError([{ path: ['client'], message: `is ${kindOf(init)}: ${CLIENT_FORMS}` }]);
  const held = isHttpClient(init)
    ? { http: init, baseUrl: (init as { baseUrl?: unknown }).baseUrl }
    : heldClient(init);
  if (held) {
    return {
      http: held.http as unknown as LooseHttp,
      baseUrl: typeof held.baseUrl === 'string' ? held.baseUrl : undefined,
    };
  }
  if (!('baseUrl' in init))
    throw new ValidationError([
      {
        path: ['client'],
        message: `is an object with neither http nor baseUrl, so it is none of the forms the server takes: ${CLIENT_FORMS}`,
      },
    ]);
  const options = init as HttpClientOptions;
  return {
    http: createHttpClient<object>(options) as unknown as LooseHttp,
    baseUrl: typeof options.baseUrl === 'string' ? options.baseUrl : undefined,
  };
}
