"""``learnkit.config.json``: the TypeScript package's schema and messages (the refusals are read from the file both
suites share), and how ``lk.activity`` finds the file."""

from __future__ import annotations

import json
import os
import tempfile
import unittest
from pathlib import Path
from typing import Any

from learnkit import LearnKit, ValidationError
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
        self.assertEqual(config.courses[0], CourseConfig(subject="Math", grade=3, course_id="c-math-3", total_lessons=40))

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
        self.assertIn("learnkit.config.json does not exist. LearnKit loads learnkit.config.json from the working "
                      "directory", str(caught.exception))
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
            refused.exception.issues[0].message, r"bad\.json: sensor must be an http\(s\) URL, got \"app\.example\.com\"$"
        )

    def test_a_given_configuration_is_checked_at_once(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            LearnKit("https://api.example.com", "id", "secret-value", activity_config={"sensor": "x"}).activity
        self.assertEqual(
            caught.exception.issues[0].message, 'the given configuration: sensor must be an http(s) URL, got "x"'
        )
