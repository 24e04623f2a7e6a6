"""Python verifies the launches the mock makes as the launching platform (``learnkit.testing``'s ``lti_launch``, the
control operation ``launchApp``): ``lk.lti`` with only the mock's base URL and the application's client id accepts
them, sync and async; a replay is refused ``replayed``; the mock's faults give their reasons; and the FastAPI views
take the mock's launch page to a session whose ``sub`` is the Caliper actor the mock records
(docs/decisions.md#d-python-mock-launch)."""

from __future__ import annotations

import asyncio
import html
import json
import re
import uuid
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from learnkit import ActivityServer, AsyncLearnKit, LearnKit
from learnkit.lti import LaunchVerificationError, LtiOptions
from learnkit.testing import LaunchFault, MockLaunch

from .support.mock import MockProcess, mock

LAUNCH_URL = "https://testserver/lti/launch"
CONFIG = {
    "sensor": "https://app.example.com",
    "app": {"name": "Fractions App"},
    "courses": [{"code": "ALG-1", "subject": "Math", "name": "Algebra 1"}],
}


@pytest.fixture(scope="module")
def platform() -> MockProcess:
    return mock()


@pytest.fixture
def lk(platform: MockProcess) -> Iterator[LearnKit]:
    partner = platform.partner
    with LearnKit(
        base_url=platform.url,
        client_id=partner.client_id,
        client_secret=partner.client_secret,
        activity_config=CONFIG,
        lti=LtiOptions(audience=platform.application.client_id),
    ) as client:
        yield client


def reason_of(lk: LearnKit, id_token: str) -> str:
    with pytest.raises(LaunchVerificationError) as refused:
        lk.lti.verify(id_token)
    return refused.value.reason


def test_the_mock_s_launch_is_verified_by_lk_lti_and_its_replay_refused(platform: MockProcess, lk: LearnKit) -> None:
    made = platform.lti_launch(user=platform.student_id, target_link_uri=LAUNCH_URL)
    launch = lk.lti.verify(made.id_token)
    assert (launch.platform_user_id, launch.email, launch.target_link_uri) == (
        platform.student_id,
        platform.student_email,
        LAUNCH_URL,
    )
    assert launch.claims["iss"] == platform.url and launch.claims == made.claims
    assert reason_of(lk, made.id_token) == "replayed"
    assert platform.lti_launch(target_link_uri=LAUNCH_URL, fault="replay").id_token == made.id_token


def test_the_async_client_verifies_the_mock_s_launch_once(platform: MockProcess) -> None:
    made = platform.lti_launch(target_link_uri=LAUNCH_URL)

    async def verify_twice() -> tuple[str, str]:
        partner = platform.partner
        async with AsyncLearnKit(
            base_url=platform.url,
            client_id=partner.client_id,
            client_secret=partner.client_secret,
            lti=LtiOptions(audience=platform.application.client_id),
        ) as alk:
            launch = await alk.lti.verify(made.id_token)
            with pytest.raises(LaunchVerificationError) as refused:
                await alk.lti.verify(made.id_token)
            return launch.platform_user_id, refused.value.reason

    assert asyncio.run(verify_twice()) == (platform.student_id, "replayed")


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        ("expired", "expired"),
        ("wrong_audience", "wrong_audience"),
        ("unknown_key", "unknown_key"),
    ],
)
def test_the_mock_s_faults_are_refused_with_their_reason(
    platform: MockProcess, lk: LearnKit, fault: LaunchFault, reason: str
) -> None:
    made = platform.lti_launch(target_link_uri=LAUNCH_URL, fault=fault)
    assert reason_of(lk, made.id_token) == reason


def test_a_launch_of_a_user_the_roster_lacks_is_refused_with_the_mock_s_message(platform: MockProcess) -> None:
    with pytest.raises(ValueError, match="no user nobody-here in the roster"):
        platform.lti_launch(user="nobody-here", target_link_uri=LAUNCH_URL)


def form_of(made: MockLaunch) -> tuple[str, dict[str, str]]:
    """The action and fields of the launch page's form, as the browser posts them."""
    action = re.search(r'<form [^>]*action="([^"]+)"', made.html)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', made.html))
    assert action is not None
    return html.unescape(action.group(1)), {name: html.unescape(value) for name, value in fields.items()}


def test_fastapi_the_mock_s_launch_page_signs_in_the_student_whose_sub_is_the_caliper_actor(
    platform: MockProcess, lk: LearnKit
) -> None:
    from learnkit.fastapi import activity_router
    from learnkit.lti.fastapi import LaunchRouter

    router = LaunchRouter(lk.lti, on_launch=lambda launch, request: "/lesson", session_secret="m" * 40)
    app = FastAPI()
    app.include_router(router.router)
    app.include_router(activity_router(ActivityServer(lk), get_user=router.get_launch_user))
    action, fields = form_of(platform.lti_launch(target_link_uri=LAUNCH_URL))
    assert action == LAUNCH_URL and set(fields) == {"id_token"}
    event = f"urn:uuid:{uuid.uuid4()}"
    batch = {
        "v": 1,
        "events": [
            {
                "kind": "completion",
                "id": event,
                "runId": str(uuid.uuid4()),
                "activity": {"id": "algebra-1", "name": "Algebra 1", "course": {"code": "ALG-1"}},
                "at": "2026-01-05T10:00:00.000Z",
                "completion": {"xpEarned": 2},
            }
        ],
    }
    with TestClient(app, base_url="https://testserver") as browser:
        launched = browser.post(action, data=fields, follow_redirects=False)
        assert (launched.status_code, launched.headers["location"]) == (302, "/lesson"), launched.text
        assert "learnkit_launch=" in launched.headers["set-cookie"]
        raw_response = browser.post(
            "/api/activity", content=json.dumps(batch), headers={"content-type": "application/json"}
        )
    assert raw_response.status_code == 202, raw_response.text
    actor = {e["id"]: e for e in platform.caliper_events()}[event]["actor"]["id"]
    assert actor.endswith(f"/rostering/1.0/users/{platform.student_id}")
