"""``lk.caliper.send``: Caliper 1.2 events to the ingest, checked, in batches, each event id sent once."""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import httpx

from .._generated.resources import caliper as generated
from .._json import dumps
from .._types import QueryValue
from ..activity._caliper import CALIPER_CONTEXT, envelope, iso_at
from ..errors import ValidationError, ValidationIssue

if TYPE_CHECKING:
    from .._client import AsyncLearnKit, LearnKit

__all__ = [
    "AsyncCaliperClient",
    "CaliperClient",
    "CaliperSendResult",
    "DEFAULT_MAX_BATCH_BYTES",
    "DEFAULT_MAX_BATCH_EVENTS",
]

#: Most events in one request.
DEFAULT_MAX_BATCH_EVENTS = 100
#: Most bytes (UTF-8 JSON of the envelope) in one request.
DEFAULT_MAX_BATCH_BYTES = 256 * 1024
#: Accepted event ids remembered, so they are never sent again.
DEFAULT_REMEMBER_ACCEPTED = 20_000
_IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:\S+")
_PATH = "/caliper/v1p2"


@dataclass(frozen=True)
class CaliperSendResult:
    """What ``send`` achieved."""

    #: Events the platform stored for the first time.
    accepted: int
    #: Events the platform already had (sent before, by this process or another).
    duplicates: int
    #: Ids not sent at all: this client had them accepted before.
    skipped: list[str] = field(default_factory=list)
    #: Requests made (0 when everything was skipped).
    requests: int = 0


def _is_envelope(value: object) -> bool:
    return (
        isinstance(value, Mapping)
        and "data" in value
        and ("sensor" in value or "dataVersion" in value)
        and ("@context" not in value)
    )


def _normalize(events: object, sensor: str | None) -> tuple[str, str | None, list[Mapping[str, Any]]]:
    """The envelope's sensor and send time and the events, checked; one ValidationError lists every problem. The
    Python package checks the envelope, each event's id, type and context; the platform checks the rest and its
    400 names the member (docs/decisions.md#d-python-caliper-checks)."""
    issues: list[ValidationIssue] = []
    send_time: str | None = None
    if _is_envelope(events):
        assert isinstance(events, Mapping)
        sensor = events.get("sensor")
        raw_time = events.get("sendTime")
        send_time = raw_time if isinstance(raw_time, str) else None
        data = events.get("data")
        listed = list(data) if isinstance(data, list) else []
        if not isinstance(data, list):
            issues.append(ValidationIssue(("data",), "must be a list of events"))
    else:
        listed = list(events) if isinstance(events, (list, tuple)) else [events]
        if not listed:
            issues.append(ValidationIssue(("data",), "must hold at least one event"))
    if sensor is None:
        issues.append(
            ValidationIssue(("sensor",), "is required to send bare events: pass sensor=..., or send an envelope")
        )
    elif not (isinstance(sensor, str) and _IRI.fullmatch(sensor)):
        issues.append(ValidationIssue(("sensor",), "must be an absolute IRI such as https://app.example.com"))
    first: dict[str, int] = {}
    for i, event in enumerate(listed):
        if not isinstance(event, Mapping):
            issues.append(ValidationIssue(("data", i), "must be a Caliper event (a dict)"))
            continue
        event_id = event.get("id")
        if not (isinstance(event_id, str) and event_id.startswith("urn:")):
            issues.append(ValidationIssue(("data", i, "id"), "must be a URN such as urn:uuid:<uuid>"))
        elif event_id in first:
            issues.append(ValidationIssue(("data", i, "id"), f"repeats the id of data[{first[event_id]}] ({event_id})"))
        else:
            first[event_id] = i
        if not (isinstance(event.get("type"), str) and event.get("type")):
            issues.append(ValidationIssue(("data", i, "type"), "must be the event type, such as ActivityEvent"))
        context = event.get("@context")
        if context != CALIPER_CONTEXT and not (isinstance(context, list) and CALIPER_CONTEXT in context):
            issues.append(ValidationIssue(("data", i, "@context"), f"must be {CALIPER_CONTEXT}"))
    if issues:
        raise ValidationError(issues)
    assert isinstance(sensor, str)
    return sensor, send_time, listed


class _Batcher:
    """The accepted ids this client remembers, and how an input is cut into requests."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._accepted: dict[str, None] = {}

    def has_accepted(self, event_id: str) -> bool:
        with self._lock:
            return event_id in self._accepted

    def mark(self, ids: Sequence[str]) -> None:
        with self._lock:
            for event_id in ids:
                self._accepted.pop(event_id, None)
                self._accepted[event_id] = None
            while len(self._accepted) > DEFAULT_REMEMBER_ACCEPTED:
                del self._accepted[next(iter(self._accepted))]

    def batches(
        self, sensor: str, send_time: str | None, events: list[Mapping[str, Any]], now_ms: float
    ) -> tuple[list[str], list[dict[str, Any]]]:
        skipped: list[str] = []
        sized: list[tuple[Mapping[str, Any], int]] = []
        issues: list[ValidationIssue] = []
        for i, event in enumerate(events):
            event_id = str(event["id"])
            if self.has_accepted(event_id):
                skipped.append(event_id)
                continue
            size = len(dumps(event).encode("utf-8"))
            if size + 200 > DEFAULT_MAX_BATCH_BYTES:
                issues.append(ValidationIssue(("data", i), f"is {size} bytes, more than one request may carry"))
            sized.append((event, size))
        if issues:
            raise ValidationError(issues)
        stamp = send_time or iso_at(now_ms)
        overhead = len(dumps(envelope(sensor, [], stamp)).encode("utf-8"))
        groups: list[list[Mapping[str, Any]]] = []
        total = 0
        for event, size in sized:
            if not groups or len(groups[-1]) >= DEFAULT_MAX_BATCH_EVENTS or total + size + 1 > DEFAULT_MAX_BATCH_BYTES:
                groups.append([event])
                total = overhead + size
            else:
                groups[-1].append(event)
                total += size + 1
        return skipped, [envelope(sensor, group, stamp) for group in groups]


def _counts(data: object, sent: int) -> tuple[int, int]:
    counts = data if isinstance(data, dict) else {}
    accepted = counts.get("accepted")
    accepted = accepted if isinstance(accepted, int) and not isinstance(accepted, bool) else sent
    duplicates = counts.get("duplicates")
    duplicates = duplicates if isinstance(duplicates, int) and not isinstance(duplicates, bool) else sent - accepted
    return accepted, duplicates


def _now_ms() -> float:
    import time

    return time.time() * 1000


class CaliperClient(generated.CaliperClient):
    """The Caliper 1.2 event ingest (``POST /caliper/v1p2``).

    Example::

        result = lk.caliper.send(events, sensor="https://app.example.com")
    """

    def __init__(self, client: LearnKit) -> None:
        super().__init__(client)
        self._batcher = _Batcher()

    def has_accepted(self, event_id: str) -> bool:
        """Whether the platform accepted ``event_id`` through this client (and it is still remembered)."""
        return self._batcher.has_accepted(event_id)

    def send(
        self,
        events: Mapping[str, object] | Sequence[Mapping[str, object]],
        *,
        sensor: str | None = None,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> CaliperSendResult:
        """Sends one event, a list, or a whole envelope (``{"sensor", "sendTime", "dataVersion", "data"}``), in
        batches of at most 100 events and 256 KiB, in order. Every request is idempotent (keyed by event ids), so it
        is retried on connection errors, timeouts, 429 and 5xx. Ids this client had accepted before are not sent
        again. Bad input is one ``ValidationError`` naming each path, and nothing is sent.

        Example::

            result = lk.caliper.send([event1, event2], sensor="https://app.example.com")
            print(result.accepted, result.duplicates)
        """
        where, send_time, listed = _normalize(events, sensor)
        skipped, bodies = self._batcher.batches(where, send_time, listed, _now_ms())
        accepted = duplicates = 0
        for body in bodies:
            data = self._client._call(
                "POST",
                _PATH,
                body=body,
                idempotent=True,
                timeout=timeout,
                max_retries=max_retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
            )
            new, again = _counts(data, len(body["data"]))
            accepted += new
            duplicates += again
            self._batcher.mark([str(event["id"]) for event in body["data"]])
        return CaliperSendResult(accepted, duplicates, skipped, len(bodies))


class AsyncCaliperClient(generated.AsyncCaliperClient):
    """:class:`CaliperClient` for tasks."""

    def __init__(self, client: AsyncLearnKit) -> None:
        super().__init__(client)
        self._batcher = _Batcher()

    def has_accepted(self, event_id: str) -> bool:
        """Whether the platform accepted ``event_id`` through this client (and it is still remembered)."""
        return self._batcher.has_accepted(event_id)

    async def send(
        self,
        events: Mapping[str, object] | Sequence[Mapping[str, object]],
        *,
        sensor: str | None = None,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> CaliperSendResult:
        """:meth:`CaliperClient.send` for tasks.

        Example::

            result = await alk.caliper.send(events, sensor="https://app.example.com")
        """
        where, send_time, listed = _normalize(events, sensor)
        skipped, bodies = self._batcher.batches(where, send_time, listed, _now_ms())
        accepted = duplicates = 0
        for body in bodies:
            data = await self._client._call(
                "POST",
                _PATH,
                body=body,
                idempotent=True,
                timeout=timeout,
                max_retries=max_retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
            )
            new, again = _counts(data, len(body["data"]))
            accepted += new
            duplicates += again
            self._batcher.mark([str(event["id"]) for event in body["data"]])
        return CaliperSendResult(accepted, duplicates, skipped, len(bodies))
