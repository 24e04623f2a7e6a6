"""``record`` sends the same Caliper events as the TypeScript ``record`` from the same input: both run here on the
same cases (the TypeScript one through python/tests/ts/record-events.ts, with Node), and the events are compared
byte for byte after key sorting (docs/decisions.md#d-python-same-caliper-events)."""

from __future__ import annotations

import json
import shutil
import subprocess
import unittest
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from learnkit import ValidationError
from learnkit._json import dumps
from learnkit.activity import Activity
from learnkit.activity._config import check_config
from learnkit.activity._reads import user_id_by_email

from .support.fake_platform import FakePlatform
from .support.paths import PROJECT, REPO

BASE_URL = "https://api.learnkit.test"
NOW_MS = 1_767_607_500_123  # 2026-01-05T10:05:00.123Z
RUN = "5b1c7f3e-9a2d-4e8f-b6c1-0d2e3f4a5b6c"
CONFIG: dict[str, Any] = {
    "sensor": "https://app.example.com/",
    "app": {"name": "Fractions App", "id": "app-fractions"},
    "courses": [
        {"subject": "Math", "grade": 3, "courseId": "course-math-g3", "totalLessons": 40},
        {"code": "ALG 1/é", "subject": "Math", "name": "Algebra 1"},
        {"subject": "Social Studies", "grade": "K"},
        {"subject": "Reading", "grade": 2, "totalLessons": 12, "courseId": "course-reading-g2"},
    ],
}
USERS: list[dict[str, Any]] = [{"sourcedId": "usr ada/1"}]
HISTORY: list[dict[str, Any]] = [
    {"sourcedId": "r1", "status": "active", "metadata": {"courseId": "course-math-g3", "masteredUnits": 2}},
    {"sourcedId": "r2", "status": "active", "metadata": {"courseId": "course-math-g3", "masteredUnits": 3}},
    {"sourcedId": "r3", "status": "tobedeleted", "metadata": {"courseId": "course-math-g3", "masteredUnits": 7}},
    {"sourcedId": "r4", "status": "active", "metadata": {"courseId": "course-reading-g2", "masteredUnits": 1}},
    {"sourcedId": "r5", "status": "active", "metadata": {"courseId": "course-math-g3", "masteredUnits": "9"}},
    {"sourcedId": "r6", "status": "active", "metadata": None},
]
ADA = {"email": "ada@example.com", "platform_id": "usr-ada"}
LESSON: dict[str, Any] = {"id": "fractions-1", "name": "Fractions 1", "course": {"subject": "Math", "grade": 3}}

#: Each case: record's keyword arguments with the Python names.
CASES: list[dict[str, Any]] = [
    {"user": ADA, "activity": LESSON, "metrics": {"xp_earned": 12}, "run_id": RUN, "idempotency_key": "k-1"},
    {
        "user": {**ADA, "name": 'Zoë "Z" Ω', "role": "student"},
        "activity": {"id": "fractions~1.b_c", "name": "Fractions: ½ & ¼", "course": {"code": "ALG 1/é"}},
        "metrics": {
            "xp_earned": 12.5,
            "total_questions": 10,
            "correct_questions": 8,
            "mastered_units": 1,
            "pct_complete": 42.5,
        },
        "time": {
            "started_at": "2026-01-05T10:00:00.000Z",
            "ended_at": "2026-01-05T10:05:00.500Z",
            "active_ms": 240_250,
            "inactive_ms": 60_000,
        },
        "run_id": RUN,
        "idempotency_key": "attempt 42 / retry",
    },
    {
        "user": ADA,
        "activity": LESSON,
        "metrics": {"xp_earned": 4, "mastered_units": 3},
        "run_id": RUN,
        "idempotency_key": "k-3",
    },
    {
        "user": ADA,
        "activity": LESSON,
        "metrics": {"xp_earned": 4, "mastered_units": 60},
        "run_id": RUN,
        "idempotency_key": "k-capped",
    },
    {
        "user": {"email": "ada@example.com"},
        "activity": {**LESSON, "course": {"subject": "Reading", "grade": "2"}},
        "metrics": {"xp_earned": 1, "mastered_units": 1},
        "run_id": RUN,
        "idempotency_key": "k-lookup",
    },
    {
        "user": ADA,
        "activity": {"id": "maps", "name": "Maps", "course": {"subject": "Social Studies", "grade": "K"}},
        "metrics": {"xp_earned": 0, "total_questions": 0, "correct_questions": 0},
        "time": {
            "started_at": datetime(2026, 1, 5, 11, 0, 0, 123456, tzinfo=timezone(timedelta(hours=2))),
            "ended_at": datetime(2026, 1, 5, 9, 1, 0, 999999, tzinfo=UTC),
            "active_ms": 60_876.5,
        },
        "run_id": RUN,
        "idempotency_key": "k-datetimes",
    },
]

_CAMEL = {
    "platform_id": "platformId",
    "xp_earned": "xpEarned",
    "total_questions": "totalQuestions",
    "correct_questions": "correctQuestions",
    "mastered_units": "masteredUnits",
    "pct_complete": "pctComplete",
    "started_at": "startedAt",
    "ended_at": "endedAt",
    "active_ms": "activeMs",
    "inactive_ms": "inactiveMs",
    "run_id": "runId",
    "idempotency_key": "idempotencyKey",
}


def typescript_params(value: Any) -> Any:
    """The same input with the TypeScript names (the spec's members); a datetime as its ``Date.toISOString()``."""
    if isinstance(value, dict):
        return {_CAMEL.get(k, k): typescript_params(v) for k, v in value.items()}
    if isinstance(value, datetime):
        utc = value.astimezone(UTC)
        return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"
    return value


def run_typescript() -> list[dict[str, Any]]:
    node = shutil.which("node")
    assert node is not None, "the comparison runs the TypeScript record with Node 20: put node on PATH"
    script = PROJECT / "tests" / "ts" / "record-events.ts"
    payload = {
        "baseUrl": BASE_URL,
        "config": CONFIG,
        "nowMs": NOW_MS,
        "users": USERS,
        "history": HISTORY,
        "cases": [typescript_params(c) for c in CASES],
    }
    done = subprocess.run(
        [node, "--import", "tsx", "--conditions=@learnkit/source", str(script)],
        cwd=REPO,
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=180,
    )
    if done.returncode != 0:
        raise AssertionError(f"record-events.ts failed:\n{done.stderr}")
    results: list[dict[str, Any]] = json.loads(done.stdout)
    return results


class SameEventsAsTypeScript(unittest.TestCase):
    typescript: list[dict[str, Any]]

    @classmethod
    def setUpClass(cls) -> None:
        cls.typescript = run_typescript()

    def python(self, case: dict[str, Any]) -> tuple[str, float | None, FakePlatform]:
        platform = FakePlatform(users=USERS, history=HISTORY)
        activity = Activity(platform, base_url=BASE_URL, config=lambda: check_config(CONFIG), now_ms=lambda: NOW_MS)
        result = activity.record(**case)
        (sent,) = platform.envelopes
        self.assertEqual(sent["data"], result.events)
        return dumps(sent["data"], sort_keys=True), result.pct_complete, platform

    def test_runs_every_case_in_both_languages(self) -> None:
        self.assertEqual(len(self.typescript), len(CASES))

    def test_sends_the_same_events_byte_for_byte_after_key_sorting(self) -> None:
        for i, case in enumerate(CASES):
            with self.subTest(case=i, key=case["idempotency_key"]):
                events, _, _ = self.python(case)
                self.assertEqual(events, self.typescript[i]["events"])

    def test_computes_the_same_pct_complete_from_the_same_gradebook(self) -> None:
        pcts = [self.python(case)[1] for case in CASES]
        self.assertEqual(pcts, [r["pctComplete"] for r in self.typescript])
        # 2 + 3 earlier units of course-math-g3 (tobedeleted and malformed rows left out) + 3, over 40 lessons.
        self.assertEqual(pcts[2], 20)
        self.assertEqual(pcts[3], 100)
        self.assertAlmostEqual(pcts[4] or 0, 16.67)

    def test_looks_the_user_up_by_email_only_without_a_platform_id(self) -> None:
        _, _, with_id = self.python(CASES[0])
        _, _, without = self.python(CASES[4])
        self.assertEqual([c["path"] for c in with_id.calls], ["/caliper/v1p2"])
        lookup = without.calls[0]
        self.assertEqual(lookup["path"], "/ims/oneroster/rostering/v1p2/users/")
        self.assertEqual(lookup["query"], {"filter": "email='ada@example.com'", "limit": 2, "fields": ["sourcedId"]})
        self.assertTrue(all(c["idempotent"] for c in without.calls if c["path"] == "/caliper/v1p2"))


#: Emails for the look-up comparison: whole, with quotes, with the other characters no filter can carry, and with
#: nothing but "@" left (refused).
LOOKUP_EMAILS = [
    "ada@example.com",
    "o'brien@maple.learnkit.test",
    "mary.o'brien@maple.learnkit.test",
    "a'b'c@d.test",
    "ab'cd@e",
    "tab\there@x.test",
    "two words@x.test",
    "é'ß@ü.test",
    "x\u2028'y@z.test",
    "\u00a0'a@b.test",
    "a\x85b'c@d.test",
    "'@'",
    "''@@''",
]


class SameUserLookupAsTypeScript(unittest.TestCase):
    """The roster look-up by email sends the same queries and returns the same in both languages
    (docs/decisions.md#d-email-filter-longest-part): through python/tests/ts/email-lookup.ts, with Node."""

    def test_sends_the_same_queries_and_finds_or_refuses_alike(self) -> None:
        node = shutil.which("node")
        assert node is not None, "the comparison runs the TypeScript look-up with Node 20: put node on PATH"
        done = subprocess.run(
            [
                node,
                "--import",
                "tsx",
                "--conditions=@learnkit/source",
                str(PROJECT / "tests" / "ts" / "email-lookup.ts"),
            ],
            cwd=REPO,
            input=json.dumps(LOOKUP_EMAILS),
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=180,
        )
        if done.returncode != 0:
            raise AssertionError(f"email-lookup.ts failed:\n{done.stderr}")
        typescript: list[dict[str, Any]] = json.loads(done.stdout)
        self.assertEqual(len(typescript), len(LOOKUP_EMAILS))
        for email, theirs in zip(LOOKUP_EMAILS, typescript, strict=True):
            with self.subTest(email=email):
                platform = FakePlatform(users=[{"sourcedId": "usr-1", "email": email}])
                ours: dict[str, Any] = {}
                try:
                    ours["id"] = user_id_by_email(platform, email, {})
                except ValidationError as error:
                    ours["refused"] = list(error.issues[0].path)
                ours["queries"] = [c["query"] for c in platform.calls]
                self.assertEqual(ours, theirs)
        # The quote's email is searched by its longest part, then compared whole; "@" alone is refused.
        self.assertEqual(typescript[1]["queries"][0]["filter"], "email~'brien@maple.learnkit.test'")
        self.assertEqual(typescript[11], {"queries": [], "refused": ["user", "email"]})
