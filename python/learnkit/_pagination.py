"""Listings: ``list()`` reads the first page and returns it; iterating walks every item of every page, up to
``max_items`` (docs/decisions.md#d-pagination, docs/decisions.md#d-python-pagers, docs/decisions.md#d-first-page)."""

from __future__ import annotations

import functools
import math
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, TypeVar

from ._response import ApiResponse, capturing_responses, last_response
from .errors import ValidationError, ValidationIssue

__all__ = ["AsyncPage", "AsyncPager", "Page", "SyncPager", "to_async_raw_pager", "to_raw_pager"]

T = TypeVar("T")
P = ParamSpec("P")

#: The platform's page size when the call gives no ``limit``.
DEFAULT_LIMIT = 100
#: The largest ``limit`` the platform takes.
MAX_LIMIT = 3000

_NO_NEXT_PAGE = "there is no next page: check .has_next_page() before calling .get_next_page()"


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a listing, as the platform sent it."""

    #: The items of this page.
    items: list[T]
    #: Items across all pages, when the platform said (``X-Total-Count``, ``totalCount`` or ``total``).
    total: int | None
    #: Offset of this page's first item.
    offset: int
    #: The page size asked for (None for a listing that sends its whole list at once).
    limit: int | None
    #: The response this page came in: status, headers, request id.
    response: ApiResponse[Any]

    @property
    def data(self) -> list[T]:
        """The items of this page (:attr:`items`)."""
        return self.items

    def has_next_page(self) -> bool:
        """No next page after an empty page; with a total, while ``offset + len(items) < total``; without one,
        only while pages come back full."""
        if not self.items or self.limit is None:
            return False
        if self.total is not None:
            return self.offset + len(self.items) < self.total
        return len(self.items) >= self.limit


#: Reads one page: ``(offset, limit) -> (items, total, response)``.
PageReader = Callable[[int, "int | None"], tuple[list[T], "int | None", ApiResponse[Any]]]
AsyncPageReader = Callable[[int, "int | None"], Awaitable[tuple[list[T], "int | None", ApiResponse[Any]]]]


def check_page_options(limit: object, offset: object, max_items: object, max_limit: int = MAX_LIMIT) -> None:
    """Refuses a bad ``limit`` (1 to ``max_limit``), ``offset`` or ``max_items`` before anything is sent."""
    issues: list[ValidationIssue] = []
    for name, value, low, high in (
        ("limit", limit, 1, max_limit),
        ("offset", offset, 0, math.inf),
        ("max_items", max_items, 0, math.inf),
    ):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            bound = f"from {low} to {high}" if high != math.inf else f">= {low}"
            issues.append(ValidationIssue((name,), f"must be a whole number {bound} (got {value!r})"))
    if issues:
        raise ValidationError(issues)


def _read_page(read: PageReader[T], offset: int, limit: int | None) -> Page[T]:
    items, total, response = read(offset, limit)
    return Page(items, total, offset, limit, response)


async def _read_async_page(read: AsyncPageReader[T], offset: int, limit: int | None) -> Page[T]:
    items, total, response = await read(offset, limit)
    return Page(items, total, offset, limit, response)


def _after(page: Page[Any]) -> int:
    """The offset of the page after ``page``: offset += the page's length (docs/decisions.md#d-pagination)."""
    return page.offset + len(page.items)


class _PageFields(Generic[T]):
    """What a page of a listing shows: its items and where it sits in the listing."""

    _page: Page[T]

    @property
    def data(self) -> list[T]:
        """The items of this page (the rest come with :meth:`get_next_page`, or by iterating)."""
        return self._page.items

    @property
    def items(self) -> list[T]:
        """:attr:`data`."""
        return self._page.items

    @property
    def total(self) -> int | None:
        """Items across all pages, when the platform said."""
        return self._page.total

    @property
    def offset(self) -> int:
        """Offset of this page's first item."""
        return self._page.offset

    @property
    def limit(self) -> int | None:
        """The page size asked for (None for a listing that sends its whole list at once)."""
        return self._page.limit

    @property
    def response(self) -> ApiResponse[Any]:
        """The response this page came in: status, headers, request id."""
        return self._page.response

    def has_next_page(self) -> bool:
        """Whether another page follows this one (docs/decisions.md#d-pagination)."""
        return self._page.has_next_page()


class SyncPager(_PageFields[T]):
    """A listing, at its first page: ``list()`` reads that page before it returns (so a bad call raises there).
    ``.data`` is the page's items; ``.get_next_page()`` reads the next page, ``.iter_pages()`` walks the pages from
    this one; iterating walks every item of every page (the next pages read as the loop reaches them), up to
    ``max_items``.

    Example::

        page = lk.case.items.list(limit=1000)
        print(len(page.data), page.total, page.has_next_page())
        for user in lk.oneroster.users.list(filter="status='active'", max_items=500):
            print(user.email)
        for each in lk.case.items.list(limit=1000).iter_pages():
            save(each.data)
    """

    def __init__(
        self, read: PageReader[T], *, offset: int, limit: int | None, max_items: int | None, page: Page[T] | None = None
    ) -> None:
        self._read = read
        self._max_items = max_items
        self._page = _read_page(read, offset, limit) if page is None else page

    def first_page(self) -> Page[T]:
        """This page, as the platform sent it (the one ``list()`` read)."""
        return self._page

    def get_next_page(self) -> SyncPager[T]:
        """Reads the page after this one; raises ``RuntimeError`` when :meth:`has_next_page` is False."""
        if not self.has_next_page():
            raise RuntimeError(_NO_NEXT_PAGE)
        page = _read_page(self._read, _after(self._page), self._page.limit)
        return SyncPager(self._read, offset=page.offset, limit=page.limit, max_items=self._max_items, page=page)

    def iter_pages(self) -> Iterator[SyncPager[T]]:
        """This page, then each next one in turn."""
        current = self
        while True:
            yield current
            if not current.has_next_page():
                return
            current = current.get_next_page()

    def pages(self) -> Iterator[Page[T]]:
        """Every :class:`Page` in turn, this one first (:meth:`iter_pages` gives them as listings)."""
        for each in self.iter_pages():
            yield each._page

    def __iter__(self) -> Iterator[T]:
        left = math.inf if self._max_items is None else self._max_items
        if left <= 0:
            return
        for page in self.pages():
            for item in page.items:
                yield item
                left -= 1
                if left <= 0:
                    return

    def to_list(self) -> list[T]:
        """Every item (up to ``max_items``) in one list."""
        return list(self)

    def __repr__(self) -> str:
        return f"<SyncPager offset={self.offset} items={len(self.data)} total={self.total}>"


class AsyncPage(_PageFields[T]):
    """A page of an async listing: what ``await lk.x.list()`` gives. ``.data`` is its items; ``await
    .get_next_page()`` reads the next page, ``async for`` over ``.iter_pages()`` walks the pages from this one, and
    ``async for`` over the page walks every item from here on, up to ``max_items``.

    Example::

        page = await alk.case.documents.list(limit=10)
        print(len(page.data), page.has_next_page())
        if page.has_next_page():
            page = await page.get_next_page()
    """

    def __init__(self, read: AsyncPageReader[T], page: Page[T], max_items: int | None) -> None:
        self._read = read
        self._page = page
        self._max_items = max_items

    async def get_next_page(self) -> AsyncPage[T]:
        """Reads the page after this one; raises ``RuntimeError`` when :meth:`has_next_page` is False."""
        if not self.has_next_page():
            raise RuntimeError(_NO_NEXT_PAGE)
        page = await _read_async_page(self._read, _after(self._page), self._page.limit)
        return AsyncPage(self._read, page, self._max_items)

    async def iter_pages(self) -> AsyncIterator[AsyncPage[T]]:
        """This page, then each next one in turn."""
        current = self
        while True:
            yield current
            if not current.has_next_page():
                return
            current = await current.get_next_page()

    async def __aiter__(self) -> AsyncIterator[T]:
        left = math.inf if self._max_items is None else self._max_items
        if left <= 0:
            return
        async for page in self.iter_pages():
            for item in page.data:
                yield item
                left -= 1
                if left <= 0:
                    return

    async def to_list(self) -> list[T]:
        """Every item from this page on (up to ``max_items``) in one list."""
        return [item async for item in self]

    def __repr__(self) -> str:
        return f"<AsyncPage offset={self.offset} items={len(self.data)} total={self.total}>"


class AsyncPager(Generic[T]):
    """An async listing: ``await`` it for its first page (an :class:`AsyncPage`, where a bad call raises), or
    ``async for`` it for every item of every page (pages read as the loop reaches them), up to ``max_items``.

    Example::

        first = await alk.case.documents.list(limit=10)
        print(len(first.data), first.has_next_page())
        async for document in alk.case.documents.list(search="math"):
            print(document.title)
    """

    def __init__(self, read: AsyncPageReader[T], *, offset: int, limit: int | None, max_items: int | None) -> None:
        self._read = read
        self._offset = offset
        self._limit = limit
        self._max_items = max_items
        self._first: Page[T] | None = None

    async def first_page(self) -> Page[T]:
        """The first page, as the platform sent it (read once, then kept)."""
        if self._first is None:
            self._first = await _read_async_page(self._read, self._offset, self._limit)
        return self._first

    async def _first_async_page(self) -> AsyncPage[T]:
        return AsyncPage(self._read, await self.first_page(), self._max_items)

    def __await__(self) -> Generator[Any, None, AsyncPage[T]]:
        return self._first_async_page().__await__()

    async def iter_pages(self) -> AsyncIterator[AsyncPage[T]]:
        """Every page in turn, the first one included."""
        async for page in (await self._first_async_page()).iter_pages():
            yield page

    async def pages(self) -> AsyncIterator[Page[T]]:
        """Every :class:`Page` in turn, the first one included (:meth:`iter_pages` gives them as pages to go on
        from)."""
        async for page in self.iter_pages():
            yield Page(page.data, page.total, page.offset, page.limit, page.response)

    async def __aiter__(self) -> AsyncIterator[T]:
        if self._max_items == 0:
            return
        async for item in await self._first_async_page():
            yield item

    async def to_list(self) -> list[T]:
        """Every item (up to ``max_items``) in one list."""
        return [item async for item in self]


def to_raw_pager(func: Callable[P, SyncPager[T]]) -> Callable[P, ApiResponse[SyncPager[T]]]:
    """For a listing: its first page's response around the listing (which starts from that page)."""

    @functools.wraps(func)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> ApiResponse[SyncPager[T]]:
        with capturing_responses() as seen:
            pager = func(*args, **kwargs)
            pager.first_page()
        return last_response(seen, pager)

    return wrapped


def to_async_raw_pager(func: Callable[P, AsyncPager[T]]) -> Callable[P, Awaitable[ApiResponse[AsyncPager[T]]]]:
    """:func:`to_raw_pager` for an async listing: reads its first page now."""

    @functools.wraps(func)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> ApiResponse[AsyncPager[T]]:
        with capturing_responses() as seen:
            pager = func(*args, **kwargs)
            await pager.first_page()
        return last_response(seen, pager)

    return wrapped
