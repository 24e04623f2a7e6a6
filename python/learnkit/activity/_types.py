"""What ``lk.activity.record`` takes and returns: the user, course, activity, metrics and time, and the result."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NotRequired, TypedDict

__all__ = ["ActivityRef", "CourseRef", "Metrics", "RecordResult", "RecordTime", "User"]


class User(TypedDict):
    """The student, as your server knows them."""

    #: Required: the platform matches it against rostering.
    email: str
    #: The rostering user's ``sourcedId``; when missing it is looked up by email (and cached).
    platform_id: NotRequired[str]
    #: Sent as ``actor.name``.
    name: NotRequired[str]
    #: Sent as ``actor.role`` (e.g. ``student``).
    role: NotRequired[str]


class CourseRef(TypedDict, total=False):
    """A course of ``learnkit.config.json``: ``{"code": ...}`` or ``{"subject": ..., "grade": ...}``."""

    code: str
    subject: str
    grade: int | str


class ActivityRef(TypedDict):
    """The activity: a URL-safe slug, its name and its course."""

    id: str
    name: str
    course: CourseRef


class Metrics(TypedDict):
    """Completion metrics: ``xp_earned`` required (1 XP is 1 focused minute)."""

    xp_earned: float
    #: Given together with ``correct_questions``.
    total_questions: NotRequired[int]
    correct_questions: NotRequired[int]
    #: New units mastered in this activity (incremental); with the course's ``totalLessons``, ``pct_complete`` is
    #: computed from the gradebook when omitted.
    mastered_units: NotRequired[int]
    #: 0 to 100; forwarded as is when given.
    pct_complete: NotRequired[float]


class RecordTime(TypedDict):
    """Time measured by your own code: give it only when the front end ran the activity with ``time: false``."""

    #: ISO 8601 with a zone, or an aware datetime.
    started_at: str | datetime
    ended_at: str | datetime
    active_ms: float
    inactive_ms: NotRequired[float]


@dataclass(frozen=True)
class RecordResult:
    """What ``record`` sent."""

    #: The run id used (given, or made).
    run_id: str
    #: The Caliper events sent: a TimeSpentEvent when ``time`` was given, then the completion.
    events: list[dict[str, Any]] = field(repr=False)
    #: ``pct_complete`` sent (given, or computed from the gradebook), if any.
    pct_complete: float | None
    #: Events the platform stored now.
    accepted: int
    #: Events it already had: a repeat of a ``record`` with the same ``idempotency_key``.
    duplicates: int
