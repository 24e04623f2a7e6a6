"""The Caliper event of each message of the tracker, and its ``pctComplete`` (decision 10): what the activity
endpoint sends for a body (docs/decisions.md#d-browser-to-server)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._caliper import Actor, TimeWindow, activity_completed_event, time_spent_event
from ._config import CourseConfig
from ._protocol import _METRICS, _Batch
from ._reads import pct_of

__all__ = ["message_event", "pct_complete", "wants_pct"]


def message_event(
    message: Mapping[str, Any], batch: _Batch, course: CourseConfig, actor: Actor, pct: float | None
) -> dict[str, Any]:
    """The Caliper event of one message; its id is the message's, so resends dedupe downstream."""
    profile: dict[str, Any] = {
        "sensor": batch.config.sensor,
        "app": batch.config.app,
        "course": course,
        "actor": actor,
        "activity_id": message["activity"]["id"],
        "activity_name": message["activity"]["name"],
        "run_id": message["runId"],
    }
    if message["kind"] == "timeSpent":
        w = message["window"]
        window = TimeWindow(float(w["activeMs"]), float(w["inactiveMs"]), w["startedAt"], w["endedAt"])
        return time_spent_event(event_id=message["id"], window=window, **profile)
    metrics = {
        python: message["completion"][wire]
        for wire, python, _, _ in _METRICS
        if message["completion"].get(wire) is not None
    }
    if metrics.get("pct_complete") is None and pct is not None:
        metrics["pct_complete"] = pct
    return activity_completed_event(event_id=message["id"], event_time=message["at"], metrics=metrics, **profile)


def wants_pct(message: Mapping[str, Any], course: CourseConfig) -> bool:
    """Whether a message is a completion whose ``pctComplete`` the endpoint computes: it gives mastered units but
    no ``pctComplete``, and its course has a course id and a number of lessons."""
    completion = message.get("completion") or {}
    return (
        message["kind"] == "completion"
        and completion.get("masteredUnits") is not None
        and completion.get("pctComplete") is None
        and bool(course.total_lessons)
        and course.course_id is not None
    )


def pct_complete(message: Mapping[str, Any], course: CourseConfig, history: float, extra: dict[str, float]) -> float:
    """``pctComplete`` of a completion (decision 10): the units mastered before (``history``), plus those of
    completions before it in the body (``extra``, which it adds to), over the course's lessons."""
    assert course.course_id is not None and course.total_lessons
    before = extra.get(course.course_id, 0.0)
    now = float(message["completion"]["masteredUnits"])
    extra[course.course_id] = before + now
    return pct_of(history + before + now, course.total_lessons)
