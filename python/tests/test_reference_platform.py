"""The Python SDK's rostering, applications and insights families against a stand-in written from the platform's
published reference (tests/support/reference_platform.py), not against the mock (docs/decisions.md#d-platform-paging).
"""

from __future__ import annotations

import asyncio

import httpx
import pytest

from learnkit import AsyncLearnKit, LearnKit, ValidationError
from learnkit.types import GUIDRefParam

from .support.reference_platform import BASE, ReferencePlatform


def client_of(platform: ReferencePlatform) -> LearnKit:
    return LearnKit(BASE, "sandbox-client", "sandbox-secret", http_client=httpx.Client(transport=platform.transport))


def test_walking_237_enrollments_from_a_server_that_pages_by_at_most_100_yields_237() -> None:
    platform = ReferencePlatform(enrollments=237)
    with client_of(platform) as lk:
        walked = list(lk.rostering.enrollments.list())
        first = lk.rostering.enrollments.list(limit=20, offset=40).first_page()
    assert len(walked) == 237 and len({e.sourced_id for e in walked}) == 237
    assert walked[0].class_.sourced_id.startswith("cls-")
    assert [(url.params["limit"], url.params["offset"]) for url in platform.requests[:3]] == [
        ("100", "0"),
        ("100", "100"),
        ("100", "200"),
    ]
    assert (first.total, len(first.items)) == (237, 20)


def test_async_walks_237_enrollments_too() -> None:
    platform = ReferencePlatform(enrollments=237)

    async def main() -> int:
        client = httpx.AsyncClient(transport=platform.async_transport)
        async with AsyncLearnKit(BASE, "sandbox-client", "sandbox-secret", http_client=client) as alk:
            return len([e async for e in alk.rostering.enrollments.list()])

    assert asyncio.run(main()) == 237


def test_a_limit_over_100_is_refused_before_sending_naming_the_range() -> None:
    platform = ReferencePlatform()
    with client_of(platform) as lk, pytest.raises(ValidationError) as caught:
        lk.rostering.enrollments.list(limit=250)
    assert "from 1 to 100" in str(caught.value)
    assert platform.requests == []


def test_orgs_students_agents_drafts_credentials_and_insights_per_user() -> None:
    platform = ReferencePlatform()
    with client_of(platform) as lk:
        assert [org.type for org in lk.rostering.orgs.list()] == ["district", "school"]
        student = lk.rostering.students.upsert(
            sourced_id="stu-1", given_name="Ada", family_name="Lovelace", enabled_user="true"
        )
        assert (student.sourced_id, student.enabled_user) == ("stu-1", "true")
        parent: GUIDRefParam = {"href": f"{BASE}/rostering/1.0/users/p-1", "sourced_id": "p-1", "type": "user"}
        agent = lk.rostering.agents.upsert("stu-1", "agent-1", relationship_type="parent", user=parent)
        assert (agent.agent_id, agent.relationship_type) == ("agent-1", "parent")
        assert [a.agent_id for a in lk.rostering.agents.list("stu-1")] == ["agent-1"]
        lk.rostering.agents.remove("stu-1", "agent-1")
        assert list(lk.rostering.agents.list("stu-1")) == []
        draft = lk.applications.drafts.create(
            name="Fractions", description="Fractions practice", launch_url="https://fractions.example.com/lti"
        )
        assert draft.app_urn == f"urn:uuid:{draft.application_id}"
        credentials = lk.applications.credentials.get(draft.application_id)
        assert credentials.production_credentials.scopes == ["lti.readonly"]
        assert [i.insight_type for i in lk.insights.users.list("usr-1")] == ["RapidGuessing"]
        assert [s.waste_percentage for s in lk.insights.users.sessions("usr-1")] == [10]
        assert lk.insights.users.overview("usr-1").trend
        with pytest.raises(TypeError, match="launch_url"):
            lk.applications.drafts.create(name="No launch")  # type: ignore[call-arg]
