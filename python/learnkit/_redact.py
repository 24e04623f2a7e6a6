"""Redaction of credentials from everything the SDK writes out: error messages, error bodies, log records.

As in the TypeScript core (docs/decisions.md#d-i13-redaction), by what a value is: the credentials of a live client
and the tokens it was issued are replaced verbatim, and shapes that are always secret (``Bearer x``, ``Basic x``,
JWTs, ``whsec_x``, ``client_secret=x``, ``"access_token": "x"``) by pattern, so a secret the SDK never saw is
caught too.
"""

from __future__ import annotations

import re
import threading
import urllib.parse
import weakref

REDACTED = "[redacted]"
# Shorter strings would also match ordinary words; the SDK never logs such secrets by construction anyway.
_MIN_LENGTH = 8
# Tokens churn (one an hour per client): only the most recent are matched verbatim. Credentials have no bound.
_MAX_TOKENS = 256

_lock = threading.Lock()
_credentials: dict[str, int] = {}
_tokens: dict[str, None] = {}
# The spellings of credentials whose holders were collected, forgotten at the next use of the lock.
_released: list[set[str]] = []

_PATTERNS = [
    re.compile(r"\b((?:Bearer|Basic)\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE),
    re.compile(r"\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"),
    re.compile(r"\bwhsec_[A-Za-z0-9+/=_-]+"),
    re.compile(
        r"((?:client_secret|clientSecret|signingSecret|signing_secret|access_token|refresh_token|password|secret)"
        r"(?:\"\s*:\s*\"|=))[^\"&\s]+"
    ),
]


def _spellings(value: str) -> set[str]:
    return {value, urllib.parse.quote(value, safe=""), urllib.parse.quote_plus(value)}


def register_secret(value: str, holder: object | None = None) -> None:
    """Remembers a credential so it is replaced wherever the SDK writes text, while ``holder`` lives."""
    if len(value) < _MIN_LENGTH:
        return
    spellings = _spellings(value)
    with _lock:
        _forget_released()
        for s in spellings:
            _credentials[s] = _credentials.get(s, 0) + 1
    if holder is not None:
        weakref.finalize(holder, _release, spellings)


def _release(spellings: set[str]) -> None:
    # Called by the garbage collector, which runs at any allocation, also while this thread holds the lock inside
    # redact(): taking the lock here would never return. The spellings wait for the next holder of the lock
    # (docs/decisions.md#d-i33-release).
    _released.append(spellings)


def _forget_released() -> None:
    """Forgets the credentials whose holders were collected; the caller holds the lock."""
    while _released:
        for s in _released.pop():
            n = _credentials.get(s, 1) - 1
            if n > 0:
                _credentials[s] = n
            else:
                _credentials.pop(s, None)


def register_token(value: str) -> None:
    """Remembers an issued token (the most recent 256 are kept)."""
    if len(value) < _MIN_LENGTH:
        return
    with _lock:
        _forget_released()
        for s in _spellings(value):
            _tokens.pop(s, None)
            _tokens[s] = None
        while len(_tokens) > _MAX_TOKENS:
            del _tokens[next(iter(_tokens))]


def redact(text: str, also: tuple[str, ...] = ()) -> str:
    """``text`` with every known credential and token, and every secret-shaped value, replaced by ``[redacted]``."""
    with _lock:
        _forget_released()
        known = sorted({*_credentials, *_tokens, *(a for a in also if len(a) >= _MIN_LENGTH)}, key=len, reverse=True)
    for value in known:
        if value in text:
            text = text.replace(value, REDACTED)
    for pattern in _PATTERNS:
        if pattern.groups:
            text = pattern.sub(lambda m: f"{m.group(1)}{REDACTED}", text)
        else:
            text = pattern.sub(REDACTED, text)
    return text
