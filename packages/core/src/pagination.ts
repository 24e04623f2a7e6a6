import { type RawResponse, replay, type WithResponse } from './api-promise';
import { LearnKitError, ValidationError } from './errors';
import { ItemIterator, PageIterator } from './internal/page-iterators';
import { isRecord } from './internal/text';
import { type ListQuery, type ListQueryParams, toListQuery } from './query';

/** What a page loader is asked for. */
export interface PageRequest {
  /** Index of the page's first item: the query's `offset` (default 0) plus the items of the pages before. */
  offset: number;
  /** Page size: the query's `limit`, default {@link DEFAULT_LIMIT} (100). */
  limit: number;
  /** The list's abort signal, to pass on to the request; undefined when none was given. */
  signal: AbortSignal | undefined;
  /** The serialized list query with this page's `offset` and `limit` set: spread it into the query string. */
  query: ListQueryParams & {
    /** Same as {@link PageRequest.offset}. */
    offset: number;
    /** Same as {@link PageRequest.limit}. */
    limit: number;
  };
}

/** What a page loader returns: the page's items and, when the server said, the total across all pages. */
export interface PageResult<T> {
  /** The page's items as the server returned them; an empty array ends the walk. */
  items: T[];
  /** From the `X-Total-Count` header or a `totalCount` member; see {@link readTotal}. */
  total?: number | undefined;
  /** The response the page came in, for `withResponse()`/`asResponse()` (loaders built on `call()` give it). */
  rawResponse?: RawResponse | undefined;
}

/** Loads one page. */
export type FetchPage<T> = (request: PageRequest) => Promise<PageResult<T>>;

/** Options of {@link paginate}. */
export interface PaginateOptions {
  /** The list query; checked (limit 1..3000, ...) before anything is sent. */
  query?: ListQuery | undefined;
  /** Aborts loading further pages. */
  signal?: AbortSignal | undefined;
}

/** The platform's page size when none is asked for. Always sent, so "a short page" has a meaning. */
export const DEFAULT_LIMIT = 100;

interface PageContext<T> {
  fetchPage: FetchPage<T>;
  query: ListQueryParams;
  limit: number;
  signal: AbortSignal | undefined;
}

// A reaction on the loader's promise, not an async frame: a whole-list call (`lk.insights.types.list()`) is one
// page, and each frame was a measurable part of it (docs/decisions.md#d-page-in-one-reaction).
function loadPage<T>(ctx: PageContext<T>, offset: number): Promise<Page<T>> {
  if (ctx.signal?.aborted) return Promise.reject(ctx.signal.reason);
  const limit = ctx.limit;
  let pending: Promise<PageResult<T>>;
  try {
    pending = ctx.fetchPage({ offset, limit, signal: ctx.signal, query: { ...ctx.query, offset, limit } });
  } catch (error) {
    return Promise.reject(error);
  }
  return Promise.resolve(pending).then((result) => {
    if (!result || !Array.isArray(result.items)) {
      throw new LearnKitError('A page loader must resolve with { items: T[], total?: number }.');
    }
    const total =
      typeof result.total === 'number' && Number.isFinite(result.total) && result.total >= 0
        ? result.total
        : undefined;
    return new Page(result.items, total, offset, limit, ctx, result.rawResponse);
  });
}

/**
 * The total item count a list response announces: the `X-Total-Count` header, else a `totalCount` member
 * of the body; undefined when neither is there.
 *
 * @example
 * const { data, response } = await http.callWithResponse('GET', '/ims/case/v1p1/CFItems', { params: { query } });
 * return { items: data.CFItems, total: readTotal(response, data) };
 */
export function readTotal(response?: Response, body?: unknown): number | undefined {
  const header = response?.headers.get('x-total-count');
  if (header !== null && header !== undefined && /^\d+$/.test(header.trim())) return Number(header.trim());
  if (isRecord(body)) {
    const member = body.totalCount;
    if (typeof member === 'number' && Number.isFinite(member) && member >= 0) return member;
    if (typeof member === 'string' && /^\d+$/.test(member)) return Number(member);
  }
  return undefined;
}

/** One page of a list. */
export class Page<T> {
  /** The items of this page. */
  readonly data: T[];
  /** Items across all pages, when the server said. */
  readonly total: number | undefined;
  /** Offset of this page's first item. */
  readonly offset: number;
  /** The page size asked for. */
  readonly limit: number;
  readonly #ctx: PageContext<T>;
  readonly #rawResponse: RawResponse | undefined;

  /** @internal */
  constructor(
    data: T[],
    total: number | undefined,
    offset: number,
    limit: number,
    ctx: PageContext<T>,
    rawResponse?: RawResponse,
  ) {
    this.data = data;
    this.total = total;
    this.offset = offset;
    this.limit = limit;
    this.#ctx = ctx;
    this.#rawResponse = rawResponse;
  }

  /** @internal The response this page came in (undefined for pages of a loader that does not give it). */
  rawResponse(): RawResponse | undefined {
    return this.#rawResponse;
  }

  /**
   * docs/decisions.md#d-pagination: no next page after an empty page; with a total, while `offset + length < total` (a
   * short page mid-way does not end the walk); without one, only while pages come back full.
   */
  hasNextPage(): boolean {
    if (this.data.length === 0) return false;
    if (this.total !== undefined) return this.offset + this.data.length < this.total;
    return this.data.length >= this.limit;
  }

  /**
   * The next page (`offset += this page's length`). Check {@link Page.hasNextPage} first.
   *
   * @example
   * let page = await lk.case.items.list({ limit: 500 });
   * while (page.hasNextPage()) page = await page.getNextPage();
   */
  getNextPage(): Promise<Page<T>> {
    if (!this.hasNextPage()) {
      return Promise.reject(new LearnKitError('There is no next page; check page.hasNextPage() first.'));
    }
    return loadPage(this.#ctx, this.offset + this.data.length);
  }
}

/**
 * The result of a list call. `await` it for the first {@link Page}; `for await` over it for every item of
 * every page (one page in memory at a time); `toArray({ max })` to collect with a cap.
 *
 * Pages load lazily: nothing is sent until the page promise is awaited (or `then`/`catch`/`finally` is called),
 * iterated, or collected; the first page is then loaded once and kept, later pages on demand.
 *
 * @example
 * const first = await lk.case.items.list({ limit: 100 });      // Page: .data, .hasNextPage(), .getNextPage()
 * for await (const item of lk.case.items.list()) console.log(item.sourcedId);
 * const all = await lk.case.items.list().toArray({ max: 10_000 });
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  #load: (() => Promise<Page<T>>) | undefined;
  #first: Promise<Page<T>> | undefined;

  /** @internal Use {@link paginate}. */
  constructor(loadFirst: () => Promise<Page<T>>) {
    this.#load = loadFirst;
  }

  /** The first page, requested on the first use (docs/decisions.md#d-lazy-pages) and kept. */
  #firstPage(): Promise<Page<T>> {
    if (this.#first === undefined) {
      const load = this.#load as () => Promise<Page<T>>;
      this.#load = undefined;
      this.#first = load();
      // The caller may only ever iterate (or drop the list); a failure is reported to whoever consumes it.
      this.#first.catch(() => {});
    }
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a page promise is a thenable by design, so `await` works.
  then<A = Page<T>, B = never>(
    onfulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  /** Like `Promise.prototype.catch` on the first page. */
  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.#firstPage().catch(onrejected);
  }

  /** Like `Promise.prototype.finally` on the first page. */
  finally(onfinally?: (() => void) | null): Promise<Page<T>> {
    return this.#firstPage().finally(onfinally);
  }

  /**
   * The first page with the response it came in and the call's request id (docs/decisions.md#d-api-promise).
   *
   * @example
   * const { data: page, response } = await lk.case.items.list({ limit: 50 }).withResponse();
   * console.log(page.data.length, response.headers.get('x-total-count'));
   */
  async withResponse(): Promise<WithResponse<Page<T>>> {
    const page = await this.#firstPage();
    const rawResponse = responseOf(page);
    return { data: page, response: rawResponse.response, requestId: rawResponse.requestId };
  }

  /**
   * The first page's response as a fresh `Response` whose body can be read; nothing else is done with it.
   *
   * @example
   * const body = await (await lk.case.items.list({ limit: 10 }).asResponse()).text();
   */
  async asResponse(): Promise<Response> {
    return replay(responseOf(await this.#firstPage()));
  }

  /** Every item of every page, fetching pages as the loop reaches them. */
  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return new ItemIterator(this.#firstPage());
  }

  /**
   * Every page, one at a time.
   *
   * @example
   * for await (const page of lk.case.items.list({ limit: 3000 }).pages()) await save(page.data);
   */
  pages(): AsyncIterableIterator<Page<T>> {
    return new PageIterator(this.#firstPage());
  }

  /**
   * Every item in an array, refusing lists longer than `max` (a list you expected to be small that is not
   * would otherwise fill memory). Fails before fetching more pages when the announced total exceeds `max`.
   *
   * @example
   * const docs = await lk.case.documents.list().toArray({ max: 1000 });
   */
  async toArray(options: { max: number }): Promise<T[]> {
    const max = options?.max;
    if (!Number.isInteger(max) || max < 0) {
      throw new ValidationError([
        {
          path: ['max'],
          message: `is required: a whole number >= 0 capping the items collected (got ${String(max)})`,
        },
      ]);
    }
    const tooMany = () =>
      new LearnKitError(
        `toArray: the list has more than max=${max} items. Raise max, narrow the query with a filter, or stream it with for await.`,
      );
    const out: T[] = [];
    let page = await this.#firstPage();
    if (page.total !== undefined && page.total - page.offset > max) throw tooMany();
    for (;;) {
      if (out.length + page.data.length > max) throw tooMany();
      for (const item of page.data) out.push(item);
      if (!page.hasNextPage()) return out;
      page = await page.getNextPage();
    }
  }

  /** `'PagePromise'`, so `Object.prototype.toString` names it. */
  get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}

/** The response a page came in; a loader that does not give it is a LearnKit bug, said plainly. */
function responseOf(page: Page<unknown>): RawResponse {
  const rawResponse = page.rawResponse();
  if (!rawResponse)
    throw new LearnKitError('This list does not keep its responses (its page loader gives no response).');
  return rawResponse;
}

/**
 * Builds a {@link PagePromise} from a page loader. The query is checked first (a bad `limit` rejects with a
 * `ValidationError` and nothing is sent); `limit` defaults to 100 and is always sent.
 *
 * @example
 * list(query?: ListQuery, options?: RequestOptions) {
 *   return paginate(async ({ query, signal }) => {
 *     const { data, response } = await http.callWithResponse('GET', '/ims/case/v1p1/CFItems', {
 *       params: { query }, options: { ...options, signal },
 *     });
 *     return { items: data.CFItems, total: readTotal(response, data) };
 *   }, { query, signal: options?.signal });
 * }
 */
export function paginate<T>(fetchPage: FetchPage<T>, options: PaginateOptions = {}): PagePromise<T> {
  let ctx: PageContext<T>;
  let offset: number;
  try {
    // Checked now, so the ValidationError names the call that made it; delivered when the list is used.
    const query = toListQuery(options.query);
    ctx = { fetchPage, query, limit: query.limit ?? DEFAULT_LIMIT, signal: options.signal };
    offset = query.offset ?? 0;
  } catch (error) {
    return new PagePromise(() => Promise.reject(error));
  }
  return new PagePromise(() => loadPage(ctx, offset));
}
