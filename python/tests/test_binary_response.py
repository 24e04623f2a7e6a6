"""A file response (``lk.oneroster.resources.export``, a Common Cartridge ZIP) is a :class:`BinaryResponseContent`,
not parsed JSON, in both clients; a JSON or HTML page where a file was asked for is an ``ApiError``; the mock's
404 and 422 are the usual errors (docs/decisions.md#d-oneroster-binary-export)."""

from __future__ import annotations

import asyncio
import io
import zipfile
from pathlib import Path

import httpx
import pytest

from learnkit import (
    ApiError,
    ApiResponse,
    AsyncLearnKit,
    BinaryResponseContent,
    LearnKit,
    NotFoundError,
    UnprocessableEntityError,
)
from learnkit._binary import filename_of

from .support.mock import MockProcess, mock


@pytest.fixture(scope="module")
def platform() -> MockProcess:
    return mock()


def client(platform: MockProcess) -> LearnKit:
    return LearnKit(platform.url, platform.partner.client_id, platform.partner.client_secret)


def test_export_is_the_cartridge_as_bytes_written_to_a_file(platform: MockProcess, tmp_path: Path) -> None:
    with client(platform) as lk:
        cartridge = lk.oneroster.resources.export("res-fractions-video")
    assert isinstance(cartridge, BinaryResponseContent)
    assert cartridge.content_type == "application/zip"
    assert cartridge.filename == "res-fractions-video.imscc"
    assert len(cartridge) == len(cartridge.content) > 100
    with zipfile.ZipFile(io.BytesIO(cartridge.content)) as archive:
        assert archive.namelist() == ["imsmanifest.xml", "weblink.xml"]
        assert archive.testzip() is None
        assert b"Fractions on a number line" in archive.read("imsmanifest.xml")
    target = tmp_path / "fractions.imscc"
    cartridge.write_to_file(target)
    assert target.read_bytes() == cartridge.content
    assert b"".join(cartridge.iter_bytes(chunk_size=7)) == cartridge.content


def test_export_with_raw_response_and_the_async_client(platform: MockProcess) -> None:
    with client(platform) as lk:
        raw = lk.oneroster.resources.with_raw_response.export("res-multiplication-game")
    assert isinstance(raw, ApiResponse) and raw.status == 200
    assert raw.headers["content-disposition"] == 'attachment; filename="res-multiplication-game.imscc"'
    assert isinstance(raw.parse(), BinaryResponseContent)

    async def run() -> BinaryResponseContent:
        partner = platform.partner
        async with AsyncLearnKit(platform.url, partner.client_id, partner.client_secret) as alk:
            return await alk.oneroster.resources.export("res-multiplication-game")

    assert asyncio.run(run()).content[:4] == b"PK\x03\x04"


def test_export_of_no_resource_is_404_and_of_a_deleted_one_422(platform: MockProcess) -> None:
    with client(platform) as lk:
        with pytest.raises(NotFoundError):
            lk.oneroster.resources.export("res-nope")
        created = lk.oneroster.resources.create(title="Gone soon", vendor_resource_id="vendor-gone")
        lk.oneroster.resources.delete(created.allocated_sourced_id)
        with pytest.raises(UnprocessableEntityError, match="tobedeleted"):
            lk.oneroster.resources.export(created.allocated_sourced_id)


def responding(content_type: str, body: bytes) -> LearnKit:
    def raw_response(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/token"):
            return httpx.Response(200, json={"access_token": "token", "token_type": "Bearer", "expires_in": 3600})
        assert request.headers["accept"] == "application/zip"
        assert request.method == "POST" and request.content == b""
        return httpx.Response(200, content=body, headers={"content-type": content_type})

    return LearnKit(
        "https://api.example.com",
        "id",
        "secret-value",
        max_retries=0,
        http_client=httpx.Client(transport=httpx.MockTransport(raw_response)),
    )


@pytest.mark.parametrize(
    "content_type, body",
    [
        ("text/html; charset=utf-8", b"<html>Sign in</html>"),
        ("application/json", b'{"imsx_codeMajor": "failure"}'),
    ],
)
def test_a_page_where_a_file_was_asked_for_is_an_api_error(content_type: str, body: bytes) -> None:
    with responding(content_type, body) as lk:
        with pytest.raises(ApiError, match="where a file was expected. Check base_url"):
            lk.oneroster.resources.export("res-1")


def test_a_file_without_a_name_or_type_is_still_its_bytes() -> None:
    with responding("application/octet-stream", b"PK\x05\x06" + bytes(18)) as lk:
        file = lk.oneroster.resources.export("res-1")
    assert file.filename is None and file.content_type == "application/octet-stream"
    assert file.content == b"PK\x05\x06" + bytes(18)


@pytest.mark.parametrize(
    "disposition, name",
    [
        ('attachment; filename="a.imscc"', "a.imscc"),
        ("attachment; filename=a.imscc", "a.imscc"),
        ("attachment; filename*=UTF-8''caf%C3%A9.imscc; filename=\"cafe.imscc\"", "café.imscc"),
        ('attachment; filename="../../etc/passwd"', "passwd"),
        ('attachment; filename=".."', None),
        ("inline", None),
        (None, None),
    ],
)
def test_the_file_name_is_content_dispositions_last_segment(disposition: str | None, name: str | None) -> None:
    assert filename_of(disposition) == name
