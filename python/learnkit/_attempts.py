"""One attempt of a call: its time limits, what it came to, the retry decision after it and its log line, shared by
the sync and async loops of ``_transport`` (docs/decisions.md#d-retries, docs/decisions.md#d-python-httpx-pool)."""

from __future__ import annotations

import http.cookiejar
import logging
import math
import os
import platform
import random as _random
import re
import time
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import httpx

from ._retry import (
    ConnectionFailed,
    Decision,
    Outcome,
    Response,
    RetryOptions,
    RetryState,
    TimedOut,
    decide_retry,
    is_idempotent_method,
)
from ._version import __version__
from .errors import ApiConnectionError, ApiTimeoutError, LearnKitError, RedirectError, ValidationError, ValidationIssue
from .errors._api import request_id_of

if TYPE_CHECKING:
    pass

_log = logging.getLogger("learnkit")

#: ``learnkit-python/<version> python/<version>``, the client header of every request.
CLIENT_HEADER = f"learnkit-python/{__version__} python/{platform.python_version()}"
_SAFE_ID = re.compile(r"[\x21-\x7e]{1,200}")
_REDIRECTS = frozenset({301, 302, 303, 307, 308})

#: A timeout as the client and the calls take it: seconds for each attempt, or httpx's own phases.
Timeout = float | httpx.Timeout


@dataclass(frozen=True)
class FinalResponse:
    """The final response of a call (any status), with the id the call sent and the ``Authorization`` value of its
    last attempt (so an error about it can hide it)."""

    status: int
    headers: Mapping[str, str]
    body: bytes
    request_id: str
    authorization: str | None
    #: The httpx response of the final attempt (its body already read).
    response: httpx.Response | None = None


def positive_seconds(issues: list[ValidationIssue], name: str, value: object) -> None:
    """Adds an issue unless ``value`` is None, a positive finite number of seconds, or an ``httpx.Timeout``."""
    if value is None or (isinstance(value, httpx.Timeout) and name == "timeout"):
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 < value < math.inf):
        kind = (
            "a positive number of seconds or an httpx.Timeout" if name == "timeout" else "a positive number of seconds"
        )
        issues.append(ValidationIssue((name,), f"must be {kind} (got {value!r})"))


def attempt_seconds(timeout: Timeout) -> float:
    """How long one attempt may take: the float as given; for an ``httpx.Timeout``, its longest phase."""
    if isinstance(timeout, httpx.Timeout):
        phases = [t for t in (timeout.connect, timeout.read, timeout.write, timeout.pool) if t is not None]
        return max(phases) if phases else math.inf
    return float(timeout)


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}"


def _headers_of(response: httpx.Response) -> dict[str, str]:
    """Names in lower case, repeated headers joined by ``, ``."""
    merged: dict[str, str] = {}
    for key, value in response.headers.multi_items():
        name = key.lower()
        merged[name] = f"{merged[name]}, {value}" if name in merged else value
    return merged


class _AttemptTimeout(Exception):
    pass


class _NotSent(Exception):
    """The connection was never made (refused, DNS, TLS handshake, the proxy): no byte of the request left."""


class _Broken(Exception):
    """The connection broke after it was made."""


@dataclass
class _Call:
    """One call in progress: its limits, headers and retry state."""

    method: str
    url: str
    body: bytes | None
    operation: str
    headers: dict[str, str]
    policy: RetryOptions
    timeout: Timeout
    attempt_s: float
    call_s: float
    deadline_at: float
    state: RetryState
    #: httpx's phases for an attempt that has its whole time: one object per client for its own timeout
    #: (docs/decisions.md#d-python-own-requests).
    phases: httpx.Timeout
    attempt: int = 0


@dataclass(frozen=True)
class _AttemptResponse:
    status: int
    headers: dict[str, str]
    body: bytes
    response: httpx.Response


class _Base:
    """What both transports share: the defaults of one client, and the decision after each attempt."""

    def __init__(
        self,
        *,
        retry: RetryOptions,
        timeout: Timeout,
        deadline: float,
        headers: Mapping[str, str] | None = None,
        random: Callable[[], float] = _random.random,
        own: bool = False,
    ) -> None:
        self.retry = retry
        self.timeout = timeout
        self.deadline = deadline
        self._random = random
        #: Whether the SDK made the httpx client: its requests skip ``build_request``, so httpx's default
        #: ``accept-encoding`` is the SDK's to send (a caller's client keeps its own; HTTP/1.1 keeps connections alive
        #: without httpx's ``connection: keep-alive``) (docs/decisions.md#d-python-own-requests).
        self.own = own
        self.headers = {
            "accept": "application/json",
            **({"accept-encoding": "gzip, deflate"} if own else {}),
            "user-agent": CLIENT_HEADER,
            "x-learnkit-client": CLIENT_HEADER,
            **{k.lower(): v for k, v in (headers or {}).items()},
        }
        self._attempt_s = attempt_seconds(timeout)
        self._phases = timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(self._attempt_s)

    def _start(
        self,
        method: str,
        url: str,
        body: bytes | None,
        headers: Mapping[str, str],
        operation: str,
        idempotent: bool | None,
        timeout: Timeout | None,
        deadline: float | None,
        retry: RetryOptions | None,
    ) -> _Call:
        if timeout is not None or deadline is not None:
            issues: list[ValidationIssue] = []
            positive_seconds(issues, "timeout", timeout)
            positive_seconds(issues, "deadline", deadline)
            if issues:
                raise ValidationError(issues)
        if timeout is None:
            chosen, attempt_s, phases = self.timeout, self._attempt_s, self._phases
        else:
            chosen, attempt_s = timeout, attempt_seconds(timeout)
            phases = timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(attempt_s)
        call_s = self.deadline if deadline is None else float(deadline)
        request_headers = {**self.headers, **{k.lower(): v for k, v in headers.items()}}
        # One id per call, kept across retries, so a partner can quote one id to support
        # (docs/decisions.md#d-request-id-per-call). A caller's own id wins when it is fit to send.
        request_id = request_headers.get("x-request-id", "")
        if not _SAFE_ID.fullmatch(request_id):
            request_headers["x-request-id"] = f"req_{os.urandom(16).hex()}"
        return _Call(
            method=method,
            url=url,
            body=body,
            operation=operation,
            headers=request_headers,
            policy=self.retry if retry is None else retry,
            timeout=chosen,
            attempt_s=attempt_s,
            call_s=call_s,
            deadline_at=time.monotonic() + call_s,
            phases=phases,
            state=RetryState(
                retries=0,
                idempotent=is_idempotent_method(method) if idempotent is None else idempotent,
                refreshed=False,
                now=0.0,
                remaining_s=0.0,
            ),
        )

    @staticmethod
    def _limits(call: _Call) -> tuple[float, bool, httpx.Timeout]:
        """The time this attempt may take, whether the deadline (not the attempt timeout) set it, and httpx's phases."""
        remaining = call.deadline_at - time.monotonic()
        if remaining <= 0:
            raise ApiTimeoutError(call.operation, call.call_s, "deadline")
        if remaining >= call.attempt_s:
            return call.attempt_s, False, call.phases
        return remaining, True, httpx.Timeout(remaining)

    def _after(
        self,
        call: _Call,
        raw_response: _AttemptResponse | None,
        failure: BaseException | None,
        by_deadline: bool,
        has_token: bool,
        started: float,
    ) -> tuple[Decision, LearnKitError | None]:
        """The retry decision after one attempt, and the error the call ends with if it stops on a failure."""
        outcome, error = _outcome_of(call, raw_response, failure, by_deadline, has_token)
        state = call.state
        state.now = time.time()
        state.remaining_s = call.deadline_at - time.monotonic()
        decision = decide_retry(state, outcome, call.policy, self._random)
        if decision.reason == "refresh-token":
            return decision, error
        _log_attempt(call, raw_response, error, decision, started)
        return decision, error

    @staticmethod
    def _sent(call: _Call, raw_response: _AttemptResponse) -> FinalResponse:
        return FinalResponse(
            raw_response.status,
            raw_response.headers,
            raw_response.body,
            call.headers["x-request-id"],
            call.headers.get("authorization"),
            raw_response.response,
        )

    @staticmethod
    def _prepare_attempt(call: _Call, token: str | None) -> None:
        call.attempt += 1
        if token is not None:
            call.headers["authorization"] = f"Bearer {token}"
        if call.attempt > 1:
            call.headers["x-learnkit-retry-count"] = str(call.attempt - 1)


def _outcome_of(
    call: _Call,
    raw_response: _AttemptResponse | None,
    failure: BaseException | None,
    by_deadline: bool,
    has_token: bool,
) -> tuple[Outcome, LearnKitError | None]:
    """What one attempt came to, for the retry decision, and the error the call ends with if it stops there; a
    redirect is refused at once."""
    error: LearnKitError | None = None
    outcome: Outcome
    if isinstance(failure, _AttemptTimeout):
        outcome = TimedOut(by_deadline)
        error = (
            ApiTimeoutError(call.operation, call.call_s, "deadline")
            if by_deadline
            else ApiTimeoutError(call.operation, call.attempt_s, "attempt")
        )
    elif isinstance(failure, (_NotSent, _Broken)):
        outcome = ConnectionFailed(surely_not_sent=isinstance(failure, _NotSent))
        error = ApiConnectionError(call.operation, failure.__cause__ or failure)
    else:
        assert raw_response is not None
        if raw_response.status in _REDIRECTS:
            location = raw_response.headers.get("location")
            target = urllib.parse.urljoin(call.url, location) if location else None
            raise RedirectError(
                status=raw_response.status,
                headers=raw_response.headers,
                body=raw_response.body.decode("utf-8", errors="replace"),
                operation=call.operation,
                request_id=call.headers["x-request-id"],
                from_origin=_origin(call.url),
                to_origin=None if target is None else _origin(target),
                hint="The SDK follows no redirect, so no credential can leave its origin: check base_url.",
            )
        outcome = Response(raw_response.status, raw_response.headers, has_token=has_token)
    return outcome, error


def _log_attempt(
    call: _Call, raw_response: _AttemptResponse | None, error: LearnKitError | None, decision: Decision, started: float
) -> None:
    """The attempt's log line, at the level TypeScript's logger gives it."""
    # The levels of TypeScript's logger: a retry is info; a failure not retried and a 5xx are warnings, which a
    # logger set to WARNING must still get; a success is debug, a 4xx info (docs/decisions.md#d-python-log-levels).
    if error is not None or decision.retry:
        level = logging.INFO if decision.retry else logging.WARNING
    else:
        assert raw_response is not None
        level = (
            logging.DEBUG
            if raw_response.status < 400
            else logging.WARNING
            if raw_response.status >= 500
            else logging.INFO
        )
    if not _log.isEnabledFor(level):
        return
    # Only a log line needs the path: it is split only when there is a line to log.
    path = urllib.parse.urlsplit(call.url).path
    elapsed_ms = round((time.monotonic() - started) * 1000)
    request_id = call.headers["x-request-id"]
    if error is not None:
        _log.log(
            level,
            "%s attempt %d failed: %s%s",
            call.operation,
            call.attempt,
            type(error).__name__,
            f", retrying in {decision.delay_ms:g} ms" if decision.retry else "",
            extra={"request_id": request_id, "path": path, "duration_ms": elapsed_ms},
        )
    elif raw_response is not None and decision.retry:
        _log.log(
            level,
            "%s %d (attempt %d), retrying in %g ms",
            call.operation,
            raw_response.status,
            call.attempt,
            decision.delay_ms,
            extra={"request_id": request_id, "path": path, "duration_ms": elapsed_ms},
        )
    elif raw_response is not None:
        _log.log(
            level,
            "%s %d (attempt %d)",
            call.operation,
            raw_response.status,
            call.attempt,
            extra={"request_id": request_id_of(raw_response.headers) or request_id, "path": path},
        )


def no_cookies() -> http.cookiejar.CookieJar:
    """The cookie jar of a pool the SDK makes: it keeps none. Its requests skip the client's merge, so a kept cookie
    would never be sent back; TypeScript's ``fetch`` sends none either (docs/decisions.md#d-python-own-requests)."""
    return http.cookiejar.CookieJar(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))


def _request(client: httpx.Client | httpx.AsyncClient, own: bool, call: _Call, phases: httpx.Timeout) -> httpx.Request:
    """The attempt's request. On a pool the SDK made, the request is built directly with the SDK's headers (that
    client has no defaults of the caller's to merge, and the merge cost more than the rest of the SDK's work per call);
    on a client the caller passed, ``build_request`` merges its default headers, cookies and query. Either way
    ``send`` picks the transport for the URL, so the proxies of the environment apply
    (docs/decisions.md#d-python-own-requests)."""
    if own:
        return httpx.Request(
            call.method, call.url, headers=call.headers, content=call.body, extensions={"timeout": phases.as_dict()}
        )
    return client.build_request(call.method, call.url, headers=call.headers, content=call.body, timeout=phases)


def _classify(error: httpx.TransportError) -> Exception:
    if isinstance(error, httpx.TimeoutException) and not isinstance(error, httpx.PoolTimeout):
        return _AttemptTimeout()
    if isinstance(error, httpx.PoolTimeout):
        return _AttemptTimeout()
    if isinstance(error, (httpx.ConnectError, httpx.ProxyError)):
        wrapped: Exception = _NotSent()
    else:
        wrapped = _Broken()
    wrapped.__cause__ = error
    return wrapped
