"""What a call gives besides its data: :class:`ApiResponse`, and ``with_raw_response``'s wrappers
(docs/decisions.md#d-python-raw-response, docs/decisions.md#d-raw-response-fields)."""

from __future__ import annotations

import contextvars
import datetime
import functools
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Generic, ParamSpec, TypeVar

import httpx

__all__ = ["ApiResponse"]

T = TypeVar("T")
P = ParamSpec("P")

#: The header the platform names its request id in.
REQUEST_ID_HEADER = "x-request-id"


class ApiResponse(Generic[T]):
    """A call's data with the final HTTP response: what ``request_with_response`` and every ``with_raw_response``
    method give.

    Example::

        response = lk.case.documents.with_raw_response.get(document_id)
        print(response.status_code, response.request_id, response.headers.get("X-Total-Count"))
        document = response.parse()
    """

    __slots__ = ("_data", "_headers", "_sent_request_id", "_status", "http_response")

    #: The httpx response of the final attempt, its body read (None for a response no request made).
    http_response: httpx.Response | None

    def __init__(
        self,
        data: T,
        status: int,
        headers: Mapping[str, str] | httpx.Headers,
        request_id: str | None = None,
        http_response: httpx.Response | None = None,
    ) -> None:
        # ``request_id`` is the id the SDK's own request carried: the attribute falls back to it when the platform
        # echoes none, as TypeScript's ``requestId`` does (docs/decisions.md#d-raw-response-fields).
        self._sent_request_id = request_id or None
        self._data = data
        self._status = status
        self._headers = http_response.headers if http_response is not None else httpx.Headers(dict(headers))
        self.http_response = http_response

    @property
    def data(self) -> T:
        """The parsed data (a model, a pager, a dict, or None for an empty body)."""
        return self._data

    @property
    def status_code(self) -> int:
        """HTTP status of the final attempt."""
        return self._status

    @property
    def status(self) -> int:
        """:attr:`status_code` (the name TypeScript's ``response.status`` uses)."""
        return self._status

    @property
    def headers(self) -> httpx.Headers:
        """Headers of the final response; names match in any case (``headers["X-Total-Count"]``)."""
        return self._headers

    @property
    def request_id(self) -> str | None:
        """The request id to quote to support: the platform's ``X-Request-Id`` header, else the id the SDK sent with
        the request (None only for a response no request made)."""
        return self._headers.get(REQUEST_ID_HEADER) or self._sent_request_id

    @property
    def url(self) -> httpx.URL | None:
        """The URL of the final request (None for a response no request made)."""
        return None if self.http_response is None else self.http_response.request.url

    @property
    def method(self) -> str | None:
        """The HTTP method of the final request (None for a response no request made)."""
        return None if self.http_response is None else self.http_response.request.method

    @property
    def elapsed(self) -> datetime.timedelta | None:
        """How long the final attempt took, from sending it to reading its body (None when unknown)."""
        try:
            return None if self.http_response is None else self.http_response.elapsed
        except RuntimeError:
            # httpx knows it only once the body is closed; a response built by hand never was.
            return None

    def parse(self) -> T:
        """The data, as the method without ``with_raw_response`` returns it."""
        return self._data

    def __repr__(self) -> str:
        return f"<ApiResponse [{self._status}] {self.method or ''} {self.url or ''}>".replace("  ", " ")


#: The responses of the calls made while a ``with_raw_response`` method runs (the last is the one it gives).
_CAPTURE: contextvars.ContextVar[list[ApiResponse[Any]] | None] = contextvars.ContextVar(
    "learnkit_capture", default=None
)


def captured(response: ApiResponse[Any]) -> None:
    """Called by the client for every call: keeps ``response`` when a ``with_raw_response`` method is running."""
    seen = _CAPTURE.get()
    if seen is not None:
        seen.append(response)


@contextmanager
def capturing_responses() -> Iterator[list[ApiResponse[Any]]]:
    seen: list[ApiResponse[Any]] = []
    token = _CAPTURE.set(seen)
    try:
        yield seen
    finally:
        _CAPTURE.reset(token)


def last_response(seen: list[ApiResponse[Any]], data: T) -> ApiResponse[T]:
    if not seen:
        return ApiResponse(data, 200, {})
    last = seen[-1]
    return ApiResponse(data, last.status_code, last.headers, last._sent_request_id, last.http_response)


def to_raw_response(func: Callable[P, T]) -> Callable[P, ApiResponse[T]]:
    """A method that returns :class:`ApiResponse` around what ``func`` returns (the last call's status and
    headers)."""

    @functools.wraps(func)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> ApiResponse[T]:
        with capturing_responses() as seen:
            data = func(*args, **kwargs)
        return last_response(seen, data)

    return wrapped


def to_async_raw_response(func: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[ApiResponse[T]]]:
    """:func:`to_raw_response` for an async method."""

    @functools.wraps(func)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> ApiResponse[T]:
        with capturing_responses() as seen:
            data = await func(*args, **kwargs)
        return last_response(seen, data)

    return wrapped
