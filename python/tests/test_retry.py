"""The retry decision, one row per rule of docs/decisions.md#d-retry-decision-table, and ``Retry-After``."""

from __future__ import annotations

import unittest
from email.utils import formatdate

from learnkit import RetryOptions
from learnkit._retry import ConnectionFailed, Response, RetryState, TimedOut, backoff_delay_ms, decide_retry
from learnkit._retry_after import parse_retry_after_ms

POLICY = RetryOptions()
NOW = 1_767_225_600.0


def state(**changes: object) -> RetryState:
    base = RetryState(retries=0, idempotent=True, refreshed=False, now=NOW, remaining_s=120.0)
    for key, value in changes.items():
        setattr(base, key, value)
    return base


def status(code: int, headers: dict[str, str] | None = None, has_token: bool = True) -> Response:
    return Response(code, headers or {}, has_token)


class Decide(unittest.TestCase):
    def decide(self, outcome: object, **changes: object) -> tuple[bool, float, str]:
        d = decide_retry(state(**changes), outcome, POLICY, lambda: 0.0)  # type: ignore[arg-type]
        return d.retry, d.delay_ms, d.reason

    def test_each_rule_of_the_table(self) -> None:
        rows: list[tuple[object, dict[str, object], tuple[bool, float, str]]] = [
            (status(200), {}, (False, 0, "success")),
            (status(401), {}, (True, 0, "refresh-token")),
            (status(401), {"refreshed": True}, (False, 0, "already-refreshed")),
            (status(401, has_token=False), {}, (False, 0, "status-not-retryable")),
            (status(404), {}, (False, 0, "status-not-retryable")),
            (status(503), {"idempotent": False}, (False, 0, "not-idempotent")),
            (status(429, {"retry-after": "2"}), {"idempotent": False}, (True, 2000, "retry-after")),
            (status(503), {}, (True, 500, "retryable-status")),
            (status(503), {"retries": 1}, (True, 1000, "retryable-status")),
            (status(503), {"retries": 2}, (False, 0, "retries-exhausted")),
            (status(429, {"retry-after": "61"}), {}, (False, 0, "retry-after-over-cap")),
            (status(503), {"remaining_s": 0.4}, (False, 0, "deadline")),
            (ConnectionFailed(False), {}, (True, 500, "connection")),
            (ConnectionFailed(False), {"idempotent": False}, (False, 0, "not-idempotent")),
            (ConnectionFailed(True), {"idempotent": False}, (True, 500, "connection-not-sent")),
            (TimedOut(False), {}, (True, 500, "timeout")),
            (TimedOut(False), {"idempotent": False}, (False, 0, "not-idempotent")),
            (TimedOut(True), {}, (False, 0, "timeout-by-deadline")),
        ]
        for outcome, changes, expected in rows:
            with self.subTest(outcome=outcome, changes=changes):
                self.assertEqual(self.decide(outcome, **changes), expected)

    def test_backoff_doubles_to_the_cap_less_up_to_a_quarter_of_jitter(self) -> None:
        self.assertEqual(
            [backoff_delay_ms(POLICY, n, lambda: 0.0) for n in range(6)], [500, 1000, 2000, 4000, 8000, 8000]
        )
        self.assertEqual(backoff_delay_ms(POLICY, 0, lambda: 0.999), 375)

    def test_retries_off_still_refreshes_a_refused_token_once(self) -> None:
        none = RetryOptions(max_retries=0)
        self.assertEqual(decide_retry(state(), status(401), none, lambda: 0).reason, "refresh-token")
        self.assertEqual(decide_retry(state(), status(503), none, lambda: 0).reason, "retries-exhausted")


class RetryAfter(unittest.TestCase):
    def test_reads_seconds_an_http_date_and_retry_after_ms(self) -> None:
        self.assertEqual(parse_retry_after_ms({"retry-after": "3"}), 3000)
        self.assertEqual(parse_retry_after_ms({"retry-after": formatdate(NOW + 5, usegmt=True)}, NOW), 5000)
        self.assertEqual(parse_retry_after_ms({"retry-after": formatdate(NOW - 5, usegmt=True)}, NOW), 0)
        self.assertEqual(parse_retry_after_ms({"retry-after-ms": "250.5", "retry-after": "9"}), 250.5)

    def test_ignores_what_rfc_9110_does_not_allow(self) -> None:
        for value in ("-5", "1.5", "1 2", "soon", "٣", "Sunday, 06-Nov-94 08:49:37 GMT"):
            with self.subTest(value=value):
                self.assertIsNone(parse_retry_after_ms({"retry-after": value}))
