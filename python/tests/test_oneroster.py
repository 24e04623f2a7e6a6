"""Every one of OneRoster's operations, called through both clients and through each method's
``with_raw_response`` twin against the mock platform, with valid arguments and bodies (the calls of the TypeScript
OneRoster suite, packages/oneroster/test), and seen responded in the mock's request log: one scenario, typed against
``LearnKit`` so mypy and pyright check every argument and body, run four ways
(docs/decisions.md#d-python-generated-methods)."""

from __future__ import annotations

import asyncio
import inspect
import re
import uuid
from collections.abc import Callable
from typing import Any, cast

import httpx
import pytest

from learnkit import (
    ApiResponse,
    AsyncLearnKit,
    AsyncPager,
    BinaryResponseContent,
    LearnKit,
    RetryOptions,
    ValidationError,
)
from learnkit._generated.operations import OPERATIONS
from learnkit.types import (
    OneRosterAcademicSession,
    OneRosterClass,
    OneRosterLineItemInputParam,
    OneRosterOrg,
    OneRosterResultInputParam,
    OneRosterSourcedIdPairs,
    OneRosterSourcedIdPairsResponse,
    OneRosterSourcedIdRefInputParam,
    OneRosterUser,
    OneRosterUserResponse,
    OneRosterUserWithDemographics,
)

from .support.mock import MockProcess, Since, mock

FAST = RetryOptions(initial_delay=0.02, max_delay=0.1)
ONEROSTER = [op for op in OPERATIONS if op.method.startswith("oneroster.")]
ELEMENTARY: OneRosterSourcedIdRefInputParam = {"sourced_id": "org-maple-elementary"}
DISTRICT: OneRosterSourcedIdRefInputParam = {"sourced_id": "org-maple-district"}
SCORED = "2025-10-08T15:00:00Z"


@pytest.fixture(scope="module")
def platform() -> MockProcess:
    return mock()


def line_item(sourced_id: str, class_id: str, title: str) -> OneRosterLineItemInputParam:
    return {
        "sourced_id": sourced_id,
        "status": "active",
        "title": title,
        "assign_date": "2025-10-01T08:00:00Z",
        "due_date": "2025-10-08T08:00:00Z",
        "class_": {"sourced_id": class_id},
        "school": ELEMENTARY,
        "category": {"sourced_id": "cat-quizzes"},
    }


def result_of(sourced_id: str, line_item_id: str, student_id: str, score: float) -> OneRosterResultInputParam:
    return {
        "sourced_id": sourced_id,
        "status": "active",
        "line_item": {"sourced_id": line_item_id},
        "student": {"sourced_id": student_id},
        "score": score,
        "score_date": SCORED,
        "score_status": "fully graded",
    }


def first(items: Any, n: int = 2) -> list[Any]:
    """The first ``n`` items of a pager (a list when the scenario runs through the async client)."""
    out: list[Any] = []
    for item in items:
        out.append(item)
        if len(out) == n:
            break
    return out


def scenario(lk: LearnKit, tag: str) -> None:
    """Each of OneRoster's operations at least once, on objects this run makes (ids ending in ``tag``) or on the
    mock's seeded roster, which it leaves as it found it."""
    one = lk.oneroster
    book = one.gradebook
    ids = {
        kind: f"py-{kind}-{tag}"
        for kind in (
            "org",
            "school",
            "session",
            "gp",
            "gp-term",
            "user",
            "course",
            "unit",
            "placement",
            "class",
            "enrollment",
            "category",
            "scale",
            "li",
            "li-class",
            "li-school-1",
            "li-school-2",
            "result",
            "ali",
            "ar",
            "resource",
            "class-result",
            "li-result",
        )
    }

    # Orgs and schools.
    pair = one.orgs.create(
        sourced_id=ids["org"], name="Py department", type="department", parent={"sourced_id": "org-maple-middle"}
    )
    assert isinstance(pair, OneRosterSourcedIdPairs) and pair.allocated_sourced_id == ids["org"]
    assert one.orgs.get(ids["org"]).name == "Py department"
    assert first(one.orgs.list(limit=2))
    one.orgs.update(ids["org"], name="Py maths", type="department", parent={"sourced_id": "org-maple-middle"})
    school = one.schools.create(sourced_id=ids["school"], name="Py High", type="school", parent=DISTRICT)
    # The vendor's description of 2025-10 returns a create with the sourcedId pair
    # (docs/decisions.md#d-oneroster-2025-10).
    assert isinstance(school, OneRosterSourcedIdPairsResponse)
    assert school.sourced_id_pairs.allocated_sourced_id == ids["school"]
    assert isinstance(one.schools.get(ids["school"]), OneRosterOrg)
    assert one.schools.get(ids["school"]).name == "Py High"
    assert first(one.schools.list())
    assert one.schools.update(ids["school"], name="Py Secondary", type="school", parent=DISTRICT).name == "Py Secondary"
    assert first(one.schools.classes.list("org-maple-elementary"))
    assert first(one.schools.classes.enrollments.list("org-maple-elementary", "class-math-g3"))
    assert first(one.schools.classes.students.list("org-maple-elementary", "class-math-g3"))
    assert first(one.schools.classes.teachers.list("org-maple-elementary", "class-math-g3"))
    assert first(one.schools.courses.list("org-maple-middle"))
    assert first(one.schools.enrollments.list("org-maple-middle"))
    assert first(one.schools.students.list("org-maple-elementary"))
    assert first(one.schools.teachers.list("org-maple-middle"))
    assert first(one.schools.terms.list("org-maple-elementary"))

    # Academic sessions, terms and grading periods.
    pair = one.academic_sessions.create(
        sourced_id=ids["session"],
        status="active",
        title="Py summer",
        type="term",
        start_date="2026-06-20",
        end_date="2026-08-10",
        school_year="2026",
        org=DISTRICT,
    )
    assert pair.allocated_sourced_id == ids["session"]
    assert one.academic_sessions.get(ids["session"]).school_year == 2026
    assert first(one.academic_sessions.list(sort="startDate"))
    updated = one.academic_sessions.update(
        ids["session"],
        status="active",
        title="Py summer term",
        type="term",
        start_date="2026-06-20",
        end_date="2026-08-10",
        school_year="2026",
        org=DISTRICT,
    )
    assert isinstance(updated, OneRosterAcademicSession) and updated.title == "Py summer term"
    assert one.terms.get("as-2025-fall").title == "Fall 2025"
    assert first(one.terms.list())
    assert first(one.terms.classes.list("as-2025-fall"))
    assert first(one.terms.grading_periods.list("as-2026-spring"))
    in_term = one.terms.grading_periods.create(
        "as-2026-spring",
        sourced_id=ids["gp-term"],
        title="Py spring extra",
        type="gradingPeriod",
        start_date="2026-06-01",
        end_date="2026-06-15",
        school_year="2026",
        org=DISTRICT,
    )
    assert in_term.parent is not None and in_term.parent.sourced_id == "as-2026-spring"
    pair = one.grading_periods.create(
        sourced_id=ids["gp"],
        title="Py Q1",
        type="gradingPeriod",
        start_date="2026-06-20",
        end_date="2026-07-15",
        school_year="2026",
        org=DISTRICT,
    )
    assert pair.allocated_sourced_id == ids["gp"]
    assert one.grading_periods.get(ids["gp"]).end_date == "2026-07-15"
    assert first(one.grading_periods.list())
    one.grading_periods.update(
        ids["gp"],
        title="Py Q1",
        type="gradingPeriod",
        start_date="2026-06-20",
        end_date="2026-07-20",
        school_year="2026",
        org=DISTRICT,
    )

    # Users, students, teachers, demographics.
    user = one.users.create(
        sourced_id=ids["user"],
        enabled_user=True,
        given_name="Mary",
        family_name="Somerville",
        email=f"{ids['user']}@maple.learnkit.test",
        roles=[{"role_type": "primary", "role": "student", "org": ELEMENTARY}],
        user_profiles=[],
    )
    assert isinstance(user, OneRosterSourcedIdPairsResponse)
    assert user.sourced_id_pairs.allocated_sourced_id == ids["user"]
    read = one.users.get(ids["user"])
    assert isinstance(read, OneRosterUser) and read.given_name == "Mary" and read.user_profiles == []
    assert first(one.users.list(limit=2))
    assert (
        one.users.update(
            ids["user"],
            enabled_user=True,
            given_name="Mary",
            family_name="Somerville",
            email=f"{ids['user']}@maple.learnkit.test",
            preferred_first_name="Molly",
            roles=[{"role_type": "primary", "role": "student", "org": ELEMENTARY}],
            user_profiles=[],
        ).preferred_first_name
        == "Molly"
    )
    with_demographics = one.users.demographics.get("usr-ada-lovelace")
    assert isinstance(with_demographics, OneRosterUserWithDemographics)
    assert with_demographics.demographics is not None and with_demographics.demographics.birth_date == "2017-12-10"
    registered = one.users.credentials.create(
        ids["user"], application_name="Py reading app", credentials={"username": "mary", "password": "py-pass"}
    )
    assert one.users.credentials.decrypt(ids["user"], registered.credential_id).password == "py-pass"
    assert first(one.users.classes.list("usr-grace-hopper"))
    assert one.students.get("usr-ada-lovelace").family_name == "Lovelace"
    assert first(one.students.list())
    assert first(one.students.classes.list("usr-ada-lovelace"))
    assert one.teachers.get("usr-grace-hopper").given_name == "Grace"
    assert first(one.teachers.list())
    assert first(one.teachers.classes.list("usr-grace-hopper"))
    one.demographics.create(sourced_id=ids["user"], birth_date="2017-03-02", sex="female")
    assert one.demographics.get(ids["user"]).birth_date == "2017-03-02"
    assert first(one.demographics.list())
    assert (
        one.demographics.update(ids["user"], sourced_id=ids["user"], city_of_birth="Madison").city_of_birth == "Madison"
    )

    # Courses, their components and component resources.
    pair = one.courses.create(
        sourced_id=ids["course"], status="active", title="Py maths", course_code=f"PY-{tag}", org=ELEMENTARY
    )
    assert pair.allocated_sourced_id == ids["course"]
    assert one.courses.get(ids["course"]).title == "Py maths"
    assert first(one.courses.list())
    one.courses.update(ids["course"], status="active", title="Py maths 4", org=ELEMENTARY)
    assert first(one.courses.classes.list("course-math-g7"))
    one.courses.components.create(
        sourced_id=ids["unit"], status="active", title="Unit 1", course={"sourced_id": ids["course"]}
    )
    assert one.courses.components.get(ids["unit"]).title == "Unit 1"
    assert first(one.courses.components.list())
    one.courses.components.update(
        ids["unit"], status="active", title="Unit 1: Area", course={"sourced_id": ids["course"]}
    )
    one.courses.component_resources.create(
        sourced_id=ids["placement"],
        status="active",
        title="Area video",
        course_component={"sourced_id": ids["unit"]},
        resource={"sourced_id": "res-fractions-video"},
    )
    assert one.courses.component_resources.get(ids["placement"]).title == "Area video"
    assert first(one.courses.component_resources.list())
    one.courses.component_resources.update(
        ids["placement"],
        sourced_id=ids["placement"],
        status="active",
        title="Area video",
        sort_order=2,
        course_component={"sourced_id": ids["unit"]},
        resource={"sourced_id": "res-fractions-video"},
    )

    # Classes and enrollments.
    pair = one.classes.create(
        sourced_id=ids["class"],
        title="Py maths - period 2",
        course={"sourced_id": "course-math-g3"},
        org=ELEMENTARY,
        terms=[{"sourced_id": "as-2025-fall"}],
    )
    assert pair.allocated_sourced_id == ids["class"]
    assert one.classes.get(ids["class"]).title == "Py maths - period 2"
    assert first(one.classes.list())
    updated_class = one.classes.update(ids["class"], location="Room 12")
    assert isinstance(updated_class, OneRosterClass) and updated_class.location == "Room 12"
    one.classes.students.add(ids["class"], user={"sourced_id": ids["user"]})
    one.classes.teachers.add(ids["class"], user={"sourced_id": "usr-grace-hopper"})
    assert [u.sourced_id for u in one.classes.students.list(ids["class"])] == [ids["user"]]
    assert [u.sourced_id for u in one.classes.teachers.list(ids["class"])] == ["usr-grace-hopper"]
    pair = one.enrollments.create(
        sourced_id=ids["enrollment"],
        role="student",
        user={"sourced_id": "usr-student-001"},
        class_={"sourced_id": ids["class"]},
        school=ELEMENTARY,
    )
    assert pair.allocated_sourced_id == ids["enrollment"]
    assert one.enrollments.get(ids["enrollment"]).role == "student"
    assert first(one.enrollments.list())
    one.enrollments.update(
        ids["enrollment"],
        sourced_id=ids["enrollment"],
        status="active",
        role="student",
        end_date="2026-06-15",
        user={"sourced_id": "usr-student-001"},
        class_={"sourced_id": ids["class"]},
        school=ELEMENTARY,
    )

    # Gradebook: categories, score scales, line items and results, assessment line items and results.
    book.categories.create(sourced_id=ids["category"], status="active", title="Py projects", weight=0.2)
    assert book.categories.get(ids["category"]).weight == 0.2
    assert first(book.categories.list())
    assert book.categories.update(ids["category"], status="active", title="Py projects", weight=0.25).weight == 0.25
    book.score_scales.create(
        sourced_id=ids["scale"],
        status="active",
        title="Py pass/fail",
        type="pass-fail",
        class_={"sourced_id": ids["class"]},
        score_scale_value=[{"item_value_lhs": "0", "item_value_rhs": "59", "value": "fail"}],
    )
    assert book.score_scales.get(ids["scale"]).title == "Py pass/fail"
    assert first(book.score_scales.list())
    assert book.score_scales.update(
        ids["scale"],
        status="active",
        title="Py pass or fail",
        type="pass-fail",
        class_={"sourced_id": ids["class"]},
        score_scale_value=[{"item_value_lhs": "60", "item_value_rhs": "100", "value": "pass"}],
    ).title == ("Py pass or fail")
    book.line_items.create(**line_item(ids["li"], ids["class"], "Py quiz"))
    assert book.line_items.get(ids["li"]).title == "Py quiz"
    assert first(book.line_items.list())
    rescaled: OneRosterLineItemInputParam = {**line_item(ids["li"], ids["class"], "Py quiz"), "result_value_max": 20}
    book.line_items.update(ids["li"], **rescaled)
    assert book.line_items.get(ids["li"]).result_value_max == 20
    pair = book.line_items.results.create(ids["li"], [result_of(ids["li-result"], ids["li"], ids["user"], 18)])
    assert pair.allocated_sourced_id
    book.results.create(**result_of(ids["result"], ids["li"], ids["user"], 12))
    assert book.results.get(ids["result"]).score == 12
    assert first(book.results.list())
    assert book.results.update(ids["result"], **result_of(ids["result"], ids["li"], ids["user"], 13)).score == 13
    book.assessment_line_items.create(
        sourced_id=ids["ali"], status="active", title="Py check-in", class_={"sourced_id": ids["class"]}
    )
    assert book.assessment_line_items.get(ids["ali"]).title == "Py check-in"
    assert first(book.assessment_line_items.list())
    assert (
        book.assessment_line_items.update(ids["ali"], status="active", title="Py check-in 2").title == "Py check-in 2"
    )
    book.assessment_results.create(
        sourced_id=ids["ar"],
        status="active",
        assessment_line_item={"sourced_id": ids["ali"]},
        student={"sourced_id": ids["user"]},
        score=9,
        score_date=SCORED,
        score_status="fully graded",
    )
    assert book.assessment_results.get(ids["ar"]).score == 9
    assert first(book.assessment_results.list())
    assert (
        book.assessment_results.update(
            ids["ar"],
            status="active",
            assessment_line_item={"sourced_id": ids["ali"]},
            student={"sourced_id": ids["user"]},
            score=10,
            score_date=SCORED,
            score_status="fully graded",
        ).score
        == 10
    )

    # A class's and a school's gradebook.
    book.classes.line_items.create(ids["class"], **line_item(ids["li-class"], ids["class"], "Py class quiz"))
    assert ids["li-class"] in [i.sourced_id for i in book.classes.line_items.list(ids["class"])]
    book.classes.academic_sessions.results.create(
        ids["class"], "as-2025-fall", [result_of(ids["class-result"], ids["li-class"], ids["user"], 19)]
    )
    assert [r.score for r in book.classes.line_items.results.list(ids["class"], ids["li-class"])] == [19]
    assert first(book.classes.results.list(ids["class"]))
    assert first(book.classes.categories.list("class-math-g3"))
    assert first(book.classes.score_scales.list("class-math-g3"))
    assert first(book.classes.students.results.list(ids["class"], ids["user"]))
    pair = book.schools.line_items.create(
        "org-maple-elementary",
        [
            line_item(ids["li-school-1"], ids["class"], "Py homework 1"),
            line_item(ids["li-school-2"], ids["class"], "Py homework 2"),
        ],
    )
    assert pair.allocated_sourced_id
    assert first(book.schools.line_items.list("org-maple-elementary"))
    assert first(book.schools.score_scales.list("org-maple-elementary"))

    # Resources and their assignments.
    one.resources.create(
        sourced_id=ids["resource"], title="Py area models", vendor_resource_id=f"vendor-{ids['resource']}"
    )
    assert one.resources.get(ids["resource"]).title == "Py area models"
    # A file response, not JSON: the resource as a Common Cartridge ZIP (docs/decisions.md#d-oneroster-binary-export).
    cartridge = one.resources.export(ids["resource"])
    assert isinstance(cartridge, BinaryResponseContent)
    assert cartridge.content_type == "application/zip" and cartridge.content[:4] == b"PK\x03\x04"
    assert cartridge.filename == f"{ids['resource']}.imscc"
    assert first(one.resources.list())
    one.resources.update(
        ids["resource"], title="Py area models (video)", vendor_resource_id=f"vendor-{ids['resource']}"
    )
    assert (
        one.resources.classes.assign(ids["class"], sourced_id=ids["resource"]).allocated_sourced_id == (ids["resource"])
    )
    assert [r.sourced_id for r in one.resources.classes.list(ids["class"])] == [ids["resource"]]
    one.resources.classes.remove(ids["class"], ids["resource"])
    one.resources.courses.assign(ids["course"], sourced_id=ids["resource"], date_assigned="2025-09-01")
    assert [r.sourced_id for r in one.resources.courses.list(ids["course"])] == [ids["resource"]]
    one.resources.courses.remove(ids["course"], ids["resource"])
    one.resources.users.assign(ids["user"], sourced_id=ids["resource"])
    assert [r.sourced_id for r in one.resources.users.list(ids["user"])] == [ids["resource"]]
    one.resources.users.remove(ids["user"], ids["resource"])

    # The deletes: OneRoster's are soft (the object reads back as tobedeleted).
    book.assessment_results.delete(ids["ar"])
    book.assessment_line_items.delete(ids["ali"])
    book.results.delete(ids["result"])
    book.line_items.delete(ids["li"])
    book.score_scales.delete(ids["scale"])
    book.categories.delete(ids["category"])
    one.resources.delete(ids["resource"])
    one.enrollments.delete(ids["enrollment"])
    one.classes.delete(ids["class"])
    one.courses.component_resources.delete(ids["placement"])
    one.courses.components.delete(ids["unit"])
    one.courses.delete(ids["course"])
    one.demographics.delete(ids["user"])
    one.users.delete(ids["user"])
    one.grading_periods.delete(ids["gp"])
    one.academic_sessions.delete(ids["session"])
    one.schools.delete(ids["school"])
    one.orgs.delete(ids["org"])
    assert one.orgs.get(ids["org"]).status == "tobedeleted"


class Via:
    """A client as the scenario sees it: attributes as the client's, each method call made by ``call`` (given the
    resource and the method's name), each called method's dotted name kept in ``called``."""

    def __init__(
        self,
        target: Any,
        call: Callable[[Any, str, tuple[Any, ...], dict[str, Any]], Any],
        called: list[str],
        parent: Any = None,
        path: str = "",
    ) -> None:
        self._target, self._call, self._called, self._parent, self._path = target, call, called, parent, path

    def __getattr__(self, name: str) -> Via:
        return Via(
            getattr(self._target, name),
            self._call,
            self._called,
            self._target,
            f"{self._path}.{name}" if self._path else name,
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self._called.append(self._path)
        out = self._call(self._parent, self._path.rsplit(".", 1)[-1], args, kwargs)
        # A method typed to return nothing returns nothing, however it was called.
        if inspect.signature(self._target).return_annotation in ("None", None):
            assert out is None, f"{self._path} returned {out!r}"
        return out


def sync_call(resource: Any, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    out = getattr(resource, name)(*args, **kwargs)
    assert not inspect.isawaitable(out)
    return out


def raw_call(resource: Any, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    raw_response = getattr(resource.with_raw_response, name)(*args, **kwargs)
    assert isinstance(raw_response, ApiResponse) and 200 <= raw_response.status < 300 and raw_response.request_id, (
        raw_response
    )
    return raw_response.parse()


def on(loop: asyncio.AbstractEventLoop) -> Callable[[Any], Any]:
    """Runs what an async method gives on ``loop``: a coroutine's result, or a pager's items as a list."""

    async def items(pager: AsyncPager[Any]) -> list[Any]:
        return [item async for item in pager]

    def run(out: Any) -> Any:
        if isinstance(out, AsyncPager):
            return loop.run_until_complete(items(out))
        assert inspect.iscoroutine(out), f"{out!r} is no coroutine"
        return loop.run_until_complete(out)

    return run


def async_call(loop: asyncio.AbstractEventLoop) -> Callable[[Any, str, tuple[Any, ...], dict[str, Any]], Any]:
    run = on(loop)
    return lambda resource, name, args, kwargs: run(getattr(resource, name)(*args, **kwargs))


def async_raw_call(loop: asyncio.AbstractEventLoop) -> Callable[[Any, str, tuple[Any, ...], dict[str, Any]], Any]:
    run = on(loop)

    def call(resource: Any, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        raw_response = run(getattr(resource.with_raw_response, name)(*args, **kwargs))
        assert isinstance(raw_response, ApiResponse) and 200 <= raw_response.status < 300 and raw_response.request_id, (
            raw_response
        )
        return run(raw_response.parse()) if isinstance(raw_response.parse(), AsyncPager) else raw_response.parse()

    return call


def responded(requests: list[dict[str, Any]]) -> set[str]:
    """The OneRoster operations (their dotted methods) of the 2xx requests in ``requests``."""
    patterns = [
        (op.method, op.http_method, re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", op.path) + "$")) for op in ONEROSTER
    ]
    return {
        method
        for r in requests
        if 200 <= r["status"] < 300
        for method, http_method, path in patterns
        if r["method"] == http_method and path.match(r["path"])
    }


@pytest.fixture
def tag() -> str:
    return uuid.uuid4().hex[:8]


def check(platform: MockProcess, run: Callable[[], list[str]]) -> None:
    since = Since(platform)
    called = run()
    every = {op.method for op in ONEROSTER}
    # 137 + 3 new in the vendor's description of 2025-10 (docs/decisions.md#d-oneroster-2025-10).
    # + 1, the export (docs/decisions.md#d-oneroster-binary-export).
    assert len(every) == len(ONEROSTER) == 137 + 3 + 1
    assert sorted(every - {f"oneroster.{name}" for name in called}) == []
    assert sorted(every - responded(since.requests())) == []


@pytest.mark.parametrize("raw", [False, True], ids=["methods", "with_raw_response"])
def test_every_oneroster_operation_returns_through_the_sync_client(platform: MockProcess, tag: str, raw: bool) -> None:
    def run() -> list[str]:
        called: list[str] = []
        partner = platform.partner
        with LearnKit(platform.url, partner.client_id, partner.client_secret, retry=FAST) as lk:
            scenario(cast(LearnKit, Via(lk, raw_call if raw else sync_call, called)), f"s{int(raw)}-{tag}")
        return [name.removeprefix("oneroster.") for name in called]

    check(platform, run)


@pytest.mark.parametrize("raw", [False, True], ids=["methods", "with_raw_response"])
def test_every_oneroster_operation_returns_through_the_async_client(platform: MockProcess, tag: str, raw: bool) -> None:
    def run() -> list[str]:
        called: list[str] = []
        partner = platform.partner
        loop = asyncio.new_event_loop()
        try:
            alk = AsyncLearnKit(platform.url, partner.client_id, partner.client_secret, retry=FAST)
            call = async_raw_call(loop) if raw else async_call(loop)
            scenario(cast(LearnKit, Via(alk, call, called)), f"a{int(raw)}-{tag}")
            loop.run_until_complete(alk.close())
        finally:
            loop.close()
        return [name.removeprefix("oneroster.") for name in called]

    check(platform, run)


def test_a_list_body_is_a_non_empty_list_each_item_checked_before_anything_is_sent(platform: MockProcess) -> None:
    since = Since(platform)
    partner = platform.partner
    with LearnKit(platform.url, partner.client_id, partner.client_secret, retry=FAST) as lk:
        results = lk.oneroster.gradebook.line_items.results
        with pytest.raises(ValidationError) as empty:
            results.create("li-math-g3-fractions", [])
        assert [(i.path, i.message) for i in empty.value.issues] == [
            (("results",), "must be a non-empty list (got an empty list)")
        ]
        with pytest.raises(ValidationError) as single:
            results.create("li-math-g3-fractions", result_of("r", "li", "usr", 1))  # type: ignore[arg-type]
        assert single.value.issues[0].path == ("results",)
        good = result_of("r-1", "li-math-g3-fractions", "usr-ada-lovelace", 1)
        with pytest.raises(ValidationError) as caught:
            results.create("li-math-g3-fractions", cast(Any, [good, {**good, "score": "high", "lineItem": {}}]))
        paths = {issue.path for issue in caught.value.issues}
        assert ("results", 1, "score") in paths and ("results", 1, "lineItem") in paths
        assert all(path[:2] == ("results", 1) for path in paths)
    assert since.requests() == []


def test_a_response_with_nothing_to_read_is_none_in_the_signature() -> None:
    """The PUT whose response has no content and the responses the platform leaves unstated return None, as
    TypeScript's resolve with nothing (docs/decisions.md#d-oneroster-unstated-responses)."""
    lk = LearnKit("http://127.0.0.1:9", "id", "secret-value")
    for dotted in (
        "gradebook.line_items.update",
        "courses.update",
        "courses.delete",
        "orgs.update",
        "resources.courses.assign",
        "enrollments.update",
    ):
        target: Any = lk.oneroster
        for part in dotted.split("."):
            target = getattr(target, part)
        assert inspect.signature(target).return_annotation in ("None", None), dotted


def test_the_responses_of_the_vendor_description_before_2025_10_are_success_too() -> None:
    """A user create responded with ``{ user }`` (not the pair) and a gradebook PUT responded with 200 (not 201)
    resolve with
    their objects: where two vendor versions respond to a write differently, the typed result covers both
    (docs/decisions.md#d-oneroster-2025-10)."""
    user = {
        "sourcedId": "usr-mary",
        "status": "active",
        "enabledUser": True,
        "givenName": "Mary",
        "familyName": "Somerville",
        "roles": [],
        "agents": [],
    }
    category = {"sourcedId": "cat-1", "status": "active", "title": "Quizzes"}

    def raw_response(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/token"):
            return httpx.Response(200, json={"access_token": "token", "token_type": "Bearer", "expires_in": 3600})
        if request.url.path.endswith("/users/"):
            return httpx.Response(201, json={"user": user})
        return httpx.Response(200, json={"category": category})

    with LearnKit(
        "https://api.example.com",
        "id",
        "secret-value",
        max_retries=0,
        http_client=httpx.Client(transport=httpx.MockTransport(raw_response)),
    ) as lk:
        created = lk.oneroster.users.create(
            enabled_user=True, given_name="Mary", family_name="Somerville", roles=[], user_profiles=[]
        )
        assert isinstance(created, OneRosterUserResponse) and created.user.sourced_id == "usr-mary"
        written = lk.oneroster.gradebook.categories.update("cat-1", status="active", title="Quizzes")
        assert written.title == "Quizzes"
