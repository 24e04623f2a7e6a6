import { type HeaderRecord, PreparedRequest, toHeaderRecord } from '../internal/prepared-request';
import { canSetUserAgent, clientHeaderValue } from '../internal/runtime';

/** The headers every request of a transport carries unless it sets them: names and values side by side. */
export interface DefaultHeaders {
  names: string[];
  values: string[];
}

/**
 * The transport's own headers (`TransportOptions.headers`), then the SDK's name, once: in `User-Agent` where a
 * script may set it, else (browsers) in `X-LearnKit-Client` (docs/decisions.md#d-client-header).
 */
export function defaultHeaders(given: HeadersInit | undefined): DefaultHeaders {
  const names: string[] = [];
  const values: string[] = [];
  for (const [k, v] of new Headers(given)) {
    names.push(k);
    values.push(v);
  }
  names.push(canSetUserAgent ? 'user-agent' : 'x-learnkit-client');
  values.push(clientHeaderValue);
  return { names, values };
}

/** Sets each default header the request does not set itself; read by index on every call (no iterator). */
export function addDefaults(headers: HeaderRecord, { names, values }: DefaultHeaders): void {
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (headers[name] === undefined) headers[name] = values[i] as string;
  }
}

/** A request in parts every attempt can reuse. */
export interface Prepared {
  url: string;
  method: string;
  headers: HeaderRecord;
  body: BodyInit | undefined;
  signal: AbortSignal | undefined;
  redirect: RequestRedirect | undefined;
  credentials: RequestCredentials | undefined;
  keepalive: boolean | undefined;
}

/**
 * Turns any `fetch` input into parts every attempt can reuse. A body is read once (a stream cannot be sent
 * twice, which is why retries are not openapi-fetch middleware; see openapi-fetch issue 2075).
 */
export function prepare(
  input: RequestInfo | URL | PreparedRequest,
  init: RequestInit | undefined,
): Prepared | Promise<Prepared> {
  // The fast path: built by openapi-fetch inside createHttpClient, already in reusable parts.
  if (input instanceof PreparedRequest && init === undefined) {
    return {
      url: input.url,
      method: input.method,
      headers: input.headerRecord(),
      body: input.body ?? undefined,
      signal: input.signal,
      redirect: input.redirect,
      credentials: input.credentials,
      keepalive: input.keepalive,
    };
  }
  return prepareAny(input instanceof PreparedRequest ? input.toRequest() : input, init);
}

async function prepareAny(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Prepared> {
  if (typeof input === 'object' && 'url' in input && typeof input.arrayBuffer === 'function') {
    const request = input as Request;
    const headers = toHeaderRecord(request.headers);
    if (init?.headers) for (const [k, v] of new Headers(init.headers)) headers[k] = v;
    const body =
      init?.body !== undefined && init.body !== null
        ? await reusableBody(init.body)
        : request.body !== null
          ? await request.arrayBuffer()
          : undefined;
    return {
      url: request.url,
      method: (init?.method ?? request.method).toUpperCase(),
      headers,
      body,
      signal: init?.signal ?? request.signal,
      redirect: init?.redirect ?? request.redirect,
      credentials: init?.credentials ?? request.credentials,
      keepalive: init?.keepalive ?? request.keepalive,
    };
  }
  return {
    url: typeof input === 'string' ? input : input.toString(),
    method: (init?.method ?? 'GET').toUpperCase(),
    headers: toHeaderRecord(init?.headers),
    body: init?.body === undefined || init.body === null ? undefined : await reusableBody(init.body),
    signal: init?.signal ?? undefined,
    redirect: init?.redirect,
    credentials: init?.credentials,
    keepalive: init?.keepalive,
  };
}

/** Strings, buffers, blobs and forms can be sent again as they are; a stream is read into a buffer once. */
async function reusableBody(body: BodyInit): Promise<BodyInit> {
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) {
    return new Response(body).arrayBuffer();
  }
  return body;
}
