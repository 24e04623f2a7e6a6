"""Nonce stores: a launch's ``nonce`` is accepted once. They are the webhook dedupe stores (the same ``claim(id, ttl)``
shape, memory or Redis, sync or async) with their own key prefix, so any dedupe store serves too
(docs/decisions.md#d-lti-python-nonce)."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol, runtime_checkable

from .._dedupe import AsyncRedisDedupeStore, MemoryDedupeStore, RedisDedupeStore, _AsyncRedis, _SyncRedis

__all__ = [
    "AsyncNonceStore",
    "AsyncRedisNonceStore",
    "MemoryNonceStore",
    "NonceStore",
    "RedisNonceStore",
]

#: The Redis key prefix of the nonce stores.
NONCE_PREFIX = "learnkit:lti:nonce:"


@runtime_checkable
class NonceStore(Protocol):
    """A store for threads: ``claim(nonce, ttl)`` is True the first time, False while the nonce is remembered."""

    def claim(self, event_id: str, ttl: float) -> bool: ...


@runtime_checkable
class AsyncNonceStore(Protocol):
    """:class:`NonceStore` for tasks."""

    def claim(self, event_id: str, ttl: float) -> Awaitable[bool]: ...


class MemoryNonceStore(MemoryDedupeStore):
    """Nonces of one process, each remembered until its token expires (thread-safe, usable by the async verifier:
    its calls never block).

    Example::

        verifier = LaunchVerifier(issuer=..., audience=..., jwks_url=..., nonce_store=MemoryNonceStore(100_000))
    """


class RedisNonceStore(RedisDedupeStore):
    """Nonces in Redis (``redis.Redis``), for launch endpoints on several machines: one atomic ``SET key PX ttl NX``.

    Example::

        verifier = LaunchVerifier(..., nonce_store=RedisNonceStore(redis.Redis.from_url(url)))
    """

    def __init__(self, redis: _SyncRedis, *, prefix: str = NONCE_PREFIX) -> None:
        super().__init__(redis, prefix=prefix)


class AsyncRedisNonceStore(AsyncRedisDedupeStore):
    """:class:`RedisNonceStore` over ``redis.asyncio.Redis``, for :class:`AsyncLaunchVerifier`.

    Example::

        verifier = AsyncLaunchVerifier(..., nonce_store=AsyncRedisNonceStore(redis.asyncio.Redis()))
    """

    def __init__(self, redis: _AsyncRedis, *, prefix: str = NONCE_PREFIX) -> None:
        super().__init__(redis, prefix=prefix)
