"""``learnkit.lti.fastapi`` and ``learnkit.lti.django`` in the real frameworks: the launch's 302 and session cookie,
401 naming the reason, 405 for a token in a GET query, 415, the session read back (and refused from another
secret), and the LTI 1.3 login initiation with its signed ``state``."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from fastapi import Depends, FastAPI, Request
from fastapi.testclient import TestClient

from learnkit.activity import User
from learnkit.lti import AsyncLaunchVerifier, Launch, LaunchSession, LaunchVerifier, LoginInitiation

from .support.lti import AUDIENCE, ISSUER, KeySetServer, claims, key_set_server, rsa_key, sign

KEY = rsa_key("views-key")
SECRET = "s" * 40
OLD_SECRET = "o" * 40
AUTH = "https://platform.example/oidc/auth"


@pytest.fixture(scope="module")
def platform() -> Iterator[KeySetServer]:
    with key_set_server(KEY) as server:
        yield server


def login(**options: Any) -> LoginInitiation:
    return LoginInitiation(
        issuer=ISSUER,
        client_id=AUDIENCE,
        auth_endpoint=AUTH,
        redirect_uri="https://app.example/lti/launch",
        state_secret="t" * 40,
        **options,
    )


def fastapi_app(platform: KeySetServer, launched: list[Launch]) -> tuple[FastAPI, Any]:
    from learnkit.lti.fastapi import LaunchRouter

    async def on_launch(launch: Launch, request: Request) -> str:
        launched.append(launch)
        return "/lesson"

    verifier = AsyncLaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url)
    router = LaunchRouter(verifier, on_launch=on_launch, session_secret=[SECRET, OLD_SECRET], login=login())
    app = FastAPI()
    app.include_router(router.router)

    @app.get("/me")
    def me(user: User | None = Depends(router.get_launch_user)) -> dict[str, Any]:
        return {"user": user}

    return app, router


def form(token: str, **extra: str) -> dict[str, str]:
    return {"id_token": token, **extra}


def test_fastapi_launch_redirects_with_a_secure_session_cookie_read_back_by_get_launch_user(
    platform: KeySetServer,
) -> None:
    launched: list[Launch] = []
    app, _ = fastapi_app(platform, launched)
    with TestClient(app, base_url="https://testserver") as client:
        raw_response = client.post("/lti/launch", data=form(sign(KEY, claims())), follow_redirects=False)
        assert (raw_response.status_code, raw_response.headers["location"]) == (302, "/lesson")
        cookie = raw_response.headers["set-cookie"]
        for attribute in ("HttpOnly", "Secure", "SameSite=none", "Path=/"):
            assert attribute.lower() in cookie.lower()
        assert launched[0].platform_user_id == "3f1c2a8e-5b7d-4c1e-9a2f-6d8e0b4c7a10"
        me = client.get("/me").json()["user"]
        assert me == {"email": "ada@example.com", "platform_id": launched[0].platform_user_id, "name": "Ada Lovelace"}


def test_fastapi_refuses_with_401_naming_the_reason_405_for_get_and_415_for_json(platform: KeySetServer) -> None:
    launched: list[Launch] = []
    app, _ = fastapi_app(platform, launched)
    token = sign(KEY, claims(aud="another-client"))
    with TestClient(app, base_url="https://testserver") as client:
        refused = client.post("/lti/launch", data=form(token), follow_redirects=False)
        assert refused.status_code == 401 and "wrong_audience" in refused.text
        assert (
            token not in refused.text and "ada@example.com" not in refused.text and "set-cookie" not in refused.headers
        )
        good = sign(KEY, claims())
        in_query = client.get("/lti/launch", params={"id_token": good}, follow_redirects=False)
        assert (in_query.status_code, in_query.headers["allow"]) == (405, "POST")
        as_json = client.post("/lti/launch", json={"id_token": good}, follow_redirects=False)
        assert as_json.status_code == 415
        assert client.post("/lti/launch", data={"other": "x"}, follow_redirects=False).status_code == 401
        # The token seen in the query and the JSON was never verified: its nonce is unused.
        assert client.post("/lti/launch", data=form(good), follow_redirects=False).status_code == 302
        assert client.post("/lti/launch", data=form(good), follow_redirects=False).status_code == 401
        assert len(launched) == 1


def test_a_cookie_from_another_secret_is_no_user_and_an_old_secret_still_is() -> None:
    launch = Launch(
        platform_user_id="u-1",
        email="ada@example.com",
        name=None,
        given_name=None,
        family_name=None,
        roles=(),
        context=None,
        resource_link=None,
        deployment_id=None,
        target_link_uri=None,
        message_type="LtiResourceLinkRequest",
        claims={},
    )
    current = LaunchSession([SECRET, OLD_SECRET])
    assert current.user_from_cookie(LaunchSession(OLD_SECRET).cookie_for(launch).value) == {
        "email": "ada@example.com",
        "platform_id": "u-1",
    }
    assert current.user_from_cookie(LaunchSession("x" * 40).cookie_for(launch).value) is None
    value = current.cookie_for(launch).value
    assert current.user_from_cookie(value[:-2] + ("A" if value[-2] != "A" else "B") + value[-1]) is None
    assert current.user_from_cookie(None) is None and current.user_from_cookie("v1.e30.x") is None
    expired = LaunchSession(SECRET, clock=lambda: 0.0).cookie_for(launch).value
    assert current.user_from_cookie(expired) is None


def test_the_login_initiation_redirects_with_state_and_nonce_checked_on_return(platform: KeySetServer) -> None:
    launched: list[Launch] = []
    app, _ = fastapi_app(platform, launched)
    with TestClient(app, base_url="https://testserver") as client:
        started = client.get(
            "/lti/login",
            params={"iss": ISSUER, "login_hint": "hint-1", "target_link_uri": "https://app.example/lesson"},
            follow_redirects=False,
        )
        assert started.status_code == 302
        location = urlsplit(started.headers["location"])
        query = {k: v[0] for k, v in parse_qs(location.query).items()}
        assert f"{location.scheme}://{location.netloc}{location.path}" == AUTH
        assert (query["scope"], query["response_type"], query["response_mode"], query["prompt"]) == (
            "openid",
            "id_token",
            "form_post",
            "none",
        )
        assert (query["client_id"], query["login_hint"]) == (AUDIENCE, "hint-1")
        state, nonce = query["state"], query["nonce"]
        other = client.post("/lti/launch", data=form(sign(KEY, claims()), state=state), follow_redirects=False)
        assert other.status_code == 401  # a state of another launch's nonce
        forged = client.post(
            "/lti/launch", data=form(sign(KEY, claims(nonce=nonce)), state=state[:-3] + "abc"), follow_redirects=False
        )
        assert forged.status_code == 401
        back = client.post(
            "/lti/launch", data=form(sign(KEY, claims(nonce=nonce)), state=state), follow_redirects=False
        )
        assert back.status_code == 302
        missing = client.get("/lti/login", params={"iss": "https://other.example"}, follow_redirects=False)
        assert missing.status_code == 400 and "login_hint" in missing.text


def test_require_state_refuses_a_launch_without_one(platform: KeySetServer) -> None:
    from learnkit.lti.fastapi import LaunchRouter

    verifier = LaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url)
    router = LaunchRouter(
        verifier, on_launch=lambda launch, request: "/x", session_secret=SECRET, login=login(), require_state=True
    )
    app = FastAPI()
    app.include_router(router.router)
    with TestClient(app, base_url="https://testserver") as client:
        assert client.post("/lti/launch", data=form(sign(KEY, claims())), follow_redirects=False).status_code == 401


@pytest.fixture(scope="module")
def django_ready() -> None:
    import django
    from django.conf import settings

    if not settings.configured:
        # tests/test_frameworks.py's settings, whichever module runs first (these tests resolve no URL).
        settings.configure(
            DEBUG=False,
            ROOT_URLCONF="learnkit_test_urls",
            ALLOWED_HOSTS=["testserver"],
            SECRET_KEY="django-test-only",
            MIDDLEWARE=["django.middleware.csrf.CsrfViewMiddleware"],
            INSTALLED_APPS=[],
        )
        django.setup()


def test_django_views_launch_refuse_and_read_the_session_back(platform: KeySetServer, django_ready: None) -> None:
    from django.http import HttpRequest
    from django.test import RequestFactory

    from learnkit.lti.django import LaunchViews

    launched: list[Launch] = []

    def on_launch(launch: Launch, request: HttpRequest) -> str:
        launched.append(launch)
        return "/lesson"

    views = LaunchViews(
        LaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url),
        on_launch=on_launch,
        session_secret=SECRET,
        login=login(),
    )
    factory = RequestFactory()
    token = sign(KEY, claims())

    def post(fields: dict[str, str]) -> HttpRequest:
        return factory.post("/lti/launch", urlencode(fields), content_type="application/x-www-form-urlencoded")

    raw_response = views.launch_view(post({"id_token": token}))
    assert raw_response.status_code == 302, raw_response.content
    assert raw_response["location"] == "/lesson"
    morsel = raw_response.cookies["learnkit_launch"]
    assert (morsel["httponly"], morsel["secure"], morsel["samesite"]) == (True, True, "None")
    back = factory.get("/me")
    back.COOKIES["learnkit_launch"] = morsel.value
    assert views.get_launch_user(back) == {
        "email": "ada@example.com",
        "platform_id": launched[0].platform_user_id,
        "name": "Ada Lovelace",
    }
    other = factory.get("/me")
    other.COOKIES["learnkit_launch"] = LaunchSession("x" * 40).cookie_for(launched[0]).value
    assert views.get_launch_user(other) is None
    replay = views.launch_view(post({"id_token": token}))
    assert replay.status_code == 401 and b"replayed" in replay.content
    assert views.launch_view(factory.get("/lti/launch", {"id_token": sign(KEY, claims())})).status_code == 405
    as_json = factory.post("/lti/launch", {"id_token": token}, content_type="application/json")
    assert views.launch_view(as_json).status_code == 415
    assert views.launch_view(factory.post("/lti/launch", {"id_token": token})).status_code == 415  # multipart
    started = views.login_view(
        factory.get("/lti/login", {"iss": ISSUER, "login_hint": "h", "target_link_uri": "https://a"})
    )
    assert started.status_code == 302 and started["location"].startswith(AUTH + "?")


def test_the_launched_student_is_the_activity_s_actor_by_sub_with_no_roster_lookup(
    platform: KeySetServer, django_ready: None
) -> None:
    from django.test import RequestFactory

    from learnkit import ActivityServer, LearnKit
    from learnkit.django import activity_view
    from learnkit.lti.django import LaunchViews

    from .support.mock import Since, mock

    mock_platform = mock()
    partner = mock_platform.partner
    config = {
        "sensor": "https://app.example.com",
        "app": {"name": "Fractions App"},
        "courses": [{"code": "ALG-1", "subject": "Math", "name": "Algebra 1"}],
    }
    lk = LearnKit(mock_platform.url, partner.client_id, partner.client_secret, activity_config=config)
    views = LaunchViews(
        LaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url),
        on_launch=lambda launch, request: "/lesson",
        session_secret=SECRET,
    )
    factory = RequestFactory()
    # An email the roster does not have: only the token's sub can name the student.
    token = sign(KEY, claims(sub=mock_platform.student_id, email="not-on-the-roster@example.com"))
    launched = views.launch_view(
        factory.post("/lti/launch", urlencode({"id_token": token}), content_type="application/x-www-form-urlencoded")
    )
    assert launched.status_code == 302
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
    request = factory.post("/api/activity", json.dumps(batch), content_type="application/json")
    request.COOKIES["learnkit_launch"] = launched.cookies["learnkit_launch"].value
    since = Since(mock_platform)
    raw_response = activity_view(ActivityServer(lk), get_user=views.get_launch_user)(request)
    assert raw_response.status_code == 202, raw_response.content
    assert [r["path"] for r in since.requests("GET") if "/rostering/" in r["path"]] == []  # no lookup by email
    actor = {e["id"]: e for e in mock_platform.caliper_events()}[event]["actor"]["id"]
    assert actor.endswith(f"/rostering/1.0/users/{mock_platform.student_id}")
    lk.close()
