"""Every operation of the resource map is a typed sync and async method
(docs/decisions.md#d-python-generated-resources),
and the generated methods work against the mock platform: models, pagers, ``fields``, bodies checked before anything
is sent, ``with_raw_response``, per-call settings."""

from __future__ import annotations

import asyncio
import inspect
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from learnkit import (
    ApiResponse,
    AsyncLearnKit,
    AsyncPager,
    LearnKit,
    NotFoundError,
    RetryOptions,
    SyncPager,
    ValidationError,
)
from learnkit._generated.operations import OPERATIONS
from learnkit.types import CFDocument, OneRosterUser, User, UserRole

from .support.mock import MockProcess, Since, mock

FAST = RetryOptions(initial_delay=0.02, max_delay=0.1)
FRAMEWORK = "8fc3d514-3262-41a0-a8bf-8f13259f20ca"


@pytest.fixture(scope="module")
def platform() -> MockProcess:
    return mock()


@pytest.fixture
def lk(platform: MockProcess) -> Iterator[LearnKit]:
    partner = platform.partner
    with LearnKit(platform.url, partner.client_id, partner.client_secret, retry=FAST) as client:
        yield client
    platform.clear_faults()


def client_for(platform: MockProcess) -> AsyncLearnKit:
    partner = platform.partner
    return AsyncLearnKit(platform.url, partner.client_id, partner.client_secret, retry=FAST)


def method_of(root: object, dotted: str) -> Any:
    target: Any = root
    for part in dotted.split("."):
        target = getattr(target, part)
    return target


def test_every_operation_of_the_map_is_a_sync_and_an_async_method_with_a_raw_response_twin() -> None:
    lk = LearnKit("http://127.0.0.1:9", "id", "secret-value")
    alk = AsyncLearnKit("http://127.0.0.1:9", "id", "secret-value")
    assert len(OPERATIONS) >= 180
    for op in OPERATIONS:
        sync = method_of(lk, op.method)
        asynchronous = method_of(alk, op.method)
        assert callable(sync) and not inspect.iscoroutinefunction(sync), op
        lists = "list" in (inspect.signature(sync).return_annotation or "") or "Pager" in str(
            inspect.signature(sync).return_annotation
        )
        assert inspect.iscoroutinefunction(asynchronous) or lists, op
        assert (sync.__doc__ or "").strip() and "Example::" in (sync.__doc__ or ""), op
        resource, name = op.method.rsplit(".", 1)
        assert callable(getattr(method_of(lk, resource).with_raw_response, name)), op
        assert callable(getattr(method_of(alk, resource).with_raw_response, name)), op


def test_reads_typed_models_and_pages_every_listing(lk: LearnKit) -> None:
    document = lk.case.documents.get(FRAMEWORK)
    assert isinstance(document, CFDocument) and document.sourced_id == FRAMEWORK
    assert document.to_dict()["sourcedId"] == FRAMEWORK
    users = lk.oneroster.users.list(limit=2)
    assert isinstance(users, SyncPager)
    first = users.first_page()
    assert first.total is not None and first.total > 2 and len(first.items) == 2 and first.has_next_page()
    everyone = list(lk.oneroster.users.list(limit=2))
    assert len(everyone) == first.total and all(isinstance(u, OneRosterUser) for u in everyone)
    assert len({u.sourced_id for u in everyone}) == len(everyone)
    assert len(list(lk.oneroster.users.list(limit=2, max_items=3))) == 3
    assert sum(len(page.items) for page in lk.oneroster.users.list(limit=5).pages()) == first.total
    ada = lk.rostering.users.get("usr-ada-lovelace")
    assert isinstance(ada, User) and all(isinstance(role, UserRole) for role in ada.roles or [])
    assert [t.slug for t in lk.insights.types.list()]


def test_fields_gives_only_those_members(lk: LearnKit) -> None:
    document = lk.case.documents.get(FRAMEWORK, fields=["title"])
    assert document.title
    with pytest.raises(AttributeError):
        document.sourced_id  # noqa: B018 - left out by fields


def test_a_body_is_checked_before_anything_is_sent_naming_the_python_member(
    lk: LearnKit, platform: MockProcess
) -> None:
    since = Since(platform)
    with pytest.raises(ValidationError) as caught:
        lk.rostering.users.upsert("usr-x", email=3, extra_body={"givenName": "Ada"})  # type: ignore[arg-type]
    paths = {issue.path: issue.message for issue in caught.value.issues}
    assert ("email",) in paths
    assert paths[("givenName",)] == "is not a member; the Python name is given_name"
    with pytest.raises(ValidationError) as empty:
        lk.case.documents.get("")
    assert empty.value.issues[0].path == ("id",)
    assert since.requests() == []


def test_writes_with_snake_case_members_sent_with_the_platforms_names(lk: LearnKit) -> None:
    user_id = f"usr-py-{uuid.uuid4().hex[:8]}"
    created = lk.rostering.users.upsert(
        user_id, email=f"{user_id}@maple.learnkit.test", given_name="Py", family_name="Thon"
    )
    assert (created.sourced_id, created.given_name, created.family_name) == (user_id, "Py", "Thon")
    line_item = f"ali-py-{uuid.uuid4().hex[:8]}"
    stored = lk.oneroster.gradebook.assessment_line_items.update(
        line_item, status="active", title="Quiz", result_value_max=10
    )
    assert (stored.sourced_id, stored.title) == (line_item, "Quiz")
    with pytest.raises(ValidationError) as caught:
        lk.oneroster.gradebook.assessment_line_items.update(
            line_item, sourced_id="other", status="active", title="Quiz"
        )
    assert caught.value.issues[0].path == ("sourced_id",)
    assert lk.rostering.orgs.config.update("org-maple-elementary", {"theme": "dark"})["theme"] == "dark"


def test_with_raw_response_gives_status_headers_request_id_and_the_parsed_data(lk: LearnKit) -> None:
    raw_response = lk.case.documents.with_raw_response.get(FRAMEWORK)
    assert isinstance(raw_response, ApiResponse)
    assert (
        raw_response.status_code == 200
        and raw_response.request_id is not None
        and raw_response.request_id.startswith("req_")
    )
    assert raw_response.headers["content-type"].startswith("application/json")
    assert raw_response.parse().sourced_id == FRAMEWORK
    listing = lk.oneroster.users.with_raw_response.list(limit=2)
    assert listing.headers.get("x-total-count") is not None
    assert len(listing.parse().first_page().items) == 2
    validated = lk.case.items.with_raw_response.validate([FRAMEWORK])
    assert validated.status == 200 and validated.parse().invalid == [FRAMEWORK]
    nested = lk.oneroster.with_raw_response.gradebook.results.list(limit=1)
    assert nested.status == 200


def test_a_404_is_a_not_found_error(lk: LearnKit) -> None:
    with pytest.raises(NotFoundError):
        lk.rostering.users.get("usr-nobody")


def test_async_methods_await_models_and_iterate_pagers(platform: MockProcess) -> None:
    async def main() -> None:
        async with client_for(platform) as alk:
            document = await alk.case.documents.get(FRAMEWORK)
            assert document.sourced_id == FRAMEWORK
            pager = alk.oneroster.users.list(limit=2)
            assert isinstance(pager, AsyncPager)
            first = await pager
            assert len(first.items) == 2
            names = [u.sourced_id async for u in alk.oneroster.users.list(limit=2, max_items=5)]
            assert len(names) == 5
            pages = [page async for page in alk.oneroster.users.list(limit=10).pages()]
            assert sum(len(p.items) for p in pages) == first.total
            raw = await alk.case.documents.with_raw_response.get(FRAMEWORK)
            assert raw.status == 200 and raw.parse().sourced_id == FRAMEWORK
            raw_list = await alk.oneroster.users.with_raw_response.list(limit=3)
            assert len([u async for u in raw_list.parse()]) == first.total
            result = await alk.case.items.validate([FRAMEWORK])
            assert result.invalid == [FRAMEWORK]

    asyncio.run(main())


def test_every_read_of_the_map_returns_through_both_clients(lk: LearnKit, platform: MockProcess) -> None:
    """A smoke call of each read that needs no id the test cannot know: sync and async give equal data."""
    reads = {
        "case.documents.list": {},
        "case.items.list": {"limit": 5},
        "oneroster.academic_sessions.list": {},
        "oneroster.classes.list": {},
        "oneroster.courses.list": {},
        "oneroster.demographics.list": {},
        "oneroster.enrollments.list": {},
        "oneroster.users.list": {},
        "oneroster.gradebook.assessment_line_items.list": {},
        "oneroster.gradebook.assessment_results.list": {},
        "oneroster.gradebook.results.list": {},
        "oneroster.resources.list": {},
        "rostering.enrollments.list": {},
        "applications.applications.list": {},
        "insights.sessions.list": {},
        "insights.types.list": {},
        "insights.groups.list": {},
    }

    async def gather(alk: AsyncLearnKit) -> dict[str, list[Any]]:
        return {
            name: [item.to_dict() async for item in method_of(alk, name)(**kwargs)] for name, kwargs in reads.items()
        }

    sync = {name: [item.to_dict() for item in method_of(lk, name)(**kwargs)] for name, kwargs in reads.items()}

    async def main() -> dict[str, list[Any]]:
        async with client_for(platform) as alk:
            return await gather(alk)

    assert json.dumps(sync, sort_keys=True) == json.dumps(asyncio.run(main()), sort_keys=True)
    assert all(sync[name] for name in ("case.documents.list", "oneroster.users.list", "insights.types.list"))
