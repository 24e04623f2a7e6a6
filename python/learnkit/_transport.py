"""The call loop over httpx, sync and async: the bearer token, one id per call, per-attempt timeouts under one
deadline, retries with backoff and ``Retry-After``, and one token refresh after a 401 (docs/decisions.md#d-retries,
docs/decisions.md#d-tokens, docs/decisions.md#d-python-httpx-pool).

The decision after each attempt is ``_attempts._Base._after``, shared by both loops; only waiting differs
(``time.sleep`` in threads, ``asyncio.sleep`` in tasks)."""

from __future__ import annotations

import asyncio
import logging
import random as _random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import httpx

from ._retry import (
    RetryOptions,
)

if TYPE_CHECKING:
    from ._auth import AsyncClientCredentials, ClientCredentials

from ._attempts import (
    CLIENT_HEADER,
    FinalResponse,
    Timeout,
    _AttemptResponse,
    _AttemptTimeout,
    _Base,
    _Broken,
    _Call,
    _classify,
    _headers_of,
    _NotSent,
    _request,
)

_log = logging.getLogger("learnkit")

__all__ = ["AsyncTransport", "CLIENT_HEADER", "FinalResponse", "Timeout", "Transport"]


class Transport(_Base):
    """Sends calls over one ``httpx.Client`` (its pool and proxy settings) with the retry settings, timeouts and
    default headers of one client. Thread-safe: it holds no state between calls."""

    def __init__(
        self,
        client: httpx.Client,
        *,
        retry: RetryOptions,
        timeout: Timeout,
        deadline: float,
        headers: Mapping[str, str] | None = None,
        random: Callable[[], float] = _random.random,
        own: bool = False,
    ) -> None:
        super().__init__(retry=retry, timeout=timeout, deadline=deadline, headers=headers, random=random, own=own)
        self.client = client
        self._sleep: Callable[[float], None] = time.sleep

    def send_token_request(
        self, url: str, body: bytes, headers: dict[str, str], operation: str
    ) -> tuple[int, dict[str, str], bytes]:
        """The token request: safe to repeat, so retried like a GET; never carries a bearer token."""
        sent = self.send("POST", url, body=body, headers=headers, auth=None, idempotent=True, operation=operation)
        return sent.status, dict(sent.headers), sent.body

    def _once(self, call: _Call, limit: float, phases: httpx.Timeout) -> _AttemptResponse:
        started = time.monotonic()
        try:
            # Never the client's own redirect following, even on a caller's client made with follow_redirects=True:
            # a 307 would resend the body (a token request's client_secret) to another origin
            # (docs/decisions.md#d-callers-client-no-redirects).
            response = self.client.send(
                _request(self.client, self.own, call, phases), stream=True, follow_redirects=False
            )
        except httpx.TransportError as error:
            raise _classify(error) from None
        try:
            chunks: list[bytes] = []
            # Each chunk is read within the attempt's time: a body that trickles cannot stretch it
            # (docs/decisions.md#d-body-read-in-attempt).
            for chunk in response.iter_bytes():
                chunks.append(chunk)
                if time.monotonic() - started > limit:
                    raise _AttemptTimeout()
        except httpx.TransportError as error:
            raise _classify(error) from None
        finally:
            response.close()
        body = b"".join(chunks)
        response._content = body  # the httpx response keeps its body, as a non-streamed one does
        return _AttemptResponse(response.status_code, _headers_of(response), body, response)

    def send(
        self,
        method: str,
        url: str,
        *,
        body: bytes | None,
        headers: Mapping[str, str],
        auth: ClientCredentials | None,
        operation: str,
        idempotent: bool | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        retry: RetryOptions | None = None,
    ) -> FinalResponse:
        """Sends until a response is final; raises ``ApiConnectionError``, ``ApiTimeoutError`` or ``RedirectError``
        when none is, else returns the final response whatever its status."""
        call = self._start(method, url, body, headers, operation, idempotent, timeout, deadline, retry)
        token: str | None = None
        while True:
            if auth is not None and token is None:
                token = auth.current() or auth.get_token(call.deadline_at, call.call_s, operation)
            self._prepare_attempt(call, token)
            limit, by_deadline, phases = self._limits(call)
            started = time.monotonic()
            raw_response: _AttemptResponse | None = None
            failure: BaseException | None = None
            try:
                raw_response = self._once(call, limit, phases)
            except (_AttemptTimeout, _NotSent, _Broken) as caught:
                failure = caught
            decision, error = self._after(call, raw_response, failure, by_deadline, token is not None, started)
            if decision.reason == "refresh-token" and auth is not None and token is not None:
                # One refresh per call: concurrent 401s with the same token coalesce in the provider.
                call.state.refreshed = True
                auth.invalidate(token)
                fresh = auth.get_token(call.deadline_at, call.call_s, operation)
                if fresh == token:
                    # The same token again cannot help: the 401 is final.
                    assert raw_response is not None
                    return self._sent(call, raw_response)
                _log.info("%s 401 (attempt %d), token refused: retrying with a fresh token", operation, call.attempt)
                token = fresh
                continue
            if not decision.retry:
                if error is not None:
                    raise error from failure.__cause__ if failure is not None else None
                assert raw_response is not None
                return self._sent(call, raw_response)
            self._sleep(decision.delay_ms / 1000)
            call.state.retries += 1
            token = None


class AsyncTransport(_Base):
    """:class:`Transport` over one ``httpx.AsyncClient``, for tasks: each attempt runs under ``asyncio.timeout``, so
    its whole response arrives within its time."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        retry: RetryOptions,
        timeout: Timeout,
        deadline: float,
        headers: Mapping[str, str] | None = None,
        random: Callable[[], float] = _random.random,
        own: bool = False,
    ) -> None:
        super().__init__(retry=retry, timeout=timeout, deadline=deadline, headers=headers, random=random, own=own)
        self.client = client

    async def send_token_request(
        self, url: str, body: bytes, headers: dict[str, str], operation: str
    ) -> tuple[int, dict[str, str], bytes]:
        """The token request: safe to repeat, so retried like a GET; never carries a bearer token."""
        sent = await self.send("POST", url, body=body, headers=headers, auth=None, idempotent=True, operation=operation)
        return sent.status, dict(sent.headers), sent.body

    async def _once(self, call: _Call, limit: float, phases: httpx.Timeout) -> _AttemptResponse:
        try:
            async with asyncio.timeout(limit):
                # As the sync transport: never the client's redirect following
                # (docs/decisions.md#d-callers-client-no-redirects).
                response = await self.client.send(_request(self.client, self.own, call, phases), follow_redirects=False)
        except TimeoutError:
            raise _AttemptTimeout() from None
        except httpx.TransportError as error:
            raise _classify(error) from None
        return _AttemptResponse(response.status_code, _headers_of(response), response.content, response)

    async def send(
        self,
        method: str,
        url: str,
        *,
        body: bytes | None,
        headers: Mapping[str, str],
        auth: AsyncClientCredentials | None,
        operation: str,
        idempotent: bool | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        retry: RetryOptions | None = None,
    ) -> FinalResponse:
        """:meth:`Transport.send` for tasks."""
        call = self._start(method, url, body, headers, operation, idempotent, timeout, deadline, retry)
        token: str | None = None
        while True:
            if auth is not None and token is None:
                token = auth.current() or await auth.get_token(call.deadline_at, call.call_s, operation)
            self._prepare_attempt(call, token)
            limit, by_deadline, phases = self._limits(call)
            started = time.monotonic()
            raw_response: _AttemptResponse | None = None
            failure: BaseException | None = None
            try:
                raw_response = await self._once(call, limit, phases)
            except (_AttemptTimeout, _NotSent, _Broken) as caught:
                failure = caught
            decision, error = self._after(call, raw_response, failure, by_deadline, token is not None, started)
            if decision.reason == "refresh-token" and auth is not None and token is not None:
                call.state.refreshed = True
                auth.invalidate(token)
                fresh = await auth.get_token(call.deadline_at, call.call_s, operation)
                if fresh == token:
                    assert raw_response is not None
                    return self._sent(call, raw_response)
                _log.info("%s 401 (attempt %d), token refused: retrying with a fresh token", operation, call.attempt)
                token = fresh
                continue
            if not decision.retry:
                if error is not None:
                    raise error from failure.__cause__ if failure is not None else None
                assert raw_response is not None
                return self._sent(call, raw_response)
            await asyncio.sleep(decision.delay_ms / 1000)
            call.state.retries += 1
            token = None
