import createClient, {
  type Client,
  createQuerySerializer,
  type FetchOptions,
  type FetchResponse,
  type HeadersOptions,
  type Middleware,
  mergeHeaders,
  removeTrailingSlash,
} from 'openapi-fetch';
import { ApiPromise, type WithResponse } from './api-promise';
import type { BinaryContent } from './binary-content';
import { ApiError, createApiError, ValidationError } from './errors';
import { platformFilterError } from './input/platform-filter';
import { fileOf } from './internal/file-response';
import { createPathBuilder } from './internal/path-template';
import { type HeaderRecord, PreparedRequest, toHeaderRecord } from './internal/prepared-request';
import { authorizationSecrets } from './internal/redact';
import { decodeText, preview } from './internal/text';
import {
  type BufferedResponse,
  createBufferedTransport,
  type RequestOptions,
  type Transport,
  type TransportOptions,
  toFetchLike,
  toResponse,
} from './transport/transport';
import { urlOptionIssue } from './url-option';

/** Options of {@link createHttpClient}: the transport's plus the API's base URL. */
export interface HttpClientOptions extends TransportOptions {
  /** The platform's base URL, e.g. `https://api.example.com` (paths such as `/ims/case/v1p1/...` are appended). */
  baseUrl: string;
}

// The family's only array query parameter, `fields`, is `style: form, explode: false`: `fields=a,b`.
const QUERY_OPTIONS = { array: { style: 'form', explode: false } } as const;
const QUERY = /* @__PURE__ */ createQuerySerializer(QUERY_OPTIONS);

/** openapi-fetch's default body serializer: FormData as is, a form when the caller says so, else JSON. */
function serializeBody(body: unknown, headers: HeaderRecord): BodyInit {
  if (body instanceof FormData) return body;
  if (headers['content-type'] === 'application/x-www-form-urlencoded') {
    return new URLSearchParams(body as Record<string, string>).toString();
  }
  return JSON.stringify(body);
}

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** An HTTP method in upper case, as `call()` takes it. */
export type CallMethod = Uppercase<HttpMethod>;

type Media = `${string}/${string}`;

/** The paths of `Paths` that have an operation for `M`. */
export type PathsWithMethod<Paths, M extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: infer O }
    ? [O] extends [never | undefined]
      ? never
      : P
    : never;
}[keyof Paths];

/** The operation object of `M P` in openapi-typescript's `paths`. */
export type OperationOf<Paths, P extends keyof Paths, M extends HttpMethod> = Paths[P] extends {
  [K in M]: infer O;
}
  ? O
  : never;

type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** openapi-fetch's request init for an operation, plus LearnKit's per-call `options`. */
export type CallInit<O> = Omit<FetchOptions<O>, 'parseAs' | 'fetch'> & {
  /** Signal, timeout, retry and idempotency of this call. */
  options?: RequestOptions | undefined;
};

type CallArgs<O> = RequiredKeysOf<FetchOptions<O>> extends never ? [init?: CallInit<O>] : [init: CallInit<O>];

type RawData<O> =
  O extends Record<string | number, unknown>
    ? Extract<FetchResponse<O, object, Media>, { error?: never }>['data']
    : never;

/**
 * The success body type of an operation; `undefined` for operations without one (204). openapi-fetch's
 * `data` also admits `undefined` for its `{ error }` branch, which `call()` turns into a throw instead.
 */
export type CallData<O> = [NonNullable<RawData<O>>] extends [never] ? undefined : NonNullable<RawData<O>>;

/**
 * An openapi-fetch client whose `fetch` is the LearnKit transport (`GET`, `POST`, ... work as in
 * openapi-fetch), plus `call()`/`callWithResponse()`, which return the data or throw typed errors.
 */
export interface HttpClient<Paths extends object> extends Client<Paths> {
  /** The transport every request goes through; also usable on its own like `fetch`. */
  readonly transport: Transport;
  /**
   * Calls an operation and resolves with its parsed JSON body; rejects with an `ApiError` subclass for
   * 4xx/5xx, `ApiError` for a success body that is not JSON, `ConnectionError` or `TimeoutError`. The
   * {@link ApiPromise} it returns also gives `.withResponse()` and `.asResponse()`.
   *
   * @example
   * const { CFItem } = await http.call('GET', '/ims/case/v1p1/CFItems/{sourcedId}', {
   *   params: { path: { sourcedId } },
   *   options: { timeoutMs: 5_000, signal },
   * });
   */
  call<M extends CallMethod, P extends PathsWithMethod<Paths, Lowercase<M>>>(
    method: M,
    path: P,
    ...init: CallArgs<OperationOf<Paths, P, Lowercase<M>>>
  ): ApiPromise<CallData<OperationOf<Paths, P, Lowercase<M>>>>;
  /**
   * Like {@link HttpClient.call}, also giving the `Response` (for headers such as `X-Total-Count`) and the
   * request id: `call(...).withResponse()`.
   *
   * @example
   * const { data, response } = await http.callWithResponse('GET', '/ims/case/v1p1/CFItems', { params: { query } });
   */
  callWithResponse<M extends CallMethod, P extends PathsWithMethod<Paths, Lowercase<M>>>(
    method: M,
    path: P,
    ...init: CallArgs<OperationOf<Paths, P, Lowercase<M>>>
  ): Promise<WithResponse<CallData<OperationOf<Paths, P, Lowercase<M>>>>>;
  /**
   * Like {@link HttpClient.call} for an operation that returns a file, not JSON: resolves with a
   * {@link BinaryContent}; a success response of JSON or HTML rejects with an `ApiError` (docs/decisions.md#d-oneroster-binary-export).
   *
   * @example
   * const file = await http.callBinary('POST', '/ims/oneroster/resources/v1p2/resources/export/{sourceId}', init);
   */
  callBinary<M extends CallMethod, P extends PathsWithMethod<Paths, Lowercase<M>>>(
    method: M,
    path: P,
    ...init: CallArgs<OperationOf<Paths, P, Lowercase<M>>>
  ): ApiPromise<BinaryContent>;
}

function checkBaseUrl(baseUrl: unknown): string {
  const issue = urlOptionIssue('baseUrl', baseUrl, { bare: true, example: 'https://api.example.com' });
  if (issue) throw new ValidationError([issue]);
  return baseUrl as string;
}

/**
 * Parses a success body, turning "not JSON" (an HTML login page, a proxy's text) into a clear ApiError. The
 * parser's own message is left out: it quotes the body unredacted (docs/decisions.md#d-error-inspect-output).
 */
function parseJsonBody(text: string, result: BufferedResponse, operation: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    const { response } = result;
    const type = response.headers.get('content-type');
    const what =
      type && /json/i.test(type)
        ? `invalid JSON: ${preview(text)}`
        : `expected JSON, got ${type ?? 'a body without content type'}: ${preview(text)}`;
    throw new ApiError({
      status: response.status,
      headers: response.headers,
      body: text,
      operation,
      requestId: result.requestId,
      message: `${operation} returned ${response.status} with ${what}. Check baseUrl (a proxy or login page?).`,
      cause: error,
      alsoRedact: authorizationSecrets(result.authorization),
    });
  }
}

/** The data of a success response: its JSON body parsed, or `undefined` for a 204, a HEAD or an empty body. */
function dataOf(raw: BufferedResponse, method: string, operation: string): unknown {
  if (raw.response.status === 204 || method === 'HEAD' || raw.body.byteLength === 0) return undefined;
  return parseJsonBody(decodeText(raw.body), raw, operation);
}

/** The ApiError for a final response with status >= 400, its body already read. */
function errorOf(result: BufferedResponse, operation: string, hint: string | undefined): ApiError {
  const { response } = result;
  return createApiError({
    status: response.status,
    headers: response.headers,
    body: decodeText(result.body),
    operation,
    requestId: result.requestId,
    alsoRedact: authorizationSecrets(result.authorization),
    ...(hint !== undefined && { hint }),
  });
}

/**
 * Creates the typed HTTP client a domain client is built on: an openapi-fetch client over the LearnKit
 * transport (auth, timeouts, retries, logging), with `call()` helpers that unwrap data or throw typed errors.
 *
 * @example
 * import type { CasePaths as paths } from '@learnkit/case';
 * const http = createHttpClient<paths>({
 *   baseUrl: 'https://api.example.com',
 *   auth: clientCredentials({ tokenUrl: 'https://api.example.com/auth/1.0/token', clientId, clientSecret, style: 'basic' }),
 * });
 * const { CFDocuments } = await http.call('GET', '/ims/case/v1p1/CFDocuments');
 */
export function createHttpClient<Paths extends object>(options: HttpClientOptions): HttpClient<Paths> {
  const baseUrl = removeTrailingSlash(checkBaseUrl(options?.baseUrl));
  // One transport: `call()` takes its responses with the body already read; openapi-fetch and `http.transport`
  // get them as a Response.
  const send = createBufferedTransport(options);
  const transport = toFetchLike(send);
  const client = createClient<Paths>({
    baseUrl,
    fetch: (request: Request) => transport(request),
    // Requests are built as PreparedRequest, which the transport sends without re-reading a body stream.
    Request: PreparedRequest as unknown as typeof Request,
    querySerializer: QUERY,
  });
  const unauthorizedHint = options.auth?.unauthorizedHint;
  const buildPath = createPathBuilder(baseUrl);

  // call() builds requests itself unless middleware is registered, so track what use()/eject() register.
  const middleware = new Set<Middleware>();
  const use = client.use.bind(client);
  const eject = client.eject.bind(client);
  client.use = (...items: Middleware[]) => {
    use(...items);
    for (const m of items) if (m) middleware.add(m);
  };
  client.eject = (...items: Middleware[]) => {
    eject(...items);
    for (const m of items) middleware.delete(m);
  };

  /** The final response, or its ApiError when the status is 400 or more. */
  async function sendChecked(
    request: Request | PreparedRequest,
    perCall: RequestOptions,
    operation: string,
  ): Promise<BufferedResponse> {
    const result = await send(request as Request, undefined, perCall);
    const { status } = result.response;
    if (status >= 400) throw errorOf(result, operation, status === 401 ? unauthorizedHint : undefined);
    return result;
  }

  /** Sends a call and resolves with its final response, its body read (an ApiError for 4xx/5xx). */
  function rawResponse(
    method: string,
    path: string,
    init: CallInitRecord | undefined,
    perCall: RequestOptions,
    operation: string,
  ): Promise<BufferedResponse> {
    // The platform families' filter limits, at the one place every call passes (docs/decisions.md#d-platform-filter-limits).
    const filter = (init?.params as Params | undefined)?.query?.filter;
    const refused = filter === undefined ? undefined : platformFilterError(path, filter);
    if (refused) return Promise.reject(refused);
    if (middleware.size === 0 && isPlainInit(init)) {
      let request: PreparedRequest;
      try {
        request = direct(method, path, init);
      } catch (error) {
        return Promise.reject(error);
      }
      // Not an async function: the transport's promise is the response, without another frame around it.
      return sendChecked(request, perCall, operation);
    }
    return throughOpenapiFetch(method, path, init, perCall, operation);
  }

  /**
   * The direct route: openapi-fetch's query serializer and path rules (each path template compiled once,
   * docs/decisions.md#d-path-templates-compiled-once), without its per-call Request, header merging passes and middleware loop.
   */
  function direct(method: string, path: string, init: CallInitRecord | undefined): PreparedRequest {
    const params = (init?.params ?? {}) as Params;
    let url = buildPath(path, params.path);
    const search = params.query === undefined ? '' : QUERY(params.query);
    if (search !== '') url += `?${search}`;
    const headers: HeaderRecord =
      init?.headers === undefined && params.header === undefined
        ? {}
        : toHeaderRecord(mergeHeaders(init?.headers as HeadersOptions, params.header as HeadersOptions));
    let body: BodyInit | undefined;
    if (init?.body !== undefined) {
      body = serializeBody(init.body, headers);
      if (!(body instanceof FormData) && headers['content-type'] === undefined) {
        headers['content-type'] = 'application/json';
      }
    }
    return PreparedRequest.fromRecord(url, method, headers, body);
  }

  /** A call through openapi-fetch itself, when middleware is registered or the init uses its own options. */
  async function throughOpenapiFetch(
    method: string,
    path: string,
    init: CallInitRecord | undefined,
    perCall: RequestOptions,
    operation: string,
  ): Promise<BufferedResponse> {
    const { options: _options, parseAs: _parseAs, fetch: _fetch, ...rest } = init ?? {};
    let last: BufferedResponse | undefined;
    // Untyped on purpose: the typed surface is HttpClient; here path and init are already checked by it.
    const result = await (client.request as (m: string, p: string, i: object) => Promise<FetchResult>)(
      method.toLowerCase(),
      path,
      {
        ...rest,
        // Read as text and parsed below, so a body that is not JSON gives a clear error with the raw text.
        parseAs: 'text',
        fetch: async (request: Request) => {
          last = await sendChecked(request, perCall, operation);
          return toResponse(last);
        },
      },
    );
    const { response } = result;
    if (result.error !== undefined || !response.ok) {
      const body = typeof result.error === 'string' ? result.error : JSON.stringify(result.error ?? '');
      throw createApiError({
        status: response.status,
        headers: response.headers,
        body,
        operation,
        requestId: last?.requestId,
      });
    }
    // Middleware may have replaced the response: its text is what openapi-fetch read.
    return {
      response,
      body: encoder.encode(result.data ?? ''),
      authorization: last?.authorization,
      requestId: last?.requestId ?? '',
    };
  }

  /** A call whose response `file` reads as a file (`callBinary`), else as JSON (`call`). */
  function call(method: string, path: string, init?: CallInitRecord, file?: true): ApiPromise<unknown> {
    const callOptions = init?.options;
    const operation = callOptions?.operation ?? `${method} ${path}`;
    const perCall: RequestOptions = callOptions ? { ...callOptions, operation } : { operation };
    return ApiPromise.fromRawResponse(rawResponse(method, path, init, perCall, operation), (raw) =>
      file ? fileOf(raw as BufferedResponse, operation) : dataOf(raw as BufferedResponse, method, operation),
    );
  }

  return Object.assign(client, {
    transport,
    call,
    callBinary: (method: string, path: string, init?: CallInitRecord) => call(method, path, init, true),
    callWithResponse: (method: string, path: string, init?: CallInitRecord) =>
      call(method, path, init).withResponse(),
  }) as unknown as HttpClient<Paths>;
}

/**
 * Whether `value` is an HTTP client made by {@link createHttpClient}: duck-typed, so a client from another copy of
 * `@learnkit/core` matches too. Domain clients use it to accept either a client or the options to build one.
 *
 * @example
 * const http = isHttpClient(init) ? init : createHttpClient(init);
 */
export function isHttpClient(value: unknown): value is HttpClient<object> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { callWithResponse?: unknown }).callWithResponse === 'function'
  );
}

type Params = { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: unknown };

/** A call's init as `call()` receives it, untyped (the typed surface is {@link HttpClient}). */
type CallInitRecord = Record<string, unknown> & { options?: RequestOptions };

const encoder = /* @__PURE__ */ new TextEncoder();

const PLAIN_KEYS = new Set(['params', 'body', 'headers', 'options']);

/** True when `init` only uses what the direct route handles (no custom serializers, baseUrl or parseAs). */
function isPlainInit(init: Record<string, unknown> | undefined): boolean {
  if (!init) return true;
  for (const key in init) if (!PLAIN_KEYS.has(key)) return false;
  return true;
}

interface FetchResult {
  data?: string;
  error?: unknown;
  response: Response;
}
