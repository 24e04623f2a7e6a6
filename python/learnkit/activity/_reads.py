"""What ``record`` reads from the platform: the roster look-up by email and the gradebook history of decision 10
(docs/decisions.md#d-pct-complete), through a :class:`Caller` (``LearnKit.request_with_response``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal, Protocol

from .._retry import RetryOptions
from ..client import ApiResponse
from ..errors import ValidationError, ValidationIssue

#: The OneRoster users, looked up by email.
USERS = "/ims/oneroster/rostering/v1p2/users/"
_RESULTS = "/ims/oneroster/gradebook/v1p2/assessmentResults/"
_PAGE = 1000
_MAX_PAGES = 100


class Caller(Protocol):
    """What ``Activity`` calls the platform with: ``LearnKit.request_with_response``."""

    def request_with_response(
        self,
        method: str,
        path: str,
        *,
        query: Mapping[str, Any] | None = ...,
        body: Any = ...,
        idempotent: bool | None = ...,
        timeout_ms: float | None = ...,
        deadline_ms: float | None = ...,
        retry: RetryOptions | Literal[False] | None = ...,
        operation: str | None = ...,
    ) -> ApiResponse: ...


def quoted(field_name: str, value: str) -> str:
    """``field='value'`` of the filter grammar, refusing what it cannot quote (as the TypeScript ``where.eq``)."""
    problem = (
        "contains a single quote, which the filter syntax cannot escape"
        if "'" in value
        else "contains a control character, which cannot be sent in a filter"
        if any(ord(c) < 0x20 or c in "\x7f\u2028\u2029" for c in value)
        else "contains ' AND ' or ' OR ', which the platform would read as a second condition"
        if any(f"{a}{op}{b}" in value for op in ("AND", "OR") for a in " \t\n" for b in " \t\n")
        else None
    )
    if problem:
        raise ValidationError([ValidationIssue(("filter", field_name), f"value {problem}")])
    return f"{field_name}='{value}'"


def total_of(response: ApiResponse) -> int | None:
    """The list's total: ``X-Total-Count``, else a ``totalCount`` member (docs/decisions.md#d-pagination)."""
    header = response.headers.get("x-total-count", "").strip()
    if header.isascii() and header.isdigit():
        return int(header)
    member = response.data.get("totalCount") if isinstance(response.data, dict) else None
    if isinstance(member, (int, float)) and not isinstance(member, bool) and math.isfinite(member) and member >= 0:
        return int(member)
    if isinstance(member, str) and member.isascii() and member.isdigit():
        return int(member)
    return None


def pct_of(units: float, total_lessons: int) -> float:
    """``units / total_lessons`` as a percentage, capped at 100, rounded half up to two decimals (``Math.round``)."""
    return min(100.0, math.floor(units / total_lessons * 10_000 + 0.5) / 100)


def mastered_units_so_far(caller: Caller, student_id: str, course_id: str, calls: Mapping[str, Any]) -> float:
    """The sum of ``metadata.masteredUnits`` of the student's assessment results in ``course_id``, every page,
    leaving out results marked ``tobedeleted``."""
    total_units: float = 0
    offset = 0
    query = {"filter": quoted("student", student_id), "limit": _PAGE, "fields": ["sourcedId", "status", "metadata"]}
    for _ in range(_MAX_PAGES):
        answer = caller.request_with_response(
            "GET", _RESULTS, query={**query, "offset": offset}, operation=f"GET {_RESULTS}", **calls
        )
        rows = answer.data.get("assessmentResults", []) if isinstance(answer.data, dict) else []
        for row in rows if isinstance(rows, list) else []:
            meta = row.get("metadata") if isinstance(row, dict) else None
            if row.get("status") == "tobedeleted" or not isinstance(meta, dict) or meta.get("courseId") != course_id:
                continue
            units = meta.get("masteredUnits")
            if isinstance(units, (int, float)) and not isinstance(units, bool) and math.isfinite(units) and units > 0:
                total_units += units
        total = total_of(answer)
        # docs/decisions.md#d-pagination: stop on an empty page, at the total, or (without one) on a short page.
        if not rows or (offset + len(rows) >= total if total is not None else len(rows) < _PAGE):
            break
        offset += len(rows)
    return total_units
