"""``AsyncLearnKit``: the platform client for asyncio, the twin of ``LearnKit``."""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

import httpx

from ._attempts import Timeout, no_cookies, positive_seconds
from ._auth import AsyncClientCredentials
from ._environments import EnvironmentName
from ._generated.client import AsyncFamilies
from ._lti_client import LtiSlot
from ._pagination import MAX_LIMIT, AsyncPager, check_page_options
from ._redact import register_token
from ._response import ApiResponse
from ._retry import RetryOptions
from ._transport import AsyncTransport
from ._types import QueryValue
from .errors import ValidationError, ValidationIssue

if TYPE_CHECKING:
    from .activity import AsyncActivity
    from .lti import AsyncLaunchVerifier, LtiOptions
from ._base_client import _SHARED_STATE, _UNSET, _Shared
from ._config import _configure, _retry_of

__all__ = ["AsyncLearnKit"]


class AsyncLearnKit(_Shared, AsyncFamilies):
    """The LearnKit platform client for asyncio: the same configuration, methods and rules as :class:`LearnKit`,
    every call awaited. One instance holds one pool; its token is shared with every client of the process that has
    the same credentials, and refreshed once however many tasks wait. Use it from one event loop;
    ``async with AsyncLearnKit() as alk:`` (or ``await alk.close()``) closes the pool.

    Example::

        async with AsyncLearnKit() as alk:
            document = await alk.case.documents.get(document_id)
            async for user in alk.oneroster.users.list(filter="status='active'"):
                print(user.email)
    """

    def __init__(
        self,
        base_url: str | None = None,
        client_id: str | None = None,
        client_secret: str | None = None,
        *,
        auth_url: str | None = None,
        scopes: str | Sequence[str] | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        headers: Mapping[str, str] | None = None,
        activity_config: Mapping[str, object] | str | os.PathLike[str] | None = None,
        lti: LtiOptions | Mapping[str, Any] | None = None,
        http_client: httpx.AsyncClient | None = None,
        env: Mapping[str, str] | None = None,
        environment: EnvironmentName | None = None,
    ) -> None:
        """The arguments of :class:`LearnKit`; ``http_client`` is an ``httpx.AsyncClient``."""
        config = _configure(
            base_url,
            client_id,
            client_secret,
            auth_url,
            scopes,
            retry,
            max_retries,
            timeout,
            deadline,
            headers,
            env,
            environment,
        )
        if http_client is not None and not isinstance(http_client, httpx.AsyncClient):
            raise ValidationError(
                [ValidationIssue(("http_client",), "must be an httpx.AsyncClient (LearnKit takes an httpx.Client)")]
            )
        self._config = config
        self._owns_http = http_client is None
        self._http = (
            http_client
            if http_client is not None
            else httpx.AsyncClient(trust_env=True, follow_redirects=False, cookies=no_cookies())
        )
        self._transport = AsyncTransport(
            self._http,
            retry=config.retry,
            timeout=config.timeout,
            deadline=config.deadline,
            headers=config.headers,
            own=http_client is None,
        )
        self._auth = AsyncClientCredentials(
            token_url=config.token_url,
            client_id=config.client_id,
            client_secret=config.client_secret,
            style=config.style,
            scope=config.scope,
            send=self._transport.send_token_request,
        )
        self._activity_config = activity_config
        self._lti = LtiSlot(lti)
        self._activity: AsyncActivity | None = None
        self._lock = threading.Lock()

    def with_options(
        self,
        *,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> AsyncLearnKit:
        """:meth:`LearnKit.with_options`: the same pool and token, other call settings."""
        issues: list[ValidationIssue] = []
        positive_seconds(issues, "timeout", timeout)
        positive_seconds(issues, "deadline", deadline)
        if issues:
            raise ValidationError(issues)
        config = replace(
            self._config,
            timeout=self._config.timeout if timeout is None else timeout,
            deadline=self._config.deadline if deadline is None else float(deadline),
            retry=self._config.retry
            if retry is None and max_retries is None
            else _retry_of(self._config.retry if retry is None else retry, max_retries),
            headers={**self._config.headers, **(headers or {})},
        )
        other = object.__new__(AsyncLearnKit)
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k in _SHARED_STATE})
        other._config = config
        other._owns_http = False
        other._transport = AsyncTransport(
            self._http,
            retry=config.retry,
            timeout=config.timeout,
            deadline=config.deadline,
            headers=config.headers,
            own=self._transport.own,
        )
        other._activity = None
        other._lock = threading.Lock()
        return other

    async def close(self) -> None:
        """Closes the connection pool (unless it is an ``http_client`` you passed)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncLearnKit:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def activity(self) -> AsyncActivity:
        """:attr:`LearnKit.activity` for tasks: ``await alk.activity.record(...)``."""
        with self._lock:
            if self._activity is None:
                from .activity import AsyncActivity
                from .activity._config import config_source

                self._activity = AsyncActivity(
                    self, base_url=self.base_url, config=config_source(self._activity_config)
                )
            return self._activity

    @property
    def lti(self) -> AsyncLaunchVerifier:
        """:attr:`LearnKit.lti` for tasks: ``await alk.lti.verify(id_token)``."""
        return self._lti.async_verifier(self.base_url, self.environment)

    async def request(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str | int] | None = None,
        query: Mapping[str, QueryValue] | None = None,
        body: object = _UNSET,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
    ) -> Any:
        """:meth:`LearnKit.request` for tasks.

        Example::

            user = await alk.request("GET", "/rostering/1.0/users/{sourcedId}", path_params={"sourcedId": "usr-1"})
        """
        raw_response = await self.request_with_response(
            method,
            path,
            path_params=path_params,
            query=query,
            body=body,
            headers=headers,
            idempotent=idempotent,
            timeout=timeout,
            deadline=deadline,
            max_retries=max_retries,
            retry=retry,
            extra_query=extra_query,
            idempotency_key=idempotency_key,
            operation=operation,
        )
        return raw_response.data

    async def request_with_response(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str | int] | None = None,
        query: Mapping[str, QueryValue] | None = None,
        body: object = _UNSET,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
        _bearer: str | None = None,
        _binary: bool = False,
    ) -> ApiResponse[Any]:
        """:meth:`LearnKit.request_with_response` for tasks."""
        verb, url, payload, request_headers, name = self._prepare(
            method, path, path_params, query, body, headers, extra_query, idempotency_key, operation
        )
        auth = self._auth if _bearer is None else None
        if _bearer is not None:
            register_token(_bearer)
            request_headers["authorization"] = f"Bearer {_bearer}"
        sent = await self._transport.send(
            verb,
            url,
            body=payload,
            headers=request_headers,
            auth=auth,  # type: ignore[arg-type]
            operation=name,
            idempotent=idempotent,
            timeout=timeout,
            deadline=deadline,
            retry=self._retry_for(retry, max_retries),
        )
        return self._respond(sent, name, _binary)

    async def _call(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, object] | None = None,
        query: Mapping[str, object] | None = None,
        body: object = _UNSET,
        cast: Any = None,
        returns: str | None = None,
        partial: bool = False,
        idempotent: bool | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
        bearer: str | None = None,
        binary: bool = False,
    ) -> Any:
        raw_response = await self.request_with_response(
            method,
            path,
            path_params=path_params,  # type: ignore[arg-type]
            query=query,  # type: ignore[arg-type]
            body=body,
            headers={**(headers or {}), **(extra_headers or {})},
            idempotent=idempotent,
            timeout=timeout,
            max_retries=max_retries,
            extra_query=extra_query,  # type: ignore[arg-type]
            idempotency_key=idempotency_key,
            operation=operation,
            _bearer=bearer,
            _binary=binary,
        )
        return self._result(raw_response, cast, returns, partial)

    def _list(
        self,
        path: str,
        *,
        page: str | None,
        item: Any,
        path_params: Mapping[str, object] | None = None,
        query: Mapping[str, object] | None = None,
        limit: int | None = None,
        offset: int | None = None,
        max_items: int | None = None,
        paged: bool = True,
        max_limit: int = MAX_LIMIT,
        partial: bool = False,
        timeout: Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        operation: str | None = None,
    ) -> AsyncPager[Any]:
        check_page_options(limit, offset, max_items, max_limit)
        from ._pagination import DEFAULT_LIMIT

        async def read(at: int, size: int | None) -> tuple[list[Any], int | None, ApiResponse[Any]]:
            page_query = {**(query or {}), "offset": at, "limit": size} if paged else dict(query or {})
            raw_response = await self.request_with_response(
                "GET",
                path,
                path_params=path_params,  # type: ignore[arg-type]
                query=page_query,  # type: ignore[arg-type]
                headers=extra_headers,
                timeout=timeout,
                max_retries=max_retries,
                extra_query=extra_query,  # type: ignore[arg-type]
                operation=operation,
            )
            items, total = self._page(raw_response, page, item, partial)
            return items, total, raw_response

        return AsyncPager(
            read, offset=offset or 0, limit=(limit or DEFAULT_LIMIT) if paged else None, max_items=max_items
        )
