"""The endpoint the browser tracker posts to: the counterpart of the TypeScript ``createActivityServer().handler``
(docs/decisions.md#d-browser-to-server, docs/decisions.md#d-python-activity-server). The framework glue reads the
request and the signed-in user and calls :meth:`ActivityServer.handle`; the response is framework-neutral."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ._caliper import Actor, encode_uri_component
from ._config import LearnkitConfig
from ._message_events import message_event, pct_complete, wants_pct
from ._protocol import MAX_BATCH_BYTES, ActivityResponse, _Batch, _failure, _respond, read_batch
from ._reads import mastered_units_so_far, mastered_units_so_far_async

if TYPE_CHECKING:
    from .._client import AsyncLearnKit, LearnKit
    from .._dedupe import AsyncDedupeStore, DedupeStore
    from . import User

__all__ = ["ActivityResponse", "ActivityServer", "AsyncActivityServer", "MAX_BATCH_BYTES"]

_log = logging.getLogger("learnkit")
#: Default time an accepted event id is remembered: 30 days (stored windows can come back days later).
DEFAULT_DEDUPE_TTL = 30 * 24 * 3600.0
# A claim holds this long while its events are sent; a process that dies mid-send frees its ids after it.
_CLAIM_LEASE = 300.0
_IN_FLIGHT_RETRY_AFTER = "60"

_F = TypeVar("_F")


@dataclass
class _Claims(Generic[_F]):
    """How a body's ids were claimed: those this request sends, copies it waits for, and what it only counts."""

    #: The indexes of the messages whose ids this request claimed: it sends them.
    owned: list[int] = field(default_factory=list)
    #: The outcomes of copies of ids another request of this process is sending.
    waits: list[_F] = field(default_factory=list)
    #: This request's ids, each with the future its copies wait on.
    mine: dict[str, _F] = field(default_factory=dict)
    #: Ids seen before (or twice in the body): acknowledged without sending.
    duplicates: int = 0
    #: Ids another process is sending now: the body cannot be acknowledged until they are sent.
    elsewhere: int = 0


def _acknowledge(claims: _Claims[Any], accepted: int, copies_taken: bool) -> ActivityResponse:
    """The response once this request's own ids are settled: failed copies, then ids sent elsewhere, then 202."""
    if not copies_taken:
        return _respond(
            502,
            {
                "error": "upstream_failed",
                "message": "a copy of these events sent at the same time failed; send them again",
            },
        )
    duplicates = claims.duplicates + len(claims.waits)
    if claims.elsewhere:
        return _respond(
            503,
            {
                "error": "in_flight",
                "message": "some of these events are being sent by another request; send them again",
            },
            {"retry-after": _IN_FLIGHT_RETRY_AFTER},
        )
    return _respond(202, {"accepted": accepted, "duplicates": duplicates})


class _ServerBase:
    def __init__(self, *, dedupe: Any, dedupe_ttl: float, config: Callable[[], LearnkitConfig], base_url: str) -> None:
        from .._dedupe import MemoryDedupeStore

        self._store: Any = MemoryDedupeStore(100_000) if dedupe is None or dedupe is True else (dedupe or None)
        self._ttl = dedupe_ttl
        self._config = config
        self._base_url = base_url.rstrip("/")
        self._failed: dict[str, None] = {}

    def _actor(self, user: Mapping[str, Any], source_id: str) -> Actor:
        return Actor(
            id=f"{self._base_url}/rostering/1.0/users/{encode_uri_component(source_id)}",
            email=user["email"],
            name=user.get("name"),
            role=user.get("role"),
        )

    def _remember_failed(self, event_id: str) -> None:
        self._failed[event_id] = None
        while len(self._failed) > 10_000:
            del self._failed[next(iter(self._failed))]


class ActivityServer(_ServerBase):
    """The endpoint of the browser tracker for threaded servers (Django, Flask): it checks the body against the
    protocol, finds the user's rostering id, computes ``pctComplete`` (decision 10), sends the Caliper events with
    ``lk.caliper`` and responds as the TypeScript handler does: 202 ``{accepted, duplicates}``, 400 for a bad body,
    401 without a user, 405, 413 over 16 KiB, 502 when the platform did not take the events (the tracker keeps
    them and sends again), 503 while another process is sending the same ids. Resent ids get a response without
    sending again (``dedupe``: default a :class:`~learnkit.MemoryDedupeStore` of 100,000 ids; a
    :class:`~learnkit.webhooks.RedisDedupeStore` with ``prefix="learnkit:activity:seen:"`` for several processes).

    Example::

        server = ActivityServer(lk)
        response = server.handle(request.method, request.body, user={"email": request.user.email})
    """

    def __init__(
        self, lk: LearnKit, *, dedupe: DedupeStore | bool | None = None, dedupe_ttl: float = DEFAULT_DEDUPE_TTL
    ) -> None:
        activity = lk.activity
        super().__init__(dedupe=dedupe, dedupe_ttl=dedupe_ttl, config=activity.config, base_url=lk.base_url)
        self._lk = lk
        self._activity = activity
        self._lock = threading.Lock()
        self._in_flight: dict[str, Future[bool]] = {}

    def handle(self, method: str, body: bytes | str, *, user: User | Mapping[str, object] | None) -> ActivityResponse:
        """Handles one POST of the tracker: the request's method, its raw body and the signed-in user
        (``{"email": ..., "platform_id": ...}``, or None for nobody: 401)."""
        batch = read_batch(method, body, user, self._config)
        if isinstance(batch, ActivityResponse):
            return batch
        claims = self._claim_all(batch)
        accepted = 0
        if claims.owned:
            sent = self._send_owned(batch, claims)
            if isinstance(sent, ActivityResponse):
                return sent
            accepted = sent
        self._settle(claims, lambda _: True)
        outcomes = [wait.result() for wait in claims.waits]
        return _acknowledge(claims, accepted, all(outcomes))

    def _claim_all(self, batch: _Batch) -> _Claims[Future[bool]]:
        """Claims each id once: owned ids are sent here; ids seen before are duplicates; ids being sent by another
        request of this process are waited for."""
        claims: _Claims[Future[bool]] = _Claims()
        for i, message in enumerate(batch.messages):
            event_id = message["id"]
            with self._lock:
                pending = self._in_flight.get(event_id)
                fresh_claim = pending is None and event_id not in claims.mine
                if fresh_claim:
                    claims.mine[event_id] = self._in_flight[event_id] = Future()
            if not fresh_claim:
                if pending is not None and event_id not in claims.mine:
                    claims.waits.append(pending)
                else:
                    claims.duplicates += 1
                continue
            fresh, sending = self._claim(event_id)
            if fresh:
                claims.owned.append(i)
            else:
                claims.elsewhere += sending
                claims.duplicates += not sending
                with self._lock:
                    self._in_flight.pop(event_id, None)
                claims.mine.pop(event_id).set_result(not sending)
        return claims

    def _claim(self, event_id: str) -> tuple[bool, bool]:
        """Claims one id in the dedupe store: whether this request owns it, and else whether another process is
        still sending it."""
        store = self._store
        if store is None:
            return True, False
        try:
            fresh = store.claim(event_id, _CLAIM_LEASE)
            if not fresh and event_id in self._failed:
                del self._failed[event_id]
                fresh = True
            return fresh, (not fresh and store.status(event_id) != "handled")
        except Exception:  # noqa: BLE001 - a store that cannot respond must not lose time: send anyway
            _log.warning("activity handler: dedupe store failed")
            return True, False

    def _settle(self, claims: _Claims[Future[bool]], accepted: Callable[[str], bool]) -> None:
        """Resolves the futures of this request's ids (whether each was taken) and forgets them."""
        with self._lock:
            for event_id in claims.mine:
                self._in_flight.pop(event_id, None)
        for event_id, future in claims.mine.items():
            future.set_result(accepted(event_id))

    def _send_owned(self, batch: _Batch, claims: _Claims[Future[bool]]) -> int | ActivityResponse:
        """Sends the owned messages' events: the count accepted, or the failure response once the ids the platform
        did not take are released."""
        caliper = self._lk.caliper
        try:
            source_id = batch.user.get("platform_id") or self._activity._resolve(batch.user["email"], {})
            events = self._events(batch, claims.owned, source_id)
            sent = caliper.send(events, sensor=batch.config.sensor)
            accepted = sent.accepted
            claims.duplicates += sent.duplicates + len(sent.skipped)
        except Exception as error:  # noqa: BLE001 - a 502 or 500 response
            for i in claims.owned:
                event_id = batch.messages[i]["id"]
                if caliper.has_accepted(event_id):
                    self._complete(event_id)
                elif self._store is not None:
                    try:
                        self._store.release(event_id)
                    except Exception:  # noqa: BLE001
                        self._remember_failed(event_id)
            self._settle(claims, caliper.has_accepted)
            return _failure(error, "sending to the platform failed")
        for i in claims.owned:
            self._complete(batch.messages[i]["id"])
        return accepted

    def _events(self, batch: _Batch, owned: list[int], source_id: str) -> list[dict[str, Any]]:
        """The Caliper events of the owned messages, with ``pctComplete`` where the gradebook gives it."""
        actor = self._actor(batch.user, source_id)
        history: dict[str, float] = {}
        extra: dict[str, float] = {}
        events: list[dict[str, Any]] = []
        for i in owned:
            message, course = batch.messages[i], batch.courses[i]
            pct = None
            if wants_pct(message, course):
                assert course.course_id is not None
                if course.course_id not in history:
                    history[course.course_id] = mastered_units_so_far(self._lk, source_id, course.course_id, {})
                pct = pct_complete(message, course, history[course.course_id], extra)
            events.append(message_event(message, batch, course, actor, pct))
        return events

    def _complete(self, event_id: str) -> None:
        if self._store is not None:
            try:
                self._store.complete(event_id, self._ttl)
            except Exception:  # noqa: BLE001 - only shortens the memory to the lease
                _log.warning("activity handler: dedupe store could not complete")


class AsyncActivityServer(_ServerBase):
    """:class:`ActivityServer` for asyncio servers (FastAPI): the same checks, returns and dedupe; the store may be
    an :class:`~learnkit.webhooks.AsyncRedisDedupeStore`.

    Example::

        server = AsyncActivityServer(alk)
        response = await server.handle("POST", await request.body(), user={"email": user.email})
    """

    def __init__(
        self,
        alk: AsyncLearnKit,
        *,
        dedupe: AsyncDedupeStore | DedupeStore | bool | None = None,
        dedupe_ttl: float = DEFAULT_DEDUPE_TTL,
    ) -> None:
        activity = alk.activity
        super().__init__(dedupe=dedupe, dedupe_ttl=dedupe_ttl, config=activity.config, base_url=alk.base_url)
        self._alk = alk
        self._activity = activity
        self._in_flight: dict[str, asyncio.Future[bool]] = {}

    async def _store_call(self, name: str, *args: object) -> Any:
        result = getattr(self._store, name)(*args)
        return await result if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future) else result

    async def handle(
        self, method: str, body: bytes | str, *, user: User | Mapping[str, object] | None
    ) -> ActivityResponse:
        """:meth:`ActivityServer.handle` for tasks."""
        batch = read_batch(method, body, user, self._config)
        if isinstance(batch, ActivityResponse):
            return batch
        claims = await self._claim_all(batch)
        accepted = 0
        if claims.owned:
            sent = await self._send_owned(batch, claims)
            if isinstance(sent, ActivityResponse):
                return sent
            accepted = sent
        self._settle(claims, lambda _: True)
        outcomes = [await asyncio.shield(wait) for wait in claims.waits]
        return _acknowledge(claims, accepted, all(outcomes))

    async def _claim_all(self, batch: _Batch) -> _Claims[asyncio.Future[bool]]:
        """:meth:`ActivityServer._claim_all` for tasks."""
        loop = asyncio.get_running_loop()
        claims: _Claims[asyncio.Future[bool]] = _Claims()
        for i, message in enumerate(batch.messages):
            event_id = message["id"]
            pending = self._in_flight.get(event_id)
            if pending is not None or event_id in claims.mine:
                if pending is not None and event_id not in claims.mine:
                    claims.waits.append(pending)
                else:
                    claims.duplicates += 1
                continue
            claims.mine[event_id] = self._in_flight[event_id] = loop.create_future()
            fresh, sending = await self._claim(event_id)
            if fresh:
                claims.owned.append(i)
            else:
                claims.elsewhere += sending
                claims.duplicates += not sending
                self._in_flight.pop(event_id, None)
                claims.mine.pop(event_id).set_result(not sending)
        return claims

    async def _claim(self, event_id: str) -> tuple[bool, bool]:
        """:meth:`ActivityServer._claim` for tasks (the store may be async)."""
        if self._store is None:
            return True, False
        try:
            fresh = bool(await self._store_call("claim", event_id, _CLAIM_LEASE))
            if not fresh and event_id in self._failed:
                del self._failed[event_id]
                fresh = True
            return fresh, (not fresh and await self._store_call("status", event_id) != "handled")
        except Exception:  # noqa: BLE001
            _log.warning("activity handler: dedupe store failed")
            return True, False

    def _settle(self, claims: _Claims[asyncio.Future[bool]], accepted: Callable[[str], bool]) -> None:
        """Resolves the futures of this request's ids (whether each was taken) and forgets them."""
        for event_id, future in claims.mine.items():
            self._in_flight.pop(event_id, None)
            if not future.done():
                future.set_result(accepted(event_id))

    async def _send_owned(self, batch: _Batch, claims: _Claims[asyncio.Future[bool]]) -> int | ActivityResponse:
        """:meth:`ActivityServer._send_owned` for tasks."""
        caliper = self._alk.caliper
        try:
            source_id = batch.user.get("platform_id") or await self._activity._resolve(batch.user["email"], {})
            events = await self._events(batch, claims.owned, source_id)
            sent = await caliper.send(events, sensor=batch.config.sensor)
            accepted = sent.accepted
            claims.duplicates += sent.duplicates + len(sent.skipped)
        except Exception as error:  # noqa: BLE001
            for i in claims.owned:
                event_id = batch.messages[i]["id"]
                if caliper.has_accepted(event_id):
                    await self._complete(event_id)
                elif self._store is not None:
                    try:
                        await self._store_call("release", event_id)
                    except Exception:  # noqa: BLE001
                        self._remember_failed(event_id)
            self._settle(claims, caliper.has_accepted)
            return _failure(error, "sending to the platform failed")
        for i in claims.owned:
            await self._complete(batch.messages[i]["id"])
        return accepted

    async def _events(self, batch: _Batch, owned: list[int], source_id: str) -> list[dict[str, Any]]:
        """:meth:`ActivityServer._events` for tasks."""
        actor = self._actor(batch.user, source_id)
        history: dict[str, float] = {}
        extra: dict[str, float] = {}
        events: list[dict[str, Any]] = []
        for i in owned:
            message, course = batch.messages[i], batch.courses[i]
            pct = None
            if wants_pct(message, course):
                assert course.course_id is not None
                if course.course_id not in history:
                    history[course.course_id] = await mastered_units_so_far_async(
                        self._alk, source_id, course.course_id, {}
                    )
                pct = pct_complete(message, course, history[course.course_id], extra)
            events.append(message_event(message, batch, course, actor, pct))
        return events

    async def _complete(self, event_id: str) -> None:
        if self._store is not None:
            try:
                await self._store_call("complete", event_id, self._ttl)
            except Exception:  # noqa: BLE001
                _log.warning("activity handler: dedupe store could not complete")
