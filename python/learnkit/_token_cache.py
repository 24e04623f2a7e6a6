"""The OAuth 2.0 tokens of this process: one cached token and its refreshes in flight per token URL, client id, scope
and secret, shared by every ``LearnKit`` and ``AsyncLearnKit`` (docs/decisions.md#d-shared-token-cache)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import threading
from concurrent.futures import Future

__all__ = ["CacheKey", "TokenCache", "TokenState", "shared_tokens"]


class TokenState:
    """One cached token and the refreshes in flight for it, shared by every provider of the process with the same
    key. ``lock`` (a thread lock, never held across an ``await``) guards every field."""

    __slots__ = ("expires_at", "lock", "refresh_at", "task_refreshes", "thread_refresh", "token")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.token: str | None = None
        self.expires_at = 0.0
        self.refresh_at = 0.0
        #: The refresh the threads wait on.
        self.thread_refresh: Future[str] | None = None
        #: The refresh the tasks of each event loop wait on (a task belongs to one loop), by ``id(loop)``.
        self.task_refreshes: dict[int, asyncio.Task[str]] = {}

    def __repr__(self) -> str:
        return f"TokenState(token={'[redacted]' if self.token else None})"


#: What keys a token: token URL, client id, scope, style and an HMAC of the secret, as one JSON string (a string keeps
#: its hash, so the lookup on every call hashes nothing).
CacheKey = str


class TokenCache:
    """The tokens of this process, one :class:`TokenState` per key: every ``LearnKit`` and ``AsyncLearnKit`` with the
    same token URL, client id, scope and secret shares one token and one refresh
    (docs/decisions.md#d-shared-token-cache)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._states: dict[CacheKey, TokenState] = {}
        # Keys hold an HMAC of the secret under a key made once per process: no spelling of the secret, and nothing
        # that means anything outside the process (docs/decisions.md#d-token-cache-by-credentials).
        self._hmac_key = os.urandom(32)

    def key(self, token_url: str, client_id: str, scope: str, style: str, client_secret: str) -> CacheKey:
        """The key of these credentials."""
        digest = hmac.new(self._hmac_key, client_secret.encode("utf-8"), hashlib.sha256).hexdigest()
        return json.dumps([token_url, client_id, scope, style, digest])

    def state(self, key: CacheKey) -> TokenState:
        """The state of ``key``, made empty on first use."""
        found = self._states.get(key)
        if found is not None:
            return found
        with self._lock:
            return self._states.setdefault(key, TokenState())

    def clear(self) -> None:
        """Forgets every token of this process; a refresh in flight still completes for the callers waiting on it."""
        with self._lock:
            self._states = {}

    def __repr__(self) -> str:
        return f"TokenCache({len(self._states)} keys)"


#: The process-wide cache every provider uses.
shared_tokens = TokenCache()
