"""Testing against the mock platform: a pytest plugin whose ``learnkit_mock`` fixture starts ``learnkit-mock serve``
on a free port, sets the ``LEARNKIT_*`` variables for the test, and stops the mock when the run ends, however it ends
(docs/decisions.md#d-python-testing-kit).

The plugin is registered when the package is installed (``pytest11``); nothing starts until a test asks for the
fixture. The mock comes from, in order: ``LEARNKIT_MOCK_COMMAND`` (a command line), ``node_modules/.bin/learnkit-mock``
in the working directory or above (``npm install -D @learnkit/mock``), else ``npx --yes -p @learnkit/mock
learnkit-mock``. It needs Node 20 or newer.

Example::

    from learnkit import LearnKit
    from learnkit.lti import LtiOptions
    from learnkit.testing import MockPlatform

    def test_reads_documents(learnkit_mock: MockPlatform) -> None:
        lk = LearnKit()  # LEARNKIT_* point at the mock
        assert lk.case.documents.list(limit=1).first_page().items
        learnkit_mock.inject(path="/caliper/v1p2", status=503, times=1)  # the next ingest fails once

    def test_verifies_the_mock_s_launch(learnkit_mock: MockPlatform) -> None:
        lk = LearnKit(lti=LtiOptions(audience=learnkit_mock.application.client_id))
        made = learnkit_mock.lti_launch(target_link_uri="http://localhost:8000/lti/launch")
        assert lk.lti.verify(made.id_token).platform_user_id == learnkit_mock.student_id
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

__all__ = ["LaunchFault", "MockClient", "MockLaunch", "MockNotAvailable", "MockPlatform", "mock_command"]

#: A launch the app must refuse (the mock's ``LaunchFault``): ``expired``, ``wrong_audience`` (``aud`` is another
#: app's), ``unknown_key`` (signed with a key not in the key set), ``replay`` (the previous launch again).
LaunchFault = Literal["expired", "wrong_audience", "unknown_key", "replay"]

#: The arguments of ``learnkit-mock`` the fixture runs: a free port, no colours or banner decorations.
SERVE = ["serve", "--port", "0", "--quiet"]
_START_TIMEOUT_S = 120.0
_WAITING_EVERY_S = 10.0
_INSTALL = (
    "The LearnKit mock platform runs on Node 20 or newer: install Node (https://nodejs.org), then "
    "`npm install --save-dev @learnkit/mock` in your project (or set LEARNKIT_MOCK_COMMAND to a command that starts "
    "`learnkit-mock`)."
)


class MockNotAvailable(RuntimeError):
    """The mock cannot be started: Node or the ``@learnkit/mock`` package is missing. The message says what to
    install."""


@dataclass(frozen=True)
class MockClient:
    """A client the mock accepts."""

    client_id: str
    client_secret: str


@dataclass(frozen=True)
class MockLaunch:
    """A launch the mock signed as the launching platform (the TypeScript ``MockLaunch``)."""

    #: The signed ID token (RS256) the platform posts as the form field ``id_token``.
    id_token: str
    #: The auto-submitting page whose form posts ``id_token`` to the launch URL.
    html: str
    #: The token's claims.
    claims: dict[str, Any]


def mock_command(cwd: str | os.PathLike[str] | None = None) -> list[str]:
    """The command that starts ``learnkit-mock`` (without ``serve``): ``LEARNKIT_MOCK_COMMAND``, else the local npm
    package's bin found from ``cwd`` upwards, else ``npx``. Raises :class:`MockNotAvailable` when Node is missing."""
    configured = os.environ.get("LEARNKIT_MOCK_COMMAND", "").strip()
    if configured:
        return shlex.split(configured)
    node = shutil.which("node")
    if node is None:
        raise MockNotAvailable(f"node is not on PATH. {_INSTALL}")
    here = Path(cwd or os.getcwd()).resolve()
    for folder in (here, *here.parents):
        local = folder / "node_modules" / "@learnkit" / "mock" / "bin" / "learnkit-mock.js"
        if local.is_file():
            # Node runs it directly, so the mock's parent watch sees this process
            # (docs/decisions.md#d-mock-serve-stops-with-parent).
            return [node, str(local)]
    npx = shutil.which("npx")
    if npx is None:
        raise MockNotAvailable(f"npx is not on PATH. {_INSTALL}")
    return [npx, "--yes", "-p", "@learnkit/mock", "learnkit-mock"]


def _say(message: str) -> None:
    print(f"[learnkit.testing] {message}", file=sys.stderr, flush=True)


class MockPlatform:
    """A running ``learnkit-mock serve``: its URL, the credentials its banner printed, the seeded ids, and its
    control path (faults and what it saw, ``openapi/mock-control.yaml``).

    Example::

        platform = MockPlatform.start()
        try:
            print(platform.url, platform.partner.client_id)
        finally:
            platform.stop()
    """

    def __init__(self, process: subprocess.Popen[str], banner: str) -> None:
        self._process = process
        self.output: list[str] = banner.splitlines(keepends=True)
        self.url: str
        self.clients: dict[str, MockClient]
        self.student_email: str
        self.student_id: str
        self.application_id: str
        url = re.search(r"listening on (http://\S+)", banner)
        if url is None:
            self.stop()
            raise MockNotAvailable(f"learnkit-mock serve did not start:\n{banner}\n{_INSTALL}")
        #: The base URL of the loopback server.
        self.url = url.group(1)
        #: The clients by label (``partner``, ``otherPartner``, ...).
        self.clients = {
            m.group(1): MockClient(m.group(2), m.group(3))
            for m in re.finditer(r"^  (\w+) +(\S+-client) +(\S+)$", banner, re.MULTILINE)
        }
        student: re.Match[str] | None = re.search(r"^Student +(\S+) \((\S+)\)$", banner, re.MULTILINE)
        application: re.Match[str] | None = re.search(r"^Application +(\S+)$", banner, re.MULTILINE)
        #: The seeded student's email and rostering id.
        self.student_email = student.group(1) if student else ""
        self.student_id = student.group(2) if student else ""
        #: The seeded application's id.
        self.application_id = application.group(1) if application else ""

    @classmethod
    def start(
        cls,
        command: Sequence[str] | None = None,
        *,
        cwd: str | os.PathLike[str] | None = None,
        timeout: float = _START_TIMEOUT_S,
    ) -> MockPlatform:
        """Starts ``<command> serve --port 0 --quiet`` (default :func:`mock_command`) and waits for its banner. Its
        standard input stays a pipe of this process: when this process ends, however it ends, the mock stops."""
        argv = [*(command if command is not None else mock_command(cwd)), *SERVE]
        try:
            process = subprocess.Popen(
                argv,
                cwd=cwd,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                stdin=subprocess.PIPE,
                text=True,
                encoding="utf-8",
            )
        except FileNotFoundError as error:
            raise MockNotAvailable(f"{argv[0]} could not be run ({error}). {_INSTALL}") from None
        lines: queue.Queue[str | None] = queue.Queue()

        def drain() -> None:
            # Reading the output to its end keeps the pipe from filling and the mock from blocking on a write.
            assert process.stdout is not None
            for line in process.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=drain, name="learnkit-mock-output", daemon=True).start()
        banner: list[str] = []
        started = said = time.monotonic()
        while time.monotonic() < started + timeout:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                if not banner and time.monotonic() - said >= _WAITING_EVERY_S:
                    said = time.monotonic()
                    _say(f"still waiting for learnkit-mock serve ({said - started:.0f} s of {timeout:.0f} s)")
                continue
            if line is None:
                break
            banner.append(line)
            if "Press Ctrl-C to stop." in line:
                break
        platform = cls(process, "".join(banner))
        atexit.register(platform.stop)
        return platform

    @property
    def pid(self) -> int:
        """The mock's process id."""
        return self._process.pid

    @property
    def partner(self) -> MockClient:
        """The partner client: every scope, the seeded application's webhooks, the Maple district."""
        return self.clients["partner"]

    @property
    def application(self) -> MockClient:
        """The seeded application's client: its ``client_id`` is the LTI client id, the ``aud`` of the mock's launches
        (``LtiOptions(audience=platform.application.client_id)``)."""
        return self.clients["application"]

    def env(self, client: str = "partner") -> dict[str, str]:
        """The ``LEARNKIT_*`` variables of one of the mock's clients."""
        chosen = self.clients[client]
        return {
            "LEARNKIT_BASE_URL": self.url,
            "LEARNKIT_CLIENT_ID": chosen.client_id,
            "LEARNKIT_CLIENT_SECRET": chosen.client_secret,
        }

    def control(self, method: str, path: str, body: object = None) -> Any:
        """Calls the control path (``faults``, ``tokens/revoke``, ``requests``, ``caliper-events``, ``lti/launch``)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}/__learnkit-mock/{path}", data=data, method=method, headers={"content-type": "application/json"}
        )
        # The control path is on loopback: no proxy of the environment applies.
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(request, timeout=30) as response:
            return json.loads(response.read())

    def inject(self, **fault: Any) -> dict[str, Any]:
        """Injects a fault (the mock's ``FaultSpec``: ``path``, ``method``, ``status``, ``retryAfter``, ``times``,
        ``delayMs``, ``hang``, ``reset``, ...)."""
        raw_response: dict[str, Any] = self.control("POST", "faults", fault)["fault"]
        return raw_response

    def clear_faults(self) -> None:
        """Removes every fault that has not run out."""
        self.control("DELETE", "faults")

    def revoke_tokens(self, client_id: str) -> int:
        """Revokes the tokens issued to ``client_id``: later calls with them get 401."""
        revoked: int = self.control("POST", "tokens/revoke", {"clientId": client_id})["revoked"]
        return revoked

    def requests(self) -> list[dict[str, Any]]:
        """The mock's request log, oldest first."""
        log: list[dict[str, Any]] = self.control("GET", "requests")["requests"]
        return log

    def caliper_events(self) -> list[dict[str, Any]]:
        """The Caliper events the ingest accepted, in arrival order."""
        events: list[dict[str, Any]] = self.control("GET", "caliper-events")["events"]
        return events

    def lti_launch(
        self,
        *,
        target_link_uri: str,
        user: str | None = None,
        audience: str | None = None,
        fault: LaunchFault | None = None,
    ) -> MockLaunch:
        """Signs an LTI 1.3 launch of ``user`` (a roster user's ``sourcedId``, default the seeded student) to the
        app's launch URL ``target_link_uri``, as the platform does (the control operation ``launchApp``, TypeScript's
        ``platform.lti.launch``). The mock is the issuer (its base URL) and serves the key set at
        ``/.well-known/jwks.json``; ``audience`` defaults to :attr:`application`'s client id; ``fault`` makes a launch
        the app must refuse. Raises ``ValueError`` with the mock's message when it refuses (an unknown user, a
        ``replay`` before any launch)."""
        body: dict[str, str] = {"as": user or self.student_id, "to": target_link_uri}
        if audience is not None:
            body["audience"] = audience
        if fault is not None:
            body["fault"] = fault
        try:
            made = self.control("POST", "lti/launch", body)
        except urllib.error.HTTPError as error:
            raise ValueError(f"the mock refused the launch: {error.read().decode(errors='replace')}") from None
        return MockLaunch(made["idToken"], made["html"], made["claims"])

    def stop(self) -> None:
        """Stops the process (SIGTERM: the mock closes its server and exits)."""
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(timeout=15)
        if self._process.stdin is not None and not self._process.stdin.closed:
            self._process.stdin.close()


try:
    import pytest
except ImportError:  # pragma: no cover - the fixtures exist only under pytest
    pass
else:

    @pytest.fixture(scope="session")
    def learnkit_mock_platform() -> Iterator[MockPlatform]:
        """One mock platform for the whole test session, stopped at its end."""
        try:
            platform = MockPlatform.start()
        except MockNotAvailable as error:
            pytest.fail(str(error), pytrace=False)
        try:
            yield platform
        finally:
            platform.stop()

    @pytest.fixture
    def learnkit_mock(learnkit_mock_platform: MockPlatform, monkeypatch: pytest.MonkeyPatch) -> Iterator[MockPlatform]:
        """The session's mock platform, with ``LEARNKIT_BASE_URL``, ``LEARNKIT_CLIENT_ID`` and
        ``LEARNKIT_CLIENT_SECRET`` set to its partner client for this test, and its faults cleared after it."""
        for name, value in learnkit_mock_platform.env().items():
            monkeypatch.setenv(name, value)
        monkeypatch.delenv("LEARNKIT_AUTH_URL", raising=False)
        yield learnkit_mock_platform
        learnkit_mock_platform.clear_faults()
