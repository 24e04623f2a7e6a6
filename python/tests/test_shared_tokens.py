"""Clients of one process share tokens per token URL, client id, scope and secret (decision 4, as TypeScript's
providers do): a ``LearnKit()`` made per web request asks the token endpoint once; threads and asyncio tasks, of one
client or of many, wait on one refresh; a 401 refreshes once and retries once; another secret never gets another's
token; the secret reaches no log or repr (docs/decisions.md#d-shared-token-cache)."""

from __future__ import annotations

import asyncio
import base64
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from learnkit import AsyncLearnKit, LearnKit
from learnkit._token_cache import shared_tokens

BASE = "https://api.example.test"
DOCUMENTS = "/ims/case/v1p1/CFDocuments"
SECRET = "secret-shared-0123456789"


class Platform:
    """A token endpoint that issues ``tok-<n>`` (slowly, when ``delay`` is set) and an API that accepts only tokens
    it issued and did not revoke; counts the token requests per client secret."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.lock = threading.Lock()
        self.token_requests: list[str] = []
        self.valid: dict[str, str] = {}
        self.seen: list[tuple[str, str]] = []

    def _issue(self, request: httpx.Request) -> httpx.Response:
        user, _, secret = base64.b64decode(request.headers["authorization"][6:]).decode().partition(":")
        with self.lock:
            self.token_requests.append(secret)
            token = f"tok-{len(self.token_requests)}"
            self.valid[token] = secret
        return httpx.Response(200, json={"access_token": token, "token_type": "Bearer", "expires_in": 3600})

    def _api(self, request: httpx.Request) -> httpx.Response:
        token = request.headers.get("authorization", "").removeprefix("Bearer ")
        with self.lock:
            secret = self.valid.get(token)
            self.seen.append((token, secret or ""))
        if secret is None:
            return httpx.Response(401, json={"error": "invalid_token"})
        return httpx.Response(200, json={"CFDocuments": []})

    def revoke(self) -> None:
        with self.lock:
            self.valid.clear()

    def handler(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == "/auth/1.0/token":
            time.sleep(self.delay)
            return self._issue(request)
        return self._api(request)

    async def async_handler(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == "/auth/1.0/token":
            await asyncio.sleep(self.delay)
            return self._issue(request)
        return self._api(request)


def sync_client(platform: Platform, secret: str = SECRET, **options: object) -> LearnKit:
    http = httpx.Client(transport=httpx.MockTransport(platform.handler))
    return LearnKit(BASE, "client-shared", secret, http_client=http, retry=False, **options)  # type: ignore[arg-type]


def async_client(platform: Platform, secret: str = SECRET) -> AsyncLearnKit:
    http = httpx.AsyncClient(transport=httpx.MockTransport(platform.async_handler))
    return AsyncLearnKit(BASE, "client-shared", secret, http_client=http, retry=False)


def test_a_client_made_per_request_asks_the_token_endpoint_once() -> None:
    platform = Platform()
    clients = [sync_client(platform) for _ in range(20)]
    for lk in clients:
        lk.request("GET", DOCUMENTS)
    assert len(platform.token_requests) == 1
    assert [lk.token_requests for lk in clients] == [1] + [0] * 19


def test_threads_each_with_its_own_client_wait_on_one_refresh() -> None:
    platform = Platform(delay=0.3)
    barrier = threading.Barrier(30)

    def call(_: int) -> object:
        lk = sync_client(platform)
        barrier.wait()
        return lk.request("GET", DOCUMENTS)

    with ThreadPoolExecutor(max_workers=30) as pool:
        assert len(list(pool.map(call, range(30)))) == 30
    assert len(platform.token_requests) == 1


def test_tasks_each_with_its_own_client_wait_on_one_refresh() -> None:
    platform = Platform(delay=0.3)

    async def call() -> object:
        async with async_client(platform) as alk:
            return await alk.request("GET", DOCUMENTS)

    async def main() -> None:
        assert len(await asyncio.gather(*(call() for _ in range(50)))) == 50

    asyncio.run(main())
    assert len(platform.token_requests) == 1
    # A later event loop takes the cached token: nothing of the first loop is awaited there.
    asyncio.run(main())
    assert len(platform.token_requests) == 1


def test_event_loops_on_threads_each_refresh_at_most_once_and_never_share_a_task() -> None:
    platform = Platform(delay=0.3)

    def loop_of_tasks(_: int) -> int:
        async def main() -> int:
            async with async_client(platform) as alk:
                await asyncio.gather(*(alk.request("GET", DOCUMENTS) for _ in range(10)))
                return alk.token_requests

        return asyncio.run(main())

    with ThreadPoolExecutor(max_workers=3) as pool:
        made = list(pool.map(loop_of_tasks, range(3)))
    assert sum(made) == len(platform.token_requests) and 1 <= len(platform.token_requests) <= 3


def test_sync_and_async_clients_share_the_token() -> None:
    platform = Platform()
    sync_client(platform).request("GET", DOCUMENTS)

    async def main() -> int:
        async with async_client(platform) as alk:
            await alk.request("GET", DOCUMENTS)
            return alk.token_requests

    assert asyncio.run(main()) == 0
    assert len(platform.token_requests) == 1


def test_a_401_refreshes_once_for_every_client_and_retries_once() -> None:
    platform = Platform(delay=0.2)
    clients = [sync_client(platform) for _ in range(10)]
    clients[0].request("GET", DOCUMENTS)
    platform.revoke()
    platform.seen.clear()
    with ThreadPoolExecutor(max_workers=10) as pool:
        assert len(list(pool.map(lambda lk: lk.request("GET", DOCUMENTS), clients))) == 10
    assert len(platform.token_requests) == 2
    # Each call refused with the revoked token was retried once, with the one new token.
    refused = [token for token, secret in platform.seen if not secret]
    assert refused and set(refused) == {"tok-1"} and len(platform.seen) == 10 + len(refused)
    assert {token for token, secret in platform.seen if secret} == {"tok-2"}


def test_another_secret_or_scope_for_the_same_client_id_gets_its_own_token() -> None:
    platform = Platform()
    sync_client(platform).request("GET", DOCUMENTS)
    other = sync_client(platform, "another-secret-98765")
    other.request("GET", DOCUMENTS)
    scoped = sync_client(platform, scopes=["roster.readonly"])
    scoped.request("GET", DOCUMENTS)
    assert platform.token_requests == [SECRET, "another-secret-98765", SECRET]
    assert platform.seen[1] == ("tok-2", "another-secret-98765")


def test_the_secret_reaches_no_log_and_no_repr(caplog: pytest.LogCaptureFixture) -> None:
    platform = Platform()
    with caplog.at_level(logging.DEBUG, logger="learnkit"):
        lk = sync_client(platform)
        lk.request("GET", DOCUMENTS)
    seen = caplog.text + repr(shared_tokens) + repr(lk) + repr(lk._auth) + repr(shared_tokens.__dict__)
    assert SECRET not in seen and "tok-1" not in seen


def test_clearing_the_cache_makes_the_next_call_ask_again() -> None:
    platform = Platform()
    lk = sync_client(platform)
    lk.request("GET", DOCUMENTS)
    shared_tokens.clear()
    lk.request("GET", DOCUMENTS)
    assert len(platform.token_requests) == 2
