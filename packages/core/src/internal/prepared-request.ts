/** Request headers as the transport keeps them: lower-case names, one value each. */
export type HeaderRecord = Record<string, string>;

/** `headers` as a {@link HeaderRecord}. */
export function toHeaderRecord(headers: HeadersInit | undefined): HeaderRecord {
  const out: HeaderRecord = {};
  if (headers === undefined) return out;
  for (const [k, v] of headers instanceof Headers ? headers : new Headers(headers)) out[k] = v;
  return out;
}

/**
 * What openapi-fetch builds (through its `Request` option) for the transport, instead of a real `Request`.
 *
 * A real `Request` costs a URL parse, a header copy and a body stream, and the transport has to undo all of
 * it: read the stream back (to resend it on a retry) and build a fresh init for each attempt. This keeps the
 * parts as given. Middleware registered with `client.use()` still gets `url`, `method`, a live `headers`,
 * `signal` and `clone()`/`text()`/`json()`; anything else can call `toRequest()`.
 */
export class PreparedRequest {
  readonly url: string;
  readonly method: string;
  /** The serialized body, reusable as is (a string, FormData, a buffer, ...). */
  readonly body: BodyInit | null;
  readonly signal: AbortSignal | undefined;
  readonly redirect: RequestRedirect | undefined;
  readonly credentials: RequestCredentials | undefined;
  readonly keepalive: boolean | undefined;
  readonly bodyUsed = false;
  #headers: Headers | undefined;
  #record: HeaderRecord | undefined;

  constructor(input: string | URL, init: RequestInit = {}) {
    this.url = typeof input === 'string' ? input : input.href;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.#headers =
      init.headers instanceof Headers || init.headers === undefined
        ? init.headers
        : new Headers(init.headers);
    this.body = init.body ?? null;
    this.signal = init.signal ?? undefined;
    this.redirect = init.redirect;
    this.credentials = init.credentials;
    this.keepalive = init.keepalive;
  }

  /**
   * @internal A request whose headers are already a lower-case record (built by `call()`): no `Headers`
   * object is made unless someone reads `headers`.
   */
  static fromRecord(
    url: string,
    method: string,
    headers: HeaderRecord,
    body: BodyInit | undefined,
  ): PreparedRequest {
    const request = new PreparedRequest(url, body === undefined ? { method } : { method, body });
    request.#record = headers;
    return request;
  }

  /** The headers, live: changes made by middleware are sent. */
  get headers(): Headers {
    if (!this.#headers) {
      this.#headers = new Headers(this.#record);
      this.#record = undefined;
    }
    return this.#headers;
  }

  /** @internal The headers as a record the transport owns for this call. */
  headerRecord(): HeaderRecord {
    return this.#record ?? toHeaderRecord(this.#headers);
  }

  /** A real `Request` with the same parts. */
  toRequest(): Request {
    const init: RequestInit = { method: this.method, headers: this.headers };
    if (this.body !== null) init.body = this.body;
    if (this.signal) init.signal = this.signal;
    if (this.redirect) init.redirect = this.redirect;
    if (this.credentials) init.credentials = this.credentials;
    return new Request(this.url, init);
  }

  clone(): Request {
    return this.toRequest();
  }

  text(): Promise<string> {
    return this.toRequest().text();
  }

  json(): Promise<unknown> {
    return this.toRequest().json();
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.toRequest().arrayBuffer();
  }
}
