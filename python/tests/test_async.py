"""``AsyncLearnKit``: one token request however many tasks wait, one refresh after a revoked token, deadlines,
per-call settings, ``with_options`` and the context managers (docs/decisions.md#d-python-async-token-refresh)."""

from __future__ import annotations

import asyncio
import http.server
import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from learnkit import ApiTimeoutError, AsyncLearnKit, LearnKit, RetryOptions

from .support.mock import MockProcess, Since, mock

TOKEN = "/auth/1.0/token"
DOCUMENTS = "/ims/case/v1p1/CFDocuments"
FAST = RetryOptions(initial_delay=0.02, max_delay=0.1)


@pytest.fixture(scope="module")
def platform() -> Iterator[MockProcess]:
    platform = mock()
    yield platform
    platform.clear_faults()


def client(platform: MockProcess, **options: Any) -> AsyncLearnKit:
    partner = platform.partner
    options.setdefault("retry", FAST)
    return AsyncLearnKit(platform.url, partner.client_id, partner.client_secret, **options)


def test_two_hundred_tasks_without_a_token_make_one_token_request(platform: MockProcess) -> None:
    platform.inject(method="POST", path=TOKEN, delayMs=300)
    since = Since(platform)

    async def main() -> int:
        async with client(platform) as alk:
            pages = await asyncio.gather(*(alk.request("GET", DOCUMENTS, query={"limit": 1}) for _ in range(200)))
            assert len(pages) == 200
            return alk.token_requests

    assert asyncio.run(main()) == 1
    assert len(since.requests("POST", TOKEN)) == 1
    platform.clear_faults()


def test_a_revoked_token_is_refreshed_once_for_all_tasks(platform: MockProcess) -> None:
    async def main() -> None:
        async with client(platform) as alk:
            await alk.request("GET", DOCUMENTS, query={"limit": 1})
            platform.revoke_tokens(platform.partner.client_id)
            since = Since(platform)
            await asyncio.gather(*(alk.request("GET", DOCUMENTS, query={"limit": 1}) for _ in range(30)))
            assert len(since.requests("POST", TOKEN)) == 1
            assert alk.token_requests == 2

    asyncio.run(main())


def test_a_task_waits_for_the_token_no_longer_than_its_deadline_and_the_refresh_goes_on(platform: MockProcess) -> None:
    platform.inject(method="POST", path=TOKEN, delayMs=1500, times=1)

    async def main() -> None:
        async with client(platform) as alk:
            started = time.monotonic()
            with pytest.raises(ApiTimeoutError) as caught:
                await alk.with_options(deadline=0.3).request("GET", DOCUMENTS, query={"limit": 1})
            assert caught.value.kind == "deadline" and time.monotonic() - started < 1.2
            await alk.request("GET", DOCUMENTS, query={"limit": 1})
            assert alk.token_requests == 1

    asyncio.run(main())
    platform.clear_faults()


def test_an_attempt_timeout_in_seconds_bounds_a_hanging_response(platform: MockProcess) -> None:
    async def main() -> None:
        async with client(platform, max_retries=0) as alk:
            await alk.request("GET", DOCUMENTS, query={"limit": 1})
            platform.inject(method="GET", path=DOCUMENTS, hang=True)
            started = time.monotonic()
            with pytest.raises(ApiTimeoutError) as caught:
                await alk.case.documents.list(limit=1, timeout=0.3)
            assert (caught.value.kind, caught.value.timeout) == ("attempt", 0.3)
            assert time.monotonic() - started < 2

    asyncio.run(main())
    platform.clear_faults()


def test_retries_503_and_honours_max_retries_per_call(platform: MockProcess) -> None:
    async def main() -> None:
        async with client(platform) as alk:
            await alk.request("GET", DOCUMENTS, query={"limit": 1})
            platform.inject(method="GET", path=DOCUMENTS, status=503, times=2)
            since = Since(platform)
            await alk.request("GET", DOCUMENTS, query={"limit": 1})
            assert [r["status"] for r in since.requests("GET", DOCUMENTS)] == [503, 503, 200]
            platform.inject(method="GET", path=DOCUMENTS, status=503, times=1)
            with pytest.raises(Exception) as caught:
                await alk.request("GET", DOCUMENTS, query={"limit": 1}, max_retries=0)
            assert getattr(caught.value, "status", None) == 503

    asyncio.run(main())
    platform.clear_faults()


class _Echo(http.server.BaseHTTPRequestHandler):
    """Issues tokens and responds to every other request with what it received."""

    def log_message(self, *args: Any) -> None:
        pass

    def raw_response(self, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        # As a load balancer's sticky session would: the SDK's own pool must not send it back.
        self.send_header("set-cookie", "lb=sticky; Path=/")
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length).decode()
        if self.path == TOKEN:
            self.raw_response({"access_token": "tok_echo_abcdefgh", "expires_in": 3600})
        else:
            self.raw_response(
                {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
            )

    do_GET = do_PUT = do_POST


@pytest.fixture
def echo() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_per_call_headers_query_and_idempotency_key_and_client_options(echo: str) -> None:
    with LearnKit(echo, "id", "secret-value", headers={"x-app": "one"}) as lk:
        seen = lk.request(
            "POST",
            "/things",
            body={"a": 1},
            headers={"x-call": "two"},
            extra_query={"trace": "yes"},
            idempotency_key="key-1",
        )
        assert seen["path"] == "/things?trace=yes"
        assert (seen["headers"]["x-app"], seen["headers"]["x-call"], seen["headers"]["idempotency-key"]) == (
            "one",
            "two",
            "key-1",
        )
        assert seen["body"] == '{"a":1}'
        other = lk.with_options(headers={"x-app": "three"}, timeout=5)
        assert other.request("GET", "/x")["headers"]["x-app"] == "three"
        assert other.token_requests == lk.token_requests == 1


def test_an_injected_httpx_client_is_used_and_left_open(echo: str) -> None:
    sent: list[str] = []
    http_client = httpx.Client(event_hooks={"request": [lambda request: sent.append(request.url.path)]})
    with LearnKit(echo, "id", "secret-value", http_client=http_client) as lk:
        lk.request("GET", "/mine")
    assert sent == [TOKEN, "/mine"]
    assert not http_client.is_closed
    http_client.close()

    async def main() -> None:
        async_client = httpx.AsyncClient()
        async with AsyncLearnKit(echo, "id", "secret-value", http_client=async_client) as alk:
            assert (await alk.request("GET", "/async"))["path"] == "/async"
        assert not async_client.is_closed
        await async_client.aclose()

    asyncio.run(main())


def test_the_own_pool_sends_the_sdks_headers_and_no_cookie(echo: str) -> None:
    # Requests on the SDK's own pool skip build_request (docs/decisions.md#d-python-own-requests): the headers httpx
    # would have merged in are the SDK's own, and a cookie the server sets is neither kept nor sent.
    def check(seen: dict[str, Any]) -> None:
        headers = seen["headers"]
        assert headers["accept"] == "application/json"
        assert headers["accept-encoding"] == "gzip, deflate"
        assert headers["user-agent"].startswith("learnkit-python/")
        assert headers["x-learnkit-client"] == headers["user-agent"]
        assert re.fullmatch(r"req_[0-9a-f]{32}", headers["x-request-id"])
        assert headers["authorization"] == "Bearer tok_echo_abcdefgh"
        assert "cookie" not in headers

    with LearnKit(echo, "id", "secret-value") as lk:
        for _ in range(2):
            check(lk.request("GET", "/x"))
        assert not lk._http.cookies

    async def main() -> None:
        async with AsyncLearnKit(echo, "id", "secret-value") as alk:
            for _ in range(2):
                check(await alk.request("GET", "/x"))
            assert not alk._http.cookies

    asyncio.run(main())


def test_an_injected_clients_default_headers_and_cookies_are_sent(echo: str) -> None:
    # A caller's client keeps build_request (docs/decisions.md#d-python-own-requests): its defaults are merged, the
    # SDK's
    # own headers win where both set one, and its accept-encoding is its own.
    def check(seen: dict[str, Any], http_client: httpx.Client | httpx.AsyncClient) -> None:
        headers = seen["headers"]
        assert headers["x-tenant"] == "t-1"
        assert headers["accept"] == "application/json" and headers["user-agent"].startswith("learnkit-python/")
        assert "session=s-1" in headers["cookie"]
        assert headers["accept-encoding"] == http_client.headers["accept-encoding"]

    defaults = {"x-tenant": "t-1", "accept-encoding": "identity"}
    with httpx.Client(headers=defaults, cookies={"session": "s-1"}) as http_client:
        with LearnKit(echo, "id", "secret-value", http_client=http_client) as lk:
            check(lk.request("GET", "/x"), http_client)
            assert "lb=sticky" in lk.request("GET", "/x")["headers"]["cookie"]

    async def main() -> None:
        async with httpx.AsyncClient(headers={"x-tenant": "t-1"}, cookies={"session": "s-1"}) as http_client:
            async with AsyncLearnKit(echo, "id", "secret-value", http_client=http_client) as alk:
                check(await alk.request("GET", "/x"), http_client)

    asyncio.run(main())


def test_the_context_managers_close_the_pool(echo: str) -> None:
    with LearnKit(echo, "id", "secret-value") as lk:
        lk.request("GET", "/x")
    assert lk._http.is_closed

    async def main() -> AsyncLearnKit:
        async with AsyncLearnKit(echo, "id", "secret-value") as alk:
            await alk.request("GET", "/x")
        return alk

    assert asyncio.run(main())._http.is_closed
