"""JSON text as JavaScript's ``JSON.stringify`` writes it, so the two SDKs put the same bytes on the wire.

Python's :mod:`json` writes ``300.0`` where JavaScript writes ``300`` and ``1e-05`` where it writes ``0.00001``;
the Caliper events of ``record`` must be byte for byte those of the TypeScript package
(docs/decisions.md#d-python-same-caliper-events). Strings are escaped as both do alike (``ensure_ascii=False``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any


def js_number(value: float) -> str:
    """``value`` as JavaScript's ``Number.prototype.toString`` writes it (shortest round trip, JS exponents)."""
    if not math.isfinite(value):
        # JSON.stringify writes null for these; the SDK refuses them before they get here.
        return "null"
    if value == 0:
        return "0"
    sign, digits, exponent = Decimal(repr(value)).as_tuple()
    assert isinstance(exponent, int)
    text = "".join(str(d) for d in digits).rstrip("0") or "0"
    # Trailing zeros stripped from the digits move into the exponent.
    exponent += len("".join(str(d) for d in digits)) - len(text)
    k = len(text)
    n = exponent + k
    if k <= n <= 21:
        out = text + "0" * (n - k)
    elif 0 < n <= 21:
        out = f"{text[:n]}.{text[n:]}"
    elif -6 < n <= 0:
        out = "0." + "0" * (-n) + text
    else:
        e = n - 1
        mantissa = text if k == 1 else f"{text[0]}.{text[1:]}"
        out = f"{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"
    return ("-" if sign else "") + out


def dumps(value: Any, *, sort_keys: bool = False) -> str:
    """Compact JSON text of ``value`` as ``JSON.stringify(value)`` gives it; ``sort_keys`` orders object members."""
    parts: list[str] = []
    _write(value, parts, sort_keys)
    return "".join(parts)


def _write(value: Any, out: list[str], sort_keys: bool) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(json.dumps(value, ensure_ascii=False))
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        out.append(js_number(value))
    elif isinstance(value, Mapping):
        keys = sorted(value) if sort_keys else list(value)
        out.append("{")
        for i, key in enumerate(keys):
            if not isinstance(key, str):
                raise TypeError(f"JSON object keys must be strings, got {key!r}")
            if i:
                out.append(",")
            out.append(json.dumps(key, ensure_ascii=False))
            out.append(":")
            _write(value[key], out, sort_keys)
        out.append("}")
    elif isinstance(value, Sequence) and not isinstance(value, (bytes, bytearray)):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            _write(item, out, sort_keys)
        out.append("]")
    else:
        raise TypeError(f"{type(value).__name__} is not JSON: pass dicts, lists, strings, numbers, booleans or None")
