"""``learnkit.config.json``: the TypeScript package's schema and messages (the refusals are read from the file both
suites share), and how ``lk.activity`` finds the file."""

from __future__ import annotations

import json
import os
import random
import tempfile
import unittest
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from learnkit import LearnKit, ValidationError, ValidationIssue
from learnkit._redact import redact, redact_userinfo
from learnkit.activity import parse_learnkit_config
from learnkit.activity._config import CourseConfig, config_source, course_name, find_course

from .support.paths import REPO

SHARED: dict[str, Any] = json.loads(
    (REPO / "packages" / "activity" / "test" / "fixtures" / "config-errors.json").read_text(encoding="utf-8")
)
GOOD = {
    "$schema": "./node_modules/@learnkit/activity/learnkit.config.schema.json",
    "sensor": "https://app.example.com/",
    "app": {"name": "Fractions App", "id": "app-1"},
    "courses": [
        {"subject": "Math", "grade": 3, "courseId": "c-math-3", "totalLessons": 40},
        {"code": "ALG-1", "subject": "Math", "name": "Algebra 1"},
        {"subject": "Reading", "grade": "K"},
    ],
}


class SharedRefusals(unittest.TestCase):
    def test_finds_the_shared_cases(self) -> None:
        self.assertGreater(len(SHARED["cases"]), 20)

    def test_refuses_each_shared_case_with_the_typescript_path_and_message(self) -> None:
        for case in SHARED["cases"]:
            with self.subTest(case["name"]), self.assertRaises(ValidationError) as caught:
                parse_learnkit_config(case["config"])
            issue = caught.exception.issues[0]
            self.assertEqual((list(issue.path), issue.message), (case["path"], case["message"]))


class Parse(unittest.TestCase):
    def test_parses_a_good_file_with_snake_case_attributes(self) -> None:
        config = parse_learnkit_config(GOOD)
        self.assertEqual(config.sensor, "https://app.example.com")
        self.assertEqual((config.app.name, config.app.id), ("Fractions App", "app-1"))
        self.assertEqual(
            config.courses[0], CourseConfig(subject="Math", grade=3, course_id="c-math-3", total_lessons=40)
        )

    def test_finds_a_course_by_code_or_by_subject_and_grade_as_text(self) -> None:
        courses = parse_learnkit_config(GOOD).courses
        self.assertEqual(find_course(courses, {"code": "ALG-1"}), courses[1])
        self.assertEqual(find_course(courses, {"subject": "Math", "grade": "3"}), courses[0])
        self.assertEqual(find_course(courses, {"subject": "Math", "grade": 3.0}), courses[0])
        self.assertIsNone(find_course(courses, {"subject": "Math", "grade": 4}))
        self.assertEqual([course_name(c) for c in courses], ["Grade 3 Math", "Algebra 1", "Grade K Reading"])


class TheFile(unittest.TestCase):
    def setUp(self) -> None:
        self.previous = os.getcwd()
        self.folder = tempfile.TemporaryDirectory()
        os.chdir(self.folder.name)

    def tearDown(self) -> None:
        os.chdir(self.previous)
        self.folder.cleanup()

    def test_loads_learnkit_config_json_from_the_working_directory_on_first_use(self) -> None:
        Path("learnkit.config.json").write_text("\ufeff" + json.dumps(GOOD), encoding="utf-8")
        lk = LearnKit("https://api.example.com", "id", "secret-value")
        self.assertEqual(lk.activity.config().app.name, "Fractions App")

    def test_a_missing_file_says_where_it_was_looked_for_and_a_fixed_file_is_read_at_the_next_call(self) -> None:
        load = config_source(None)
        with self.assertRaises(ValidationError) as caught:
            load()
        self.assertEqual(caught.exception.issues[0].path, ("config",))
        self.assertIn(
            "learnkit.config.json does not exist. LearnKit loads learnkit.config.json from the working directory",
            str(caught.exception),
        )
        self.assertIn("LearnKit(activity_config=...)", str(caught.exception))
        Path("learnkit.config.json").write_text(json.dumps(GOOD), encoding="utf-8")
        self.assertEqual(load().sensor, "https://app.example.com")

    def test_a_file_that_is_not_json_or_breaks_a_rule_names_the_file(self) -> None:
        Path("broken.json").write_text("{ sensor: ", encoding="utf-8")
        with self.assertRaises(ValidationError) as caught:
            config_source("broken.json")()
        self.assertRegex(str(caught.exception), r"broken\.json is not valid JSON \(")
        Path("bad.json").write_text(json.dumps({**GOOD, "sensor": "app.example.com"}), encoding="utf-8")
        with self.assertRaises(ValidationError) as refused:
            config_source("bad.json")()
        self.assertRegex(
            refused.exception.issues[0].message,
            r"bad\.json: sensor must be an http\(s\) URL, got \"app\.example\.com\"$",
        )

    def test_a_given_configuration_is_checked_at_once(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            _ = LearnKit("https://api.example.com", "id", "secret-value", activity_config={"sensor": "x"}).activity
        self.assertEqual(
            caught.exception.issues[0].message, 'the given configuration: sensor must be an http(s) URL, got "x"'
        )


# Issue 33, item 1: a password shaped like userinfo (``user:password@``) is shown by no text of an error, whether the
# value is a URL or not (docs/decisions.md#d-userinfo-redacted). The vectors are the TypeScript core's.
USERINFO: dict[str, Any] = json.loads(
    (REPO / "packages" / "core" / "test" / "fixtures" / "userinfo.json").read_text(encoding="utf-8")
)
ISSUE_33 = [
    "https//user:pa55word@example.test",
    "user:pa55word@example.test",
    "//user:pa55word@host",
    "ftp:/user:pa55word@h",
    "https//user:pa%2F55word@example.test",
    "https%3A%2F%2Fuser%3Apa55word%40example.test",
]

_USER_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
_PASSWORD_UNITS = (
    list("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789") * 4
    + list("-._~!$&'()*+,;=:")
    + ["%40", "%3A", "%2F", "%20", "%25", "%E2%82%AC"]
)
_HOSTS = ["example.test", "api.example.com", "127.0.0.1", "h", "auth.example.com:8443"]


def _quote(value: str) -> str:
    """``encodeURIComponent`` of JavaScript."""
    return urllib.parse.quote(value, safe="-_.!~*'()")


# The shapes of @learnkit/test-utils/userinfo (docs/decisions.md#d-userinfo-rule-vectors).
_SHAPES: list[Callable[[str, str, str], str]] = [
    lambda u, p, h: f"https//{u}:{p}@{h}",
    lambda u, p, h: f"{u}:{p}@{h}",
    lambda u, p, h: f"//{u}:{p}@{h}",
    lambda u, p, h: f"ftp:/{u}:{p}@{h}",
    lambda u, p, h: f"https://{u}:{p}@{h}/path?q=1",
    lambda u, p, h: f"http:{u}:{p}@{h}",
    lambda u, p, h: f"https%3A%2F%2F{u}%3A{_quote(p)}%40{h}",
    lambda u, p, h: f"{u}%3a{_quote(p)}%40{h}",
    lambda u, p, h: f"next={_quote(f'https://{u}:{p}@{h}/')}&x=1",
    lambda u, p, h: f"CFItems[0].{u}:{p}@{h}",
]


def with_userinfo(rng: random.Random) -> tuple[str, str]:
    """A value shaped like userinfo, and its password (which neither the user name nor the host contains)."""
    while True:
        user = "".join(rng.choice(_USER_CHARS) for _ in range(rng.randint(1, 16)))
        password = rng.choice("PQRSTUVWXYZ") + "".join(rng.choice(_PASSWORD_UNITS) for _ in range(rng.randint(7, 30)))
        host = rng.choice(_HOSTS)
        if password not in user and password not in host and not user.lower().endswith("mailto"):
            return rng.choice(_SHAPES)(user, password, host), password


def error_texts(error: ValidationError) -> list[str]:
    """Every text of ``error`` that a log or a user may see: str(), repr(), args, to_dict() and the issues."""
    return [str(error), repr(error), repr(error.args), json.dumps(error.to_dict()), repr(error.issues)]


class Userinfo(unittest.TestCase):
    def assert_no_password(self, texts: list[str], password: str) -> None:
        for text in texts:
            self.assertNotIn(password, text)
            self.assertNotIn(_quote(password), text)

    def test_redacts_the_vectors_the_typescript_core_is_held_to(self) -> None:
        for text, expected in USERINFO["redacted"]:
            with self.subTest(text):
                self.assertEqual((redact_userinfo(text), redact(text)), (expected, expected))
        for text in USERINFO["unchanged"]:
            with self.subTest(text):
                self.assertEqual((redact_userinfo(text), redact(text)), (text, text))

    def test_a_url_that_is_no_url_shows_no_password_in_the_configuration_error(self) -> None:
        for value in ISSUE_33:
            cases: list[dict[str, Any]] = [
                {"base_url": value, "client_id": "id", "client_secret": "secret-value", "env": {}},
                {
                    "base_url": "https://api.example.com",
                    "client_id": "id",
                    "client_secret": "secret-value",
                    "auth_url": value,
                    "env": {},
                },
                {
                    "env": {
                        "LEARNKIT_BASE_URL": value,
                        "LEARNKIT_CLIENT_ID": "id",
                        "LEARNKIT_CLIENT_SECRET": "secret-value",
                    }
                },
            ]
            for options in cases:
                with self.subTest(value=value, options=sorted(options)), self.assertRaises(ValidationError) as caught:
                    LearnKit(**options)
                for text in error_texts(caught.exception):
                    self.assertNotRegex(text, "pa55word|pa%2F55word")
                self.assertRegex(str(caught.exception), r"^LearnKit is misconfigured\.\n  (base|auth)_url  must be")

    def test_any_validation_error_shows_no_password_in_its_message_issues_or_path(self) -> None:
        error = ValidationError(
            [
                ValidationIssue(("note",), "could not reach https//user:pa55word@example.test: refused"),
                ValidationIssue(("headers", "user:pa55word@h"), "is not allowed"),
                ValidationIssue(("contact",), "write to ops@example.test"),
            ]
        )
        for text in error_texts(error):
            self.assertNotIn("pa55word", text)
        self.assertEqual(
            str(error),
            "Invalid input: note: could not reach https//user:[redacted]@example.test: refused; "
            "headers.user:[redacted]@h: is not allowed; contact: write to ops@example.test",
        )
        self.assertEqual(error.issues[1].path, ("headers", "user:[redacted]@h"))

    def test_property_no_shape_of_userinfo_shows_its_password(self) -> None:
        rng = random.Random(33)
        for _ in range(300):
            value, password = with_userinfo(rng)
            where = rng.choice(["base_url", "auth_url", "LEARNKIT_BASE_URL", "LEARNKIT_AUTH_URL"])
            env = {
                "LEARNKIT_BASE_URL": "https://api.example.com",
                "LEARNKIT_CLIENT_ID": "id",
                "LEARNKIT_CLIENT_SECRET": "secret-value",
            }
            options: dict[str, Any] = (
                {"env": {**env, where: value}} if where.startswith("LEARNKIT_") else {"env": env, where: value}
            )
            with self.subTest(value=value), self.assertRaises(ValidationError) as caught:
                LearnKit(**options)
            self.assert_no_password(error_texts(caught.exception), password)
            self.assert_no_password([redact(f"could not reach {value}: refused")], password)

    def test_property_a_configuration_file_shows_no_password_of_a_refused_value(self) -> None:
        rng = random.Random(3301)
        for _ in range(300):
            value, password = with_userinfo(rng)
            # A grade is refused beyond 16 characters; an https:// sensor with userinfo is taken.
            configs: list[dict[str, Any]] = [
                {**GOOD, "sensor": "ftp" + value[5:] if value.startswith("https://") else value},
                {**GOOD, "app": value},
                {**GOOD, "courses": [{"subject": "Math", "grade": f"grade {value}"}]},
            ]
            config = rng.choice(configs)
            with self.subTest(value=value), self.assertRaises(ValidationError) as caught:
                parse_learnkit_config(config)
            self.assert_no_password(error_texts(caught.exception), password)
