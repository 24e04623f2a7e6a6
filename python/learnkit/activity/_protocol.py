"""The tracker's protocol as the activity endpoint checks it: what a body must hold, and the framework-neutral
response (docs/decisions.md#d-browser-to-server). The counterpart of the TypeScript ``protocol`` module."""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..errors import ApiConnectionError, ApiError, ApiTimeoutError, UnknownUserError
from ._config import CourseConfig, LearnkitConfig, find_course, is_text
from ._record import course_problem, is_iso_time, show

if TYPE_CHECKING:
    from . import User

__all__ = ["MAX_BATCH_BYTES", "MAX_BATCH_EVENTS", "PROTOCOL_VERSION", "ActivityResponse"]

_log = logging.getLogger("learnkit")
#: The protocol version, ``v`` of every body.
PROTOCOL_VERSION = 1
#: Most events in one body.
MAX_BATCH_EVENTS = 100
#: Most bytes of one body.
MAX_BATCH_BYTES = 16_384
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
class ActivityResponse:
    """What to response the tracker: status, JSON body and headers (framework-neutral)."""

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


def _respond(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> ActivityResponse:
    return ActivityResponse(status, body, headers or {})


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


def _failure(error: BaseException, what: str) -> ActivityResponse:
    _log.error("activity handler: %s: %s", what, type(error).__name__)
    # Never 4xx here: the tracker drops a body refused with 400/413/422, and these events are valid. The details go to
    # the log only.
    if _upstream(error):
        return _respond(
            502, {"error": "upstream_failed", "message": "the platform did not take the events; send them again"}
        )
    return _respond(500, {"error": "internal_error", "message": "the activity endpoint failed; see its log"})


def read_batch(
    method: str, body: bytes | str, user: User | Mapping[str, object] | None, read_config: Callable[[], LearnkitConfig]
) -> ActivityResponse | _Batch:
    """The checked batch of one POST of the tracker, or the response that refuses it: 405, 413, 401, 400 (bad JSON,
    a bad batch, an implausible window, an unknown course), or 500 when the configuration cannot be read."""
    if method.upper() != "POST":
        return _respond(
            405, {"error": "method_not_allowed", "message": "POST a batch of activity events"}, {"allow": "POST"}
        )
    raw = body.encode() if isinstance(body, str) else body
    if len(raw) > MAX_BATCH_BYTES:
        return _respond(413, dict(_TOO_LARGE))
    if user is None:
        return _respond(401, {"error": "unauthorized", "message": "no user"})
    if not isinstance(user, Mapping) or not is_text(user.get("email")):
        return _failure(TypeError("get_user must return {email, platform_id?} or None"), "bad user")
    try:
        parsed = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return _respond(400, {"error": "invalid_json", "message": "the body is not JSON"})
    if not isinstance(parsed, dict) or parsed.get("v") != PROTOCOL_VERSION:
        return _respond(
            400, {"error": "invalid_batch", "message": f"body must be {{ v: {PROTOCOL_VERSION}, events: [...] }}"}
        )
    events = parsed.get("events")
    if not isinstance(events, list) or not 0 < len(events) <= MAX_BATCH_EVENTS:
        return _respond(
            400, {"error": "invalid_batch", "message": f"events must be an array of 1 to {MAX_BATCH_EVENTS} events"}
        )
    errors = [p for i, m in enumerate(events) if (p := _message_problem(m, f"events[{i}]")) is not None]
    if errors:
        return _respond(400, {"error": "invalid_batch", "message": "; ".join(errors)})
    spans = [
        p
        for i, m in enumerate(events)
        if m["kind"] == "timeSpent" and (p := _span_problem(m["window"], f"events[{i}].window")) is not None
    ]
    if spans:
        return _respond(400, {"error": "invalid_batch", "message": "; ".join(spans)})
    try:
        config = read_config()
    except Exception as error:  # noqa: BLE001 - responded with 500
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
        return _respond(400, {"error": "unknown_course", "message": "; ".join(dict.fromkeys(unknown))})
    return _Batch(config, user, events, courses)
