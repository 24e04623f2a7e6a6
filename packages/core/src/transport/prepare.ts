import { type HeaderRecord, PreparedRequest, toHeaderRecord } from '../internal/prepared-request';

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
