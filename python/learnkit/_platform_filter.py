"""The platform families' filter limits: at most 2 predicates per filter, never ``AND`` with ``OR``, on
``/rostering/1.0``, ``/applications/1.0`` and ``/insights/1.0`` (docs/decisions.md#d-platform-filter-limits). The same
rule and messages as ``platformFilterIssue`` of ``@learnkit/core``; OneRoster 1.2 and CASE keep their own rules."""

from __future__ import annotations

import re

from .errors import ValidationError, ValidationIssue

__all__ = ["PLATFORM_FILTER_MAX_PREDICATES", "check_platform_filter", "platform_filter_issue"]

_LIMITED_FAMILIES = ("/rostering/1.0", "/applications/1.0", "/insights/1.0")
#: The most predicates one filter of those families may hold.
PLATFORM_FILTER_MAX_PREDICATES = 2
# Quoted values may hold anything but a quote, " AND " included: they are blanked before the joiners are counted.
_QUOTED = re.compile(r"'[^']*'")
_JOINER = re.compile(r"\s(AND|OR)\s")
# The family's grammar, as filterFieldNames of @learnkit/core reads it.
_CONDITION = re.compile(r"\s*([A-Za-z_$][\w.$]*)\s*(?:>=|<=|!=|=|~|>|<|@)\s*(?:'[^']*'|[^\s']+)\s*")
_JOIN = re.compile(r"(AND|OR)(?=\s)")


def _family(path: str) -> str | None:
    return next((f for f in _LIMITED_FAMILIES if path == f or path.startswith(f"{f}/")), None)


def _named(text: str) -> str:
    """The fields a filter names, for a message that does not repeat its values (they may be personal data)."""
    fields: list[str] = []
    at = 0
    while True:
        condition = _CONDITION.match(text, at)
        if condition is None:
            return ""
        fields.append(condition.group(1))
        at = condition.end()
        if at == len(text):
            return f" (on {', '.join(fields)})"
        join = _JOIN.match(text, at)
        if join is None:
            return ""
        at = join.end()


def platform_filter_issue(path: str, filter: object) -> ValidationIssue | None:
    """The problem of a ``filter`` sent to ``path`` under the platform's limits (a third predicate, or ``AND`` mixed
    with ``OR``), else None. Other paths, and values that are not strings, have none."""
    family = _family(path)
    if family is None or not isinstance(filter, str):
        return None
    joiners = _JOINER.findall(_QUOTED.sub("''", filter))
    if "AND" in joiners and "OR" in joiners:
        return ValidationIssue(
            ("filter",),
            f"mixes AND with OR{_named(filter)}, which {family} refuses (its listings never mix them in one filter): "
            f"use only AND or only OR, at most {PLATFORM_FILTER_MAX_PREDICATES} predicates, and run a second query for "
            "the other part",
        )
    predicates = len(joiners) + 1
    if predicates > PLATFORM_FILTER_MAX_PREDICATES:
        return ValidationIssue(
            ("filter",),
            f"has {predicates} predicates{_named(filter)}; {family} takes at most {PLATFORM_FILTER_MAX_PREDICATES} per "
            f"filter: keep the {PLATFORM_FILTER_MAX_PREDICATES} that narrow the list most and keep the items you want "
            "from what you read, or run separate queries",
        )
    return None


def check_platform_filter(path: str, filter: object) -> None:
    """Raises the :class:`ValidationError` of :func:`platform_filter_issue`, before anything is sent."""
    issue = platform_filter_issue(path, filter)
    if issue is not None:
        raise ValidationError([issue])
