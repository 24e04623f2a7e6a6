"""``LearnKit`` and ``AsyncLearnKit``: the platform clients, their configuration from arguments or ``LEARNKIT_*``
variables, ``request()`` for any path, and the call every generated method makes (``_call``)."""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

import httpx

from ._attempts import Timeout, no_cookies, positive_seconds
from ._auth import ClientCredentials
from ._environments import EnvironmentName
from ._generated.client import Families
from ._lti_client import LtiSlot
from ._pagination import MAX_LIMIT, SyncPager, check_page_options
from ._redact import register_token
from ._response import ApiResponse
from ._retry import RetryOptions
from ._transport import Transport
from ._types import QueryValue
from .errors import ValidationError, ValidationIssue

if TYPE_CHECKING:
    from .activity import Activity
    from .lti import LaunchVerifier, LtiOptions
from ._async_client import AsyncLearnKit
from ._base_client import _SHARED_STATE, _UNSET, _Shared
from ._config import ENV, _configure, _retry_of

__all__ = ["ENV", "AsyncLearnKit", "LearnKit"]

_NOT_AN_HTTP_CLIENT = "must be an httpx.Client (AsyncLearnKit takes an httpx.AsyncClient)"


class LearnKit(_Shared, Families):
    """The LearnKit platform client. One instance holds one connection pool and one retry policy, shared by every
    call; it is safe to use from many threads. Its token (client credentials, refreshed before it expires, one refresh
    however many threads wait) is shared with every client of the process that has the same token URL, client id,
    scope and secret, so a client made per request asks for no new token. Nothing is sent until the first call;
    ``with LearnKit() as lk:`` (or ``lk.close()``) closes the pool.

    Configuration comes from the arguments or the environment (``LEARNKIT_ENVIRONMENT``, ``LEARNKIT_BASE_URL``,
    ``LEARNKIT_CLIENT_ID``, ``LEARNKIT_CLIENT_SECRET``, ``LEARNKIT_AUTH_URL``, ``LEARNKIT_LOG``); anything missing is
    one :class:`ValidationError` naming each setting and how to set it. The secret and tokens never appear in ``repr``,
    ``str``, logs or errors. Proxies come from ``HTTP_PROXY``, ``HTTPS_PROXY`` and ``NO_PROXY``, as httpx reads them.

    Example::

        with LearnKit() as lk:  # from LEARNKIT_* variables
            for document in lk.case.documents.list(search="math"):
                print(document.title)
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
        http_client: httpx.Client | None = None,
        env: Mapping[str, str] | None = None,
        environment: EnvironmentName | None = None,
    ) -> None:
        """Checks the configuration and builds the shared pool, token provider and transport.

        ``environment``: ``"sandbox"``, ``"production"`` or ``"staging"`` (default ``LEARNKIT_ENVIRONMENT``) sets the
        base URL and the token URL from the platform's published addresses (``ENVIRONMENTS``); an explicit ``base_url``
        (argument or ``LEARNKIT_BASE_URL``) wins over them. ``auth_url``: tokens from ``{auth_url}/oauth2/token``
        with the credentials as form fields; omitted, from ``{base_url}/auth/1.0/token`` with HTTP Basic.
        ``timeout``: one attempt, in seconds (default 30), or an
        ``httpx.Timeout``; ``deadline``: the whole call, retries included (default 120 s). ``max_retries``: retries
        after the first attempt (default 2); ``retry`` tunes the backoff too. ``activity_config``: the
        ``learnkit.config.json`` of ``lk.activity``, as a dict or a path (default: that file in the working
        directory, read on first use). ``lti``: the options of ``lk.lti``, ``LtiOptions(audience=<your LTI client
        id>)`` (the ``lti`` extra). ``http_client``: an ``httpx.Client`` of your own (its proxies, certificates,
        limits, default headers and cookies); the client leaves it open. ``env``: where the variables are read
        (default ``os.environ``).
        """
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
        if http_client is not None and not isinstance(http_client, httpx.Client):
            raise ValidationError([ValidationIssue(("http_client",), _NOT_AN_HTTP_CLIENT)])
        self._config = config
        self._owns_http = http_client is None
        self._http = (
            http_client
            if http_client is not None
            else httpx.Client(trust_env=True, follow_redirects=False, cookies=no_cookies())
        )
        self._transport = Transport(
            self._http,
            retry=config.retry,
            timeout=config.timeout,
            deadline=config.deadline,
            headers=config.headers,
            own=http_client is None,
        )
        self._auth = ClientCredentials(
            token_url=config.token_url,
            client_id=config.client_id,
            client_secret=config.client_secret,
            style=config.style,
            scope=config.scope,
            send=self._transport.send_token_request,
        )
        self._activity_config = activity_config
        self._lti = LtiSlot(lti)
        self._activity: Activity | None = None
        self._lock = threading.Lock()

    def with_options(
        self,
        *,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> LearnKit:
        """A client like this one with other call settings: it shares this one's pool and token, so it costs no
        connection and no token request.

        Example::

            patient = lk.with_options(timeout=120, max_retries=5)
            patient.case.packages.get(document_id)
        """
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
        other = object.__new__(LearnKit)
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k in _SHARED_STATE})
        other._config = config
        other._owns_http = False
        other._transport = Transport(
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

    def close(self) -> None:
        """Closes the connection pool (unless it is an ``http_client`` you passed)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> LearnKit:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def activity(self) -> Activity:
        """Server-side activity recording: ``lk.activity.record(user=..., activity=..., metrics=...)``, with
        ``learnkit.config.json`` (``activity_config``, else that file in the working directory, read on first use).
        """
        with self._lock:
            if self._activity is None:
                from .activity import Activity
                from .activity._config import config_source

                self._activity = Activity(self, base_url=self.base_url, config=config_source(self._activity_config))
            return self._activity

    @property
    def lti(self) -> LaunchVerifier:
        """The LTI launch verifier (``lk.lti.verify(id_token)``): the issuer and key set of the client's base URL's
        environment, the audience of ``lti=LtiOptions(audience=...)``; needs ``pip install "learnkit[lti]"``."""
        return self._lti.verifier(self.base_url, self.environment)

    def request(
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
        """Calls any path of the platform and returns its parsed JSON body (None for an empty one). Raises an
        :class:`ApiError` subclass for 4xx/5xx (and for a success body that is not JSON), ``ApiConnectionError``
        or ``ApiTimeoutError``.

        ``path`` may hold ``{name}`` placeholders filled from ``path_params`` (percent-encoded; a placeholder
        without a value, or a value without a placeholder, is refused); ``query`` values may be lists (sent
        comma-joined, as ``fields``), booleans or numbers, and None is left out; ``body`` is sent as JSON (leave it
        out for none: ``body=None`` is refused). ``idempotent`` overrides the method's default (GET, HEAD, OPTIONS
        and PUT are; POST, PATCH and DELETE are retried only on 429 or when the connection was never made).

        Example::

            user = lk.request("GET", "/rostering/1.0/users/{sourcedId}", path_params={"sourcedId": "usr-1"})
        """
        return self.request_with_response(
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
        ).data

    def request_with_response(
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
        """Like :meth:`request`, also giving the status, headers and request id (for headers such as
        ``X-Total-Count``)."""
        verb, url, payload, request_headers, name = self._prepare(
            method, path, path_params, query, body, headers, extra_query, idempotency_key, operation
        )
        auth = self._auth if _bearer is None else None
        if _bearer is not None:
            register_token(_bearer)
            request_headers["authorization"] = f"Bearer {_bearer}"
        sent = self._transport.send(
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

    # The one call every generated method makes (docs/decisions.md#d-python-generated-resources).
    def _call(
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
        raw_response = self.request_with_response(
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
    ) -> SyncPager[Any]:
        check_page_options(limit, offset, max_items, max_limit)
        from ._pagination import DEFAULT_LIMIT

        def read(at: int, size: int | None) -> tuple[list[Any], int | None, ApiResponse[Any]]:
            page_query = {**(query or {}), "offset": at, "limit": size} if paged else dict(query or {})
            raw_response = self.request_with_response(
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

        return SyncPager(
            read, offset=offset or 0, limit=(limit or DEFAULT_LIMIT) if paged else None, max_items=max_items
        )


# What a client made by with_options shares with the one it came from.
