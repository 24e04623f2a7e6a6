"""Listings: a pager that walks every page (``for``/``async for``), page by page (``.pages()``), up to ``max_items``
(docs/decisions.md#d-pagination, docs/decisions.md#d-i30-pagers)."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._response import ApiResponse
from .errors import ValidationError, ValidationIssue

__all__ = ["AsyncPager", "Page", "SyncPager"]

T = TypeVar("T")

#: The platform's page size when the call gives no ``limit``.
DEFAULT_LIMIT = 100
#: The largest ``limit`` the platform takes.
MAX_LIMIT = 3000


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a listing."""

    #: The items of this page.
    items: list[T]
    #: Items across all pages, when the platform said (``X-Total-Count`` or ``totalCount``).
    total: int | None
    #: Offset of this page's first item.
    offset: int
    #: The page size asked for (None for a listing that answers its whole list at once).
    limit: int | None
    #: The answer this page came in: status, headers, request id.
    response: ApiResponse[Any]

    def has_next_page(self) -> bool:
        """No next page after an empty page; with a total, while ``offset + len(items) < total``; without one,
        only while pages come back full."""
        if not self.items or self.limit is None:
            return False
        if self.total is not None:
            return self.offset + len(self.items) < self.total
        return len(self.items) >= self.limit


#: Reads one page: ``(offset, limit) -> (items, total, answer)``.
PageReader = Callable[[int, "int | None"], tuple[list[T], "int | None", ApiResponse[Any]]]
AsyncPageReader = Callable[[int, "int | None"], Awaitable[tuple[list[T], "int | None", ApiResponse[Any]]]]


def check_page_options(limit: object, offset: object, max_items: object, max_limit: int = MAX_LIMIT) -> None:
    """Refuses a bad ``limit`` (1 to ``max_limit``), ``offset`` or ``max_items`` before anything is sent."""
    issues: list[ValidationIssue] = []
    for name, value, low, high in (("limit", limit, 1, max_limit), ("offset", offset, 0, math.inf),
                                   ("max_items", max_items, 0, math.inf)):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            bound = f"from {low} to {high}" if high != math.inf else f">= {low}"
            issues.append(ValidationIssue((name,), f"must be a whole number {bound} (got {value!r})"))
    if issues:
        raise ValidationError(issues)


class SyncPager(Generic[T]):
    """A listing: iterate it for every item of every page (pages are read as the loop reaches them), or call
    :meth:`pages` for page by page. Nothing is sent until it is iterated.

    Example::

        for user in lk.oneroster.users.list(filter="status='active'", max_items=500):
            print(user.email)
        for page in lk.case.items.list(limit=1000).pages():
            save(page.items)
    """

    def __init__(self, read: PageReader[T], *, offset: int, limit: int | None, max_items: int | None) -> None:
        self._read = read
        self._offset = offset
        self._limit = limit
        self._max_items = max_items
        self._first: Page[T] | None = None

    def first_page(self) -> Page[T]:
        """The first page (read once, then kept)."""
        if self._first is None:
            items, total, answer = self._read(self._offset, self._limit)
            self._first = Page(items, total, self._offset, self._limit, answer)
        return self._first

    def pages(self) -> Iterator[Page[T]]:
        """Every page in turn, the first one included."""
        page = self.first_page()
        while True:
            yield page
            if not page.has_next_page():
                return
            offset = page.offset + len(page.items)
            items, total, answer = self._read(offset, page.limit)
            page = Page(items, total, offset, page.limit, answer)

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


class AsyncPager(Generic[T]):
    """:class:`SyncPager` for tasks: ``async for`` it for every item, ``await`` it for the first page.

    Example::

        async for document in alk.case.documents.list(search="math"):
            print(document.title)
        first = await alk.case.documents.list(limit=10)
    """

    def __init__(self, read: AsyncPageReader[T], *, offset: int, limit: int | None, max_items: int | None) -> None:
        self._read = read
        self._offset = offset
        self._limit = limit
        self._max_items = max_items
        self._first: Page[T] | None = None

    async def first_page(self) -> Page[T]:
        """The first page (read once, then kept)."""
        if self._first is None:
            items, total, answer = await self._read(self._offset, self._limit)
            self._first = Page(items, total, self._offset, self._limit, answer)
        return self._first

    def __await__(self) -> Generator[Any, None, Page[T]]:
        return self.first_page().__await__()

    async def pages(self) -> AsyncIterator[Page[T]]:
        """Every page in turn, the first one included."""
        page = await self.first_page()
        while True:
            yield page
            if not page.has_next_page():
                return
            offset = page.offset + len(page.items)
            items, total, answer = await self._read(offset, page.limit)
            page = Page(items, total, offset, page.limit, answer)

    async def __aiter__(self) -> AsyncIterator[T]:
        left = math.inf if self._max_items is None else self._max_items
        if left <= 0:
            return
        async for page in self.pages():
            for item in page.items:
                yield item
                left -= 1
                if left <= 0:
                    return

    async def to_list(self) -> list[T]:
        """Every item (up to ``max_items``) in one list."""
        return [item async for item in self]
