"""The call loop: the bearer token, one id per call, per-attempt timeouts under one deadline, retries with backoff
and ``Retry-After``, and one token refresh after a 401 (docs/decisions.md#d-retries, docs/decisions.md#d-tokens)."""

from __future__ import annotations

import http.client
import logging
import math
import platform
import random as _random
import re
import time
import urllib.parse
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from . import _http
from ._api_errors import request_id_of
from ._auth import ClientCredentials
from ._retry import (
    ConnectionFailed,
    Outcome,
    Response,
    RetryOptions,
    RetryState,
    TimedOut,
    decide_retry,
    is_idempotent_method,
    resolve_retry,
)
from ._version import __version__
from .errors import (
    ApiConnectionError,
    ApiTimeoutError,
    LearnKitError,
    RedirectError,
    ValidationError,
    ValidationIssue,
)

_log = logging.getLogger("learnkit")

#: ``learnkit-python/<version> python/<version>``, the client header of every request.
CLIENT_HEADER = f"learnkit-python/{__version__} python/{platform.python_version()}"
_SAFE_ID = re.compile(r"[\x21-\x7e]{1,200}")
_REDIRECTS = frozenset({301, 302, 303, 307, 308})


@dataclass(frozen=True)
class Sent:
    """The final answer of a call (any status), with the id the call sent and the ``Authorization`` value of its
    last attempt (so an error about it can hide it)."""

    status: int
    headers: Mapping[str, str]
    body: bytes
    request_id: str
    authorization: str | None


def positive_ms(issues: list[ValidationIssue], name: str, value: object) -> None:
    """Adds an issue unless ``value`` is None or a positive finite number of ms."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 < value < math.inf):
        issues.append(ValidationIssue((name,), f"must be a positive number of ms (got {value!r})"))


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}"


class Transport:
    """Sends calls with the retry settings, timeouts and default headers of one client. Thread-safe: it holds no
    state between calls."""

    def __init__(
        self,
        *,
        retry: RetryOptions,
        timeout_ms: float,
        deadline_ms: float,
        headers: Mapping[str, str] | None = None,
        random: Callable[[], float] = _random.random,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._retry = retry
        self._timeout_ms = timeout_ms
        self._deadline_ms = deadline_ms
        self._random = random
        self._sleep = sleep
        self._headers = {
            "accept": "application/json",
            "user-agent": CLIENT_HEADER,
            "x-learnkit-client": CLIENT_HEADER,
            **{k.lower(): v for k, v in (headers or {}).items()},
        }

    def send_token_request(
        self, url: str, body: bytes, headers: dict[str, str], operation: str
    ) -> tuple[int, dict[str, str], bytes]:
        """The token request: safe to repeat, so retried like a GET; never carries a bearer token."""
        sent = self.send("POST", url, body=body, headers=headers, auth=None, idempotent=True, operation=operation)
        return sent.status, dict(sent.headers), sent.body

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
        timeout_ms: float | None = None,
        deadline_ms: float | None = None,
        retry: RetryOptions | Literal[False] | None = None,
    ) -> Sent:
        """Sends until an answer is final; raises ``ApiConnectionError``, ``ApiTimeoutError`` or ``RedirectError``
        when none is, else returns the final answer whatever its status."""
        issues: list[ValidationIssue] = []
        positive_ms(issues, "timeout_ms", timeout_ms)
        positive_ms(issues, "deadline_ms", deadline_ms)
        if issues:
            raise ValidationError(issues)
        policy = resolve_retry(self._retry, retry)
        attempt_ms = timeout_ms or self._timeout_ms
        call_ms = deadline_ms or self._deadline_ms
        deadline_at = time.monotonic() + call_ms / 1000
        request_headers = {**self._headers, **{k.lower(): v for k, v in headers.items()}}
        # One id per call, kept across retries, so a partner can quote one id to support
        # (docs/decisions.md#d-s20-request-id). A caller's own id wins when it is fit to send.
        request_id = request_headers.get("x-request-id", "")
        if not _SAFE_ID.fullmatch(request_id):
            request_id = f"req_{uuid.uuid4().hex}"
        request_headers["x-request-id"] = request_id
        state = RetryState(
            retries=0,
            idempotent=is_idempotent_method(method) if idempotent is None else idempotent,
            refreshed=False,
            now=0.0,
            remaining_s=0.0,
        )
        token: str | None = None
        attempt = 0
        path = urllib.parse.urlsplit(url).path
        while True:
            attempt += 1
            if auth is not None and token is None:
                token = auth.current() or auth.get_token(deadline_at, call_ms, operation)
            if token is not None:
                request_headers["authorization"] = f"Bearer {token}"
            if attempt > 1:
                request_headers["x-learnkit-retry-count"] = str(attempt - 1)
            remaining = deadline_at - time.monotonic()
            if remaining <= 0:
                raise ApiTimeoutError(operation, call_ms, "deadline")
            by_deadline = remaining < attempt_ms / 1000
            started = time.monotonic()
            outcome: Outcome
            error: LearnKitError | None = None
            cause: BaseException | None = None
            answer: _http.Answer | None = None
            try:
                answer = _http.send(url, method, request_headers, body, min(attempt_ms / 1000, remaining))
            except _http.AttemptTimeout:
                outcome = TimedOut(by_deadline)
                error = (
                    ApiTimeoutError(operation, call_ms, "deadline")
                    if by_deadline
                    else ApiTimeoutError(operation, attempt_ms, "attempt")
                )
            except _http.NotSent as not_sent:
                cause = not_sent.__cause__ or not_sent
                outcome = ConnectionFailed(surely_not_sent=True)
                error = ApiConnectionError(operation, cause)
            except (OSError, http.client.HTTPException) as broken:
                cause = broken
                outcome = ConnectionFailed(surely_not_sent=False)
                error = ApiConnectionError(operation, broken)
            else:
                if answer.status in _REDIRECTS:
                    location = answer.headers.get("location")
                    target = urllib.parse.urljoin(url, location) if location else None
                    raise RedirectError(
                        status=answer.status,
                        headers=answer.headers,
                        body=answer.body.decode("utf-8", errors="replace"),
                        operation=operation,
                        request_id=request_id,
                        from_origin=_origin(url),
                        to_origin=None if target is None else _origin(target),
                        hint="The SDK follows no redirect, so no credential can leave its origin: check base_url.",
                    )
                outcome = Response(answer.status, answer.headers, has_token=auth is not None and token is not None)
            state.now = time.time()
            state.remaining_s = deadline_at - time.monotonic()
            decision = decide_retry(state, outcome, policy, self._random)
            elapsed_ms = round((time.monotonic() - started) * 1000)
            if decision.reason == "refresh-token" and auth is not None and token is not None:
                # One refresh per call: concurrent 401s with the same token coalesce in the provider.
                state.refreshed = True
                auth.invalidate(token)
                fresh = auth.get_token(deadline_at, call_ms, operation)
                if fresh == token:
                    # The same token again cannot help: the 401 is final.
                    assert answer is not None
                    return Sent(answer.status, answer.headers, answer.body, request_id, request_headers["authorization"])
                _log.info(
                    "%s 401 (attempt %d), token refused: retrying with a fresh token",
                    operation, attempt, extra={"request_id": request_id, "path": path},
                )
                token = fresh
                continue
            if error is not None:
                _log.log(
                    logging.INFO if decision.retry else logging.WARNING,
                    "%s attempt %d failed: %s%s",
                    operation, attempt, type(error).__name__,
                    f", retrying in {decision.delay_ms:g} ms" if decision.retry else "",
                    extra={"request_id": request_id, "path": path, "duration_ms": elapsed_ms},
                )
                if not decision.retry:
                    raise error from cause
            else:
                assert answer is not None
                if not decision.retry:
                    _log.log(
                        logging.DEBUG if answer.status < 400 else logging.WARNING if answer.status >= 500 else logging.INFO,
                        "%s %d (attempt %d)", operation, answer.status, attempt,
                        extra={"request_id": request_id_of(answer.headers) or request_id, "path": path},
                    )
                    return Sent(answer.status, answer.headers, answer.body, request_id, request_headers.get("authorization"))
                _log.info(
                    "%s %d (attempt %d), retrying in %g ms", operation, answer.status, attempt, decision.delay_ms,
                    extra={"request_id": request_id, "path": path, "duration_ms": elapsed_ms},
                )
            self._sleep(decision.delay_ms / 1000)
            state.retries += 1
            token = None
