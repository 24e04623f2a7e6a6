"""``Retry-After`` as RFC 9110 section 10.2.3 writes it (docs/decisions.md#d-retry-after-formats)."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from email.utils import parsedate_to_datetime

# ASCII digits only: `\d` would take any Unicode digit.
_DELAY_SECONDS = re.compile(r"[0-9]+")
_IMF_FIXDATE = re.compile(
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} "
    r"[0-9]{2}:[0-9]{2}:[0-9]{2} GMT"
)
# `retry-after-ms` is not standardised; gateways that send it write a non-negative number of milliseconds.
_DELAY_MS = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def parse_retry_after_ms(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """How long the server asked to wait, in ms: ``retry-after-ms``, else ``Retry-After`` as whole seconds or an
    IMF-fixdate. None when absent or malformed (``-5``, ``1.5``, an obsolete date format). Names in lower case;
    ``now`` in Unix seconds."""
    ms = headers.get("retry-after-ms")
    if ms is not None and _DELAY_MS.fullmatch(ms):
        return float(ms)
    raw = headers.get("retry-after")
    if raw is None:
        return None
    if _DELAY_SECONDS.fullmatch(raw):
        return int(raw) * 1000.0
    if not _IMF_FIXDATE.fullmatch(raw):
        return None
    try:
        when = parsedate_to_datetime(raw).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - (time.time() if now is None else now)) * 1000)
