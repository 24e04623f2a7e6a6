"""Redaction of credentials from everything the SDK writes out: error messages, error bodies, log records.

As in the TypeScript core (docs/decisions.md#d-redaction-by-value), by what a value is: the credentials of a live client
and the tokens it was issued are replaced verbatim, and shapes that are always secret (``Bearer x``, ``Basic x``,
JWTs, ``whsec_x``, ``client_secret=x``, ``"access_token": "x"``) by pattern, so a secret the SDK never saw is
caught too, and so is the password of anything shaped like userinfo (``user:password@``), a URL or not
(docs/decisions.md#d-userinfo-redacted).
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
    # (docs/decisions.md#d-python-credentials-released).
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
    """``text`` with every known credential and token, every secret-shaped value and the password of every
    ``user:password@`` replaced by ``[redacted]``."""
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
    return redact_userinfo(text)


# The password of userinfo (docs/decisions.md#d-userinfo-redacted), as the TypeScript core's redactUserinfo
# (packages/core/src/internal/userinfo.ts) finds it, step for step; both are held to
# packages/core/test/fixtures/userinfo.json (docs/decisions.md#d-userinfo-rule-vectors).

# A token runs up to whitespace, a double quote, a backslash or a backtick.
_BOUNDARIES = frozenset(' \t\n\v\f\r"\\`\xa0')
_COLONS = ("%3a", "%3A")
_ENCODED_SEPARATORS = ("%2f", "%2F", "%3f", "%3F", "%23")
# A port and then a path, query or fragment (``host:8443/users/a@b.c``): no password.
_PORT = re.compile(r"[0-9]{1,5}(?:[/?#]|%2[fF]|%3[fF]|%23)")


def _colon_length(text: str, i: int) -> int:
    if text.startswith(":", i):
        return 1
    return 3 if text.startswith(_COLONS, i) else 0


def _separator_length(text: str, i: int) -> int:
    if text.startswith(("/", "?", "#"), i):
        return 1
    return 3 if text.startswith(_ENCODED_SEPARATORS, i) else 0


def _password_start(head: str) -> int:
    """Where the password of ``head`` (what precedes an ``@``) starts, else -1: after its first colon that can end
    a user name (not with nothing after it, a slash after it, a port and a path after it, inside brackets, or after
    ``mailto``)."""
    user_start = 0
    in_brackets = False
    i = 0
    while i < len(head):
        separator = _separator_length(head, i)
        if separator:
            i += separator
            user_start = i
            in_brackets = False
            continue
        if head[i] == "[":
            in_brackets = True
        elif head[i] == "]":
            in_brackets = False
        colon = _colon_length(head, i)
        if not colon:
            i += 1
            continue
        start = i + colon
        if (
            start < len(head)
            and not in_brackets
            and head[max(user_start, i - 6) : i].lower() != "mailto"
            and not _separator_length(head, start)
            and not _PORT.match(head, start, start + 9)
        ):
            return start
        i = start
    return -1


def _has_separator(text: str, encoded: bool) -> bool:
    if "/" in text or "?" in text or "#" in text:
        return True
    return encoded and any(s in text for s in _ENCODED_SEPARATORS)


def _hide_before(token: str, encoded: bool) -> str:
    """``token`` with the password before each ``@`` (``%40`` when ``encoded``) hidden; what follows a hidden
    password up to the next ``@``, with no separator before its own password, is still that password."""
    at = "%40" if encoded else "@"
    parts = token.split(at)
    out: list[str] = []
    hidden = False
    for head in parts[:-1]:
        start = _password_start(head)
        if hidden and not _has_separator(head if start == -1 else head[:start], encoded):
            continue
        hidden = start != -1
        out.append((head[:start] + REDACTED if hidden else head) + at)
    return "".join(out) + parts[-1]


def _redact_token(token: str) -> str:
    raw = _hide_before(token, False) if "@" in token else token
    if "%40" not in raw:
        return raw
    return "@".join(_hide_before(stretch, True) if "%40" in stretch else stretch for stretch in raw.split("@"))


def redact_userinfo(text: str) -> str:
    """``text`` with the password of every ``user:password@`` in it replaced by ``[redacted]``, the user name kept:
    ``https//user:pa55word@example.test`` -> ``https//user:[redacted]@example.test``. Percent-encoded texts too
    (``user%3Apa55word%40host``); an email address (``a@b.c``) and ``mailto:a@b.c`` stay. Linear in the length."""
    out: list[str] = []
    done = 0
    raw = -2
    encoded = -2
    while True:
        # The next @ or %40 at or after ``done``; each spelling's last response is kept until it lies behind.
        if raw != -1 and raw < done:
            raw = text.find("@", done)
        if encoded != -1 and encoded < done:
            encoded = text.find("%40", done)
        at = encoded if raw == -1 else (raw if encoded == -1 else min(raw, encoded))
        if at == -1:
            break
        start = at
        while start > done and text[start - 1] not in _BOUNDARIES:
            start -= 1
        end = at + 1
        while end < len(text) and text[end] not in _BOUNDARIES:
            end += 1
        out.append(text[done:start])
        out.append(_redact_token(text[start:end]))
        done = end
    if not done:
        return text
    out.append(text[done:])
    return "".join(out)
