"""The ready webhook handler (sync and async), its dedupe stores (memory, and Redis through ``redis`` and
``redis.asyncio`` against a real redis-server) with the TypeScript duplicate-in-flight rule, typed events, and
``hydrate`` (docs/decisions.md#d-python-webhook-handler, docs/decisions.md#d-webhook-ack-after-handled)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import uuid
from typing import Any

import pytest
import redis
import redis.asyncio

from learnkit import AsyncLearnKit, AsyncWebhookHandler, LearnKit, MemoryDedupeStore, WebhookHandler, sign_webhook
from learnkit.types import EnrollmentCreatedEvent, UnknownWebhookEvent, User, WebhookEvent
from learnkit.webhooks import AsyncRedisDedupeStore, RedisDedupeStore, verify_webhook

from .support.mock import MockProcess, mock
from .support.redis_server import redis_url  # noqa: F401 - the fixture

SECRET = "whsec_handler_test_secret"


def delivery(
    event_type: str = "enrollment.created", data: dict[str, Any] | None = None, event_id: str | None = None
) -> tuple[bytes, dict[str, str]]:
    body = json.dumps(
        {
            "id": event_id or str(uuid.uuid4()),
            "type": event_type,
            "timestamp": "2026-01-01T00:00:00Z",
            "data": data if data is not None else {"enrollmentId": "enr-1", "classId": "class-1", "userId": "usr-1"},
        }
    ).encode()
    return body, sign_webhook(body, SECRET)


def test_events_are_typed_by_their_type() -> None:
    body, headers = delivery()
    event = verify_webhook(body, headers, SECRET)
    assert isinstance(event, EnrollmentCreatedEvent)
    if event.type == "enrollment.created":
        assert event.data.enrollment_id == "enr-1"
    body, headers = delivery("brand.new", {"anything": 1})
    newer = verify_webhook(body, headers, SECRET)
    assert isinstance(newer, UnknownWebhookEvent) and newer.data == {"anything": 1}


def test_handles_once_responds_to_duplicates_and_refusals_as_typescript_does() -> None:
    seen: list[str] = []
    handler = WebhookHandler(
        secret=SECRET, on={"enrollment.created": lambda event: seen.append(event.data.enrollment_id)}
    )
    body, headers = delivery()
    first = handler.handle("POST", body, headers)
    again = handler.handle("POST", body, headers)
    assert (first.status, first.body) == (200, {"received": True})
    assert (again.status, again.body) == (200, {"received": True, "duplicate": True})
    assert seen == ["enr-1"]
    assert handler.handle("POST", body, {**headers, "X-Service-Webhook-Signature": "0" * 64}).body == {
        "error": "signature_mismatch"
    }
    assert handler.handle("GET", body, headers).status == 405
    assert handler.handle("POST", b"x" * (1024 * 1024 + 1), headers).status == 413
    bad, bad_headers = delivery(data={"enrollmentId": 1})
    assert handler.handle("POST", bad, bad_headers).status == 400
    other, other_headers = delivery("user.created", {"userId": "usr-1"})
    assert handler.handle("POST", other, other_headers).body == {"received": True, "handled": False}


def test_a_failed_function_responds_with_500_and_the_retry_runs_it_again() -> None:
    calls: list[int] = []

    def flaky(event: WebhookEvent) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("database down")

    handler = WebhookHandler(secret=SECRET, on={"enrollment.created": flaky})
    body, headers = delivery()
    assert handler.handle("POST", body, headers).body == {"error": "handler_failed"}
    assert handler.handle("POST", body, headers).body == {"received": True}
    assert len(calls) == 2


def test_a_copy_arriving_while_the_first_runs_gets_its_response_once_known() -> None:
    release = threading.Event()
    started = threading.Event()

    def slow(event: WebhookEvent) -> None:
        started.set()
        release.wait(5)

    handler = WebhookHandler(secret=SECRET, on={"enrollment.created": slow})
    body, headers = delivery()
    raw_responses: list[Any] = []
    first = threading.Thread(target=lambda: raw_responses.append(handler.handle("POST", body, headers)))
    first.start()
    started.wait(5)
    copy = threading.Thread(target=lambda: raw_responses.append(handler.handle("POST", body, headers)))
    copy.start()
    time.sleep(0.2)
    assert raw_responses == []  # never a 2xx before the event was handled
    release.set()
    first.join(5)
    copy.join(5)
    assert sorted(a.body.get("duplicate", False) for a in raw_responses) == [False, True]


def test_the_configuration_is_one_error_naming_each_problem() -> None:
    from learnkit import ValidationError

    with pytest.raises(ValidationError) as caught:
        WebhookHandler(secret="", on={"enrolment.created": print, "user.created": 3}, dedupe_ttl=0)  # type: ignore[dict-item]
    assert [i.path for i in caught.value.issues] == [
        ("secret",),
        ("on", "enrolment.created"),
        ("on", "user.created"),
        ("dedupe_ttl",),
    ]


def test_the_redis_store_shares_claims_between_handlers_and_responds_with_503_while_another_is_handling(
    redis_url: str,
) -> None:
    client = redis.Redis.from_url(redis_url)
    release = threading.Event()
    started = threading.Event()

    def slow(event: WebhookEvent) -> None:
        started.set()
        release.wait(5)

    first = WebhookHandler(secret=SECRET, on={"enrollment.created": slow}, dedupe=RedisDedupeStore(client))
    second = WebhookHandler(secret=SECRET, on={"enrollment.created": slow}, dedupe=RedisDedupeStore(client))
    body, headers = delivery()
    raw_responses: list[Any] = []
    thread = threading.Thread(target=lambda: raw_responses.append(first.handle("POST", body, headers)))
    thread.start()
    started.wait(5)
    elsewhere = second.handle("POST", body, headers)
    assert (elsewhere.status, elsewhere.body, elsewhere.headers) == (503, {"error": "in_flight"}, {"retry-after": "60"})
    release.set()
    thread.join(5)
    assert raw_responses[0].status == 200
    assert second.handle("POST", body, headers).body == {"received": True, "duplicate": True}
    event_id = json.loads(body)["id"]
    assert client.get(f"learnkit:webhooks:seen:{event_id}") == b"handled"
    assert 0 < client.pttl(f"learnkit:webhooks:seen:{event_id}") <= 48 * 3600 * 1000


def test_the_async_handler_with_redis_asyncio_runs_async_functions_once(redis_url: str) -> None:
    seen: list[str] = []

    async def on_enrollment(event: EnrollmentCreatedEvent) -> None:
        await asyncio.sleep(0.05)
        seen.append(event.data.enrollment_id)

    async def main() -> None:
        client = redis.asyncio.Redis.from_url(redis_url)
        handler = AsyncWebhookHandler(
            secret=SECRET, on={"enrollment.created": on_enrollment}, dedupe=AsyncRedisDedupeStore(client)
        )
        body, headers = delivery()
        raw_responses = await asyncio.gather(*(handler.handle("POST", body, headers) for _ in range(5)))
        assert sorted(a.body.get("duplicate", False) for a in raw_responses) == [False, True, True, True, True]
        await client.aclose()

    asyncio.run(main())
    assert seen == ["enr-1"]


def test_the_memory_store_remembers_for_its_ttl_and_forgets_on_release() -> None:
    now = [0.0]
    store = MemoryDedupeStore(2, clock=lambda: now[0])
    assert store.claim("a", 10) and not store.claim("a", 10)
    assert store.status("a") == "in-flight"
    store.complete("a", 10)
    assert store.status("a") == "handled"
    store.release("a")
    assert store.claim("a", 10)
    now[0] = 11
    assert store.claim("a", 10)
    store.claim("b", 10)
    store.claim("c", 10)
    assert store.status("a") is None  # the least recently claimed went first


@pytest.fixture(scope="module")
def platform() -> MockProcess:
    return mock()


def test_hydrate_reads_what_events_refer_to(platform: MockProcess) -> None:
    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret)
    user_body, user_headers = delivery("user.updated", {"userId": platform.student_id})
    gone_body, gone_headers = delivery("user.updated", {"userId": "usr-gone"})
    deleted_body, deleted_headers = delivery("user.deleted", {"userId": "usr-x", "email": "x@example.com"})
    ping_body, ping_headers = delivery("test.ping", {"message": "hi"})
    events = [
        verify_webhook(user_body, user_headers, SECRET),
        verify_webhook(gone_body, gone_headers, SECRET),
        verify_webhook(deleted_body, deleted_headers, SECRET),
        verify_webhook(ping_body, ping_headers, SECRET),
    ]
    found, missing, deleted, none = lk.webhooks.hydrate(events)
    assert found.status == "found" and isinstance(found.entity, User) and found.entity.sourced_id == platform.student_id
    assert missing.status == "not_found" and missing.error is not None
    assert deleted.status == "deleted" and deleted.tombstone is not None
    assert none.status == "none"
    one = lk.webhooks.hydrate(events[0])
    assert one.entity is not None and one.entity.email == platform.student_email

    async def main() -> None:
        async with AsyncLearnKit(platform.url, partner.client_id, partner.client_secret) as alk:
            hydrated = await alk.webhooks.hydrate(events[0])
            assert hydrated.entity is not None and hydrated.entity.sourced_id == platform.student_id
            both = await alk.webhooks.hydrate([events[0], events[0]])
            assert [h.status for h in both] == ["found", "found"]

    asyncio.run(main())
