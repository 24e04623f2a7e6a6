import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { paths as CasePaths } from '../../case/src/generated/openapi-types';
import {
  createHttpClient,
  LearnKitError,
  type ListQuery,
  paginate,
  readTotal,
  ValidationError,
  where,
} from '../src/index';
import type { PagePromise, PageRequest } from '../src/internal/index';
import { BASE, cfItem, ITEMS_URL, makeAuth, tokenEndpoint, useMswServer } from './helpers';

const msw = useMswServer();
const ITEMS_PATH = '/ims/case/v1p1/CFItems';

/** The way a domain client lists CFItems: paginate over callWithResponse. */
function listItems(query?: ListQuery, signal?: AbortSignal) {
  const client = createHttpClient<CasePaths>({ baseUrl: BASE, auth: makeAuth() });
  return paginate(
    async ({ query: q, signal: s }) => {
      const { data, response } = await client.callWithResponse('GET', ITEMS_PATH, {
        params: { query: q },
        options: { signal: s },
      });
      return { items: data.CFItems, total: readTotal(response, data) };
    },
    { query, signal },
  );
}

type Total = 'header' | 'member' | 'none';

/** Serves `count` items; `pageSize(offset, limit)` may shorten a page (a server quirk). */
function serveItems(count: number, total: Total, pageSize?: (offset: number, limit: number) => number) {
  const offsets: number[] = [];
  msw.server.use(
    tokenEndpoint().handler,
    http.get(ITEMS_URL, ({ request }) => {
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      offsets.push(offset);
      const size = pageSize ? pageSize(offset, limit) : limit;
      const items = Array.from({ length: Math.max(0, Math.min(size, count - offset)) }, (_, i) =>
        cfItem(offset + i),
      );
      return HttpResponse.json(
        { CFItems: items, offset, limit, ...(total === 'member' && { totalCount: count }) },
        { headers: total === 'header' ? { 'X-Total-Count': String(count) } : {} },
      );
    }),
  );
  return offsets;
}

async function collectIds(pages: PagePromise<{ sourcedId: string }>) {
  const ids: string[] = [];
  for await (const item of pages) ids.push(item.sourcedId);
  return ids;
}

const expectedIds = (n: number) => Array.from({ length: n }, (_, i) => cfItem(i).sourcedId);

describe('walking 25 pages (docs/decisions.md#d-pagination)', () => {
  it('stops at the X-Total-Count total, without an extra request', async () => {
    const offsets = serveItems(2450, 'header');
    expect(await collectIds(listItems({ limit: 100 }))).toEqual(expectedIds(2450));
    expect(offsets).toHaveLength(25);
    expect(offsets.at(-1)).toBe(2400);
  });

  it('stops at a totalCount member', async () => {
    const offsets = serveItems(2500, 'member');
    expect(await collectIds(listItems({ limit: 100 }))).toEqual(expectedIds(2500));
    expect(offsets).toHaveLength(25);
  });

  it('without a total, stops on the short last page', async () => {
    const offsets = serveItems(2450, 'none');
    expect(await collectIds(listItems({ limit: 100 }))).toEqual(expectedIds(2450));
    expect(offsets).toHaveLength(25);
  });

  it('without a total, stops on an empty page after full ones', async () => {
    const offsets = serveItems(2500, 'none');
    expect(await collectIds(listItems({ limit: 100 }))).toEqual(expectedIds(2500));
    expect(offsets).toHaveLength(26);
    expect(offsets.at(-1)).toBe(2500);
  });

  it('with a total, does not stop on a short page mid-way and advances by the page length', async () => {
    const offsets = serveItems(2500, 'header', (offset, limit) => (offset === 400 ? 60 : limit));
    expect(await collectIds(listItems({ limit: 100 }))).toEqual(expectedIds(2500));
    expect(offsets.slice(3, 7)).toEqual([300, 400, 460, 560]);
    expect(offsets).toHaveLength(26);
  });

  it('with a total, stops on an empty page rather than loop', async () => {
    const offsets = serveItems(1000, 'header', (offset, limit) => (offset >= 300 ? 0 : limit));
    expect(await collectIds(listItems({ limit: 100 }))).toHaveLength(300);
    expect(offsets).toEqual([0, 100, 200, 300]);
  });

  it('starts at the given offset and sends limit 100 when none is given', async () => {
    const offsets = serveItems(250, 'none');
    const ids = await collectIds(listItems({ offset: 50 }));
    expect(ids).toEqual(expectedIds(250).slice(50));
    expect(offsets).toEqual([50, 150, 250]);
  });
});

describe('the page promise', () => {
  it('awaits to the first page, which can fetch the next', async () => {
    serveItems(250, 'header');
    const first = await listItems({ limit: 100 });
    expect(first.data).toHaveLength(100);
    expect(first.total).toBe(250);
    expect(first.offset).toBe(0);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.offset).toBe(100);
    const third = await second.getNextPage();
    expect(third.data).toHaveLength(50);
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toBeInstanceOf(LearnKitError);
  });

  it('walks pages with .pages()', async () => {
    serveItems(250, 'none');
    const sizes: number[] = [];
    for await (const page of listItems({ limit: 100 }).pages()) sizes.push(page.data.length);
    expect(sizes).toEqual([100, 100, 50]);
  });

  it('sends the query on every page: filter, fields comma-joined, sort', async () => {
    const urls: URL[] = [];
    msw.server.use(
      tokenEndpoint().handler,
      http.get(ITEMS_URL, ({ request }) => {
        const url = new URL(request.url);
        urls.push(url);
        const offset = Number(url.searchParams.get('offset'));
        return HttpResponse.json({ CFItems: offset === 0 ? [cfItem(0), cfItem(1)] : [cfItem(2)] });
      }),
    );
    const ids = await collectIds(
      listItems({
        limit: 2,
        filter: where.eq('CFItemType', 'Standard'),
        fields: ['sourcedId', 'CFItemType'],
        sort: 'sourcedId',
        orderBy: 'asc',
      }),
    );
    expect(ids).toHaveLength(3);
    expect(urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '2']);
    for (const u of urls) {
      expect(u.searchParams.get('filter')).toBe("CFItemType='Standard'");
      expect(u.searchParams.get('fields')).toBe('sourcedId,CFItemType');
      expect(u.searchParams.get('sort')).toBe('sourcedId');
      expect(u.searchParams.get('orderBy')).toBe('asc');
      expect(u.searchParams.get('limit')).toBe('2');
    }
  });

  it.each([0, 3001, 2.5, -1])(
    'rejects limit %s with a ValidationError naming limit, sending nothing',
    async (limit) => {
      const error = await listItems({ limit }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toEqual(['limit']);
      expect((error as Error).message).toContain('limit: must be a whole number from 1 to 3000');
      const iterated = await collectIds(listItems({ limit })).catch((e: unknown) => e);
      expect(iterated).toBeInstanceOf(ValidationError);
      expect(msw.requests).toHaveLength(0);
    },
  );

  it('stops walking when the signal aborts, with its reason', async () => {
    serveItems(1000, 'header');
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await (async () => {
      for await (const item of listItems({ limit: 100 }, controller.signal)) {
        seen.push(item.sourcedId);
        if (seen.length === 150) controller.abort('enough');
      }
    })().catch((e: unknown) => e);
    expect(error).toBe('enough');
    expect(seen).toHaveLength(200);
    expect(msw.count(ITEMS_PATH)).toBe(2);
  });
});

describe('lazy pages (docs/decisions.md#d-lazy-pages)', () => {
  /** A loader of 3 pages of 2 numbers, counting its calls. */
  const loader = () => vi.fn(async ({ offset }: PageRequest) => ({ items: [offset, offset + 1], total: 6 }));
  /** Lets every pending promise callback run: an eager list would have asked for its page by then. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  const uses: [string, (list: PagePromise<number>) => Promise<unknown>][] = [
    ['await', async (list) => await list],
    ['then', (list) => list.then((page) => page.data)],
    ['catch', (list) => list.catch(() => undefined)],
    ['finally', (list) => list.finally(() => {})],
    [
      'for await',
      async (list) => {
        for await (const n of list) return n;
      },
    ],
    [
      'pages()',
      async (list) => {
        for await (const page of list.pages()) return page;
      },
    ],
    ['toArray', (list) => list.toArray({ max: 10 })],
  ];

  it.each(uses)(
    'sends nothing until the list is used (%s), then asks for the first page once',
    async (_, use) => {
      const load = loader();
      const list = paginate(load, { query: { limit: 2 } });
      await settle();
      expect(load).not.toHaveBeenCalled();
      await use(list);
      expect(load.mock.calls[0]?.[0]).toMatchObject({ offset: 0, limit: 2 });
      const firstPageLoads = load.mock.calls.filter(([request]) => request.offset === 0);
      expect(firstPageLoads).toHaveLength(1);
    },
  );

  it('keeps the first page once loaded: awaiting again sends nothing more', async () => {
    const load = loader();
    const list = paginate(load, { query: { limit: 2 } });
    const first = await list;
    expect(await list).toBe(first);
    expect((await list.toArray({ max: 6 })).length).toBe(6);
    expect(load.mock.calls.map(([request]) => request.offset)).toEqual([0, 2, 4]);
  });

  it('an unused list with a bad query raises nothing; using it rejects with the ValidationError', async () => {
    const load = loader();
    const list = paginate(load, { query: { limit: 0 } });
    await settle();
    await expect(list).rejects.toBeInstanceOf(ValidationError);
    expect(load).not.toHaveBeenCalled();
  });

  it('checks an abort signal when the list is used, not when it is made', async () => {
    const load = loader();
    const controller = new AbortController();
    const list = paginate(load, { signal: controller.signal });
    controller.abort('gone');
    await expect(list).rejects.toBe('gone');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('toArray', () => {
  it('collects every item under the cap', async () => {
    serveItems(250, 'none');
    expect(await listItems({ limit: 100 }).toArray({ max: 250 })).toHaveLength(250);
  });

  it('refuses at once when the announced total exceeds the cap', async () => {
    serveItems(5000, 'header');
    const error = await listItems({ limit: 100 })
      .toArray({ max: 1000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LearnKitError);
    expect((error as Error).message).toContain('more than max=1000 items');
    expect(msw.count(ITEMS_PATH)).toBe(1);
  });

  it('refuses when the walk passes the cap without a total', async () => {
    serveItems(350, 'none');
    const error = await listItems({ limit: 100 })
      .toArray({ max: 300 })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('more than max=300 items');
  });

  it('requires max', async () => {
    serveItems(10, 'none');
    const pages = listItems();
    await expect(pages.toArray(undefined as unknown as { max: number })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await pages;
  });
});

describe('streaming', () => {
  it('does not retain pages already walked', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const refs: WeakRef<object[]>[] = [];
    // Not kept in a variable: a held PagePromise keeps its first page, as any held promise keeps its value.
    const walk = () =>
      paginate(
        async ({ offset, limit }) => {
          const items = Array.from({ length: limit }, (_, i) => ({
            n: offset + i,
            payload: 'x'.repeat(100),
          }));
          refs.push(new WeakRef(items));
          return { items, total: 30 * limit };
        },
        { query: { limit: 1000 } },
      );
    let checked = 0;
    let count = 0;
    for await (const item of walk()) {
      count++;
      if (item.n % 1000 === 0 && item.n >= 3000) {
        // Let the microtask queue drain (WeakRef targets are kept until then), collect, and look back.
        await new Promise((resolve) => setTimeout(resolve, 0));
        gc();
        const page = item.n / 1000;
        const alive = refs.slice(0, page).filter((r) => r.deref() !== undefined).length;
        expect(alive).toBe(0);
        checked++;
      }
    }
    expect(count).toBe(30_000);
    expect(checked).toBe(27);
  });

  it('validates what a page loader returns', async () => {
    const bad = paginate(async () => ({ items: 'nope' as unknown as never[] }));
    await expect(bad).rejects.toThrow(/page loader must resolve/);
  });
});
