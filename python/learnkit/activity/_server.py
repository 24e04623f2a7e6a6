"""The endpoint the browser tracker posts to: the counterpart of the TypeScript ``createActivityServer().handler``
(docs/decisions.md#d-browser-to-server, docs/decisions.md#d-i30-activity-server). The framework glue reads the
request and the signed-in user and calls :meth:`ActivityServer.handle`; the answer is framework-neutral."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..errors import ApiConnectionError, ApiError, ApiTimeoutError, UnknownUserError
from ._caliper import Actor, TimeWindow, activity_completed_event, encode_uri_component, time_spent_event
from ._config import CourseConfig, LearnkitConfig, find_course, is_text
from ._reads import mastered_units_so_far, mastered_units_so_far_async, pct_of
from ._record import course_problem, is_iso_time, show

if TYPE_CHECKING:
    from .._client import AsyncLearnKit, LearnKit
    from .._dedupe import AsyncDedupeStore, DedupeStore
    from . import User

__all__ = ["ActivityAnswer", "ActivityServer", "AsyncActivityServer", "MAX_BATCH_BYTES"]

_log = logging.getLogger("learnkit")
#: The protocol version, ``v`` of every body.
PROTOCOL_VERSION = 1
#: Most events in one body.
MAX_BATCH_EVENTS = 100
#: Most bytes of one body.
MAX_BATCH_BYTES = 16_384
#: Default time an accepted event id is remembered: 30 days (stored windows can come back days later).
DEFAULT_DEDUPE_TTL = 30 * 24 * 3600.0
# A claim holds this long while its events are sent; a process that dies mid-send frees its ids after it.
_CLAIM_LEASE = 300.0
_IN_FLIGHT_RETRY_AFTER = "60"
# How far active + inactive may exceed the window's span, in ms (decision 44).
_WINDOW_SLACK_MS = 1000
_EVENT_ID = re.compile(r"urn:uuid:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_SLUG = re.compile(r"[A-Za-z0-9._~-]{1,128}")
_TOO_LARGE = {"error": "body_too_large", "message": f"bodies are at most {MAX_BATCH_BYTES} bytes"}
# The completion metrics of the protocol (camelCase, the browser's) and their Python names.
_METRICS = (
    ("xpEarned", "xp_earned", math.inf, False),
    ("totalQuestions", "total_questions", math.inf, True),
    ("correctQuestions", "correct_questions", None, True),
    ("masteredUnits", "mastered_units", math.inf, True),
    ("pctComplete", "pct_complete", 100.0, False),
)


@dataclass(frozen=True)
class ActivityAnswer:
    """What to answer the tracker: status, JSON body and headers (framework-neutral)."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The body as JSON text."""
        return json.dumps(self.body, separators=(",", ":"))

    def all_headers(self) -> dict[str, str]:
        """The headers with the content type and ``cache-control: no-store``."""
        return {"content-type": "application/json", "cache-control": "no-store", **self.headers}


def _answer(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> ActivityAnswer:
    return ActivityAnswer(status, body, headers or {})


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def _completion_problem(data: object, where: str) -> str | None:
    """The TypeScript ``completionProblem``, camelCase names as the browser sends them."""
    if not isinstance(data, dict):
        return f"{where} must be an object, got {show(data)}"
    total: Any = data.get("totalQuestions")
    if (total is None) != (data.get("correctQuestions") is None):
        return f"{where}: totalQuestions and correctQuestions must be given together"
    for wire, _, most, count in _METRICS:
        value: Any = data.get(wire)
        if value is None and wire != "xpEarned":
            continue
        bound = float(total) if most is None and _number(total) else most if most is not None else math.inf
        if not (_number(value) and float(value) <= bound and (not count or float(value).is_integer())):
            kind = "an integer" if count else "a number"
            limit = ">= 0" if bound == math.inf else f"from 0 to {show(bound)}"
            return f"{where}: {wire} must be {kind} {limit}, got {show(value)}"
    return None


def _message_problem(message: object, at: str) -> str | None:
    """The TypeScript ``messageProblem``: what is wrong with one event of a body."""
    if not isinstance(message, dict):
        return f"{at} must be an object"
    if not (isinstance(message.get("id"), str) and _EVENT_ID.fullmatch(message["id"])):
        return f"{at}.id must be urn:uuid:<uuid>"
    if not is_text(message.get("runId"), 128):
        return f"{at}.runId must be a non-empty string"
    activity = message.get("activity")
    if not isinstance(activity, dict) or not (isinstance(activity.get("id"), str) and _SLUG.fullmatch(activity["id"])):
        return f"{at}.activity.id must be a URL-safe slug"
    if not is_text(activity.get("name")):
        return f"{at}.activity.name must be a non-empty string"
    if course_problem(activity.get("course")) is not None:
        return f"{at}.activity.course must be {{ subject, grade }} or {{ code }}"
    kind = message.get("kind")
    if kind == "timeSpent":
        window = message.get("window")
        if not isinstance(window, dict):
            return f"{at}.window must be an object"
        if not _number(window.get("activeMs")) or not _number(window.get("inactiveMs")):
            return f"{at}.window.activeMs and inactiveMs must be numbers >= 0"
        if not is_iso_time(window.get("startedAt")) or not is_iso_time(window.get("endedAt")):
            return f"{at}.window.startedAt and endedAt must be ISO 8601 date-times"
        return None
    if kind == "completion":
        if not is_iso_time(message.get("at")):
            return f"{at}.at must be an ISO 8601 date-time"
        return _completion_problem(message.get("completion"), f"{at}.completion")
    return f'{at}.kind must be "timeSpent" or "completion", got {show(kind)}'


def _span_problem(window: Mapping[str, Any], at: str) -> str | None:
    def millis(text: str) -> int:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return math.floor(moment.timestamp() * 1000)

    span = millis(window["endedAt"]) - millis(window["startedAt"])
    if span < 0:
        return f"{at}.endedAt: must not be before startedAt"
    claimed = window["activeMs"] + window["inactiveMs"]
    if claimed > span + _WINDOW_SLACK_MS:
        return (
            f"{at}.activeMs: activeMs + inactiveMs ({show(claimed)} ms) exceed endedAt - startedAt ({span} ms) by more "
            f"than {_WINDOW_SLACK_MS} ms"
        )
    return None


@dataclass
class _Batch:
    config: LearnkitConfig
    user: Mapping[str, Any]
    messages: list[dict[str, Any]]
    courses: dict[int, CourseConfig]


def _upstream(error: BaseException) -> bool:
    return isinstance(error, (ApiError, ApiConnectionError, ApiTimeoutError, UnknownUserError))


def _failure(error: BaseException, what: str) -> ActivityAnswer:
    _log.error("activity handler: %s: %s", what, type(error).__name__)
    # Never 4xx here: the tracker drops a body answered 400/413/422, and these events are valid. The details go to
    # the log only.
    if _upstream(error):
        return _answer(502, {"error": "upstream_failed", "message": "the platform did not take the events; send them again"})
    return _answer(500, {"error": "internal_error", "message": "the activity endpoint failed; see its log"})


class _ServerBase:
    def __init__(self, *, dedupe: Any, dedupe_ttl: float, config: Callable[[], LearnkitConfig], base_url: str) -> None:
        from .._dedupe import MemoryDedupeStore

        self._store: Any = MemoryDedupeStore(100_000) if dedupe is None or dedupe is True else (dedupe or None)
        self._ttl = dedupe_ttl
        self._config = config
        self._base_url = base_url.rstrip("/")
        self._failed: dict[str, None] = {}

    def _read(self, method: str, body: bytes | str, user: User | Mapping[str, object] | None) -> ActivityAnswer | _Batch:
        if method.upper() != "POST":
            return _answer(405, {"error": "method_not_allowed", "message": "POST a batch of activity events"}, {"allow": "POST"})
        raw = body.encode() if isinstance(body, str) else body
        if len(raw) > MAX_BATCH_BYTES:
            return _answer(413, dict(_TOO_LARGE))
        if user is None:
            return _answer(401, {"error": "unauthorized", "message": "no user"})
        if not isinstance(user, Mapping) or not is_text(user.get("email")):
            return _failure(TypeError("get_user must return {email, platform_id?} or None"), "bad user")
        try:
            parsed = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            return _answer(400, {"error": "invalid_json", "message": "the body is not JSON"})
        if not isinstance(parsed, dict) or parsed.get("v") != PROTOCOL_VERSION:
            return _answer(400, {"error": "invalid_batch", "message": f"body must be {{ v: {PROTOCOL_VERSION}, events: [...] }}"})
        events = parsed.get("events")
        if not isinstance(events, list) or not 0 < len(events) <= MAX_BATCH_EVENTS:
            return _answer(400, {"error": "invalid_batch", "message": f"events must be an array of 1 to {MAX_BATCH_EVENTS} events"})
        errors = [p for i, m in enumerate(events) if (p := _message_problem(m, f"events[{i}]")) is not None]
        if errors:
            return _answer(400, {"error": "invalid_batch", "message": "; ".join(errors)})
        spans = [
            p for i, m in enumerate(events)
            if m["kind"] == "timeSpent" and (p := _span_problem(m["window"], f"events[{i}].window")) is not None
        ]
        if spans:
            return _answer(400, {"error": "invalid_batch", "message": "; ".join(spans)})
        try:
            config = self._config()
        except Exception as error:  # noqa: BLE001 - answered 500
            return _failure(error, "learnkit.config.json")
        courses: dict[int, CourseConfig] = {}
        unknown: list[str] = []
        for i, message in enumerate(events):
            course = find_course(config.courses, message["activity"]["course"])
            if course is None:
                unknown.append(f"course {show(message['activity']['course'])} is not in learnkit.config.json")
            else:
                courses[i] = course
        if unknown:
            return _answer(400, {"error": "unknown_course", "message": "; ".join(dict.fromkeys(unknown))})
        return _Batch(config, user, events, courses)

    def _actor(self, user: Mapping[str, Any], source_id: str) -> Actor:
        return Actor(
            id=f"{self._base_url}/rostering/1.0/users/{encode_uri_component(source_id)}",
            email=user["email"], name=user.get("name"), role=user.get("role"),
        )

    @staticmethod
    def _event(message: Mapping[str, Any], batch: _Batch, course: CourseConfig, actor: Actor, pct: float | None) -> dict[str, Any]:
        """The Caliper event of one message; its id is the message's, so resends dedupe downstream."""
        profile: dict[str, Any] = {
            "sensor": batch.config.sensor, "app": batch.config.app, "course": course, "actor": actor,
            "activity_id": message["activity"]["id"], "activity_name": message["activity"]["name"],
            "run_id": message["runId"],
        }
        if message["kind"] == "timeSpent":
            w = message["window"]
            window = TimeWindow(float(w["activeMs"]), float(w["inactiveMs"]), w["startedAt"], w["endedAt"])
            return time_spent_event(event_id=message["id"], window=window, **profile)
        metrics = {python: message["completion"][wire] for wire, python, _, _ in _METRICS if message["completion"].get(wire) is not None}
        if metrics.get("pct_complete") is None and pct is not None:
            metrics["pct_complete"] = pct
        return activity_completed_event(event_id=message["id"], event_time=message["at"], metrics=metrics, **profile)

    @staticmethod
    def _wants_pct(message: Mapping[str, Any], course: CourseConfig) -> bool:
        completion = message.get("completion") or {}
        return (
            message["kind"] == "completion" and completion.get("masteredUnits") is not None
            and completion.get("pctComplete") is None and bool(course.total_lessons) and course.course_id is not None
        )

    def _remember_failed(self, event_id: str) -> None:
        self._failed[event_id] = None
        while len(self._failed) > 10_000:
            del self._failed[next(iter(self._failed))]


class ActivityServer(_ServerBase):
    """The endpoint of the browser tracker for threaded servers (Django, Flask): it checks the body against the
    protocol, finds the user's rostering id, computes ``pctComplete`` (decision 10), sends the Caliper events with
    ``lk.caliper`` and answers as the TypeScript handler does: 202 ``{accepted, duplicates}``, 400 for a bad body,
    401 without a user, 405, 413 over 16 KiB, 502 when the platform did not take the events (the tracker keeps
    them and sends again), 503 while another process is sending the same ids. Resent ids are answered without
    sending again (``dedupe``: default a :class:`~learnkit.MemoryDedupeStore` of 100,000 ids; a
    :class:`~learnkit.webhooks.RedisDedupeStore` with ``prefix="learnkit:activity:seen:"`` for several processes).

    Example::

        server = ActivityServer(lk)
        answer = server.handle(request.method, request.body, user={"email": request.user.email})
    """

    def __init__(self, lk: LearnKit, *, dedupe: DedupeStore | bool | None = None, dedupe_ttl: float = DEFAULT_DEDUPE_TTL) -> None:
        activity = lk.activity
        super().__init__(dedupe=dedupe, dedupe_ttl=dedupe_ttl, config=activity.config, base_url=lk.base_url)
        self._lk = lk
        self._activity = activity
        self._lock = threading.Lock()
        self._in_flight: dict[str, Future[bool]] = {}

    def handle(self, method: str, body: bytes | str, *, user: User | Mapping[str, object] | None) -> ActivityAnswer:
        """Handles one POST of the tracker: the request's method, its raw body and the signed-in user
        (``{"email": ..., "platform_id": ...}``, or None for nobody: 401)."""
        batch = self._read(method, body, user)
        if isinstance(batch, ActivityAnswer):
            return batch
        store = self._store
        owned: list[int] = []
        waits: list[Future[bool]] = []
        mine: dict[str, Future[bool]] = {}
        duplicates = elsewhere = 0
        for i, message in enumerate(batch.messages):
            event_id = message["id"]
            with self._lock:
                pending = self._in_flight.get(event_id)
                if pending is None and event_id not in mine:
                    mine[event_id] = self._in_flight[event_id] = Future()
                    fresh_claim = True
                else:
                    fresh_claim = False
            if not fresh_claim:
                if pending is not None and event_id not in mine:
                    waits.append(pending)
                else:
                    duplicates += 1
                continue
            fresh, sending = True, False
            if store is not None:
                try:
                    fresh = store.claim(event_id, _CLAIM_LEASE)
                    if not fresh and event_id in self._failed:
                        del self._failed[event_id]
                        fresh = True
                    if not fresh:
                        sending = store.status(event_id) != "handled"
                except Exception:  # noqa: BLE001 - a store that cannot answer must not lose time: send anyway
                    _log.warning("activity handler: dedupe store failed")
                    fresh = True
            if fresh:
                owned.append(i)
            else:
                elsewhere += sending
                duplicates += not sending
                with self._lock:
                    self._in_flight.pop(event_id, None)
                mine.pop(event_id).set_result(not sending)

        def settle(accepted: Callable[[str], bool]) -> None:
            with self._lock:
                for event_id in mine:
                    self._in_flight.pop(event_id, None)
            for event_id, future in mine.items():
                future.set_result(accepted(event_id))

        accepted = 0
        if owned:
            caliper = self._lk.caliper
            try:
                source_id = batch.user.get("platform_id") or self._activity._resolve(batch.user["email"], {})
                actor = self._actor(batch.user, source_id)
                history: dict[str, float] = {}
                extra: dict[str, float] = {}
                events: list[dict[str, Any]] = []
                for i in owned:
                    message, course = batch.messages[i], batch.courses[i]
                    pct = None
                    if self._wants_pct(message, course):
                        assert course.course_id is not None and course.total_lessons
                        if course.course_id not in history:
                            history[course.course_id] = mastered_units_so_far(self._lk, source_id, course.course_id, {})
                        before = extra.get(course.course_id, 0.0)
                        now = float(message["completion"]["masteredUnits"])
                        extra[course.course_id] = before + now
                        pct = pct_of(history[course.course_id] + before + now, course.total_lessons)
                    events.append(self._event(message, batch, course, actor, pct))
                sent = caliper.send(events, sensor=batch.config.sensor)
                accepted = sent.accepted
                duplicates += sent.duplicates + len(sent.skipped)
            except Exception as error:  # noqa: BLE001 - answered 502 or 500
                ids = [batch.messages[i]["id"] for i in owned]
                for event_id in ids:
                    if caliper.has_accepted(event_id):
                        self._complete(event_id)
                    elif store is not None:
                        try:
                            store.release(event_id)
                        except Exception:  # noqa: BLE001
                            self._remember_failed(event_id)
                settle(caliper.has_accepted)
                return _failure(error, "sending to the platform failed")
            for i in owned:
                self._complete(batch.messages[i]["id"])
        settle(lambda _: True)
        outcomes = [wait.result() for wait in waits]
        if not all(outcomes):
            return _answer(502, {"error": "upstream_failed", "message": "a copy of these events sent at the same time failed; send them again"})
        duplicates += len(waits)
        if elsewhere:
            return _answer(
                503, {"error": "in_flight", "message": "some of these events are being sent by another request; send them again"},
                {"retry-after": _IN_FLIGHT_RETRY_AFTER},
            )
        return _answer(202, {"accepted": accepted, "duplicates": duplicates})

    def _complete(self, event_id: str) -> None:
        if self._store is not None:
            try:
                self._store.complete(event_id, self._ttl)
            except Exception:  # noqa: BLE001 - only shortens the memory to the lease
                _log.warning("activity handler: dedupe store could not complete")


class AsyncActivityServer(_ServerBase):
    """:class:`ActivityServer` for asyncio servers (FastAPI): the same checks, answers and dedupe; the store may be
    an :class:`~learnkit.webhooks.AsyncRedisDedupeStore`.

    Example::

        server = AsyncActivityServer(alk)
        answer = await server.handle("POST", await request.body(), user={"email": user.email})
    """

    def __init__(
        self, alk: AsyncLearnKit, *, dedupe: AsyncDedupeStore | DedupeStore | bool | None = None,
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

    async def handle(self, method: str, body: bytes | str, *, user: User | Mapping[str, object] | None) -> ActivityAnswer:
        """:meth:`ActivityServer.handle` for tasks."""
        batch = self._read(method, body, user)
        if isinstance(batch, ActivityAnswer):
            return batch
        loop = asyncio.get_running_loop()
        owned: list[int] = []
        waits: list[asyncio.Future[bool]] = []
        mine: dict[str, asyncio.Future[bool]] = {}
        duplicates = elsewhere = 0
        for i, message in enumerate(batch.messages):
            event_id = message["id"]
            pending = self._in_flight.get(event_id)
            if pending is not None or event_id in mine:
                if pending is not None and event_id not in mine:
                    waits.append(pending)
                else:
                    duplicates += 1
                continue
            mine[event_id] = self._in_flight[event_id] = loop.create_future()
            fresh, sending = True, False
            if self._store is not None:
                try:
                    fresh = bool(await self._store_call("claim", event_id, _CLAIM_LEASE))
                    if not fresh and event_id in self._failed:
                        del self._failed[event_id]
                        fresh = True
                    if not fresh:
                        sending = await self._store_call("status", event_id) != "handled"
                except Exception:  # noqa: BLE001
                    _log.warning("activity handler: dedupe store failed")
                    fresh = True
            if fresh:
                owned.append(i)
            else:
                elsewhere += sending
                duplicates += not sending
                self._in_flight.pop(event_id, None)
                mine.pop(event_id).set_result(not sending)

        def settle(accepted: Callable[[str], bool]) -> None:
            for event_id, future in mine.items():
                self._in_flight.pop(event_id, None)
                if not future.done():
                    future.set_result(accepted(event_id))

        accepted = 0
        if owned:
            caliper = self._alk.caliper
            try:
                source_id = batch.user.get("platform_id") or await self._activity._resolve(batch.user["email"], {})
                actor = self._actor(batch.user, source_id)
                history: dict[str, float] = {}
                extra: dict[str, float] = {}
                events: list[dict[str, Any]] = []
                for i in owned:
                    message, course = batch.messages[i], batch.courses[i]
                    pct = None
                    if self._wants_pct(message, course):
                        assert course.course_id is not None and course.total_lessons
                        if course.course_id not in history:
                            history[course.course_id] = await mastered_units_so_far_async(
                                self._alk, source_id, course.course_id, {}
                            )
                        before = extra.get(course.course_id, 0.0)
                        now = float(message["completion"]["masteredUnits"])
                        extra[course.course_id] = before + now
                        pct = pct_of(history[course.course_id] + before + now, course.total_lessons)
                    events.append(self._event(message, batch, course, actor, pct))
                sent = await caliper.send(events, sensor=batch.config.sensor)
                accepted = sent.accepted
                duplicates += sent.duplicates + len(sent.skipped)
            except Exception as error:  # noqa: BLE001
                for i in owned:
                    event_id = batch.messages[i]["id"]
                    if caliper.has_accepted(event_id):
                        await self._complete(event_id)
                    elif self._store is not None:
                        try:
                            await self._store_call("release", event_id)
                        except Exception:  # noqa: BLE001
                            self._remember_failed(event_id)
                settle(caliper.has_accepted)
                return _failure(error, "sending to the platform failed")
            for i in owned:
                await self._complete(batch.messages[i]["id"])
        settle(lambda _: True)
        outcomes = [await asyncio.shield(wait) for wait in waits]
        if not all(outcomes):
            return _answer(502, {"error": "upstream_failed", "message": "a copy of these events sent at the same time failed; send them again"})
        duplicates += len(waits)
        if elsewhere:
            return _answer(
                503, {"error": "in_flight", "message": "some of these events are being sent by another request; send them again"},
                {"retry-after": _IN_FLIGHT_RETRY_AFTER},
            )
        return _answer(202, {"accepted": accepted, "duplicates": duplicates})

    async def _complete(self, event_id: str) -> None:
        if self._store is not None:
            try:
                await self._store_call("complete", event_id, self._ttl)
            except Exception:  # noqa: BLE001
                _log.warning("activity handler: dedupe store could not complete")
