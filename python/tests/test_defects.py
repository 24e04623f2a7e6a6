"""The defects issue 30 lists, one test each; every one of them failed on the package before it (stdlib transport,
``Mapping[str, Any]`` parameters, ``timeout_ms``, private module paths, ...)."""

from __future__ import annotations

import asyncio
import http.server
import json
import os
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
import traceback
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import learnkit
from learnkit import ApiTimeoutError, LearnKit, RetryOptions, ValidationError

from .support.mock import MockProcess, Since, mock
from .support.paths import REPO

FAST = RetryOptions(initial_delay=0.02, max_delay=0.1)


@pytest.fixture(scope="module")
def platform() -> MockProcess:
    return mock()


class _Proxy(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


@pytest.fixture
def proxy() -> Iterator[tuple[str, list[str]]]:
    """A forwarding HTTP proxy on loopback (absolute-form requests) that keeps the URL of each request."""
    seen: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def forward(self) -> None:
            seen.append(self.path)
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length) if length else None
            headers = {
                k: v for k, v in self.headers.items() if k.lower() not in ("proxy-connection", "connection", "host")
            }
            request = urllib.request.Request(self.path, data=body, headers=headers, method=self.command)
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            try:
                with opener.open(request, timeout=30) as raw_response:
                    status, response_headers, data = raw_response.status, raw_response.headers, raw_response.read()
            except urllib.error.HTTPError as error:
                status, response_headers, data = error.code, error.headers, error.read()
            self.send_response(status)
            for name, value in response_headers.items():
                if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                    self.send_header(name, value)
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = forward

    server = _Proxy(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()


def test_http_proxy_from_the_environment_carries_the_token_request_and_the_calls(
    platform: MockProcess, proxy: tuple[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, seen = proxy
    for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", url)
    partner = platform.partner
    with LearnKit(platform.url, partner.client_id, partner.client_secret) as lk:
        assert lk.case.documents.list(limit=1).first_page().items
    paths = [urllib.parse.urlsplit(u).path for u in seen]
    assert paths == ["/auth/1.0/token", "/ims/case/v1p1/CFDocuments"]


def test_http_proxy_from_the_environment_carries_the_async_clients_calls_too(
    platform: MockProcess, proxy: tuple[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The SDK builds its requests without build_request (docs/decisions.md#d-python-own-requests); httpx picks the
    # proxy in send, by the request's URL, so both pools still go through it.
    url, seen = proxy
    for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", url)
    partner = platform.partner

    async def main() -> None:
        async with learnkit.AsyncLearnKit(platform.url, partner.client_id, partner.client_secret) as alk:
            assert (await alk.case.documents.list(limit=1).first_page()).items

    asyncio.run(main())
    paths = [urllib.parse.urlsplit(u).path for u in seen]
    assert paths == ["/auth/1.0/token", "/ims/case/v1p1/CFDocuments"]


def test_a_proxy_that_refuses_connections_is_an_api_connection_error_not_a_bypass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")
    lk = LearnKit("http://127.0.0.1:1", "id", "secret-value", max_retries=0)
    with pytest.raises(learnkit.ApiConnectionError):
        lk.request("GET", "/x")


def test_one_pool_keeps_connections_open_across_calls(platform: MockProcess) -> None:
    connections: list[str] = []

    class Counting(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def setup(self) -> None:
            super().setup()
            connections.append(str(self.client_address))

        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", "2")
            self.end_headers()
            self.wfile.write(b"{}")

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length") or 0))
            body = b'{"access_token":"tok_pool_abcdefgh","expires_in":3600}'
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = _Proxy(("127.0.0.1", 0), Counting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with LearnKit(f"http://127.0.0.1:{server.server_address[1]}", "id", "secret-value") as lk:
            for _ in range(20):
                lk.request("GET", "/x")
        assert len(connections) == 1
    finally:
        server.shutdown()
        server.server_close()


def test_errors_print_their_public_module_path() -> None:
    error = ValidationError("bad")
    text = "".join(traceback.format_exception_only(type(error), error))
    assert text.startswith("learnkit.ValidationError: ")
    for name in learnkit.errors.__all__:
        value = getattr(learnkit, name)
        if isinstance(value, type):
            assert value.__module__ == "learnkit", name


def test_record_result_is_importable_from_learnkit() -> None:
    from learnkit import RecordResult
    from learnkit.activity import RecordResult as Same

    assert RecordResult is Same


def test_timeouts_are_seconds(platform: MockProcess) -> None:
    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret, timeout=0.3, max_retries=0)
    lk.request("GET", "/ims/case/v1p1/CFDocuments", query={"limit": 1})
    platform.inject(method="GET", path="/ims/case/v1p1/CFDocuments", hang=True)
    try:
        with pytest.raises(ApiTimeoutError) as caught:
            lk.request("GET", "/ims/case/v1p1/CFDocuments", query={"limit": 1})
        assert (caught.value.kind, caught.value.timeout) == ("attempt", 0.3)
        assert "timeout=0.3 s" in str(caught.value)
    finally:
        platform.clear_faults()
    with pytest.raises(TypeError):
        LearnKit(platform.url, partner.client_id, partner.client_secret, timeout_ms=300)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("call", "path"),
    [
        (lambda lk: lk.request("GTE", "/ims/case/v1p1/CFDocuments"), ("method",)),
        (lambda lk: lk.request("POST", "/caliper/v1p2", body=None), ("body",)),
        (
            lambda lk: lk.request(
                "GET", "/rostering/1.0/users/{sourcedId}", path_params={"sourcedId": "u", "userId": "u"}
            ),
            ("path_params", "userId"),
        ),
    ],
    ids=["unknown method", "body None", "unused path parameter"],
)
def test_a_bad_call_is_refused_before_anything_is_sent(platform: MockProcess, call: Any, path: tuple[str, ...]) -> None:
    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret)
    since = Since(platform)
    with pytest.raises(ValidationError) as caught:
        call(lk)
    assert caught.value.issues[0].path == path
    assert since.requests() == []


def test_a_created_subscriptions_secret_never_prints_itself(
    platform: MockProcess, caplog: pytest.LogCaptureFixture
) -> None:
    partner = platform.partner
    lk = LearnKit(platform.url, partner.client_id, partner.client_secret)
    subscription = lk.webhooks.subscriptions.create(
        platform.application_id, url="https://hooks.partner.example/py-secret", event_types=["user.created"]
    )
    secret = subscription.signing_secret.reveal()
    assert secret.startswith("whsec_") and len(secret) > 12
    import logging

    with caplog.at_level(logging.INFO, logger="learnkit"):
        logging.getLogger("learnkit").info("created %s %r", subscription, subscription)
    shown = [
        str(subscription),
        repr(subscription),
        f"{subscription.signing_secret}",
        subscription.to_json(),
        json.dumps(subscription.to_dict()),
        caplog.text,
    ]
    for text in shown:
        assert secret not in text
    assert str(subscription.signing_secret) == f"whsec_…{secret[-4:]}"
    rotated = lk.webhooks.subscriptions.rotate_secret(platform.application_id, subscription.id)
    assert rotated.signing_secret.reveal() not in repr(rotated)
    lk.webhooks.subscriptions.delete(platform.application_id, subscription.id)


#: Code a user could write that the types must refuse: camelCase and misspelled members, a typo on a model.
TYPED = """
from learnkit import AsyncLearnKit, LearnKit, verify_webhook

lk = LearnKit()
lk.activity.record(
    user={"mail": "ada@example.com"},
    activity={"id": "fractions-1", "name": "Fractions 1", "course": {"subject": "Math", "grade": 3}},
    metrics={"xpEarned": 1},
)
document = lk.case.documents.get("id")
print(document.titel)
lk.rostering.users.upsert("usr-1", {"givenName": "Ada"})


async def main(alk: AsyncLearnKit) -> None:
    user = await alk.rostering.users.get("usr-1")
    print(user.emial)
    async for item in alk.case.items.list(limit=1):
        print(item.human_coding_schem)


event = verify_webhook(b"{}", {}, "whsec_x")
if event.type == "enrollment.created":
    print(event.data.enrollment_id)
    print(event.data.enrolment_id)
"""
#: The lines of TYPED each checker must report, one error at least on each.
TYPED_LINES = {6, 8, 11, 12, 17, 19, 25}
#: Lines that must pass: the event narrowed by its type.
CLEAN_LINES = {23, 24}


def test_mypy_and_pyright_refuse_misspelled_members_and_typos_on_models() -> None:
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder, "typed.py")
        script.write_text(TYPED, encoding="utf-8")
        bin_dir = Path(sys.executable).parent
        mypy = subprocess.run(
            [str(bin_dir / "mypy"), "--strict", "--no-incremental", str(script)],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        mypy_lines = {int(line.split(":")[1]) for line in mypy.stdout.splitlines() if ": error:" in line}
        assert TYPED_LINES <= mypy_lines and not CLEAN_LINES & mypy_lines, mypy.stdout
        pyright = REPO / "node_modules" / ".bin" / "pyright"
        if not pyright.exists() or shutil.which("node") is None:
            pytest.fail("pyright is installed with the workspace: run pnpm install")
        env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
        checked = subprocess.run(
            [str(pyright), "--pythonpath", sys.executable, "--outputjson", str(script)],
            cwd=folder,
            capture_output=True,
            text=True,
            env=env,
        )
        report = json.loads(checked.stdout)
        pyright_lines = {
            d["range"]["start"]["line"] + 1 for d in report["generalDiagnostics"] if d["severity"] == "error"
        }
        assert TYPED_LINES <= pyright_lines and not CLEAN_LINES & pyright_lines, checked.stdout
