"""Types every layer of the package shares; this module imports nothing of the package
(docs/decisions.md#d-python-layers)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["QueryValue"]

#: A value of a query parameter: lists are sent comma-joined (as ``fields``), None is left out.
QueryValue = str | int | float | bool | Sequence[str | int | float] | None
