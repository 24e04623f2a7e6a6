"""Dedupe stores: remember handled ids so a redelivered webhook (or a resent activity event) is handled once. The
protocol is the TypeScript ``DedupeStore``'s: ``claim`` before handling, ``release`` when handling failed,
``complete`` and ``status`` so a copy being handled elsewhere is told from one handled
(docs/decisions.md#d-webhook-ack-after-handled); times are seconds (docs/decisions.md#d-python-seconds)."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Literal, Protocol, runtime_checkable

from .errors import ValidationError, ValidationIssue

__all__ = [
    "AsyncDedupeStore",
    "AsyncRedisDedupeStore",
    "DedupeStatus",
    "DedupeStore",
    "MemoryDedupeStore",
    "RedisDedupeStore",
]

#: Where an id stands: claimed and being handled, or handled.
DedupeStatus = Literal["in-flight", "handled"]

# Values of a key: claimed while the function runs, handled once it succeeded (the TypeScript store's values, so the
# two packages can share one Redis).
_CLAIMED = "claimed"
_HANDLED = "handled"


@runtime_checkable
class DedupeStore(Protocol):
    """A store for threads (the sync handler): ``claim(id, ttl)`` is True the first time, False while the id is
    remembered; ``release`` un-claims; ``complete`` marks handled; ``status`` says where an id stands."""

    def claim(self, event_id: str, ttl: float) -> bool: ...

    def release(self, event_id: str) -> None: ...

    def complete(self, event_id: str, ttl: float) -> None: ...

    def status(self, event_id: str) -> DedupeStatus | None: ...


@runtime_checkable
class AsyncDedupeStore(Protocol):
    """:class:`DedupeStore` for tasks (the async handler)."""

    def claim(self, event_id: str, ttl: float) -> Awaitable[bool]: ...

    def release(self, event_id: str) -> Awaitable[None]: ...

    def complete(self, event_id: str, ttl: float) -> Awaitable[None]: ...

    def status(self, event_id: str) -> Awaitable[DedupeStatus | None]: ...


class MemoryDedupeStore:
    """An in-process store with a time to live per id and a size bound (least recently claimed dropped first). Good
    for one process; thread-safe, and usable by the async handler too (its calls never block).

    Example::

        handler = WebhookHandler(secret=secret, on=..., dedupe=MemoryDedupeStore(max_entries=50_000))
    """

    def __init__(self, max_entries: int = 10_000, *, clock: Callable[[], float] = time.monotonic) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValidationError(
                [ValidationIssue(("max_entries",), f"must be a whole number >= 1 (got {max_entries!r})")]
            )
        self._max = max_entries
        self._clock = clock
        self._lock = threading.Lock()
        self._entries: dict[str, tuple[float, bool]] = {}

    def _live(self, event_id: str) -> tuple[float, bool] | None:
        entry = self._entries.get(event_id)
        return entry if entry is not None and entry[0] > self._clock() else None

    def _put(self, event_id: str, entry: tuple[float, bool]) -> None:
        self._entries.pop(event_id, None)
        self._entries[event_id] = entry
        while len(self._entries) > self._max:
            del self._entries[next(iter(self._entries))]

    def claim(self, event_id: str, ttl: float) -> bool:
        """True the first time (handle it), False while ``event_id`` is remembered (skip it)."""
        with self._lock:
            entry = self._live(event_id)
            if entry is not None:
                self._put(event_id, entry)
                return False
            self._put(event_id, (self._clock() + ttl, False))
            return True

    def release(self, event_id: str) -> None:
        """Forgets ``event_id``: the next claim is True again."""
        with self._lock:
            self._entries.pop(event_id, None)

    def complete(self, event_id: str, ttl: float) -> None:
        """Marks ``event_id`` handled for ``ttl`` seconds from now."""
        with self._lock:
            self._put(event_id, (self._clock() + ttl, True))

    def status(self, event_id: str) -> DedupeStatus | None:
        """``handled``, ``in-flight``, or None when the id is not remembered."""
        with self._lock:
            entry = self._live(event_id)
        return None if entry is None else "handled" if entry[1] else "in-flight"


class _SyncRedis(Protocol):
    def set(self, name: str, value: str, *, px: int | None = ..., nx: bool = ...) -> object: ...

    def delete(self, *names: str) -> object: ...

    def get(self, name: str) -> object: ...


class _AsyncRedis(Protocol):
    def set(self, name: str, value: str, *, px: int | None = ..., nx: bool = ...) -> Awaitable[object]: ...

    def delete(self, *names: str) -> Awaitable[object]: ...

    def get(self, name: str) -> Awaitable[object]: ...


def _px(ttl: float) -> int:
    # PX takes whole milliseconds >= 1.
    return max(1, math.ceil(ttl * 1000))


def _status(value: object) -> DedupeStatus | None:
    if value is None:
        return None
    text = value.decode() if isinstance(value, bytes) else str(value)
    return "in-flight" if text == _CLAIMED else "handled"


def _check_redis(redis: object) -> None:
    if not all(callable(getattr(redis, name, None)) for name in ("set", "delete", "get")):
        raise ValidationError(
            [ValidationIssue(("redis",), "must be a Redis client with set(), delete() and get(), e.g. redis.Redis()")]
        )


class RedisDedupeStore:
    """A store in Redis (``redis.Redis``), for consumers on several machines: ``claim`` is one atomic
    ``SET key claimed PX ttl NX``, ``release`` a ``DEL``, ``complete`` ``SET key handled PX ttl`` and ``status`` a
    ``GET``: a copy arriving on another machine while the first is being handled gets 503, never
    acknowledged (the TypeScript store's keys and values, so both languages can share one Redis).

    Example::

        import redis
        handler = WebhookHandler(secret=secret, on=..., dedupe=RedisDedupeStore(redis.Redis.from_url(url)))
    """

    def __init__(self, redis: _SyncRedis, *, prefix: str = "learnkit:webhooks:seen:") -> None:
        _check_redis(redis)
        self._redis = redis
        self._prefix = prefix

    def claim(self, event_id: str, ttl: float) -> bool:
        """``SET key claimed PX ttl NX``: True when set."""
        return bool(self._redis.set(self._prefix + event_id, _CLAIMED, px=_px(ttl), nx=True))

    def release(self, event_id: str) -> None:
        """``DEL key``."""
        self._redis.delete(self._prefix + event_id)

    def complete(self, event_id: str, ttl: float) -> None:
        """``SET key handled PX ttl``."""
        self._redis.set(self._prefix + event_id, _HANDLED, px=_px(ttl))

    def status(self, event_id: str) -> DedupeStatus | None:
        """``GET key``: ``in-flight`` while claimed, ``handled`` once completed."""
        return _status(self._redis.get(self._prefix + event_id))


class AsyncRedisDedupeStore:
    """:class:`RedisDedupeStore` over ``redis.asyncio.Redis``, for the async handler.

    Example::

        import redis.asyncio
        handler = AsyncWebhookHandler(secret=secret, on=..., dedupe=AsyncRedisDedupeStore(redis.asyncio.Redis()))
    """

    def __init__(self, redis: _AsyncRedis, *, prefix: str = "learnkit:webhooks:seen:") -> None:
        _check_redis(redis)
        self._redis = redis
        self._prefix = prefix

    async def claim(self, event_id: str, ttl: float) -> bool:
        """``SET key claimed PX ttl NX``: True when set."""
        return bool(await self._redis.set(self._prefix + event_id, _CLAIMED, px=_px(ttl), nx=True))

    async def release(self, event_id: str) -> None:
        """``DEL key``."""
        await self._redis.delete(self._prefix + event_id)

    async def complete(self, event_id: str, ttl: float) -> None:
        """``SET key handled PX ttl``."""
        await self._redis.set(self._prefix + event_id, _HANDLED, px=_px(ttl))

    async def status(self, event_id: str) -> DedupeStatus | None:
        """``GET key``."""
        return _status(await self._redis.get(self._prefix + event_id))
