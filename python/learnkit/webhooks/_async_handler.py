"""``AsyncWebhookHandler``: the ready webhook handler for asyncio frameworks, the twin of ``WebhookHandler``
(docs/decisions.md#d-python-webhook-handler)."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import SecretStr

from ..errors import ValidationError, ValidationIssue

if TYPE_CHECKING:
    from .._dedupe import AsyncDedupeStore, DedupeStore
    from ..types.platform import WebhookEvent
from ._handler import (
    _CLAIM_LEASE,
    _IN_FLIGHT_RETRY_AFTER,
    DEFAULT_DEDUPE_TTL,
    DEFAULT_MAX_BODY_BYTES,
    WebhookResponse,
    _Base,
    _log,
    _respond,
)

__all__ = ["AsyncWebhookHandler"]


class AsyncWebhookHandler(_Base):
    """:class:`WebhookHandler` for asyncio servers (FastAPI, Starlette): functions may be ``async def`` or plain
    functions; the store is an :class:`~learnkit.webhooks.AsyncDedupeStore` (``AsyncRedisDedupeStore``) or a
    :class:`~learnkit.webhooks.MemoryDedupeStore`.

    Example::

        handler = AsyncWebhookHandler(secret=secret, on={"user.created": on_user_created})
        response = await handler.handle("POST", await request.body(), request.headers)
    """

    def __init__(
        self,
        *,
        secret: str | SecretStr | Sequence[str | SecretStr],
        on: Mapping[str, Callable[..., object]] | None = None,
        on_unhandled: Callable[..., object] | None = None,
        dedupe: AsyncDedupeStore | DedupeStore | bool | None = None,
        dedupe_ttl: float = DEFAULT_DEDUPE_TTL,
        max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
        tolerance_sec: float = 300,
        now: Callable[[], float] | None = None,
        allow_unknown_event_types: bool = False,
    ) -> None:
        super().__init__(
            secret=secret,
            on=on,
            on_unhandled=on_unhandled,
            dedupe_ttl=dedupe_ttl,
            max_body_bytes=max_body_bytes,
            tolerance_sec=tolerance_sec,
            now=now,
            allow_unknown_event_types=allow_unknown_event_types,
        )
        from .._dedupe import MemoryDedupeStore

        if dedupe is True or dedupe is None:
            self._store: AsyncDedupeStore | DedupeStore | None = MemoryDedupeStore(10_000)
        elif dedupe is False:
            self._store = None
        else:
            if not callable(getattr(dedupe, "claim", None)):
                raise ValidationError(
                    [ValidationIssue(("dedupe",), "must be a dedupe store (claim, release, complete, status) or False")]
                )
            self._store = dedupe
        self._in_flight: dict[str, asyncio.Future[WebhookResponse]] = {}

    async def handle(
        self, method: str, body: bytes | str, headers: Mapping[str, Any] | Iterable[tuple[str, Any]]
    ) -> WebhookResponse:
        """:meth:`WebhookHandler.handle` for tasks."""
        verified = self._verify(method, body, headers)
        if isinstance(verified, WebhookResponse):
            return verified
        event = verified
        function = self._function_of(event)
        if function is None:
            return _respond(200, {"received": True, "handled": False})
        if self._store is None:
            return await self._run(event, function)
        running = self._in_flight.get(event.id)
        if running is not None:
            first = await asyncio.shield(running)
            return _respond(200, {"received": True, "duplicate": True}) if first.status == 200 else first
        mine: asyncio.Future[WebhookResponse] = asyncio.get_running_loop().create_future()
        self._in_flight[event.id] = mine
        try:
            outcome = await self._run(event, function)
        except BaseException:
            mine.set_result(_respond(500, {"error": "internal_error"}))
            raise
        finally:
            self._in_flight.pop(event.id, None)
        mine.set_result(outcome)
        return outcome

    async def _store_call(self, name: str, *args: object) -> Any:
        assert self._store is not None
        result = getattr(self._store, name)(*args)
        return await result if inspect.isawaitable(result) else result

    async def _run(self, event: WebhookEvent, function: Callable[..., object]) -> WebhookResponse:
        fields = {"id": event.id, "type": event.type}
        store = self._store
        if store is not None:
            try:
                claimed = bool(await self._store_call("claim", event.id, _CLAIM_LEASE))
                if not claimed and event.id in self._failed:
                    del self._failed[event.id]
                    claimed = True
                if not claimed and await self._store_call("status", event.id) != "handled":
                    _log.info(
                        "webhook delivery is being handled elsewhere; responding with 503 so the platform retries",
                        extra=fields,
                    )
                    return _respond(503, {"error": "in_flight"}, {"retry-after": _IN_FLIGHT_RETRY_AFTER})
            except Exception:  # noqa: BLE001
                _log.exception("webhook dedupe store failed; responding with 500 so the platform retries", extra=fields)
                return _respond(500, {"error": "dedupe_store_failed"})
            if not claimed:
                return _respond(200, {"received": True, "duplicate": True})
        try:
            await _maybe_await(function(event))
        except Exception:  # noqa: BLE001
            _log.exception(
                "webhook handler for %s raised; responding with 500 so the platform retries", event.type, extra=fields
            )
            if store is not None:
                try:
                    await self._store_call("release", event.id)
                except Exception:  # noqa: BLE001
                    self._remember_failed(event.id)
            return _respond(500, {"error": "handler_failed"})
        if store is not None:
            try:
                await self._store_call("complete", event.id, self._ttl)
            except Exception:  # noqa: BLE001
                _log.exception("webhook dedupe store could not mark the event id handled", extra=fields)
        return _respond(200, {"received": True})


async def _maybe_await(value: object) -> None:
    if inspect.isawaitable(value):
        await value
