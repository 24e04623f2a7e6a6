"""``list()`` sends the first request and returns the first page (``.data``, ``.has_next_page()``,
``.get_next_page()``, ``.iter_pages()``), so a bad call raises at ``list()``; iterating still walks every item of
every page, up to ``max_items``. The async listing gives its first page to ``await`` and every item to ``async for``
(docs/decisions.md#d-first-page)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import httpx
import pytest

from learnkit import AsyncLearnKit, AsyncPage, AsyncPager, InternalServerError, LearnKit, NotFoundError, SyncPager

from .support.mock import MockProcess, mock

BASE = "https://api.example.test"
DOCUMENTS = "/ims/case/v1p1/CFDocuments"
TOKEN = {"access_token": "tok_first_page", "token_type": "Bearer", "expires_in": 3600}


def document(number: int) -> dict[str, str]:
    sourced_id = str(uuid.UUID(int=number))
    return {
        "sourcedId": sourced_id,
        "identifier": sourced_id,
        "title": f"Doc {number}",
        "creator": "LearnKit",
        "uri": f"{BASE}{DOCUMENTS}/{sourced_id}",
        "lastChangeDateTime": "2024-01-01T00:00:00Z",
    }


class Platform:
    """Five documents, served ``limit`` at a time with ``X-Total-Count``; ``status`` fails every listing request."""

    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.reads: list[tuple[int, int]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == "/auth/1.0/token":
            return httpx.Response(200, json=TOKEN)
        offset, limit = int(request.url.params["offset"]), int(request.url.params["limit"])
        self.reads.append((offset, limit))
        if self.status != 200:
            return httpx.Response(self.status, json={"error": "listing failed"})
        rows = [document(n) for n in range(5)][offset : offset + limit]
        return httpx.Response(200, json={"CFDocuments": rows}, headers={"X-Total-Count": "5"})


@pytest.fixture
def served() -> Iterator[tuple[LearnKit, Platform]]:
    platform = Platform()
    with (
        httpx.Client(transport=httpx.MockTransport(platform)) as http,
        LearnKit(BASE, "client-pages", "secret-pages-0123", http_client=http, retry=False) as lk,
    ):
        yield lk, platform


def titles(items: Iterable[Any]) -> list[str]:
    return [item.title for item in items]


def test_list_reads_the_first_page_and_returns_it(served: tuple[LearnKit, Platform]) -> None:
    lk, platform = served
    page = lk.case.documents.list(limit=2)
    assert isinstance(page, SyncPager) and platform.reads == [(0, 2)]
    assert titles(list(page.data)) == ["Doc 0", "Doc 1"] and page.total == 5 and page.offset == 0
    assert page.has_next_page() and page.response.status_code == 200
    second = page.get_next_page()
    assert titles(list(second.data)) == ["Doc 2", "Doc 3"] and second.offset == 2
    assert platform.reads == [(0, 2), (2, 2)]
    last = second.get_next_page()
    assert titles(list(last.data)) == ["Doc 4"] and not last.has_next_page()
    with pytest.raises(RuntimeError, match="has_next_page"):
        last.get_next_page()


def test_iterating_walks_every_item_and_iter_pages_every_page(served: tuple[LearnKit, Platform]) -> None:
    lk, platform = served
    assert titles(list(lk.case.documents.list(limit=2))) == [f"Doc {n}" for n in range(5)]
    assert titles(list(lk.case.documents.list(limit=2, max_items=3))) == ["Doc 0", "Doc 1", "Doc 2"]
    assert [len(each.data) for each in lk.case.documents.list(limit=2).iter_pages()] == [2, 2, 1]
    assert [len(each.items) for each in lk.case.documents.list(limit=2).pages()] == [2, 2, 1]
    assert titles(lk.case.documents.list(limit=3).get_next_page().to_list()) == ["Doc 3", "Doc 4"]
    reads = len(platform.reads)
    raw = lk.case.documents.with_raw_response.list(limit=2)
    assert raw.status_code == 200 and raw.headers["x-total-count"] == "5" and len(platform.reads) == reads + 1
    assert titles(raw.parse().data) == ["Doc 0", "Doc 1"] and len(platform.reads) == reads + 1


@pytest.mark.parametrize(("status", "error"), [(404, NotFoundError), (500, InternalServerError)])
def test_an_error_is_raised_by_list_itself(status: int, error: type[Exception]) -> None:
    platform = Platform(status)
    with (
        httpx.Client(transport=httpx.MockTransport(platform)) as http,
        LearnKit(BASE, "client-pages", "secret-pages-0123", http_client=http, retry=False) as lk,
        pytest.raises(error),
    ):
        lk.case.documents.list(limit=2)
    assert platform.reads == [(0, 2)]


def run_async(platform: Platform, main: Callable[[AsyncLearnKit], object]) -> None:
    async def go() -> None:
        async with (
            httpx.AsyncClient(transport=httpx.MockTransport(platform)) as http,
            AsyncLearnKit(BASE, "client-pages", "secret-pages-0123", http_client=http, retry=False) as alk,
        ):
            await main(alk)  # type: ignore[misc]

    asyncio.run(go())


def test_await_gives_the_first_page_and_async_for_every_item() -> None:
    platform = Platform()

    async def main(alk: AsyncLearnKit) -> None:
        listing = alk.case.documents.list(limit=2)
        assert isinstance(listing, AsyncPager)
        page = await listing
        assert isinstance(page, AsyncPage) and platform.reads == [(0, 2)]
        assert titles(list(page.data)) == ["Doc 0", "Doc 1"] and page.has_next_page() and page.total == 5
        second = await page.get_next_page()
        assert titles(list(second.data)) == ["Doc 2", "Doc 3"]
        assert [len(each.data) async for each in page.iter_pages()] == [2, 2, 1]
        assert titles([d async for d in second]) == ["Doc 2", "Doc 3", "Doc 4"]
        assert titles([d async for d in alk.case.documents.list(limit=2)]) == [f"Doc {n}" for n in range(5)]
        assert titles(await alk.case.documents.list(limit=2, max_items=3).to_list()) == ["Doc 0", "Doc 1", "Doc 2"]
        assert [len(p.items) async for p in alk.case.documents.list(limit=2).pages()] == [2, 2, 1]
        assert [len(p.data) async for p in alk.case.documents.list(limit=4).iter_pages()] == [4, 1]
        reads = len(platform.reads)
        raw = await alk.case.documents.with_raw_response.list(limit=2)
        assert raw.status_code == 200 and raw.headers["X-Total-Count"] == "5" and len(platform.reads) == reads + 1
        assert titles((await raw.parse()).data) == ["Doc 0", "Doc 1"] and len(platform.reads) == reads + 1
        last = await (await alk.case.documents.list(limit=4)).get_next_page()
        with pytest.raises(RuntimeError, match="has_next_page"):
            await last.get_next_page()

    run_async(platform, main)


def test_an_async_error_is_raised_by_await() -> None:
    async def main(alk: AsyncLearnKit) -> None:
        with pytest.raises(NotFoundError):
            await alk.case.documents.list(limit=2)

    run_async(Platform(404), main)


@pytest.fixture(scope="module")
def mock_platform() -> MockProcess:
    return mock()


def test_every_kind_of_listing_returns_its_first_page(mock_platform: MockProcess) -> None:
    partner = mock_platform.partner
    with LearnKit(mock_platform.url, partner.client_id, partner.client_secret) as lk:
        listings: list[tuple[str, SyncPager[Any]]] = [
            ("offset pages", lk.case.documents.list(limit=1)),
            ("OneRoster", lk.oneroster.users.list(limit=2)),
            ("platform limit/offset/total", lk.applications.applications.list(limit=1)),
            ("whole list", lk.insights.types.list()),
        ]
        for kind, page in listings:
            assert page.data and page.response.status_code == 200, kind
            everything = page.to_list()
            assert len(everything) == (page.total if page.total is not None else len(page.data)), kind
            assert page.has_next_page() is (len(everything) > len(page.data)), kind
            if page.has_next_page():
                assert page.get_next_page().offset == len(page.data), kind
        assert listings[0][1].has_next_page() and listings[1][1].has_next_page()
        assert listings[3][1].limit is None and not listings[3][1].has_next_page()
        raw = lk.oneroster.users.with_raw_response.list(limit=2)
        assert raw.request_id and len(raw.parse().data) == 2
        assert raw.elapsed is not None and raw.elapsed.total_seconds() >= 0

    async def main() -> None:
        async with AsyncLearnKit(mock_platform.url, partner.client_id, partner.client_secret) as alk:
            page = await alk.oneroster.users.list(limit=2)
            assert len(page.data) == 2 and page.has_next_page()
            assert len([u async for u in alk.oneroster.users.list(limit=2, max_items=5)]) == 5

    asyncio.run(main())
