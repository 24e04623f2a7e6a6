"""OAuth 2.0 client-credentials tokens for threads and tasks: cached once per process per token URL, client id, scope
and secret, refreshed 60 s early, one refresh in flight however many threads wait (docs/decisions.md#d-tokens,
docs/decisions.md#d-python-threads, docs/decisions.md#d-shared-token-cache)."""

from __future__ import annotations

import asyncio
import base64
import copy
import functools
import json
import logging
import threading
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any, Literal

from ._redact import register_secret, register_token
from ._token_cache import TokenState, shared_tokens
from .errors import ApiTimeoutError, AuthenticationError, LearnKitError, create_api_error

# Tokens are refreshed this long before they expire, so a call never leaves with a token about to die.
_REFRESH_MARGIN_S = 60.0
# The platform's documented lifetime, used when a token response omits expires_in.
_DEFAULT_EXPIRES_IN_S = 3600.0
# RFC 6749 section 5.2: all an error of the token endpoint may show.
_OAUTH_ERROR_MEMBERS = ("error", "error_description", "error_uri")
_OAUTH_ADVICE = {
    "invalid_client": "Check client_id/client_secret and the token URL (and that auth_url matches the endpoint).",
    "invalid_scope": "The client may not ask for that scope; ask the platform team to assign it, or drop scopes.",
    "unauthorized_client": "The client may not use the client-credentials grant; ask the platform team.",
    "invalid_request": (
        "The token request was malformed; check that auth_url is set only for an /oauth2/token endpoint."
    ),
    "unsupported_grant_type": "The endpoint refused the client-credentials grant; check the token URL.",
    "invalid_grant": "The endpoint refused the grant; check the token URL and the credentials.",
}

_log = logging.getLogger("learnkit")

#: Sends the token request with its own retries and time limits: ``(url, form body, headers, operation) -> (status,
#: headers, body)``.
TokenSender = Callable[[str, bytes, dict[str, str], str], tuple[int, dict[str, str], bytes]]


def _token_endpoint_body(text: str, ok: bool) -> str:
    """What an error keeps of a token endpoint's body: its OAuth error members only.

    See docs/decisions.md#d-redaction-by-value.
    """
    try:
        parsed = json.loads(text)
    except ValueError:
        return f"[redacted: {len(text)} characters from the token endpoint]" if ok else text
    if not isinstance(parsed, dict):
        return f"[redacted: {len(text)} characters from the token endpoint]" if ok else text
    kept: dict[str, Any] = {k: parsed[k] for k in _OAUTH_ERROR_MEMBERS if isinstance(parsed.get(k), str)}
    dropped = [k for k in parsed if k not in kept]
    if dropped:
        kept["redacted"] = dropped
    return json.dumps(kept, separators=(",", ":"))


class _TokenEndpoint:
    """What both providers share: the cached token (in :data:`shared_tokens`), the token request's form, and how its
    response is read."""

    def __init__(
        self,
        *,
        token_url: str,
        client_id: str,
        client_secret: str,
        style: Literal["basic", "form"],
        scope: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.token_url = token_url
        self.client_id = client_id
        self._secret = client_secret
        self._style = style
        self._scope = scope
        self._clock = clock
        self._key = shared_tokens.key(token_url, client_id, scope, style, client_secret)
        self._basic = "Basic " + base64.b64encode(
            f"{urllib.parse.quote_plus(client_id)}:{urllib.parse.quote_plus(client_secret)}".encode()
        ).decode("ascii")
        self._operation = f"POST {urllib.parse.urlsplit(token_url).path}"
        #: How many token requests this provider made (for tests and metrics).
        self.requests = 0
        # Redacted for as long as this provider lives (docs/decisions.md#d-redaction-by-value).
        register_secret(client_secret, self)
        register_secret(self._basic[6:], self)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(token_url={self.token_url!r}, client_id={self.client_id!r}, "
            "client_secret=[redacted])"
        )

    def _state(self) -> TokenState:
        # Looked up on every call, so that clearing the cache reaches providers made before.
        return shared_tokens.state(self._key)

    def current(self) -> str | None:
        """The cached token when it is not due for refresh, else None."""
        state = self._state()
        with state.lock:
            if state.token is not None and self._clock() < state.refresh_at:
                return state.token
            return None

    def invalidate(self, token: str) -> None:
        """Drops ``token`` if it is still the cached one (the API refused it): the next caller refreshes."""
        state = self._state()
        with state.lock:
            if state.token == token:
                state.token = None
                state.expires_at = 0.0
                state.refresh_at = 0.0

    @staticmethod
    def _still_valid(state: TokenState, now: float) -> str | None:
        return state.token if state.token is not None and now < state.expires_at else None

    def _form(self) -> tuple[bytes, dict[str, str], float]:
        form = {"grant_type": "client_credentials"}
        headers = {"content-type": "application/x-www-form-urlencoded", "accept": "application/json"}
        if self._style == "basic":
            headers["authorization"] = self._basic
        else:
            form["client_id"] = self.client_id
            form["client_secret"] = self._secret
        if self._scope:
            form["scope"] = self._scope
        with self._state().lock:
            self.requests += 1
        return urllib.parse.urlencode(form).encode(), headers, self._clock()

    @staticmethod
    def _store(state: TokenState, token: str, expires_in: float, issued_at: float) -> None:
        with state.lock:
            state.token = token
            state.expires_at = issued_at + expires_in
            # A token living under two minutes is refreshed at half-life instead of 60 s before its end.
            state.refresh_at = state.expires_at - min(_REFRESH_MARGIN_S, expires_in / 2)

    def _keep_after_failure(self, state: TokenState, still_valid: str | None, error: BaseException) -> bool:
        """Whether an early refresh that failed leaves the current token in use (until it really expires)."""
        with state.lock:
            keep = still_valid is not None and state.token == still_valid and self._clock() < state.expires_at
        if keep:
            _log.warning("token refresh failed; keeping the current token until it expires: %s", error)
        return keep

    def _read(self, status: int, response_headers: dict[str, str], raw: bytes) -> tuple[str, float]:
        text = raw.decode("utf-8", errors="replace")
        try:
            parsed: Any = json.loads(text)
        except ValueError:
            parsed = None
        if status >= 300:
            oauth = (
                isinstance(parsed, dict)
                and isinstance(parsed.get("error"), str)
                and (status in (400, 401) or isinstance(parsed.get("error_description"), str))
            )
            if oauth:
                raise AuthenticationError(
                    status=status,
                    headers=response_headers,
                    body=_token_endpoint_body(text, False),
                    operation=self._operation,
                    hint=_OAUTH_ADVICE.get(parsed["error"], "Check the credentials and the token URL."),
                )
            hint = (
                f"Check the token URL ({self.token_url})."
                if status in (404, 405)
                else "Check client_id/client_secret and the token URL."
                if status == 401
                else None
            )
            raise create_api_error(
                status=status,
                headers=response_headers,
                body=_token_endpoint_body(text, False),
                operation=self._operation,
                hint=hint,
            )
        token = parsed.get("access_token") if isinstance(parsed, dict) else None
        if not isinstance(token, str) or token == "":
            raise AuthenticationError(
                status=status,
                headers=response_headers,
                body=_token_endpoint_body(text, True),
                operation=self._operation,
                message=f"{self._operation} responded {status} without an access_token. Check the token URL "
                f"({self.token_url}).",
            )
        register_token(token)
        return token, _seconds(parsed.get("expires_in"))


class ClientCredentials(_TokenEndpoint):
    """Tokens of one client, shared by every thread and by every client of the process with the same credentials
    (docs/decisions.md#d-shared-token-cache). The refresh runs on a short-lived thread of its own, so that every
    caller, the one that started it included, waits no longer than its own deadline, and a caller giving up never
    cancels the refresh the others wait for."""

    def __init__(
        self,
        *,
        token_url: str,
        client_id: str,
        client_secret: str,
        style: Literal["basic", "form"],
        scope: str,
        send: TokenSender,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(
            token_url=token_url, client_id=client_id, client_secret=client_secret, style=style, scope=scope, clock=clock
        )
        self._send = send

    def get_token(self, deadline_at: float, deadline_s: float, operation: str) -> str:
        """A valid token: the cached one, else the one refresh in flight (started here when none is). Waits at most
        until ``deadline_at`` (``time.monotonic()`` seconds), else raises ``ApiTimeoutError`` for ``operation``."""
        state = self._state()
        with state.lock:
            now = self._clock()
            if state.token is not None and now < state.refresh_at:
                return state.token
            pending = state.thread_refresh
            if pending is None:
                pending = state.thread_refresh = Future()
                threading.Thread(
                    target=self._refresh,
                    args=(state, pending, self._still_valid(state, now)),
                    name="learnkit-token-refresh",
                    daemon=True,
                ).start()
        try:
            return pending.result(timeout=max(0.0, deadline_at - time.monotonic()))
        except TimeoutError:
            # concurrent.futures' timeout (the builtin TimeoutError since 3.11): the refresh goes on for the others.
            raise ApiTimeoutError(operation, deadline_s, "deadline") from None
        except LearnKitError as error:
            # Every waiter gets the refresh's error; a copy each, so that threads do not share one traceback.
            raise copy.copy(error) from error.__cause__

    def _refresh(self, state: TokenState, future: Future[str], still_valid: str | None) -> None:
        try:
            body, headers, issued_at = self._form()
            # The grant is safe to repeat, so the sender retries it like a GET; its own deadline bounds it.
            token, expires_in = self._read(*self._send(self.token_url, body, headers, self._operation))
        except BaseException as error:  # noqa: BLE001 - handed to every waiter
            keep = self._keep_after_failure(state, still_valid, error)
            with state.lock:
                state.thread_refresh = None
            if keep and still_valid is not None:
                future.set_result(still_valid)
            else:
                future.set_exception(error)
            return
        self._store(state, token, expires_in, issued_at)
        with state.lock:
            state.thread_refresh = None
        future.set_result(token)


#: Sends the token request in a task: ``(url, form body, headers, operation) -> (status, headers, body)``.
AsyncTokenSender = Callable[[str, bytes, dict[str, str], str], Awaitable[tuple[int, dict[str, str], bytes]]]


class AsyncClientCredentials(_TokenEndpoint):
    """Tokens of one :class:`AsyncLearnKit`, shared by every task and by every client of the process with the same
    credentials: the one refresh in flight on an event loop is a task of its own, which each caller awaits no longer
    than its own deadline (``asyncio.shield``), so a caller giving up (or cancelled) never cancels it for the others
    (docs/decisions.md#d-python-async-token-refresh, docs/decisions.md#d-shared-token-cache)."""

    def __init__(
        self,
        *,
        token_url: str,
        client_id: str,
        client_secret: str,
        style: Literal["basic", "form"],
        scope: str,
        send: AsyncTokenSender,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(
            token_url=token_url, client_id=client_id, client_secret=client_secret, style=style, scope=scope, clock=clock
        )
        self._send = send

    async def get_token(self, deadline_at: float, deadline_s: float, operation: str) -> str:
        """:meth:`ClientCredentials.get_token` for tasks."""
        loop = asyncio.get_running_loop()
        state = self._state()
        with state.lock:
            now = self._clock()
            if state.token is not None and now < state.refresh_at:
                return state.token
            pending = state.task_refreshes.get(id(loop))
            # A task is awaited only on its own loop: each loop waits on a refresh of its own, and no asyncio lock
            # (bound to one loop) is shared.
            if pending is None or pending.done() or pending.get_loop() is not loop:
                pending = loop.create_task(self._refresh(state, self._still_valid(state, now)))
                state.task_refreshes[id(loop)] = pending
                pending.add_done_callback(functools.partial(_forget, state, id(loop)))
        try:
            return await asyncio.wait_for(asyncio.shield(pending), max(0.0, deadline_at - time.monotonic()))
        except TimeoutError:
            raise ApiTimeoutError(operation, deadline_s, "deadline") from None
        except LearnKitError as error:
            raise copy.copy(error) from error.__cause__

    async def _refresh(self, state: TokenState, still_valid: str | None) -> str:
        try:
            body, headers, issued_at = self._form()
            token, expires_in = self._read(*await self._send(self.token_url, body, headers, self._operation))
        except Exception as error:
            if self._keep_after_failure(state, still_valid, error) and still_valid is not None:
                return still_valid
            raise
        self._store(state, token, expires_in, issued_at)
        return token


def _forget(state: TokenState, loop_id: int, task: asyncio.Task[str]) -> None:
    """Drops a finished refresh from its state, and marks its error retrieved: every waiter may have given up
    before it ended."""
    with state.lock:
        if state.task_refreshes.get(loop_id) is task:
            del state.task_refreshes[loop_id]
    if not task.cancelled():
        task.exception()


def _seconds(value: object) -> float:
    """``expires_in`` as a number of seconds (a numeric string too, as JavaScript's ``Number()`` reads it)."""
    if isinstance(value, bool):
        return _DEFAULT_EXPIRES_IN_S
    try:
        seconds = float(value) if isinstance(value, (int, float, str)) else float("nan")
    except ValueError:
        return _DEFAULT_EXPIRES_IN_S
    return seconds if 0 < seconds < float("inf") else _DEFAULT_EXPIRES_IN_S


def check_credential(name: str, value: object) -> str | None:
    """What is wrong with a credential (empty, or with stray whitespace), or None."""
    if not isinstance(value, str) or value == "":
        return f"is required: pass the {name} the platform team issued"
    if value.strip() != value:
        return "has leading or trailing whitespace (a pasted newline?); trim it before passing it"
    return None
