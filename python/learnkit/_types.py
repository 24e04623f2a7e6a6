"""Types every layer of the package shares; this module imports nothing of the package
(docs/decisions.md#d-python-layers)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

__all__ = ["NOT_GIVEN", "NotGiven", "QueryValue"]

#: A value of a query parameter: lists are sent comma-joined (as ``fields``), None is left out.
QueryValue = str | int | float | bool | Sequence[str | int | float] | None


class NotGiven:
    """The default of a body member a call leaves out: it is not sent, where ``None`` is sent as JSON null
    (docs/decisions.md#d-python-body-kwargs)."""

    def __bool__(self) -> Literal[False]:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


#: The one :class:`NotGiven`: ``create(..., description=NOT_GIVEN)`` is ``create(...)`` without it.
NOT_GIVEN = NotGiven()
