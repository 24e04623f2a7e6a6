"""The retry settings and the one retry decision, as the TypeScript core's ``decideRetry``
(docs/decisions.md#d-retries, docs/decisions.md#d-retry-decision-table)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from ._retry_after import parse_retry_after_ms
from .errors import ValidationError, ValidationIssue

__all__ = ["DEFAULT_RETRY", "RetryOptions"]


@dataclass(frozen=True)
class RetryOptions:
    """Retry settings, times in seconds (docs/decisions.md#d-python-seconds). Defaults: 2 retries, backoff from 0.5 s
    doubling to at most 8 s, and a server's ``Retry-After`` honoured up to 60 s (beyond that the call fails at once
    with :class:`RateLimitError`).

    Example::

        LearnKit(retry=RetryOptions(max_retries=5, initial_delay=0.2))   # or retry=False for none
    """

    #: Retries after the first attempt.
    max_retries: int = 2
    #: First backoff delay in seconds; doubles on each retry.
    initial_delay: float = 0.5
    #: Cap of the backoff delay in seconds.
    max_delay: float = 8.0
    #: Longest ``Retry-After`` the SDK will wait, in seconds; a longer one ends the call at once.
    max_retry_after: float = 60.0

    def __post_init__(self) -> None:
        issues = []
        for name in ("max_retries", "initial_delay", "max_delay", "max_retry_after"):
            value = getattr(self, name)
            whole = name == "max_retries"
            ok = (
                not isinstance(value, bool)
                and isinstance(value, int if whole else (int, float))
                and math.isfinite(value)
                and value >= 0
            )
            if not ok:
                issues.append(
                    ValidationIssue(
                        ("retry", name),
                        f"must be a {'whole number' if whole else 'number of seconds'} >= 0 (got {value!r})",
                    )
                )
        if issues:
            raise ValidationError(issues)


#: The default retry settings.
DEFAULT_RETRY = RetryOptions()


def resolve_retry(base: RetryOptions, override: RetryOptions | Literal[False] | None) -> RetryOptions:
    """``override`` over ``base``: ``False`` means no retries (a 401 is still refreshed once: that is no retry)."""
    if override is None:
        return base
    if override is False:
        return replace(base, max_retries=0)
    if not isinstance(override, RetryOptions):
        raise ValidationError([ValidationIssue(("retry",), "must be RetryOptions(...) or False")])
    return override


_RETRYABLE_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
_IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "TRACE"})


def is_idempotent_method(method: str) -> bool:
    """GET, HEAD, OPTIONS, PUT (and TRACE) may be repeated; POST, PATCH and DELETE only when the call says so."""
    return method in _IDEMPOTENT_METHODS


def backoff_delay_ms(policy: RetryOptions, retry_index: int, random: Callable[[], float]) -> float:
    """min(max_delay, initial_delay * 2^n) in ms, less up to 25 % jitter."""
    base: float = min(policy.max_delay * 1000, policy.initial_delay * 1000 * 2.0**retry_index)
    return float(round(base * (1 - 0.25 * random())))


@dataclass
class RetryState:
    """Where a call stands when an attempt has ended."""

    #: Retries already made (a 401 refresh is not counted).
    retries: int
    #: Whether repeating the request is harmless.
    idempotent: bool
    #: Whether this call already replaced a refused token once.
    refreshed: bool
    #: Unix seconds now (an HTTP-date ``Retry-After`` is a wait until then).
    now: float
    #: Seconds left until the call's deadline.
    remaining_s: float


@dataclass(frozen=True)
class Response:
    """A response arrived; ``has_token``: the attempt carried a token a provider can replace."""

    status: int
    headers: Mapping[str, str]
    has_token: bool


@dataclass(frozen=True)
class ConnectionFailed:
    """No response: the connection failed; ``surely_not_sent``: no byte of the request left."""

    surely_not_sent: bool


@dataclass(frozen=True)
class TimedOut:
    """The attempt's time ran out; ``by_deadline``: the call's deadline cut it, not the attempt timeout."""

    by_deadline: bool


Outcome = Response | ConnectionFailed | TimedOut

Reason = Literal[
    "success",
    "refresh-token",
    "already-refreshed",
    "status-not-retryable",
    "not-idempotent",
    "retryable-status",
    "retry-after",
    "retry-after-over-cap",
    "retries-exhausted",
    "deadline",
    "connection",
    "connection-not-sent",
    "timeout",
    "timeout-by-deadline",
]


@dataclass(frozen=True)
class Decision:
    """Whether to send again, after how many ms, and the rule that decided."""

    retry: bool
    delay_ms: float
    reason: Reason


#: The decisions that stop, one object each (a Decision is frozen): the success of every call makes none.
_STOPS: dict[str, Decision] = {}


def _stop(reason: Reason) -> Decision:
    stop = _STOPS.get(reason)
    if stop is None:
        stop = _STOPS[reason] = Decision(False, 0, reason)
    return stop


def _wait(state: RetryState, delay_ms: float, reason: Reason) -> Decision:
    # A wait that would end past the deadline ends the call now with what it has: never sleep into a timeout.
    if delay_ms / 1000 >= state.remaining_s:
        return _stop("deadline")
    return Decision(True, delay_ms, reason)


def _backoff(state: RetryState, policy: RetryOptions, random: Callable[[], float], reason: Reason) -> Decision:
    if state.retries >= policy.max_retries:
        return _stop("retries-exhausted")
    return _wait(state, backoff_delay_ms(policy, state.retries, random), reason)


def decide_retry(state: RetryState, outcome: Outcome, policy: RetryOptions, random: Callable[[], float]) -> Decision:
    """The whole retry decision as one pure function: one branch per row of docs/decisions.md#d-retry-decision-table."""
    if isinstance(outcome, Response):
        status = outcome.status
        if status < 400:
            return _stop("success")
        # A refused token is replaced once per call, even with retries off: the request was not processed.
        if status == 401 and outcome.has_token:
            return _stop("already-refreshed") if state.refreshed else Decision(True, 0, "refresh-token")
        if status not in _RETRYABLE_STATUSES:
            return _stop("status-not-retryable")
        # A 429 says the server did not process the request, so even a non-idempotent one is sent again.
        if not state.idempotent and status != 429:
            return _stop("not-idempotent")
        if state.retries >= policy.max_retries:
            return _stop("retries-exhausted")
        hinted = parse_retry_after_ms(outcome.headers, state.now)
        if hinted is None:
            return _backoff(state, policy, random, "retryable-status")
        if hinted > policy.max_retry_after * 1000:
            return _stop("retry-after-over-cap")
        # The server named a time: no jitter.
        return _wait(state, hinted, "retry-after")
    if isinstance(outcome, ConnectionFailed):
        if state.idempotent:
            return _backoff(state, policy, random, "connection")
        # A non-idempotent request is resent only when it surely never left (connection refused, DNS).
        if outcome.surely_not_sent:
            return _backoff(state, policy, random, "connection-not-sent")
        return _stop("not-idempotent")
    # The deadline ends the call; a request cut by its attempt timeout may have been processed.
    if outcome.by_deadline:
        return _stop("timeout-by-deadline")
    return _backoff(state, policy, random, "timeout") if state.idempotent else _stop("not-idempotent")
