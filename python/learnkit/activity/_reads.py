"""What ``record`` reads from the platform: the roster look-up by email and the gradebook history of decision 10
(docs/decisions.md#d-pct-complete), through a :class:`Caller` (``LearnKit.request_with_response``)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Generator, Mapping
from typing import Any, Protocol, TypeVar

from .._response import ApiResponse
from .._totals import total_of
from ..errors import UnknownUserError, ValidationError, ValidationIssue

T = TypeVar("T")

#: The OneRoster users, looked up by email.
USERS = "/ims/oneroster/rostering/v1p2/users/"
_RESULTS = "/ims/oneroster/gradebook/v1p2/assessmentResults/"
_PAGE = 1000
_MAX_PAGES = 100
#: Page size of the contains look-up of an email with a quote; the candidates are read page by page.
_USER_PAGE = 1000
#: Pages that look-up reads at most; a longer list is refused rather than responded "no user".
_USER_MAX_PAGES = 100
# What splits an email into the parts a filter can search for: a quote (the filter grammar cannot escape it), control
# characters (no filter value may hold one), and whitespace (around AND/OR it reads as a second condition). The same
# characters as the TypeScript package's (docs/decisions.md#d-email-filter-longest-part).
_UNSENDABLE = re.compile("['\u0000-\u0020\u007f\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]")


class Caller(Protocol):
    """What ``Activity`` calls the platform with: ``LearnKit.request_with_response``."""

    def request_with_response(
        self,
        method: str,
        path: str,
        *,
        query: Any = ...,
        body: Any = ...,
        idempotent: bool | None = ...,
        timeout: Any = ...,
        deadline: float | None = ...,
        max_retries: int | None = ...,
        operation: str | None = ...,
    ) -> ApiResponse[Any]: ...


class AsyncCaller(Protocol):
    """What ``AsyncActivity`` calls the platform with: ``AsyncLearnKit.request_with_response``."""

    async def request_with_response(
        self,
        method: str,
        path: str,
        *,
        query: Any = ...,
        body: Any = ...,
        idempotent: bool | None = ...,
        timeout: Any = ...,
        deadline: float | None = ...,
        max_retries: int | None = ...,
        operation: str | None = ...,
    ) -> ApiResponse[Any]: ...


def quoted(field_name: str, value: str, operator: str = "=") -> str:
    """``field='value'`` of the filter grammar (or another ``operator``: ``~`` contains), refusing what it cannot
    quote (as the TypeScript ``where.eq`` and ``where.contains``)."""
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
    return f"{field_name}{operator}'{value}'"


def email_fragment(email: str) -> str | None:
    """The part of ``email`` a roster filter searches by: the whole email when a filter can carry it, else its longest
    part between the characters none can (the first of equal length); None when that part is only ``@``s, which every
    address contains (docs/decisions.md#d-email-filter-longest-part)."""
    longest = max(_UNSENDABLE.split(email), key=len)
    return None if longest.replace("@", "") == "" else longest


def _user_lookup(
    email: str, page: int, max_pages: int
) -> Generator[tuple[str, dict[str, Any]], ApiResponse[Any], str | None]:
    """The look-up of :func:`user_id_by_email` as a generator: it yields each roster read (path, query) and is sent
    its response, so the sync and async callers share one walk."""
    fragment = email_fragment(email)
    if fragment is None:
        raise ValidationError(
            [
                ValidationIssue(
                    ("user", "email"),
                    "has no part a roster filter can search for "
                    "(a filter cannot carry ', control characters or spaces, and what is left between them is only @); "
                    "pass user platform_id, the user's rostering sourcedId",
                )
            ]
        )
    if fragment == email:
        raw_response = yield USERS, {"filter": quoted("email", email), "limit": 2, "fields": ["sourcedId"]}
        users = raw_response.data.get("users", []) if isinstance(raw_response.data, dict) else []
        if len(users) > 1:
            raise UnknownUserError(email, "several rostering users match")
        return _id_of(users[0] if users else None)
    query = {"filter": quoted("email", fragment, "~"), "limit": page, "fields": ["sourcedId", "email"]}
    matches: list[Any] = []
    offset = 0
    for _ in range(max_pages):
        raw_response = yield USERS, {**query, "offset": offset}
        rows = raw_response.data.get("users", []) if isinstance(raw_response.data, dict) else []
        rows = rows if isinstance(rows, list) else []
        matches += [row for row in rows if isinstance(row, dict) and row.get("email") == email]
        if len(matches) > 1:
            raise UnknownUserError(email, "several rostering users match")
        total = total_of(raw_response)
        # docs/decisions.md#d-pagination: stop on an empty page, at the total, or (without one) on a short page.
        if not rows or (offset + len(rows) >= total if total is not None else len(rows) < page):
            return _id_of(matches[0] if matches else None)
        offset += len(rows)
    shown = json.dumps(fragment, ensure_ascii=False)
    raise UnknownUserError(
        email, f"too many rostering users (over {max_pages * page}) have an email containing {shown}"
    )


def _drive(
    walk: Generator[tuple[str, dict[str, Any]], ApiResponse[Any], T], caller: Caller, calls: Mapping[str, Any]
) -> T:
    try:
        path, query = next(walk)
        while True:
            raw_response = caller.request_with_response("GET", path, query=query, operation=f"GET {path}", **calls)
            path, query = walk.send(raw_response)
    except StopIteration as done:
        result: T = done.value
        return result


async def _drive_async(
    walk: Generator[tuple[str, dict[str, Any]], ApiResponse[Any], T], caller: AsyncCaller, calls: Mapping[str, Any]
) -> T:
    try:
        path, query = next(walk)
        while True:
            raw_response = await caller.request_with_response(
                "GET", path, query=query, operation=f"GET {path}", **calls
            )
            path, query = walk.send(raw_response)
    except StopIteration as done:
        result: T = done.value
        return result


def user_id_by_email(
    caller: Caller,
    email: str,
    calls: Mapping[str, Any],
    *,
    page: int = _USER_PAGE,
    max_pages: int = _USER_MAX_PAGES,
) -> str | None:
    """The rostering ``sourcedId`` of the user with exactly ``email``; None when the roster has none.
    ``filter=email='<email>'``; an email no filter can carry (a quote: O'Brien) is searched by its longest sendable
    part, ``filter=email~'<part>'``, and the responses are compared with the email exactly, case included, page by page
    (docs/decisions.md#d-email-filter-longest-part). Several matches are an :class:`UnknownUserError`."""
    return _drive(_user_lookup(email, page, max_pages), caller, calls)


async def user_id_by_email_async(
    caller: AsyncCaller,
    email: str,
    calls: Mapping[str, Any],
    *,
    page: int = _USER_PAGE,
    max_pages: int = _USER_MAX_PAGES,
) -> str | None:
    """:func:`user_id_by_email` for tasks."""
    return await _drive_async(_user_lookup(email, page, max_pages), caller, calls)


def _id_of(row: object) -> str | None:
    """The ``sourcedId`` of a user the roster responded, if it has one."""
    found = row.get("sourcedId") if isinstance(row, dict) else None
    return found if isinstance(found, str) and found != "" else None


def pct_of(units: float, total_lessons: int) -> float:
    """``units / total_lessons`` as a percentage, capped at 100, rounded half up to two decimals (``Math.round``)."""
    return min(100.0, math.floor(units / total_lessons * 10_000 + 0.5) / 100)


def _history(student_id: str, course_id: str) -> Generator[tuple[str, dict[str, Any]], ApiResponse[Any], float]:
    """The gradebook walk of :func:`mastered_units_so_far`, as a generator of reads."""
    total_units: float = 0
    offset = 0
    query = {"filter": quoted("student", student_id), "limit": _PAGE, "fields": ["sourcedId", "status", "metadata"]}
    for _ in range(_MAX_PAGES):
        raw_response = yield _RESULTS, {**query, "offset": offset}
        rows = raw_response.data.get("assessmentResults", []) if isinstance(raw_response.data, dict) else []
        for row in rows if isinstance(rows, list) else []:
            meta = row.get("metadata") if isinstance(row, dict) else None
            if row.get("status") == "tobedeleted" or not isinstance(meta, dict) or meta.get("courseId") != course_id:
                continue
            units = meta.get("masteredUnits")
            if isinstance(units, (int, float)) and not isinstance(units, bool) and math.isfinite(units) and units > 0:
                total_units += units
        total = total_of(raw_response)
        # docs/decisions.md#d-pagination: stop on an empty page, at the total, or (without one) on a short page.
        if not rows or (offset + len(rows) >= total if total is not None else len(rows) < _PAGE):
            break
        offset += len(rows)
    return total_units


def mastered_units_so_far(caller: Caller, student_id: str, course_id: str, calls: Mapping[str, Any]) -> float:
    """The sum of ``metadata.masteredUnits`` of the student's assessment results in ``course_id``, every page,
    leaving out results marked ``tobedeleted``."""
    return _drive(_history(student_id, course_id), caller, calls)


async def mastered_units_so_far_async(
    caller: AsyncCaller, student_id: str, course_id: str, calls: Mapping[str, Any]
) -> float:
    """:func:`mastered_units_so_far` for tasks."""
    return await _drive_async(_history(student_id, course_id), caller, calls)
