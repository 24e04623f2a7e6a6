"""A launch whose token has no ``email`` still signs a student in whom the activity server accepts: the session's
user has ``<sub>@launch.invalid`` as its email, as TypeScript's ``getLaunchUser`` gives, and the ``sub`` as the
actor (docs/decisions.md#d-lti-launch-user)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from learnkit import ActivityServer, LearnKit
from learnkit.lti import LaunchSession, LaunchVerifier
from learnkit.lti._launch import launch_from_claims

from .support.lti import AUDIENCE, ISSUER, KeySetServer, claims, key_set_server, rsa_key, sign
from .support.mock import MockProcess, mock

KEY = rsa_key("email-less-key")
SECRET = "e" * 40
CONFIG = {
    "sensor": "https://app.example.com",
    "app": {"name": "Fractions App"},
    "courses": [{"code": "ALG-1", "subject": "Math", "name": "Algebra 1"}],
}


@pytest.fixture(scope="module")
def platform() -> Iterator[KeySetServer]:
    with key_set_server(KEY) as server:
        yield server


@pytest.fixture
def lk() -> Iterator[tuple[LearnKit, MockProcess]]:
    mock_platform = mock()
    partner = mock_platform.partner
    with LearnKit(mock_platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG) as client:
        yield client, mock_platform


def batch() -> tuple[str, dict[str, Any]]:
    event = f"urn:uuid:{uuid.uuid4()}"
    return event, {
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


def actor_of(mock_platform: MockProcess, event: str) -> str:
    actor: str = {e["id"]: e for e in mock_platform.caliper_events()}[event]["actor"]["id"]
    return actor


def email_less_token(sub: str) -> str:
    return sign(KEY, claims(sub=sub, email=None))


def test_the_session_user_of_an_email_less_launch_has_the_sub_at_launch_invalid() -> None:
    session = LaunchSession(SECRET)
    launch = launch_from_claims(claims(sub="usr 1/é(x)", email=None))
    user = session.user_from_cookie(session.cookie_for(launch).value)
    # encodeURIComponent's rule: TypeScript and Python give one address for one sub.
    assert user == {"email": "usr%201%2F%C3%A9(x)@launch.invalid", "platform_id": "usr 1/é(x)", "name": "Ada Lovelace"}


def test_fastapi_an_email_less_launch_then_an_activity_record_has_the_sub_as_actor(
    platform: KeySetServer, lk: tuple[LearnKit, MockProcess]
) -> None:
    from learnkit.fastapi import activity_router
    from learnkit.lti.fastapi import LaunchRouter

    client, mock_platform = lk
    router = LaunchRouter(
        LaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url),
        on_launch=lambda launch, request: "/lesson",
        session_secret=SECRET,
    )
    app = FastAPI()
    app.include_router(router.router)
    app.include_router(activity_router(ActivityServer(client), get_user=router.get_launch_user))
    with TestClient(app, base_url="https://testserver") as browser:
        launched = browser.post(
            "/lti/launch", data={"id_token": email_less_token(mock_platform.student_id)}, follow_redirects=False
        )
        assert launched.status_code == 302, launched.text
        event, body = batch()
        raw_response = browser.post(
            "/api/activity", content=json.dumps(body), headers={"content-type": "application/json"}
        )
    assert raw_response.status_code == 202, raw_response.text
    assert actor_of(mock_platform, event).endswith(f"/rostering/1.0/users/{mock_platform.student_id}")


def test_django_an_email_less_launch_then_an_activity_record_has_the_sub_as_actor(
    platform: KeySetServer, lk: tuple[LearnKit, MockProcess]
) -> None:
    import django
    from django.conf import settings
    from django.test import RequestFactory

    from learnkit.django import activity_view
    from learnkit.lti.django import LaunchViews

    if not settings.configured:  # tests/test_frameworks.py's settings, whichever module runs first
        settings.configure(
            DEBUG=False,
            ROOT_URLCONF="learnkit_test_urls",
            ALLOWED_HOSTS=["testserver"],
            SECRET_KEY="django-test-only",
            MIDDLEWARE=["django.middleware.csrf.CsrfViewMiddleware"],
            INSTALLED_APPS=[],
        )
        django.setup()
    client, mock_platform = lk
    views = LaunchViews(
        LaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url),
        on_launch=lambda launch, request: "/lesson",
        session_secret=SECRET,
    )
    factory = RequestFactory()
    launched = views.launch_view(
        factory.post(
            "/lti/launch",
            urlencode({"id_token": email_less_token(mock_platform.student_id)}),
            content_type="application/x-www-form-urlencoded",
        )
    )
    assert launched.status_code == 302, launched.content
    event, body = batch()
    request = factory.post("/api/activity", json.dumps(body), content_type="application/json")
    request.COOKIES["learnkit_launch"] = launched.cookies["learnkit_launch"].value
    raw_response = activity_view(ActivityServer(client), get_user=views.get_launch_user)(request)
    assert raw_response.status_code == 202, raw_response.content
    assert actor_of(mock_platform, event).endswith(f"/rostering/1.0/users/{mock_platform.student_id}")
