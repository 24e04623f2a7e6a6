"""The project configuration file ``learnkit.config.json`` (docs/decisions.md#d-config-file): the same file, schema
and messages as the TypeScript package's (``@learnkit/activity/learnkit.config.schema.json``). The file's members
keep their JSON names (``courseId``, ``totalLessons``): it is shared with the front end; the parsed objects have
snake_case attributes."""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._json import dumps
from ..errors import ValidationError, ValidationIssue

#: The file loaded when no configuration is given, from the working directory.
CONFIG_FILE = "learnkit.config.json"
_SENSOR = re.compile(r"https?://[^/\s]+\S*")
_MISSING: Any = object()


@dataclass(frozen=True)
class CourseConfig:
    """A course of ``learnkit.config.json``: ``code``, or ``subject`` with ``grade``."""

    #: Science, Math, Reading, Language, Social Studies, None, or any other string.
    subject: str
    #: The course code; activities of this course get object ids ``<sensor>/activities/<code>/<activity id>``.
    code: str | None = None
    #: The grade: an integer (-1 pre-K, 0 K, 1..13) or a short label.
    grade: int | str | None = None
    #: The platform's course id, sent as ``extensions.courseId`` (``courseId`` in the file).
    course_id: str | None = None
    #: Lessons in the course; with ``mastered_units`` the server computes ``pct_complete`` (``totalLessons``).
    total_lessons: int | None = None
    #: The course name sent as ``object.course.name``; default the code, else ``Grade <grade> <subject>``.
    name: str | None = None


@dataclass(frozen=True)
class AppConfig:
    """The partner application, sent as ``object.app``."""

    name: str
    id: str | None = None


@dataclass(frozen=True)
class LearnkitConfig:
    """The checked ``learnkit.config.json``."""

    #: The partner application's base URL, the Caliper ``sensor`` (without a trailing slash).
    sensor: str
    app: AppConfig
    courses: tuple[CourseConfig, ...]


def show(value: object) -> str:
    """A value of the file as the TypeScript messages show it (``JSON.stringify``; ``undefined`` when absent)."""
    if value is _MISSING:
        return "undefined"
    try:
        return dumps(value)
    except TypeError:
        return repr(value)


def _invalid(path: Sequence[str | int], message: str) -> ValidationError:
    return ValidationError([ValidationIssue(tuple(path), message)])


def is_text(value: object, limit: int = 512) -> bool:
    """A string with a non-blank character and at most ``limit`` characters."""
    return isinstance(value, str) and value.strip() != "" and len(value) <= limit


def is_integer(value: object) -> bool:
    """An integer as JavaScript's ``Number.isInteger`` sees it (``3.0`` is one; ``True`` is not)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def is_grade(value: object) -> bool:
    """A course grade: an integer or a short label such as ``"K"``."""
    return is_integer(value) or is_text(value, 16)


def _whole(value: Any) -> Any:
    """``3.0`` as ``3``: JSON has one number type, and JavaScript writes it ``3`` in URLs and names."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def describe_course(course: CourseConfig | Mapping[str, Any]) -> str:
    """Short human name of a course, as in error messages: ``Math grade 3`` or ``code "ALG-1"``."""
    code: object
    subject: object
    grade: object
    if isinstance(course, CourseConfig):
        code, subject, grade = course.code, course.subject, course.grade
    else:
        code, subject, grade = course.get("code"), course.get("subject"), course.get("grade")
    return f"code {show(code)}" if code is not None else f"{subject} grade {_js_text(grade)}"


def _js_text(value: object) -> str:
    """``String(value)`` as JavaScript writes it."""
    if value is None:
        return "undefined"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return dumps(value)
    return str(value)


def course_name(course: CourseConfig) -> str:
    """The course's ``object.course.name``: its ``name``, else its code, else ``Grade <grade> <subject>``."""
    return course.name or course.code or f"Grade {_js_text(course.grade)} {course.subject}"


def find_course(courses: Sequence[CourseConfig], ref: object) -> CourseConfig | None:
    """The configured course ``ref`` names, by ``code``, or else by ``subject`` and ``grade`` (grade compared as
    text, so ``3`` and ``"3"`` match)."""
    if not isinstance(ref, Mapping):
        return None
    code = ref.get("code")
    for course in courses:
        if code is not None:
            if course.code == code:
                return course
        elif (
            course.grade is not None
            and course.subject == ref.get("subject")
            and _js_text(course.grade) == _js_text(_whole(ref.get("grade")))
        ):
            return course
    return None


def normalize_courses(value: object, where: str = "courses") -> tuple[CourseConfig, ...]:
    """Checks and copies the courses of a configuration; raises a ValidationError naming the field."""
    if not isinstance(value, list) or not value:
        raise _invalid(["courses"], f"{where} must be a non-empty array, got {show(value)}")
    out: list[CourseConfig] = []
    for i, raw in enumerate(value):
        at = f"{where}[{i}]"
        if not isinstance(raw, dict):
            raise _invalid(["courses", i], f"{at} must be an object, got {show(raw)}")

        def fail(field: str, rule: str) -> ValidationError:
            # Called only within this turn of the loop, so it reads this turn's `i`, `at` and `raw`.
            return _invalid(
                ["courses", i, field],  # noqa: B023
                f"{at}.{field} {rule}, got {show(raw.get(field, _MISSING))}",  # noqa: B023
            )

        code = raw.get("code", _MISSING)
        subject = raw.get("subject", _MISSING)
        grade = raw.get("grade", _MISSING)
        course_id = raw.get("courseId", _MISSING)
        total_lessons = raw.get("totalLessons", _MISSING)
        name = raw.get("name", _MISSING)
        if not is_text(subject, 128):
            raise fail("subject", "must be a non-empty string")
        if code is not _MISSING and not is_text(code, 128):
            raise fail("code", "must be a non-empty string")
        if grade is not _MISSING and not is_grade(grade):
            raise fail("grade", "must be an integer or a short string")
        if code is _MISSING and grade is _MISSING:
            raise fail("grade", "is required when code is not given")
        if course_id is not _MISSING and not is_text(course_id):
            raise fail("courseId", "must be a non-empty string")
        if total_lessons is not _MISSING and not (is_integer(total_lessons) and total_lessons > 0):
            raise fail("totalLessons", "must be an integer > 0")
        if name is not _MISSING and not is_text(name):
            raise fail("name", "must be a non-empty string")
        # Only known members, so a typo in an optional field cannot reach the wire.
        course = CourseConfig(
            subject=subject,
            code=None if code is _MISSING else code,
            grade=None if grade is _MISSING else _whole(grade),
            course_id=None if course_id is _MISSING else course_id,
            total_lessons=None if total_lessons is _MISSING else int(total_lessons),
            name=None if name is _MISSING else name,
        )
        for other in out:
            same_code = course.code is not None and other.code == course.code
            same_grade = (
                course.grade is not None
                and other.grade is not None
                and other.subject == course.subject
                and _js_text(other.grade) == _js_text(course.grade)
            )
            if same_code or same_grade:
                raise _invalid(
                    ["courses", i], f"{at} repeats the course {describe_course(other)}; give each course once"
                )
        out.append(course)
    return tuple(out)


def parse_learnkit_config(value: object) -> LearnkitConfig:
    """Checks a parsed ``learnkit.config.json`` and returns it typed; raises a ValidationError naming the first bad
    field, with the TypeScript package's message.

    Example::

        config = parse_learnkit_config(json.loads(Path("learnkit.config.json").read_text()))
    """
    if not isinstance(value, dict):
        raise _invalid([], f"learnkit.config.json must be an object, got {show(value)}")
    sensor = value.get("sensor", _MISSING)
    app = value.get("app", _MISSING)
    if not (isinstance(sensor, str) and _SENSOR.fullmatch(sensor)):
        raise _invalid(["sensor"], f"learnkit.config.json: sensor must be an http(s) URL, got {show(sensor)}")
    if not isinstance(app, dict) or not is_text(app.get("name")):
        raise _invalid(["app", "name"], f"learnkit.config.json: app.name must be a non-empty string, got {show(app)}")
    app_id = app.get("id", _MISSING)
    if app_id is not _MISSING and not is_text(app_id):
        raise _invalid(["app", "id"], f"learnkit.config.json: app.id must be a non-empty string, got {show(app_id)}")
    courses = normalize_courses(value.get("courses", _MISSING), "learnkit.config.json: courses")
    # A trailing slash would give object ids with `//activities`.
    return LearnkitConfig(
        sensor=sensor.rstrip("/"),
        app=AppConfig(app["name"], None if app_id is _MISSING else app_id),
        courses=courses,
    )


def _fail(message: str) -> ValidationError:
    return ValidationError([ValidationIssue(("config",), message)])


def check_config(value: object, where: str = CONFIG_FILE) -> LearnkitConfig:
    """:func:`parse_learnkit_config`, its problem placed in the file it came from (path ``config``)."""
    try:
        return parse_learnkit_config(value)
    except ValidationError as error:
        problem = re.sub(r"^learnkit\.config\.json:?\s*", "", error.issues[0].message)
        raise _fail(f"{where}: {problem}") from None


def load_config_file(file: str | os.PathLike[str] = CONFIG_FILE) -> LearnkitConfig:
    """Reads and checks ``learnkit.config.json`` (or ``file``, relative to the working directory)."""
    path = Path(os.getcwd(), file)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _fail(
            f"{path} does not exist. LearnKit loads {CONFIG_FILE} from the working directory ({os.getcwd()}); create "
            "it (schema: @learnkit/activity/learnkit.config.schema.json) or pass LearnKit(activity_config=...)"
        ) from None
    except OSError as error:
        raise _fail(f"{path} could not be read ({error.strerror or error})") from None
    try:
        parsed = json.loads(text.removeprefix("\ufeff"))
    except ValueError as error:
        raise _fail(f"{path} is not valid JSON ({error})") from None
    return check_config(parsed, str(path))


def config_source(init: Mapping[str, object] | str | os.PathLike[str] | None) -> Callable[[], LearnkitConfig]:
    """The configuration, as given or loaded on first use. A failed load is not remembered, so fixing the file
    takes effect at the next call."""
    if isinstance(init, Mapping):
        config = check_config(dict(init), "the given configuration")
        return lambda: config
    # Narrowed here, outside the closure: mypy before 1.4 forgets the isinstance above inside load(), later ones
    # remember it, so an ignore in load() was needed by one and unused by the other
    # (docs/decisions.md#d-mypy-both-versions).
    path: str | os.PathLike[str] = CONFIG_FILE if init is None else init
    lock = threading.Lock()
    loaded: list[LearnkitConfig] = []

    def load() -> LearnkitConfig:
        with lock:
            if not loaded:
                loaded.append(load_config_file(path))
            return loaded[0]

    return load
