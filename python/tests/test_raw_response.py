"""``with_raw_response`` gives the final HTTP response's fields, sync and async: ``status_code``, case-insensitive
``headers`` (``httpx.Headers``), ``http_response``, ``request_id`` (the platform's ``X-Request-Id``, else the id
the SDK sent), ``url``, ``method``, ``elapsed`` and ``parse()`` (docs/decisions.md#d-raw-response-fields)."""

from __future__ import annotations

import asyncio
import datetime

import httpx

from learnkit import ApiResponse, AsyncLearnKit, LearnKit
from learnkit.types import CFDocument

BASE = "https://api.example.test"
DOCUMENT = "8fc3d514-3262-41a0-a8bf-8f13259f20ca"
DOCUMENT_PATH = f"/ims/case/v1p1/CFDocuments/{DOCUMENT}"
TOKEN = {"access_token": "tok_raw_response", "token_type": "Bearer", "expires_in": 3600}
BODY = {
    "CFDocument": {
        "sourcedId": DOCUMENT,
        "identifier": DOCUMENT,
        "title": "Math",
        "creator": "LearnKit",
        "uri": f"{BASE}/ims/case/v1p1/CFDocuments/{DOCUMENT}",
        "lastChangeDateTime": "2024-01-01T00:00:00Z",
    }
}


def platform(request_id: str | None) -> httpx.MockTransport:
    def respond(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/auth/1.0/token":
            return httpx.Response(200, json=TOKEN)
        headers = {"ETag": '"v1"'} if request_id is None else {"X-Request-Id": request_id, "ETag": '"v1"'}
        return httpx.Response(200, json=BODY, headers=headers)

    return httpx.MockTransport(respond)


def check(response: ApiResponse[CFDocument], request_id: str | None) -> None:
    assert response.status_code == 200 and response.status == 200
    assert isinstance(response.headers, httpx.Headers)
    assert response.headers["etag"] == response.headers["ETag"] == '"v1"'
    assert response.headers.get("Content-Type", "").startswith("application/json")
    assert isinstance(response.http_response, httpx.Response)
    # Without the platform's header, the id to quote is the one the SDK sent, as in TypeScript.
    sent = response.http_response.request.headers["x-request-id"]
    assert sent.startswith("req_") and sent != request_id
    assert response.request_id == (request_id or sent)
    assert response.http_response.json() == BODY
    assert response.url == httpx.URL(BASE + DOCUMENT_PATH)
    assert response.method == "GET"
    # httpx times a response it reads from the network; a mock transport's response comes read already.
    assert response.elapsed is None or isinstance(response.elapsed, datetime.timedelta)
    document = response.parse()
    assert isinstance(document, CFDocument) and document.sourced_id == DOCUMENT


def test_a_sync_raw_response_has_the_http_fields() -> None:
    for request_id in ("req_platform_1", None):
        with (
            httpx.Client(transport=platform(request_id)) as http,
            LearnKit(BASE, "client-raw", "secret-raw-0123", http_client=http) as lk,
        ):
            check(lk.case.documents.with_raw_response.get(DOCUMENT), request_id)


def test_an_async_raw_response_has_the_http_fields() -> None:
    async def main(request_id: str | None) -> None:
        async with (
            httpx.AsyncClient(transport=platform(request_id)) as http,
            AsyncLearnKit(BASE, "client-raw", "secret-raw-0123", http_client=http) as alk,
        ):
            check(await alk.case.documents.with_raw_response.get(DOCUMENT), request_id)

    asyncio.run(main("req_platform_2"))
    asyncio.run(main(None))


def test_a_response_made_without_a_request_says_so() -> None:
    response = ApiResponse({"ok": True}, 204, {"X-Request-Id": "req_1"})
    assert response.headers["x-request-id"] == "req_1" and response.request_id == "req_1"
    assert (response.http_response, response.url, response.method, response.elapsed) == (None, None, None, None)
    assert response.parse() == {"ok": True} and "204" in repr(response)
    assert ApiResponse(None, 204, {}).request_id is None
    assert ApiResponse(None, 204, {}, request_id="req_sent").request_id == "req_sent"
