"""What a call gives besides its data: :class:`ApiResponse`, and ``with_raw_response``'s wrappers
(docs/decisions.md#d-i30-raw-response)."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

import httpx

if TYPE_CHECKING:
    from ._pagination import AsyncPager, SyncPager

__all__ = ["ApiResponse"]

T = TypeVar("T")
P = ParamSpec("P")


@dataclass(frozen=True)
class ApiResponse(Generic[T]):
    """A call's data with the final response's status, headers (names in lower case) and request id: what
    ``request_with_response`` and every ``with_raw_response`` method give.

    Example::

        answer = lk.case.documents.with_raw_response.get(document_id)
        print(answer.status, answer.request_id, answer.headers.get("x-total-count"))
        document = answer.parse()
    """

    #: The parsed data (a model, a pager, a dict, or None for an empty answer).
    data: T
    #: HTTP status of the final attempt.
    status: int
    #: Headers of the final response, names in lower case.
    headers: Mapping[str, str]
    #: The id to quote to support: the platform's ``x-request-id``, else the one the SDK sent.
    request_id: str
    #: The httpx response of the final attempt, its body read (None for an answer no request made).
    http_response: httpx.Response | None = field(default=None, repr=False, compare=False)

    def parse(self) -> T:
        """The data, as the method without ``with_raw_response`` returns it."""
        return self.data


#: The answers of the calls made while a ``with_raw_response`` method runs (the last is the one it gives).
_CAPTURE: contextvars.ContextVar[list[ApiResponse[Any]] | None] = contextvars.ContextVar(
    "learnkit_capture", default=None
)


def captured(answer: ApiResponse[Any]) -> None:
    """Called by the client for every call: keeps ``answer`` when a ``with_raw_response`` method is running."""
    seen = _CAPTURE.get()
    if seen is not None:
        seen.append(answer)


@contextmanager
def _capturing() -> Iterator[list[ApiResponse[Any]]]:
    seen: list[ApiResponse[Any]] = []
    token = _CAPTURE.set(seen)
    try:
        yield seen
    finally:
        _CAPTURE.reset(token)


def _last(seen: list[ApiResponse[Any]], data: T) -> ApiResponse[T]:
    if not seen:
        return ApiResponse(data, 200, {}, "")
    last = seen[-1]
    return ApiResponse(data, last.status, last.headers, last.request_id, last.http_response)


def to_raw_response(func: Callable[P, T]) -> Callable[P, ApiResponse[T]]:
    """A method that returns :class:`ApiResponse` around what ``func`` returns (the last call's status and
    headers)."""

    @functools.wraps(func)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> ApiResponse[T]:
        with _capturing() as seen:
            data = func(*args, **kwargs)
        return _last(seen, data)

    return wrapped


def to_async_raw_response(func: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[ApiResponse[T]]]:
    """:func:`to_raw_response` for an async method."""

    @functools.wraps(func)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> ApiResponse[T]:
        with _capturing() as seen:
            data = await func(*args, **kwargs)
        return _last(seen, data)

    return wrapped


def to_raw_pager(func: Callable[P, SyncPager[T]]) -> Callable[P, ApiResponse[SyncPager[T]]]:
    """For a listing: reads its first page now and returns that page's response around the pager (which starts
    from that page)."""

    @functools.wraps(func)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> ApiResponse[SyncPager[T]]:
        with _capturing() as seen:
            pager = func(*args, **kwargs)
            pager.first_page()
        return _last(seen, pager)

    return wrapped


def to_async_raw_pager(func: Callable[P, AsyncPager[T]]) -> Callable[P, Awaitable[ApiResponse[AsyncPager[T]]]]:
    """:func:`to_raw_pager` for an async listing."""

    @functools.wraps(func)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> ApiResponse[AsyncPager[T]]:
        with _capturing() as seen:
            pager = func(*args, **kwargs)
            await pager.first_page()
        return _last(seen, pager)

    return wrapped
