"""Server-side activity recording: ``lk.activity.record(...)`` sends the same Caliper events as the TypeScript
``record`` (docs/decisions.md#d-python-same-caliper-events), with the spec's members in snake_case."""

from __future__ import annotations

import asyncio
import logging
import threading
import time as _time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from ..errors import UnknownUserError, ValidationError, ValidationIssue
from ._caliper import (
    Actor,
    TimeWindow,
    activity_completed_event,
    encode_uri_component,
    envelope,
    iso_at,
    time_spent_event,
)
from ._config import CourseConfig, LearnkitConfig, describe_course, find_course, parse_learnkit_config
from ._reads import (
    AsyncCaller,
    Caller,
    mastered_units_so_far,
    mastered_units_so_far_async,
    pct_of,
    user_id_by_email,
    user_id_by_email_async,
)
from ._record import record_issues, show
from ._types import ActivityRef, CourseRef, Metrics, RecordResult, RecordTime, User

__all__ = [
    "Activity",
    "ActivityResponse",
    "ActivityServer",
    "AsyncActivity",
    "AsyncActivityServer",
    "ActivityRef",
    "CourseConfig",
    "CourseRef",
    "LearnkitConfig",
    "Metrics",
    "RecordResult",
    "RecordTime",
    "User",
    "parse_learnkit_config",
    "pct_of",
]

_log = logging.getLogger("learnkit")
# LearnKit's namespace of name-based event ids: the TypeScript package's, so both make the same ids.
_NAMESPACE = uuid.UUID("f4c1e2a0-6b7d-4e59-9a3c-2d8b1f0e7c65")
_USER_CACHE_TTL_S = 600.0
_USER_CACHE_SIZE = 10_000


@dataclass(frozen=True)
class _Plan:
    """A checked ``record`` call: what is known before the platform is asked anything."""

    course: CourseConfig
    run: str
    window: TimeWindow | None
    calls: dict[str, Any]
    config: LearnkitConfig


class _ActivityBase:
    """What ``Activity`` and ``AsyncActivity`` share: the configuration, the user cache and the events."""

    def __init__(
        self,
        *,
        base_url: str,
        config: Callable[[], LearnkitConfig],
        now_ms: Callable[[], float] = lambda: _time.time() * 1000,
    ) -> None:
        self._base_url = base_url.rstrip("/")
        self._config = config
        # Milliseconds since the epoch, as the TypeScript clocks (Date.now): event times are whole ms.
        self._now_ms = now_ms
        self._lock = threading.Lock()
        self._users: dict[str, tuple[str, float]] = {}
        self._warned: set[str] = set()

    def config(self) -> LearnkitConfig:
        """The checked configuration (loaded on first use)."""
        return self._config()

    def _plan(
        self,
        user: object,
        activity: object,
        metrics: object,
        time: object,
        run_id: object,
        idempotency_key: object,
        timeout: object,
        deadline: float | None,
        max_retries: int | None,
    ) -> _Plan:
        issues, window = record_issues(user, activity, metrics, time, run_id, idempotency_key)
        if issues:
            raise ValidationError(issues)
        assert isinstance(activity, Mapping)
        calls: dict[str, Any] = {"timeout": timeout, "deadline": deadline, "max_retries": max_retries}
        config = self._config()
        course = find_course(config.courses, activity["course"])
        if course is None:
            names = ", ".join(describe_course(c) for c in config.courses)
            raise ValidationError(
                [
                    ValidationIssue(
                        ("activity", "course"),
                        f"course {show(activity['course'])} is not in learnkit.config.json, whose courses are: {names}",
                    )
                ]
            )
        return _Plan(course, run_id if isinstance(run_id, str) else str(uuid.uuid4()), window, calls, config)

    def _cached(self, email: str) -> str | None:
        key = email.strip().lower()
        with self._lock:
            hit = self._users.get(key)
            return hit[0] if hit is not None and hit[1] > _time.monotonic() else None

    def _remember(self, email: str, found: str | None) -> str:
        """Caches a found id 10 minutes; an email no user has is never cached."""
        if found is None:
            raise UnknownUserError(email, "no rostering user matches")
        with self._lock:
            self._users[email.strip().lower()] = (found, _time.monotonic() + _USER_CACHE_TTL_S)
            while len(self._users) > _USER_CACHE_SIZE:
                del self._users[next(iter(self._users))]
        return found

    def _needs_history(self, course: CourseConfig, metrics: Mapping[str, Any]) -> bool:
        """Decision 10 (docs/decisions.md#d-pct-complete): whether the gradebook history is read."""
        if metrics.get("mastered_units") is None or metrics.get("pct_complete") is not None or not course.total_lessons:
            return False
        if course.course_id is None:
            name = describe_course(course)
            with self._lock:
                first = name not in self._warned
                self._warned.add(name)
            if first:
                _log.warning(
                    "pctComplete not computed: the course %s has totalLessons but no courseId to find its gradebook "
                    "history",
                    name,
                )
            return False
        return True

    def _events(
        self,
        plan: _Plan,
        user: User,
        activity: ActivityRef,
        sent_metrics: dict[str, Any],
        source_id: str,
        idempotency_key: str | None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        actor = Actor(
            id=f"{self._base_url}/rostering/1.0/users/{encode_uri_component(source_id)}",
            email=user["email"],
            name=user.get("name"),
            role=user.get("role"),
        )
        activity_id = activity["id"]

        def event_id(kind: str) -> str:
            # The run id never dedupes: fresh ids, unless the caller names this completion with an idempotency key
            # (docs/decisions.md#d-runid-correlates); then the TypeScript package's name-based id, the same in both.
            if idempotency_key is None:
                return f"urn:uuid:{uuid.uuid4()}"
            name = f"{kind}:{source_id}:{activity_id}:{idempotency_key}"
            return f"urn:uuid:{uuid.uuid5(_NAMESPACE, name)}"

        profile: dict[str, Any] = {
            "sensor": plan.config.sensor,
            "app": plan.config.app,
            "course": plan.course,
            "actor": actor,
            "activity_id": activity["id"],
            "activity_name": activity["name"],
            "run_id": plan.run,
        }
        events: list[dict[str, Any]] = []
        window = plan.window
        if window is not None:
            events.append(time_spent_event(event_id=event_id("timeSpent"), window=window, **profile))
        events.append(
            activity_completed_event(
                event_id=event_id("completion"),
                event_time=window.ended_at if window is not None else iso_at(self._now_ms()),
                metrics=sent_metrics,
                **profile,
            )
        )
        return events, envelope(plan.config.sensor, events, iso_at(self._now_ms()))

    def _sent(self, caller: object, events: list[dict[str, Any]]) -> None:
        """The client's ``caliper`` remembers the ids the ingest took: ``caliper.send`` never sends them again, as
        the TypeScript ``record`` sends through its Caliper client."""
        caliper = getattr(caller, "caliper", None)
        batcher = getattr(caliper, "_batcher", None)
        if batcher is not None:
            batcher.mark([str(event["id"]) for event in events])

    @staticmethod
    def _result(plan: _Plan, events: list[dict[str, Any]], sent_metrics: dict[str, Any], data: object) -> RecordResult:
        counts = data if isinstance(data, dict) else {}
        accepted = counts.get("accepted")
        accepted = accepted if isinstance(accepted, int) and not isinstance(accepted, bool) else len(events)
        duplicates = counts.get("duplicates")
        duplicates = (
            duplicates if isinstance(duplicates, int) and not isinstance(duplicates, bool) else len(events) - accepted
        )
        sent_pct = sent_metrics.get("pct_complete")
        return RecordResult(plan.run, events, None if sent_pct is None else float(sent_pct), accepted, duplicates)


class Activity(_ActivityBase):
    """``lk.activity``: records completions (and time measured by your server) for users. Safe to use from many
    threads."""

    def __init__(
        self,
        caller: Caller,
        *,
        base_url: str,
        config: Callable[[], LearnkitConfig],
        now_ms: Callable[[], float] = lambda: _time.time() * 1000,
    ) -> None:
        super().__init__(base_url=base_url, config=config, now_ms=now_ms)
        self._caller = caller

    def record(
        self,
        *,
        user: User,
        activity: ActivityRef,
        metrics: Metrics,
        time: RecordTime | None = None,
        run_id: str | None = None,
        idempotency_key: str | None = None,
        timeout: float | httpx.Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
    ) -> RecordResult:
        """Sends a completion (an ActivityEvent ``Completed``) for a user, and a TimeSpentEvent when ``time`` is
        given (only when the front end used ``time: false``: otherwise time is counted twice). ``pct_complete`` is
        computed from the gradebook when ``mastered_units`` is given without it and the course has
        ``totalLessons``. ``run_id`` correlates the events of a run and never dedupes; a repeat with the same
        ``idempotency_key``, user and activity is the same completion (same event ids). Bad input is a
        :class:`ValidationError` and nothing is sent. ``timeout`` (one attempt) and ``deadline`` (the whole call)
        are seconds.

        Example::

            lk.activity.record(
                user={"email": "ada@example.com"},
                activity={"id": "fractions-1", "name": "Fractions 1", "course": {"subject": "Math", "grade": 3}},
                metrics={"xp_earned": 12, "total_questions": 10, "correct_questions": 8, "mastered_units": 1},
            )
        """
        plan = self._plan(user, activity, metrics, time, run_id, idempotency_key, timeout, deadline, max_retries)
        source_id = user.get("platform_id") or self._resolve(user["email"], plan.calls)
        sent_metrics: dict[str, Any] = {k: v for k, v in metrics.items() if v is not None}
        if self._needs_history(plan.course, sent_metrics):
            assert plan.course.course_id is not None and plan.course.total_lessons
            earlier = mastered_units_so_far(self._caller, source_id, plan.course.course_id, plan.calls)
            sent_metrics["pct_complete"] = pct_of(earlier + sent_metrics["mastered_units"], plan.course.total_lessons)
        events, body = self._events(plan, user, activity, sent_metrics, source_id, idempotency_key)
        raw_response = self._caller.request_with_response(
            "POST",
            "/caliper/v1p2",
            body=body,
            # Keyed by event ids: sending the batch twice is harmless, so every transient failure is retried.
            idempotent=True,
            operation="POST /caliper/v1p2",
            **plan.calls,
        )
        self._sent(self._caller, events)
        return self._result(plan, events, sent_metrics, raw_response.data)

    def _resolve(self, email: str, calls: Mapping[str, Any]) -> str:
        """The rostering ``sourcedId`` of ``email``: cached 10 minutes when found; never cached when not."""
        return self._cached(email) or self._remember(email, user_id_by_email(self._caller, email, calls))


class AsyncActivity(_ActivityBase):
    """``alk.activity``: :class:`Activity` for tasks; concurrent records of one user share one roster look-up."""

    def __init__(
        self,
        caller: AsyncCaller,
        *,
        base_url: str,
        config: Callable[[], LearnkitConfig],
        now_ms: Callable[[], float] = lambda: _time.time() * 1000,
    ) -> None:
        super().__init__(base_url=base_url, config=config, now_ms=now_ms)
        self._caller = caller
        self._lookups: dict[str, asyncio.Future[str | None]] = {}

    async def record(
        self,
        *,
        user: User,
        activity: ActivityRef,
        metrics: Metrics,
        time: RecordTime | None = None,
        run_id: str | None = None,
        idempotency_key: str | None = None,
        timeout: float | httpx.Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
    ) -> RecordResult:
        """:meth:`Activity.record` for tasks.

        Example::

            await alk.activity.record(
                user={"email": "ada@example.com"},
                activity={"id": "fractions-1", "name": "Fractions 1", "course": {"subject": "Math", "grade": 3}},
                metrics={"xp_earned": 12},
            )
        """
        plan = self._plan(user, activity, metrics, time, run_id, idempotency_key, timeout, deadline, max_retries)
        source_id = user.get("platform_id") or await self._resolve(user["email"], plan.calls)
        sent_metrics: dict[str, Any] = {k: v for k, v in metrics.items() if v is not None}
        if self._needs_history(plan.course, sent_metrics):
            assert plan.course.course_id is not None and plan.course.total_lessons
            earlier = await mastered_units_so_far_async(self._caller, source_id, plan.course.course_id, plan.calls)
            sent_metrics["pct_complete"] = pct_of(earlier + sent_metrics["mastered_units"], plan.course.total_lessons)
        events, body = self._events(plan, user, activity, sent_metrics, source_id, idempotency_key)
        raw_response = await self._caller.request_with_response(
            "POST", "/caliper/v1p2", body=body, idempotent=True, operation="POST /caliper/v1p2", **plan.calls
        )
        self._sent(self._caller, events)
        return self._result(plan, events, sent_metrics, raw_response.data)

    async def _resolve(self, email: str, calls: Mapping[str, Any]) -> str:
        cached = self._cached(email)
        if cached is not None:
            return cached
        key = email.strip().lower()
        running = self._lookups.get(key)
        if running is None:
            running = asyncio.ensure_future(user_id_by_email_async(self._caller, email, calls))
            self._lookups[key] = running
            running.add_done_callback(lambda _: self._lookups.pop(key, None))
        return self._remember(email, await asyncio.shield(running))


from ._server import ActivityResponse, ActivityServer, AsyncActivityServer  # noqa: E402 - it uses the classes above

#: Deprecated: use ActivityResponse.
ActivityAnswer = ActivityResponse  # vocabulary: deprecated alias
