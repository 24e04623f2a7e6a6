import { LearnKitError } from './errors/base';
import type { Attempt } from './transport/timeout';

/** What `.withResponse()` resolves with: the data, the final response and the id to quote to support. */
export interface WithResponse<T> {
  /** What awaiting the call gives. */
  data: T;
  /** The final response (after retries) for its status and headers; its body has been read into `data`. */
  response: Response;
  /** The `X-Request-Id` the call sent (the caller's, else one LearnKit made): quote it to support. */
  requestId: string;
}

/**
 * @internal One response as the transport read it: the final response, its whole body, and the call's request id.
 * `value` is set by calls made of several requests (their data is computed, not parsed from this body).
 */
export interface RawResponse<T = unknown> extends Attempt {
  requestId: string;
  value?: T;
}

// `withRawResponse()`'s result when no shape is given.
const pair = <T>(data: T, rawResponse: RawResponse): { data: T; rawResponse: RawResponse } => ({
  data,
  rawResponse,
});

// The identity parse of a response that carries its value (calls made of several requests).
const carried = <T>(raw: RawResponse<T>): T => raw.value as T;

/**
 * The promise every LearnKit call returns. `await` it for the data; `.withResponse()` for `{ data, response,
 * requestId }`; `.asResponse()` for the raw `Response` (its body unread, nothing parsed). The request is sent when
 * the call is made, whether or not the promise is awaited; the body is parsed only when the data is asked for
 * (docs/decisions.md#d-api-promise).
 *
 * @example
 * const doc = await lk.case.documents.get(id);
 * const { data, response, requestId } = await lk.case.documents.get(id).withResponse();
 * console.log(response.status, response.headers.get('etag'), requestId);
 * const raw = await lk.case.documents.get(id).asResponse(); // a Response with its body still to read
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #rawResponse: Promise<RawResponse>;
  readonly #parse: (raw: RawResponse) => T;
  #data: Promise<T> | undefined;

  /** @internal Calls build these; see {@link ApiPromise.fromRawResponse} and {@link ApiPromise.fromResult}. */
  constructor(rawResponse: Promise<RawResponse>, parse: (raw: RawResponse) => T) {
    // The base promise is never used: every reader goes through `then` below.
    super(settleNever);
    this.#rawResponse = rawResponse;
    this.#parse = parse;
  }

  /**
   * The constructor of derived promises: `.then()`, `.catch()` and `.finally()` give a plain `Promise`, not an
   * `ApiPromise` (which could not rebuild its response metadata from a callback's result).
   */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** @internal An ApiPromise over one request's response, parsed by `parse` when the data is asked for. */
  static fromRawResponse<T>(
    rawResponse: Promise<RawResponse>,
    parse: (raw: RawResponse) => T,
  ): ApiPromise<T> {
    return make(rawResponse, parse);
  }

  /**
   * @internal An ApiPromise over a call made of several requests (chunks, a read then a write): `run` resolves
   * with the data and the response of the request that ends the call, whose response and id `withResponse` gives.
   */
  static fromResult<T>(run: () => Promise<{ data: T; rawResponse: RawResponse | undefined }>): ApiPromise<T> {
    let result: Promise<RawResponse>;
    try {
      // Without a response (a call that needed no request) only the data is there.
      result = run().then(({ data, rawResponse }) => ({ ...(rawResponse ?? NO_RESPONSE), value: data }));
    } catch (error) {
      result = Promise.reject(error);
    }
    return make(result, carried as (raw: RawResponse) => T);
  }

  /**
   * @internal Runs `start` (a method's checks, then its call): a synchronous throw, such as a `ValidationError`
   * for bad input, becomes a rejected ApiPromise, so a method never throws where a caller awaits.
   */
  static guard<T>(start: () => ApiPromise<T>): ApiPromise<T> {
    try {
      return start();
    } catch (error) {
      return make<T>(Promise.reject(error), carried as (raw: RawResponse) => T);
    }
  }

  /** @internal An ApiPromise that rejects with `error` (bad input refused before anything is sent). */
  static fromError<T>(error: unknown): ApiPromise<T> {
    return make<T>(Promise.reject(error), carried as (raw: RawResponse) => T);
  }

  /** @internal The response as read, for calls that build on another call's result. */
  rawResponse(): Promise<RawResponse> {
    return this.#rawResponse;
  }

  /**
   * @internal The data and the response it was parsed from (page loaders keep the response on their page); with
   * `shape`, what it makes of the two, in the same reaction (a page loader's `{ items, total, rawResponse }`).
   */
  withRawResponse(): Promise<{ data: T; rawResponse: RawResponse }>;
  withRawResponse<R>(shape: (data: T, rawResponse: RawResponse) => R): Promise<R>;
  withRawResponse<R>(
    shape?: (data: T, rawResponse: RawResponse) => R,
  ): Promise<R | { data: T; rawResponse: RawResponse }> {
    const make = shape ?? pair;
    if (this.#data === undefined) {
      // Not parsed yet (a page loader's own call): one reaction, not an async frame over Promise.all
      // (docs/decisions.md#d-page-in-one-reaction).
      const parse = this.#parse;
      return this.#rawResponse.then((rawResponse) => make(parse(rawResponse), rawResponse));
    }
    return Promise.all([this.#rawResponse, this.#data]).then(([rawResponse, data]) =>
      make(data, rawResponse),
    );
  }

  /** @internal The same response, its data transformed by `map` (a resource method unwrapping `{ CFItem }`). */
  map<U>(map: (data: T) => U): ApiPromise<U> {
    const parse = this.#parse;
    return make(this.#rawResponse, (raw) => map(parse(raw)));
  }

  #parsed(): Promise<T> {
    this.#data ??= this.#rawResponse.then(this.#parse);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: an ApiPromise is a Promise; its `then` reads the parsed data.
  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#parsed().then(onfulfilled, onrejected);
  }

  /**
   * The data with the final response and the call's request id.
   *
   * @example
   * const { data: item, requestId } = await lk.case.items.get(id).withResponse();
   */
  async withResponse(): Promise<WithResponse<T>> {
    const [raw, data] = await Promise.all([this.#rawResponse, this.#parsed()]);
    return { data, response: sent(raw).response, requestId: raw.requestId };
  }

  /**
   * The final response as a fresh `Response` whose body can be read (as text, JSON or bytes), for bodies you
   * want to handle yourself; nothing is parsed. Errors (4xx/5xx, network, timeouts) still reject as typed errors.
   *
   * @example
   * const response = await lk.case.packages.get(id).asResponse();
   * await pipeline(Readable.fromWeb(response.body!), createWriteStream('package.json'));
   */
  async asResponse(): Promise<Response> {
    return replay(sent(await this.#rawResponse));
  }
}

/** The response of a call that sent no request (`items.validate([])`): data, but no response. */
const NO_RESPONSE: RawResponse = Object.freeze({
  response: undefined as unknown as Response,
  body: new Uint8Array(0),
  requestId: '',
});

/** The response, unless the call sent no request: then there is no response to give, said plainly. */
function sent(raw: RawResponse): RawResponse {
  if (raw.response === undefined) {
    throw new LearnKitError(
      'This call sent no request (nothing to ask the platform), so it has no response.',
    );
  }
  return raw;
}

/**
 * Makes an ApiPromise. The class body never names itself (it calls this instead): a class that refers to itself is
 * renamed `_ApiPromise` by the bundler, and `console.log` would show that name.
 */
function make<T>(rawResponse: Promise<RawResponse>, parse: (raw: RawResponse) => T): ApiPromise<T> {
  return new ApiPromise(rawResponse, parse);
}

function settleNever(resolve: (value: never) => void): void {
  resolve(undefined as never);
}

// Statuses whose Response cannot carry a body, even an empty one.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** @internal A `Response` over a response's read body (statuses that cannot carry one get none). */
export function replay({ response, body }: Attempt): Response {
  return new Response(NULL_BODY_STATUSES.has(response.status) ? null : (body as Uint8Array<ArrayBuffer>), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
