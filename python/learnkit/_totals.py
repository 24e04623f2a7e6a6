"""The total a listing response states, for the pagers and the activity reads (docs/decisions.md#d-pagination)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._response import ApiResponse

__all__ = ["total_of"]


def total_of(response: ApiResponse[Any]) -> int | None:
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
