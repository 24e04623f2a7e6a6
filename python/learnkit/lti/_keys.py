"""The platform's key set (JWKS), fetched once and cached: an unknown ``kid`` (a key rotation) fetches it again, at
most once per ``min_refetch_interval`` (30 s), whatever the number of threads or tasks asking; a key set that fails
or hangs is a refusal within ``timeout`` (docs/decisions.md#d-lti-python-key-set)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx
from jwt import PyJWK
from jwt.exceptions import PyJWKError

from ..errors import LaunchVerificationError, ValidationError, ValidationIssue

__all__ = ["AsyncKeySetCache", "KeySetCache"]

#: The largest key set read (a key set is a few KB).
MAX_KEY_SET_BYTES = 256 * 1024
#: The key types each accepted algorithm needs.
KEY_TYPES = {"RS256": ("RSA", None), "ES256": ("EC", "P-256")}


def _keys_of(document: object) -> dict[str, list[Mapping[str, Any]]]:
    """The signing keys of a JWKS document by ``kid`` (keys without one under ``""``); others are skipped."""
    if not isinstance(document, dict) or not isinstance(document.get("keys"), list):
        raise ValueError("not a JWKS document")
    keys: dict[str, list[Mapping[str, Any]]] = {}
    for key in document["keys"]:
        if isinstance(key, dict) and key.get("use", "sig") == "sig" and key.get("kty") in ("RSA", "EC"):
            kid = key.get("kid")
            keys.setdefault(kid if isinstance(kid, str) else "", []).append(key)
    return keys


def _pick(keys: dict[str, list[Mapping[str, Any]]], kid: str | None, alg: str) -> PyJWK | None:
    """The key of ``kid`` fit for ``alg`` (a token without ``kid``: the key set's only fit key)."""
    kty, crv = KEY_TYPES[alg]
    candidates = keys.get(kid, []) if kid is not None else [k for listed in keys.values() for k in listed]
    fit = [
        k
        for k in candidates
        if k.get("kty") == kty and (crv is None or k.get("crv") == crv) and k.get("alg", alg) == alg
    ]
    if len(fit) != 1:
        return None
    try:
        return PyJWK(dict(fit[0]), algorithm=alg)
    except PyJWKError:
        return None


@dataclass
class _State:
    """What both caches share: the keys, when they were fetched and when a fetch was last tried."""

    jwks_url: str
    timeout: float
    min_refetch_interval: float
    max_age: float
    clock: Callable[[], float]
    keys: dict[str, list[Mapping[str, Any]]] | None = None
    fetched_at: float = 0.0
    tried_at: float | None = None
    fetches: int = 0
    by_kid: dict[tuple[str | None, str], PyJWK] = field(default_factory=dict)

    def lookup(self, kid: str | None, alg: str) -> PyJWK | None:
        if self.keys is None or self.clock() - self.fetched_at > self.max_age:
            return None
        found = self.by_kid.get((kid, alg))
        if found is None:
            found = _pick(self.keys, kid, alg)
            if found is not None:
                self.by_kid[(kid, alg)] = found
        return found

    def may_fetch(self) -> bool:
        return self.tried_at is None or self.clock() - self.tried_at >= self.min_refetch_interval

    def started(self) -> None:
        self.tried_at = self.clock()
        self.fetches += 1

    def store(self, body: bytes) -> None:
        keys = _keys_of(json.loads(body))
        self.keys, self.fetched_at, self.by_kid = keys, self.clock(), {}

    def missing(self, kid: str | None, alg: str, failure: BaseException | None) -> LaunchVerificationError:
        """The refusal when no key was found: unreachable when no key set could be read, else an unknown key."""
        if self.keys is None:
            why = "timed out" if isinstance(failure, (httpx.TimeoutException, TimeoutError)) else "failed"
            return LaunchVerificationError(
                "key_set_unreachable",
                f": fetching the platform's key set {self.jwks_url} {why}; check jwks_url and the network "
                f"(fetched again at most every {self.min_refetch_interval:g} s)",
            )
        return LaunchVerificationError(
            "unknown_key",
            f": the token's key ({'kid given' if kid else 'no kid'}, {alg}) is not in the platform's key set "
            f"{self.jwks_url}, even after fetching it again",
        )


def _state(
    jwks_url: object, timeout: object, min_refetch_interval: object, max_age: object, clock: Callable[[], float]
) -> _State:
    """The cache's settings checked, every problem in one :class:`~learnkit.ValidationError`."""
    issues: list[ValidationIssue] = []
    if not isinstance(jwks_url, str) or not jwks_url.startswith(("https://", "http://")):
        issues.append(ValidationIssue(("jwks_url",), "must be the platform's key set URL (https://...)"))
    for name, value in (("timeout", timeout), ("min_refetch_interval", min_refetch_interval), ("max_age", max_age)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            issues.append(ValidationIssue((name,), "must be a positive number of seconds"))
    if issues:
        raise ValidationError(issues)
    return _State(str(jwks_url), float(timeout), float(min_refetch_interval), float(max_age), clock)  # type: ignore[arg-type]


def _check_response(response: httpx.Response) -> None:
    if response.status_code != 200:
        raise ValueError(f"the key set responded with {response.status_code}")
    length = response.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_KEY_SET_BYTES:
        raise ValueError("the key set is too large")


class KeySetCache:
    """The key set of ``jwks_url`` for :class:`~learnkit.lti.LaunchVerifier`, thread-safe: concurrent verifications
    after a rotation make one fetch. Share one between verifiers of the same platform.

    Example::

        keys = KeySetCache("https://platform.timeback.com/.well-known/jwks.json")
        verifier = LaunchVerifier(issuer="https://timeback.com", audience=client_id, key_set=keys)
    """

    def __init__(
        self,
        jwks_url: str,
        *,
        timeout: float = 5.0,
        min_refetch_interval: float = 30.0,
        max_age: float = 3600.0,
        http_client: httpx.Client | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._state = _state(jwks_url, timeout, min_refetch_interval, max_age, clock)
        self._client = http_client
        self._lock = threading.Lock()

    @property
    def fetches(self) -> int:
        """How many times the key set was fetched (or tried)."""
        return self._state.fetches

    def key(self, kid: str | None, alg: str) -> PyJWK:
        """The key of ``kid`` for ``alg``, fetching the key set when it is unknown (at most once per interval)."""
        found = self._state.lookup(kid, alg)
        if found is not None:
            return found
        failure: BaseException | None = None
        with self._lock:
            found = self._state.lookup(kid, alg)
            if found is None and self._state.may_fetch():
                self._state.started()
                try:
                    self._state.store(self._fetch())
                except Exception as error:  # noqa: BLE001 - any failure of the fetch is a refusal, never a crash
                    failure = error
                found = self._state.lookup(kid, alg)
        if found is None:
            raise self._state.missing(kid, alg, failure) from None
        return found

    def _fetch(self) -> bytes:
        deadline = time.monotonic() + self._state.timeout
        client = self._client or httpx.Client()
        try:
            with client.stream("GET", self._state.jwks_url, timeout=self._state.timeout) as response:
                _check_response(response)
                body = b""
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > MAX_KEY_SET_BYTES or time.monotonic() > deadline:
                        raise TimeoutError("the key set took too long or is too large")
                return body
        finally:
            if self._client is None:
                client.close()


class AsyncKeySetCache:
    """:class:`KeySetCache` for :class:`~learnkit.lti.AsyncLaunchVerifier`, task-safe: 1,000 concurrent launches
    after a rotation make one fetch; the whole fetch is bounded by ``timeout``.

    Example::

        keys = AsyncKeySetCache("https://platform.timeback.com/.well-known/jwks.json")
        verifier = AsyncLaunchVerifier(issuer="https://timeback.com", audience=client_id, key_set=keys)
    """

    def __init__(
        self,
        jwks_url: str,
        *,
        timeout: float = 5.0,
        min_refetch_interval: float = 30.0,
        max_age: float = 3600.0,
        http_client: httpx.AsyncClient | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._state = _state(jwks_url, timeout, min_refetch_interval, max_age, clock)
        self._client = http_client
        self._locks: dict[asyncio.AbstractEventLoop, asyncio.Lock] = {}

    @property
    def fetches(self) -> int:
        """How many times the key set was fetched (or tried)."""
        return self._state.fetches

    def _lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        lock = self._locks.get(loop)
        if lock is None:
            self._locks = {loop: asyncio.Lock()}  # one loop at a time: a new loop replaces the old one's lock
            lock = self._locks[loop]
        return lock

    async def key(self, kid: str | None, alg: str) -> PyJWK:
        """The key of ``kid`` for ``alg``, fetching the key set when it is unknown (at most once per interval)."""
        found = self._state.lookup(kid, alg)
        if found is not None:
            return found
        failure: BaseException | None = None
        async with self._lock():
            found = self._state.lookup(kid, alg)
            if found is None and self._state.may_fetch():
                self._state.started()
                try:
                    self._state.store(await asyncio.wait_for(self._fetch(), self._state.timeout))
                except Exception as error:  # noqa: BLE001 - any failure of the fetch is a refusal, never a crash
                    failure = error
                found = self._state.lookup(kid, alg)
        if found is None:
            raise self._state.missing(kid, alg, failure) from None
        return found

    async def _fetch(self) -> bytes:
        client = self._client or httpx.AsyncClient()
        try:
            async with client.stream("GET", self._state.jwks_url, timeout=self._state.timeout) as response:
                _check_response(response)
                body = b""
                async for chunk in response.aiter_bytes():
                    body += chunk
                    if len(body) > MAX_KEY_SET_BYTES:
                        raise ValueError("the key set is too large")
                return body
        finally:
            if self._client is None:
                await client.aclose()
