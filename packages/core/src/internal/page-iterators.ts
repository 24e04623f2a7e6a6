// The iterators behind `for await` over a list and `.pages()`: one page held at a time.

/** What the iterators need of a page: pagination.ts's `Page`, named here without importing it back. */
export interface WalkablePage<T> {
  readonly data: T[];
  hasNextPage(): boolean;
  getNextPage(): Promise<WalkablePage<T>>;
}

/**
 * Walks pages holding one at a time: the previous page is released before the next is awaited, so a walk
 * over 100,000 items uses the memory of one page.
 */
export class PageIterator<T, P extends WalkablePage<T>> implements AsyncIterableIterator<P> {
  #pending: Promise<P> | undefined;
  #last: P | undefined;
  #done = false;

  constructor(first: Promise<P>) {
    this.#pending = first;
  }

  async next(): Promise<IteratorResult<P, undefined>> {
    if (this.#done) return { done: true, value: undefined };
    const pending = this.#pending ?? this.#advance();
    this.#pending = undefined;
    if (!pending) return this.#finish();
    try {
      const page = await pending;
      this.#last = page;
      return { done: false, value: page };
    } catch (error) {
      this.#finish();
      throw error;
    }
  }

  async return(): Promise<IteratorResult<P, undefined>> {
    return this.#finish();
  }

  // Synchronous on purpose: the previous page must not stay referenced from next()'s frame while the
  // following page loads.
  #advance(): Promise<P> | undefined {
    const last = this.#last;
    this.#last = undefined;
    return last?.hasNextPage() ? (last.getNextPage() as Promise<P>) : undefined;
  }

  #finish(): IteratorResult<P, undefined> {
    this.#done = true;
    this.#pending = undefined;
    this.#last = undefined;
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

export class ItemIterator<T> implements AsyncIterableIterator<T> {
  readonly #pages: PageIterator<T, WalkablePage<T>>;
  #data: T[] = [];
  #index = 0;

  constructor(first: Promise<WalkablePage<T>>) {
    this.#pages = new PageIterator(first);
  }

  next(): Promise<IteratorResult<T, undefined>> {
    // An item of the page in hand needs no async frame: `for await` over 100,000 items makes 100,000 calls
    // (docs/decisions.md#d-page-in-one-reaction).
    if (this.#index < this.#data.length)
      return Promise.resolve({ done: false, value: this.#data[this.#index++] as T });
    return this.#nextPage();
  }

  async #nextPage(): Promise<IteratorResult<T, undefined>> {
    while (this.#index >= this.#data.length) {
      this.#data = [];
      const r = await this.#pages.next();
      if (r.done) return r;
      this.#data = r.value.data;
      this.#index = 0;
    }
    return { done: false, value: this.#data[this.#index++] as T };
  }

  async return(): Promise<IteratorResult<T, undefined>> {
    this.#data = [];
    await this.#pages.return();
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
