"""The Caliper events of the platform's profile (docs/decisions.md#d-caliper-wire), built member for member as the
TypeScript builders (``@learnkit/activity/caliper``) build them: same members, same order, same values."""

from __future__ import annotations

import math
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ._config import AppConfig, CourseConfig, _js_text, course_name

#: The Caliper 1.2 context IRI: ``@context`` of every event, ``dataVersion`` of every envelope.
CALIPER_CONTEXT = "http://purl.imsglobal.org/ctx/caliper/v1p2"
#: The ``profile`` of every event of the platform's profile.
TIMEBACK_PROFILE = "TimebackProfile"
#: The completion metrics, in the order of the event's items, with their wire names.
METRICS = (
    ("xp_earned", "xpEarned"),
    ("total_questions", "totalQuestions"),
    ("correct_questions", "correctQuestions"),
    ("mastered_units", "masteredUnits"),
)


@dataclass(frozen=True)
class Actor:
    """The student: the rostering user URL and email (``name``, ``role`` optional)."""

    id: str
    email: str
    name: str | None = None
    role: str | None = None


@dataclass(frozen=True)
class TimeWindow:
    """Active and inactive milliseconds between two ISO 8601 instants."""

    active_ms: float
    inactive_ms: float
    started_at: str
    ended_at: str


def iso(moment: datetime) -> str:
    """An aware datetime as JavaScript's ``Date.toISOString()`` writes it: UTC, milliseconds, ``Z``."""
    utc = moment.astimezone(UTC)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


def iso_at(millis: float) -> str:
    """Milliseconds since the epoch as ``new Date(millis).toISOString()`` writes them (whole ms, as a ``Date``)."""
    whole = math.floor(millis)
    return iso(datetime.fromtimestamp(whole // 1000, tz=UTC).replace(microsecond=(whole % 1000) * 1000))


def encode_uri_component(text: str) -> str:
    """JavaScript's ``encodeURIComponent``."""
    return urllib.parse.quote(text, safe="-_.!~*'()")


def activity_url(sensor: str, course: CourseConfig, activity_id: str) -> str:
    """The activity's URL: ``<sensor>/activities/<code>/<id>``, else ``<sensor>/activities/<Subject>/g<grade>/<id>``.

    Example::

        activity_url("https://app.example.com", CourseConfig(subject="Math", grade=3), "fractions-1")
        # 'https://app.example.com/activities/Math/g3/fractions-1'
    """
    where = (
        encode_uri_component(course.code)
        if course.code is not None
        else f"{encode_uri_component(course.subject)}/g{encode_uri_component(_js_text(course.grade))}"
    )
    return f"{sensor.rstrip('/')}/activities/{where}/{encode_uri_component(activity_id)}"


def _head(event_type: str, action: str, event_id: str, event_time: str) -> dict[str, Any]:
    return {"@context": CALIPER_CONTEXT, "id": event_id, "type": event_type, "action": action, "eventTime": event_time}


def _actor(actor: Actor) -> dict[str, Any]:
    user: dict[str, Any] = {"id": actor.id, "type": "TimebackUser", "email": actor.email}
    if actor.name is not None:
        user["name"] = actor.name
    if actor.role is not None:
        user["role"] = actor.role
    return user


def _object(sensor: str, app: AppConfig, course: CourseConfig, activity_id: str, activity_name: str) -> dict[str, Any]:
    url = activity_url(sensor, course, activity_id)
    app_part: dict[str, Any] = {"name": app.name} if app.id is None else {"name": app.name, "id": app.id}
    course_part: dict[str, Any] = (
        {"name": course_name(course)}
        if course.course_id is None
        else {"id": course.course_id, "name": course_name(course)}
    )
    # The profile types `activity.id` as a URI: the activity's URL, never the bare slug
    # (docs/decisions.md#d-activity-id-is-url).
    return {
        "id": url,
        "type": "TimebackActivityContext",
        "subject": course.subject,
        "app": app_part,
        "course": course_part,
        "activity": {"id": url, "name": activity_name},
    }


def _extensions(course: CourseConfig, run_id: str) -> dict[str, Any]:
    return {"runId": run_id} if course.course_id is None else {"runId": run_id, "courseId": course.course_id}


def time_spent_event(
    *,
    event_id: str,
    sensor: str,
    app: AppConfig,
    course: CourseConfig,
    actor: Actor,
    activity_id: str,
    activity_name: str,
    run_id: str,
    window: TimeWindow,
) -> dict[str, Any]:
    """A TimeSpentEvent (``SpentTime``) for one window: an ``active`` item (seconds) and, when there was any, an
    ``inactive`` one; the event time is the window's end."""

    def item(kind: str, ms: float) -> dict[str, Any]:
        return {"type": kind, "value": ms / 1000, "startDate": window.started_at, "endDate": window.ended_at}

    items = [item("active", window.active_ms)]
    if window.inactive_ms > 0:
        items.append(item("inactive", window.inactive_ms))
    return {
        **_head("TimeSpentEvent", "SpentTime", event_id, window.ended_at),
        "actor": _actor(actor),
        "object": _object(sensor, app, course, activity_id, activity_name),
        "profile": TIMEBACK_PROFILE,
        "generated": {"id": f"{event_id}/metrics", "type": "TimebackTimeSpentMetricsCollection", "items": items},
        "extensions": _extensions(course, run_id),
    }


def activity_completed_event(
    *,
    event_id: str,
    event_time: str,
    sensor: str,
    app: AppConfig,
    course: CourseConfig,
    actor: Actor,
    activity_id: str,
    activity_name: str,
    run_id: str,
    metrics: Mapping[str, Any],
) -> dict[str, Any]:
    """The spec's ActivityCompletedEvent: ``ActivityEvent`` with action ``Completed``, the metrics as items and
    ``pct_complete`` as ``generated.extensions.pctCompleteApp``. ``metrics`` has the Python names."""
    items = [{"type": wire, "value": metrics[name]} for name, wire in METRICS if metrics.get(name) is not None]
    generated: dict[str, Any] = {
        "id": f"{event_id}/metrics",
        "type": "TimebackActivityMetricsCollection",
        "items": items,
    }
    if metrics.get("pct_complete") is not None:
        generated["extensions"] = {"pctCompleteApp": metrics["pct_complete"]}
    return {
        **_head("ActivityEvent", "Completed", event_id, event_time),
        "actor": _actor(actor),
        "object": _object(sensor, app, course, activity_id, activity_name),
        "profile": TIMEBACK_PROFILE,
        "generated": generated,
        "extensions": _extensions(course, run_id),
    }


def envelope(sensor: str, events: Sequence[Mapping[str, Any]], send_time: str) -> dict[str, Any]:
    """A Caliper 1.2 envelope around ``events``, the body of ``POST /caliper/v1p2``."""
    return {"sensor": sensor, "sendTime": send_time, "dataVersion": CALIPER_CONTEXT, "data": list(events)}
