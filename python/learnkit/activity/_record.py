"""The checks of ``record``'s arguments: the TypeScript ``recordIssues``, with the Python (snake_case) names."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, TypeGuard

from .._json import dumps
from ..errors import ValidationIssue
from ._caliper import TimeWindow, iso
from ._config import is_grade, is_integer, is_text

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# Slack for clocks read separately: active + inactive may exceed ended_at - started_at by this much.
SPAN_SLACK_MS = 1000
_SLUG = re.compile(r"[A-Za-z0-9._~-]{1,128}")
_ISO_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})")
_EMAIL = re.compile(r"[^\s@]+@[^\s@]+")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")

#: The members each argument takes, Python name to the TypeScript (and wire) name.
MEMBERS: Mapping[str, Mapping[str, str]] = {
    "user": {"email": "email", "platform_id": "platformId", "name": "name", "role": "role"},
    "activity": {"id": "id", "name": "name", "course": "course"},
    "metrics": {
        "xp_earned": "xpEarned",
        "total_questions": "totalQuestions",
        "correct_questions": "correctQuestions",
        "mastered_units": "masteredUnits",
        "pct_complete": "pctComplete",
    },
    "time": {"started_at": "startedAt", "ended_at": "endedAt", "active_ms": "activeMs", "inactive_ms": "inactiveMs"},
}


def show(value: object) -> str:
    """A value in a message: JSON for JSON values, ``None`` for None, else its repr."""
    if value is None:
        return "None"
    try:
        return dumps(value)
    except TypeError:
        return repr(value)


def is_number(value: object) -> TypeGuard[float]:
    """A finite number (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _non_negative(value: object) -> TypeGuard[float]:
    return is_number(value) and value >= 0


def is_iso_time(value: object) -> bool:
    """An ISO 8601 date-time with a zone, as Caliper's ``date-time`` wants (``2026-01-05T10:00:00Z``)."""
    if not isinstance(value, str) or not _ISO_TIME.fullmatch(value):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _time_text(value: object) -> str | None:
    """An ISO 8601 string as given, or an aware datetime as ``toISOString()`` writes it; else None."""
    if isinstance(value, datetime):
        return iso(value) if value.tzinfo is not None else None
    return value if isinstance(value, str) and is_iso_time(value) else None


def _unknown(issues: list[ValidationIssue], name: str, given: Mapping[str, Any], extra: tuple[str, ...] = ()) -> None:
    """An issue per member ``name`` does not take: a camelCase one gets its snake_case name."""
    members = MEMBERS[name]
    camel = {wire: python for python, wire in members.items()}
    for key in given:
        if key in members or key in extra:
            continue
        hint = f"; the Python name is {camel[key]}" if key in camel else f"; {name} takes {', '.join(members)}"
        issues.append(ValidationIssue((name, str(key)), f"is not a member of {name}{hint}"))


def metrics_problem(metrics: Mapping[str, Any]) -> tuple[tuple[str, ...], str] | None:
    """What is wrong with completion metrics, or None: the TypeScript ``completionProblem`` with Python names."""
    total = metrics.get("total_questions")
    if (total is None) != (metrics.get("correct_questions") is None):
        return ("metrics",), "total_questions and correct_questions must be given together"
    rules: tuple[tuple[str, float, bool], ...] = (
        ("xp_earned", math.inf, False),
        ("total_questions", math.inf, True),
        ("correct_questions", float(total) if is_number(total) else math.inf, True),
        ("mastered_units", math.inf, True),
        ("pct_complete", 100, False),
    )
    for field, most, count in rules:
        value = metrics.get(field)
        if value is None and field != "xp_earned":
            continue
        if not (_non_negative(value) and float(value) <= most and (not count or is_integer(value))):
            kind = "an integer" if count else "a number"
            bound = ">= 0" if most == math.inf else f"from 0 to {dumps(most)}"
            return ("metrics", field), f"must be {kind} {bound}, got {show(value)}"
    return None


def course_problem(course: object) -> str | None:
    """What is wrong with a course reference, or None: ``{"subject": ..., "grade": ...}`` or ``{"code": ...}``."""
    if isinstance(course, Mapping):
        if course.get("code") is not None:
            if is_text(course["code"], 128):
                return None
        elif is_text(course.get("subject"), 128) and is_grade(course.get("grade")):
            return None
    return f'must be {{"subject": ..., "grade": ...}} or {{"code": ...}} of learnkit.config.json, got {show(course)}'


def record_issues(
    user: object, activity: object, metrics: object, time: object, run_id: object, idempotency_key: object
) -> tuple[list[ValidationIssue], TimeWindow | None]:
    """Every problem of ``record``'s arguments (nothing is sent when there is one), and the time window of ``time``."""
    issues: list[ValidationIssue] = []

    def add(path: tuple[str | int, ...], message: str) -> None:
        issues.append(ValidationIssue(path, message))

    if not isinstance(user, Mapping):
        add(("user",), f'must be a dict with "email", got {show(user)}')
    else:
        _unknown(issues, "user", user)
        email = user.get("email")
        if not is_text(email, 320) or not _EMAIL.fullmatch(email):  # type: ignore[arg-type]
            add(("user", "email"), f"must be an email address, got {show(email)}")
        for key in ("platform_id", "name", "role"):
            if user.get(key) is not None and not is_text(user[key]):
                add(("user", key), "must be a non-empty string")
    if not isinstance(activity, Mapping):
        add(("activity",), f'must be a dict with "id", "name" and "course", got {show(activity)}')
    else:
        _unknown(issues, "activity", activity)
        slug = activity.get("id")
        if not (isinstance(slug, str) and _SLUG.fullmatch(slug)):
            add(("activity", "id"), f"must be a URL-safe slug of A-Za-z0-9._~-, got {show(slug)}")
        if not is_text(activity.get("name")):
            add(("activity", "name"), f"must be a non-empty string, got {show(activity.get('name'))}")
        problem = course_problem(activity.get("course"))
        if problem:
            add(("activity", "course"), problem)
    if not isinstance(metrics, Mapping):
        add(("metrics",), f'must be a dict with "xp_earned", got {show(metrics)}')
    else:
        _unknown(issues, "metrics", metrics)
        found = metrics_problem(metrics)
        if found:
            add(*found)
    if run_id is not None and not (isinstance(run_id, str) and _UUID.fullmatch(run_id)):
        add(("run_id",), f"must be a UUID (the run id the client persisted), got {show(run_id)}")
    if idempotency_key is not None and not is_text(idempotency_key, 255):
        add(
            ("idempotency_key",),
            "must be a non-empty string of at most 255 characters (your id of this completion), "
            f"got {show(idempotency_key)}",
        )
    window: TimeWindow | None = None
    if time is not None:
        if not isinstance(time, Mapping):
            add(
                ("time",), f'must be a dict with "started_at", "ended_at", "active_ms", "inactive_ms", got {show(time)}'
            )
        else:
            _unknown(issues, "time", time)
            started_at = _time_text(time.get("started_at"))
            ended_at = _time_text(time.get("ended_at"))
            active_ms = time.get("active_ms")
            inactive_ms = time.get("inactive_ms", 0)
            for key, text in (("started_at", started_at), ("ended_at", ended_at)):
                if text is None:
                    add(
                        ("time", key),
                        f"must be an ISO 8601 date-time with a zone or an aware datetime, got {show(time.get(key))}",
                    )
            if not _non_negative(active_ms):
                add(("time", "active_ms"), f"must be a number of ms >= 0, got {show(active_ms)}")
            if not _non_negative(inactive_ms):
                add(("time", "inactive_ms"), f"must be a number of ms >= 0, got {show(time.get('inactive_ms'))}")
            if started_at and ended_at and _non_negative(active_ms) and _non_negative(inactive_ms):
                span = _ms_between(started_at, ended_at)
                if span < 0:
                    add(("time", "ended_at"), "must not be before started_at")
                elif active_ms + inactive_ms > span + SPAN_SLACK_MS:
                    claimed = dumps(active_ms + inactive_ms)
                    add(
                        ("time", "active_ms"),
                        f"active_ms + inactive_ms ({claimed} ms) exceed ended_at - started_at ({dumps(span)} ms)",
                    )
                else:
                    window = TimeWindow(float(active_ms), float(inactive_ms), started_at, ended_at)
    return issues, window


def _ms_between(started_at: str, ended_at: str) -> int:
    """Milliseconds from one instant to the other, at a JavaScript ``Date``'s precision (whole ms)."""

    def millis(text: str) -> int:
        return (datetime.fromisoformat(text) - _EPOCH) // timedelta(milliseconds=1)

    return millis(ended_at) - millis(started_at)
