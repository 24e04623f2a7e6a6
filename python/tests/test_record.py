"""``lk.activity.record`` against the mock platform: what its ingest stores, decision 10's ``pct_complete`` from the
mock's gradebook, the run id and the idempotency key (docs/decisions.md#d-runid-correlates), and bad input."""

from __future__ import annotations

import re
import unittest
from typing import Any

from learnkit import LearnKit, RetryOptions, UnknownUserError, ValidationError
from learnkit.activity import ActivityRef, User, pct_of
from learnkit.activity._reads import user_id_by_email

from .support.mock import MockProcess, Since, mock

CALIPER = "/caliper/v1p2"
USERS = "/ims/oneroster/rostering/v1p2/users/"
RUN = "0d9c1b2a-3e4f-4a5b-8c6d-7e8f9a0b1c2d"
CONFIG = {
    "sensor": "https://app.example.com",
    "app": {"name": "Fractions App"},
    "courses": [
        {"subject": "Math", "grade": 3, "courseId": "course-math-g3", "totalLessons": 40},
        {"code": "ALG-1", "subject": "Math", "name": "Algebra 1"},
    ],
}
LESSON: ActivityRef = {"id": "fractions-1", "name": "Fractions 1", "course": {"subject": "Math", "grade": 3}}


class Record(unittest.TestCase):
    platform: MockProcess

    @classmethod
    def setUpClass(cls) -> None:
        cls.platform = mock()

    def setUp(self) -> None:
        partner = self.platform.partner
        self.lk = LearnKit(
            self.platform.url,
            partner.client_id,
            partner.client_secret,
            activity_config=CONFIG,
            retry=RetryOptions(initial_delay=0.02),
        )
        self.ada: User = {"email": self.platform.student_email, "platform_id": self.platform.student_id}

    def tearDown(self) -> None:
        self.platform.clear_faults()

    def units_so_far(self) -> int:
        """Ada's mastered units in course-math-g3, read from the mock's gradebook as a test would by hand."""
        rows = self.lk.request(
            "GET",
            "/ims/oneroster/gradebook/v1p2/assessmentResults/",
            query={"filter": f"student='{self.platform.student_id}'", "limit": 1000},
        )["assessmentResults"]
        return sum(
            r["metadata"].get("masteredUnits", 0)
            for r in rows
            if r.get("status") != "tobedeleted" and (r.get("metadata") or {}).get("courseId") == "course-math-g3"
        )

    def test_sends_a_completion_the_ingest_stores_as_sent_with_the_actor_found_by_email(self) -> None:
        since = Since(self.platform)
        result = self.lk.activity.record(
            user={"email": self.platform.student_email, "name": "Ada Lovelace", "role": "student"},
            activity=LESSON,
            metrics={"xp_earned": 12, "total_questions": 10, "correct_questions": 8},
            run_id=RUN,
        )
        self.assertEqual((result.run_id, result.accepted, result.duplicates, result.pct_complete), (RUN, 1, 0, None))
        (event,) = result.events
        self.assertIn(event, self.platform.caliper_events())
        self.assertEqual(
            event["actor"],
            {
                "id": f"{self.platform.url}/rostering/1.0/users/{self.platform.student_id}",
                "type": "TimebackUser",
                "email": self.platform.student_email,
                "name": "Ada Lovelace",
                "role": "student",
            },
        )
        self.assertEqual(event["object"]["id"], "https://app.example.com/activities/Math/g3/fractions-1")
        self.assertEqual(
            event["generated"]["items"],
            [
                {"type": "xpEarned", "value": 12},
                {"type": "totalQuestions", "value": 10},
                {"type": "correctQuestions", "value": 8},
            ],
        )
        # A fresh (version 4) id: without an idempotency key every record is a new completion.
        self.assertRegex(event["id"], r"^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
        self.assertEqual(len(since.requests("GET", "/ims/oneroster/rostering/v1p2/users/")), 1)
        self.assertEqual(len(since.requests("POST", CALIPER)), 1)

    def test_computes_pct_complete_from_the_gradebook_history_plus_this_run(self) -> None:
        before = self.units_so_far()
        first = self.lk.activity.record(user=self.ada, activity=LESSON, metrics={"xp_earned": 5, "mastered_units": 1})
        self.assertEqual(first.pct_complete, pct_of(before + 1, 40))
        self.assertEqual(first.events[0]["generated"]["extensions"], {"pctCompleteApp": first.pct_complete})
        # The platform's gradebook pipeline made the completion history.
        second = self.lk.activity.record(user=self.ada, activity=LESSON, metrics={"xp_earned": 5, "mastered_units": 2})
        self.assertEqual(second.pct_complete, pct_of(before + 3, 40))
        given = self.lk.activity.record(
            user=self.ada, activity=LESSON, metrics={"xp_earned": 1, "mastered_units": 1, "pct_complete": 42.5}
        )
        self.assertEqual(given.pct_complete, 42.5)

    def test_a_run_id_correlates_and_never_dedupes_while_an_idempotency_key_does(self) -> None:
        params: dict[str, Any] = {
            "user": self.ada,
            "activity": {**LESSON, "course": {"code": "ALG-1"}},
            "metrics": {"xp_earned": 5},
            "time": {"started_at": "2026-01-05T10:00:00Z", "ended_at": "2026-01-05T10:05:00Z", "active_ms": 300_000},
            "run_id": RUN,
        }
        first = self.lk.activity.record(**params)
        resumed = self.lk.activity.record(**params)
        self.assertNotEqual([e["id"] for e in first.events], [e["id"] for e in resumed.events])
        self.assertEqual((resumed.accepted, resumed.duplicates), (2, 0))
        keyed = self.lk.activity.record(**params, idempotency_key="attempt-42")
        # A retry after a lost response, from a client that remembers nothing: the same completion.
        again = LearnKit(
            self.platform.url,
            self.platform.partner.client_id,
            self.platform.partner.client_secret,
            activity_config=CONFIG,
        ).activity.record(**params, idempotency_key="attempt-42")
        self.assertEqual((keyed.accepted, keyed.duplicates), (2, 0))
        self.assertEqual((again.accepted, again.duplicates), (0, 2))
        self.assertEqual([e["id"] for e in again.events], [e["id"] for e in keyed.events])
        self.assertEqual([e["type"] for e in keyed.events], ["TimeSpentEvent", "ActivityEvent"])

    def test_retries_the_ingest_on_a_503_since_events_are_keyed_by_id(self) -> None:
        self.platform.inject(method="POST", path=CALIPER, status=503)
        since = Since(self.platform)
        result = self.lk.activity.record(user=self.ada, activity=LESSON, metrics={"xp_earned": 1})
        self.assertEqual(result.accepted, 1)
        self.assertEqual([r["status"] for r in since.requests("POST", CALIPER)], [503, 200])

    def test_bad_input_is_one_validation_error_naming_every_field_and_nothing_is_sent(self) -> None:
        since = Since(self.platform)
        with self.assertRaises(ValidationError) as caught:
            self.lk.activity.record(
                user={"email": "not-an-email"},
                activity={"id": "has space", "name": "", "course": {"subject": "Math"}},
                metrics={"xpEarned": 5, "total_questions": 3},  # type: ignore[typeddict-item,typeddict-unknown-key]
                time={"started_at": "yesterday", "ended_at": "2026-01-05T10:05:00Z", "active_ms": -1},
                run_id="run-1",
            )
        paths = [i.path for i in caught.exception.issues]
        self.assertEqual(
            paths,
            [
                ("user", "email"),
                ("activity", "id"),
                ("activity", "name"),
                ("activity", "course"),
                ("metrics", "xpEarned"),
                ("metrics",),
                ("run_id",),
                ("time", "started_at"),
                ("time", "active_ms"),
            ],
        )
        message = str(caught.exception)
        self.assertIn("metrics.xpEarned: is not a member of metrics; the Python name is xp_earned", message)
        self.assertIn("total_questions and correct_questions must be given together", message)
        self.assertEqual(since.requests(), [])

    def test_a_course_that_is_not_configured_names_the_configured_ones(self) -> None:
        science: ActivityRef = {**LESSON, "course": {"subject": "Science", "grade": 5}}
        with self.assertRaises(ValidationError) as caught:
            self.lk.activity.record(user=self.ada, activity=science, metrics={"xp_earned": 1})
        self.assertEqual(
            caught.exception.issues[0].message,
            'course {"subject":"Science","grade":5} is not in learnkit.config.json, whose courses are: '
            'Math grade 3, code "ALG-1"',
        )

    def test_an_email_no_rostering_user_has_is_an_unknown_user_error(self) -> None:
        since = Since(self.platform)
        with self.assertRaises(UnknownUserError) as caught:
            self.lk.activity.record(user={"email": "nobody@example.com"}, activity=LESSON, metrics={"xp_earned": 1})
        self.assertTrue(re.search(r"no rostering user matches.*nobody@example\.com", str(caught.exception)))
        self.assertEqual(since.requests("POST", CALIPER), [])

    def add_student(self, sourced_id: str, email: str) -> str:
        """Adds a student of the partner's Maple elementary school through the platform's user upsert."""
        school = "org-maple-elementary"
        self.lk.request(
            "PUT",
            "/rostering/1.0/users/{sourcedId}",
            path_params={"sourcedId": sourced_id},
            body={
                "email": email,
                "givenName": "Sean",
                "familyName": "O'Brien",
                "primaryOrgId": school,
                "roles": [{"orgId": school, "role": "student"}],
            },
        )
        return sourced_id

    def actor_of(self, email: str) -> str:
        """The user id ``record`` sends for ``email``, by a client of its own (so no cached look-up responds)."""
        partner = self.platform.partner
        lk = LearnKit(self.platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG)
        result = lk.activity.record(user={"email": email}, activity=LESSON, metrics={"xp_earned": 1})
        actor_id: str = result.events[0]["actor"]["id"]
        return actor_id.rsplit("/", 1)[-1]

    def test_an_email_with_a_quote_is_found_by_its_longest_sendable_part_then_the_exact_email(self) -> None:
        # docs/decisions.md#d-email-filter-longest-part
        sean = self.add_student("usr-sean-obrien", "o'brien@maple.learnkit.test")
        since = Since(self.platform)
        result = self.lk.activity.record(
            user={"email": "o'brien@maple.learnkit.test"}, activity=LESSON, metrics={"xp_earned": 3}
        )
        self.assertEqual((result.accepted, result.duplicates), (1, 0))
        self.assertEqual(result.events[0]["actor"]["id"], f"{self.platform.url}/rostering/1.0/users/{sean}")
        self.assertEqual(result.events[0]["actor"]["email"], "o'brien@maple.learnkit.test")
        self.assertEqual(len(since.requests("GET", USERS)), 1)
        self.assertIn(result.events[0], self.platform.caliper_events())

    def test_of_users_whose_emails_share_that_part_the_exact_email_picks_one_case_included(self) -> None:
        # docs/decisions.md#d-email-filter-longest-part
        sean = self.add_student("usr-sean-obrien", "o'brien@maple.learnkit.test")
        mary = self.add_student("usr-mary-obrien", "mary.o'brien@maple.learnkit.test")
        self.add_student("usr-obrien", "obrien@maple.learnkit.test")
        self.assertEqual(self.actor_of("o'brien@maple.learnkit.test"), sean)
        self.assertEqual(self.actor_of("mary.o'brien@maple.learnkit.test"), mary)
        # The contains-filter is case-insensitive and finds Sean, but his email is not this one.
        with self.assertRaisesRegex(UnknownUserError, r'no rostering user matches for user email "O\'Brien@maple'):
            self.actor_of("O'Brien@maple.learnkit.test")

    def test_the_candidates_are_read_page_by_page_and_two_exact_matches_are_refused(self) -> None:
        # docs/decisions.md#d-email-filter-longest-part
        ids = [self.add_student(f"usr-obrien-{n}", f"{n}.o'brien@cedar.test") for n in (1, 2, 3, 4)]
        since = Since(self.platform)
        self.assertEqual(user_id_by_email(self.lk, "4.o'brien@cedar.test", {}, page=1), ids[3])
        self.assertEqual(len(since.requests("GET", USERS)), 4)
        self.assertIsNone(user_id_by_email(self.lk, "5.o'brien@cedar.test", {}, page=1))
        self.add_student("usr-obrien-4-again", "4.o'brien@cedar.test")
        with self.assertRaisesRegex(UnknownUserError, "several rostering users match"):
            user_id_by_email(self.lk, "4.o'brien@cedar.test", {}, page=1)
        # A roster longer than the look-up reads is said so, rather than responded "no user".
        with self.assertRaisesRegex(
            UnknownUserError, r'too many rostering users \(over 2\) have an email containing "brien@cedar\.test"'
        ):
            user_id_by_email(self.lk, "4.o'brien@cedar.test", {}, page=1, max_pages=2)

    def test_an_email_with_no_part_a_filter_can_search_for_is_refused_naming_user_email(self) -> None:
        # docs/decisions.md#d-email-filter-longest-part
        since = Since(self.platform)
        with self.assertRaises(ValidationError) as caught:
            self.lk.activity.record(user={"email": "'@'"}, activity=LESSON, metrics={"xp_earned": 1})
        (issue,) = caught.exception.issues
        self.assertEqual(issue.path, ("user", "email"))
        self.assertIn("pass user platform_id", issue.message)
        self.assertEqual(since.requests(), [])
