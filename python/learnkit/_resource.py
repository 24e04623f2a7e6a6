"""The base of every resource class, and the checks the generated methods make before anything is sent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import ValidationError, ValidationIssue

if TYPE_CHECKING:
    from ._client import AsyncLearnKit, LearnKit

__all__ = ["AsyncAPIResource", "SyncAPIResource"]


class SyncAPIResource:
    """A resource of :class:`LearnKit` (``lk.case.documents``): its methods call the platform through the client's
    pool, token and retry settings."""

    def __init__(self, client: LearnKit) -> None:
        self._client = client


class AsyncAPIResource:
    """A resource of :class:`AsyncLearnKit`; every method is awaited (listings are iterated with ``async for``)."""

    def __init__(self, client: AsyncLearnKit) -> None:
        self._client = client


def check_id(value: object, name: str) -> str:
    """A path parameter: a non-empty string, named as the method names it."""
    if not isinstance(value, str) or value == "":
        raise ValidationError([ValidationIssue((name,), f"must be a non-empty string (got {value!r})")])
    return value


def same_id(body: Any, path_value: str, name: str) -> None:
    """A OneRoster write names its object twice, in the path and in the body: the two must agree."""
    given = body.get("sourcedId") if isinstance(body, dict) else None
    if given is not None and given != path_value:
        raise ValidationError(
            [
                ValidationIssue(
                    (name, "sourced_id") if name else ("sourced_id",),
                    f"is {given!r}, but the path names {path_value!r}: give the same id",
                )
            ]
        )
