"""The server side the browser tracker posts to (sync and async, the TypeScript handler's responses), ``caliper.send``,
and ``record`` from many tasks at once: one token request and no completion lost
(docs/decisions.md#d-python-activity-server)."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from learnkit import ActivityServer, AsyncActivityServer, AsyncLearnKit, LearnKit, ValidationError

from .support.mock import MockProcess, Since, mock

CONFIG = {
    "sensor": "https://app.example.com",
    "app": {"name": "Fractions App"},
    "courses": [
        {"subject": "Math", "grade": 3, "courseId": "course-math-g3", "totalLessons": 40},
        {"code": "ALG-1", "subject": "Math", "name": "Algebra 1"},
    ],
}


@pytest.fixture(scope="module")
def platform() -> Iterator[MockProcess]:
    platform = mock()
    yield platform
    platform.clear_faults()


def event_id() -> str:
    return f"urn:uuid:{uuid.uuid4()}"


def batch(run: str | None = None) -> dict[str, Any]:
    run = run or str(uuid.uuid4())
    activity = {"id": "fractions-1", "name": "Fractions 1", "course": {"subject": "Math", "grade": 3}}
    return {
        "v": 1,
        "events": [
            {
                "kind": "timeSpent",
                "id": event_id(),
                "runId": run,
                "activity": activity,
                "window": {
                    "activeMs": 50_000,
                    "inactiveMs": 10_000,
                    "startedAt": "2026-01-05T10:00:00.000Z",
                    "endedAt": "2026-01-05T10:01:00.000Z",
                },
            },
            {
                "kind": "completion",
                "id": event_id(),
                "runId": run,
                "activity": activity,
                "at": "2026-01-05T10:01:00.000Z",
                "completion": {"xpEarned": 3, "totalQuestions": 4, "correctQuestions": 3, "masteredUnits": 1},
            },
        ],
    }


def test_takes_a_batch_sends_it_once_and_responds_to_resends_as_duplicates(platform: MockProcess) -> None:
    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG)
    server = ActivityServer(lk)
    ada = {"email": platform.student_email}
    body = json.dumps(batch()).encode()
    since = Since(platform)
    raw_response = server.handle("POST", body, user=ada)
    assert (raw_response.status, raw_response.body) == (202, {"accepted": 2, "duplicates": 0})
    again = server.handle("POST", body, user=ada)
    assert (again.status, again.body) == (202, {"accepted": 0, "duplicates": 2})
    assert len(since.requests("POST", "/caliper/v1p2")) == 1
    sent = {e["id"]: e for e in platform.caliper_events()}
    ids = [m["id"] for m in json.loads(body)["events"]]
    completion = sent[ids[1]]
    assert completion["actor"]["id"].endswith(f"/rostering/1.0/users/{platform.student_id}")
    assert completion["generated"]["extensions"]["pctCompleteApp"] > 0
    assert sent[ids[0]]["type"] == "TimeSpentEvent"


@pytest.mark.parametrize(
    ("method", "body", "user", "status", "error"),
    [
        ("GET", b"{}", {"email": "a@b.c"}, 405, "method_not_allowed"),
        ("POST", b"x" * 16_385, {"email": "a@b.c"}, 413, "body_too_large"),
        ("POST", b"{}", None, 401, "unauthorized"),
        ("POST", b"not json", {"email": "a@b.c"}, 400, "invalid_json"),
        ("POST", json.dumps({"v": 2, "events": []}).encode(), {"email": "a@b.c"}, 400, "invalid_batch"),
    ],
)
def test_refuses_what_the_typescript_handler_refuses(
    platform: MockProcess, method: str, body: bytes, user: dict[str, str] | None, status: int, error: str
) -> None:
    partner = platform.partner
    server = ActivityServer(LearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG))
    raw_response = server.handle(method, body, user=user)
    assert (raw_response.status, raw_response.body["error"]) == (status, error)


def test_a_window_longer_than_its_span_and_an_unknown_course_are_refused(platform: MockProcess) -> None:
    partner = platform.partner
    server = ActivityServer(LearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG))
    long = batch()
    long["events"][0]["window"]["activeMs"] = 10 * 3600 * 1000
    assert server.handle("POST", json.dumps(long), user={"email": "a@b.c"}).body["error"] == "invalid_batch"
    science = batch()
    for message in science["events"]:
        message["activity"]["course"] = {"subject": "Science", "grade": 5}
    assert server.handle("POST", json.dumps(science), user={"email": "a@b.c"}).body["error"] == "unknown_course"


def test_a_platform_failure_is_502_and_the_resend_is_sent_again(platform: MockProcess) -> None:
    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG, max_retries=0)
    server = ActivityServer(lk)
    body = json.dumps(batch())
    ada = {"email": platform.student_email, "platform_id": platform.student_id}
    platform.inject(method="POST", path="/caliper/v1p2", status=503, times=1)
    assert server.handle("POST", body, user=ada).status == 502
    assert server.handle("POST", body, user=ada).body == {"accepted": 2, "duplicates": 0}


def test_the_async_server_responds_as_the_sync_one(platform: MockProcess) -> None:
    partner = platform.partner

    async def main() -> None:
        async with AsyncLearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG) as alk:
            server = AsyncActivityServer(alk)
            body = json.dumps(batch())
            ada = {"email": platform.student_email}
            first, copy = await asyncio.gather(
                server.handle("POST", body, user=ada), server.handle("POST", body, user=ada)
            )
            assert sorted([first.body["accepted"], copy.body["accepted"]]) == [0, 2]
            assert (await server.handle("POST", body, user=ada)).body == {"accepted": 0, "duplicates": 2}

    asyncio.run(main())


def test_caliper_send_batches_checks_and_never_resends_an_accepted_id(platform: MockProcess) -> None:
    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG)
    result = lk.activity.record(
        user={"email": platform.student_email, "platform_id": platform.student_id},
        activity={"id": "fractions-9", "name": "Fractions 9", "course": {"code": "ALG-1"}},
        metrics={"xp_earned": 1},
    )
    (event,) = result.events
    # record went through lk.caliper: the id it sent is never sent again by this client.
    skipped = lk.caliper.send([event], sensor="https://app.example.com")
    assert (skipped.skipped, skipped.requests) == ([event["id"]], 0)
    other = LearnKit(platform.url, partner.client_id, partner.client_secret)
    again = other.caliper.send(event, sensor="https://app.example.com")
    assert (again.accepted, again.duplicates, again.requests) == (0, 1, 1)
    with pytest.raises(ValidationError) as caught:
        lk.caliper.send([{"id": "not-a-urn", "type": "ActivityEvent"}])
    assert {i.path for i in caught.value.issues} >= {("sensor",), ("data", 0, "id")}


def test_two_hundred_concurrent_records_make_one_token_request_and_lose_none(platform: MockProcess) -> None:
    partner = platform.partner
    since = Since(platform)

    async def main() -> list[str]:
        async with AsyncLearnKit(platform.url, partner.client_id, partner.client_secret, activity_config=CONFIG) as alk:
            results = await asyncio.gather(
                *(
                    alk.activity.record(
                        user={"email": platform.student_email},
                        activity={"id": f"bench-{i}", "name": f"Bench {i}", "course": {"code": "ALG-1"}},
                        metrics={"xp_earned": 1},
                    )
                    for i in range(200)
                )
            )
            assert alk.token_requests == 1
            assert all(r.accepted == 1 for r in results)
            return [r.events[0]["id"] for r in results]

    ids = asyncio.run(main())
    assert len(since.requests("POST", "/auth/1.0/token")) == 1
    stored = {e["id"] for e in platform.caliper_events()}
    assert set(ids) <= stored and len(set(ids)) == 200
