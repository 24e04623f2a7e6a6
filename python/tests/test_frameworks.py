"""``learnkit.fastapi`` and ``learnkit.django`` in the real frameworks: FastAPI's TestClient and Django's test client
post signed deliveries and tracker batches to the routes and views (docs/decisions.md#d-python-framework-glue)."""

from __future__ import annotations

import json
import sys
import types
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import Request

from learnkit import (
    ActivityServer,
    AsyncActivityServer,
    AsyncLearnKit,
    AsyncWebhookHandler,
    LearnKit,
    WebhookHandler,
    sign_webhook,
)
from learnkit.activity import User
from learnkit.types import WebhookEvent

from .support.mock import MockProcess, mock

SECRET = "whsec_frameworks_test_secret"
CONFIG = {
    "sensor": "https://app.example.com",
    "app": {"name": "Fractions App"},
    "courses": [{"code": "ALG-1", "subject": "Math", "name": "Algebra 1"}],
}


def delivery(event_type: str = "user.created") -> tuple[bytes, dict[str, str]]:
    body = json.dumps(
        {"id": str(uuid.uuid4()), "type": event_type, "timestamp": "2026-01-01T00:00:00Z", "data": {"userId": "usr-1"}},
        separators=(",", ":"),
    ).encode()
    return body, {**sign_webhook(body, SECRET), "content-type": "application/json"}


def tracker_batch() -> bytes:
    activity = {"id": "algebra-1", "name": "Algebra 1", "course": {"code": "ALG-1"}}
    message = {
        "kind": "completion",
        "id": f"urn:uuid:{uuid.uuid4()}",
        "runId": str(uuid.uuid4()),
        "activity": activity,
        "at": "2026-01-05T10:01:00.000Z",
        "completion": {"xpEarned": 2},
    }
    return json.dumps({"v": 1, "events": [message]}).encode()


@pytest.fixture(scope="module")
def platform() -> Iterator[MockProcess]:
    yield mock()


def test_fastapi_routers_take_the_raw_body_verify_dedupe_and_record(platform: MockProcess) -> None:
    from fastapi import Depends, FastAPI
    from fastapi.testclient import TestClient

    from learnkit.fastapi import activity_router, verified_webhook, webhook_router

    seen: list[str] = []

    async def on_user(event: WebhookEvent) -> None:
        seen.append(event.id)

    partner = platform.partner
    alk = AsyncLearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG)

    async def current_user(request: Request) -> User | None:
        return {"email": platform.student_email} if request.headers.get("x-session") == "ada" else None

    app = FastAPI()
    app.include_router(
        webhook_router(AsyncWebhookHandler(secret=SECRET, on={"user.created": on_user}), path="/webhooks")
    )
    app.include_router(activity_router(AsyncActivityServer(alk), get_user=current_user, path="/api/activity"))

    @app.post("/events")
    async def events(event: WebhookEvent = Depends(verified_webhook(SECRET))) -> dict[str, str]:
        return {"type": event.type}

    with TestClient(app) as client:
        body, headers = delivery()
        first = client.post("/webhooks", content=body, headers=headers)
        again = client.post("/webhooks", content=body, headers=headers)
        assert (first.status_code, first.json()) == (200, {"received": True})
        assert again.json() == {"received": True, "duplicate": True}
        assert client.post("/webhooks", content=body.replace(b"usr-1", b"usr-2"), headers=headers).status_code == 401
        # A body re-serialized by a framework (spaces added) is not what was signed: the router reads it raw.
        spaced = json.dumps(json.loads(body)).encode()
        assert client.post("/webhooks", content=spaced, headers=headers).json() == {"error": "signature_mismatch"}
        assert client.post("/webhooks", content=b"x" * (1024 * 1024 + 1), headers=headers).status_code == 413
        assert seen == [json.loads(body)["id"]]
        assert client.post("/events", content=body, headers=headers).json() == {"type": "user.created"}
        assert client.post("/events", content=b"{}", headers=headers).status_code == 401
        batch = tracker_batch()
        taken = client.post("/api/activity", content=batch, headers={"x-session": "ada"})
        assert (taken.status_code, taken.json()) == (202, {"accepted": 1, "duplicates": 0})
        assert taken.headers["cache-control"] == "no-store"
        assert client.post("/api/activity", content=batch).status_code == 401


def test_fastapi_takes_the_sync_handler_and_server_too(platform: MockProcess) -> None:
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from learnkit.fastapi import activity_router, webhook_router

    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG)
    app = FastAPI()
    app.include_router(webhook_router(WebhookHandler(secret=SECRET, on={"user.created": lambda event: None})))
    app.include_router(activity_router(ActivityServer(lk), get_user=lambda: {"email": platform.student_email}))
    with TestClient(app) as client:
        body, headers = delivery()
        assert client.post("/webhooks", content=body, headers=headers).json() == {"received": True}
        assert client.post("/api/activity", content=tracker_batch()).status_code == 202


@pytest.fixture(scope="module")
def django_urls(platform: MockProcess) -> Iterator[types.ModuleType]:
    import django
    from django.conf import settings

    from learnkit.django import activity_view, webhook_view

    urls = types.ModuleType("learnkit_test_urls")
    sys.modules[urls.__name__] = urls
    if not settings.configured:
        settings.configure(
            DEBUG=False,
            ROOT_URLCONF=urls.__name__,
            ALLOWED_HOSTS=["testserver"],
            SECRET_KEY="django-test-only",
            MIDDLEWARE=["django.middleware.csrf.CsrfViewMiddleware"],
            INSTALLED_APPS=[],
        )
        django.setup()
    from django.urls import path

    seen: list[str] = []
    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG)

    def user_of(request: Any) -> User | None:
        return {"email": platform.student_email} if request.headers.get("X-Session") == "ada" else None

    urls.urlpatterns = [  # type: ignore[attr-defined]
        path("webhooks", webhook_view(WebhookHandler(secret=SECRET, on={"user.created": lambda e: seen.append(e.id)}))),
        path("api/activity", activity_view(ActivityServer(lk), get_user=user_of)),
    ]
    urls.seen = seen  # type: ignore[attr-defined]
    yield urls


def test_django_views_take_the_raw_body_without_a_csrf_token(django_urls: types.ModuleType) -> None:
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    body, headers = delivery()
    extra = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items() if k != "content-type"}
    first = client.post("/webhooks", data=body, content_type="application/json", **extra)
    again = client.post("/webhooks", data=body, content_type="application/json", **extra)
    assert (first.status_code, json.loads(first.content)) == (200, {"received": True})
    assert json.loads(again.content) == {"received": True, "duplicate": True}
    assert client.post("/webhooks", data=b"{}", content_type="application/json", **extra).status_code == 401
    assert django_urls.seen == [json.loads(body)["id"]]
    taken = client.post("/api/activity", data=tracker_batch(), content_type="application/json", HTTP_X_SESSION="ada")
    assert (taken.status_code, json.loads(taken.content)) == (202, {"accepted": 1, "duplicates": 0})
    assert client.post("/api/activity", data=tracker_batch(), content_type="application/json").status_code == 401
    assert client.get("/api/activity").status_code == 405
