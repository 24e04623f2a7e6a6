"""Boundaries of the Python transport held exactly (docs/testing.md#tests-that-bite): a ``Retry-After`` equal to the
cap is honoured, the form-body spelling (``+``) of a secret holding a space is redacted, a pager without a total reads
on after a full page and stops after a short one, and a redirect to the same host over http or on another port is a
``RedirectError`` that carries no token to the target."""

from __future__ import annotations

import asyncio
import json
import unittest
import urllib.parse
from collections.abc import Callable
from typing import Any

import httpx

from learnkit import AsyncLearnKit, LearnKit, RedirectError, RetryOptions
from learnkit._pagination import AsyncPager, SyncPager
from learnkit._redact import REDACTED, redact, register_secret
from learnkit._response import ApiResponse
from learnkit._retry import Response, RetryState, decide_retry

NOW = 1_767_225_600.0
BASE = "https://api.example.test"
DOCUMENTS = "/ims/case/v1p1/CFDocuments"
TOKEN = "tok_0123456789abcdef"


class RetryAfterCap(unittest.TestCase):
    def decide(self, retry_after: str) -> tuple[bool, float, str]:
        state = RetryState(retries=0, idempotent=True, refreshed=False, now=NOW, remaining_s=120.0)
        policy = RetryOptions(max_retry_after=5.0)
        d = decide_retry(state, Response(429, {"retry-after": retry_after}, True), policy, lambda: 0.0)
        return d.retry, d.delay_ms, d.reason

    def test_a_retry_after_equal_to_the_cap_is_waited(self) -> None:
        self.assertEqual(self.decide("5"), (True, 5000, "retry-after"))

    def test_a_retry_after_over_the_cap_ends_the_call(self) -> None:
        self.assertEqual(self.decide("6"), (False, 0, "retry-after-over-cap"))


class Holder:
    """What a secret lives as long as (a client, in the SDK)."""


class FormSpelling(unittest.TestCase):
    def test_the_plus_spelling_of_a_secret_with_a_space_is_redacted_without_a_key_before_it(self) -> None:
        holder = Holder()
        secret = "open sesame 0123 seeds!"
        register_secret(secret, holder)
        form = urllib.parse.quote_plus(secret)
        self.assertIn("+", form)
        text = f"the proxy echoed: grant_type=client_credentials&x={form} (and {secret})"
        out = redact(text)
        self.assertNotIn(form, out)
        self.assertNotIn(secret, out)
        self.assertEqual(out, f"the proxy echoed: grant_type=client_credentials&x={REDACTED} (and {REDACTED})")
        del holder


#: What a page reader responds: the items, the total (None here) and the response they came in.
Reply = tuple[list[str], "int | None", ApiResponse[Any]]


def _respond() -> ApiResponse[Any]:
    return ApiResponse(data=None, status=200, headers={}, request_id="req_1")


class PagesWithoutTotal(unittest.TestCase):
    PAGES = [["a", "b"], ["c", "d"], ["e"]]

    def reader(self, reads: list[tuple[int, int | None]]) -> Callable[[int, int | None], Reply]:
        def read(offset: int, limit: int | None) -> tuple[list[str], int | None, ApiResponse[Any]]:
            reads.append((offset, limit))
            return self.PAGES[offset // 2], None, _respond()

        return read

    def test_full_pages_read_the_next_page_and_a_short_page_stops(self) -> None:
        reads: list[tuple[int, int | None]] = []
        pager = SyncPager(self.reader(reads), offset=0, limit=2, max_items=None)
        self.assertEqual(pager.to_list(), ["a", "b", "c", "d", "e"])
        self.assertEqual(reads, [(0, 2), (2, 2), (4, 2)])

    def test_the_async_pager_reads_the_same_pages(self) -> None:
        reads: list[tuple[int, int | None]] = []
        sync_read = self.reader(reads)

        async def read(offset: int, limit: int | None) -> tuple[list[str], int | None, ApiResponse[Any]]:
            return sync_read(offset, limit)

        pager = AsyncPager(read, offset=0, limit=2, max_items=None)
        self.assertEqual(asyncio.run(pager.to_list()), ["a", "b", "c", "d", "e"])
        self.assertEqual(reads, [(0, 2), (2, 2), (4, 2)])

    def test_a_full_last_page_reads_one_empty_page_then_stops(self) -> None:
        pages = [["a", "b"], []]
        reads: list[int] = []

        def read(offset: int, limit: int | None) -> tuple[list[str], int | None, ApiResponse[Any]]:
            reads.append(offset)
            return pages[offset // 2], None, _respond()

        self.assertEqual(SyncPager(read, offset=0, limit=2, max_items=None).to_list(), ["a", "b"])
        self.assertEqual(reads, [0, 2])


class RedirectToAnotherSchemeOrPort(unittest.TestCase):
    def check(self, target: str) -> None:
        reached: list[str | None] = []

        def platform(request: httpx.Request) -> httpx.Response:
            url = str(request.url)
            if url == f"{BASE}/auth/1.0/token":
                return httpx.Response(200, json={"access_token": TOKEN, "token_type": "Bearer", "expires_in": 3600})
            if url == f"{BASE}{DOCUMENTS}":
                return httpx.Response(307, headers={"location": f"{target}{DOCUMENTS}"})
            reached.append(request.headers.get("authorization"))
            return httpx.Response(200, json={"CFDocuments": []})

        with httpx.Client(transport=httpx.MockTransport(platform)) as http_client:
            lk = LearnKit(BASE, "client-abc", "secret-xyz-0123456789", http_client=http_client, retry=False)
            with self.assertRaises(RedirectError) as caught:
                lk.request("GET", DOCUMENTS)
        self.assertEqual(caught.exception.from_origin, BASE)
        self.assertEqual(caught.exception.to_origin, target)
        self.assertNotIn(TOKEN, str(caught.exception))
        self.assertNotIn(TOKEN, json.dumps(caught.exception.headers))
        self.assertEqual(reached, [])

    def test_from_https_to_http_on_the_same_host(self) -> None:
        self.check("http://api.example.test")

    def test_to_another_port_of_the_same_host(self) -> None:
        self.check("https://api.example.test:8443")


class ACallersClientThatFollowsRedirects(unittest.TestCase):
    """An ``http_client`` of the caller's made with ``follow_redirects=True``: the SDK still follows no redirect
    (docs/decisions.md#d-callers-client-no-redirects), so a 307 of the token request, which would resend the form's
    ``client_secret``, reaches no other origin."""

    EVIL = "https://collector.evil.test"

    def platform(self, reached: list[tuple[str, bytes]]) -> Callable[[httpx.Request], httpx.Response]:
        def raw_response(request: httpx.Request) -> httpx.Response:
            url = str(request.url)
            if url.startswith(self.EVIL):
                reached.append((url, request.read()))
                return httpx.Response(200, json={"access_token": TOKEN, "expires_in": 3600, "CFDocuments": []})
            if url == "https://auth.example.test/oauth2/token":
                return httpx.Response(307, headers={"location": f"{self.EVIL}/steal"})
            return httpx.Response(307, headers={"location": f"{self.EVIL}{DOCUMENTS}"})

        return raw_response

    def test_sync(self) -> None:
        reached: list[tuple[str, bytes]] = []
        transport = httpx.MockTransport(self.platform(reached))
        with httpx.Client(transport=transport, follow_redirects=True) as http_client:
            lk = LearnKit(
                BASE,
                "client-abc",
                "secret-xyz-0123456789",
                http_client=http_client,
                retry=False,
                auth_url="https://auth.example.test",
            )
            with self.assertRaises(RedirectError) as caught:
                lk.request("GET", DOCUMENTS)
        self.assertEqual(caught.exception.to_origin, self.EVIL)
        self.assertEqual(reached, [])

    def test_async(self) -> None:
        reached: list[tuple[str, bytes]] = []
        transport = httpx.MockTransport(self.platform(reached))

        async def call() -> None:
            async with httpx.AsyncClient(transport=transport, follow_redirects=True) as http_client:
                alk = AsyncLearnKit(
                    BASE,
                    "client-abc",
                    "secret-xyz-0123456789",
                    http_client=http_client,
                    retry=False,
                    auth_url="https://auth.example.test",
                )
                await alk.request("GET", DOCUMENTS)

        with self.assertRaises(RedirectError) as caught:
            asyncio.run(call())
        self.assertEqual(caught.exception.to_origin, self.EVIL)
        self.assertEqual(reached, [])


if __name__ == "__main__":
    unittest.main()
