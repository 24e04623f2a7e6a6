"""The mock platform as a process, as a partner runs it: ``learnkit-mock serve --port 0``, from the repository's
sources (no build needed), started on first use and stopped when the tests end. Its control path
(``/__learnkit-mock/...``) injects faults and shows what it saw (docs/decisions.md#d-i17-mock-control)."""

from __future__ import annotations

import atexit
import json
import queue
import re
import shutil
import subprocess
import threading
import time
import urllib.request
from dataclasses import dataclass
from typing import Any

from .paths import REPO

#: Node with tsx's loader and the source condition: the mock's CLI from src/.
COMMAND = ["--import", "tsx", "--conditions=@learnkit/source", "packages/mock/src/cli.ts", "serve", "--port", "0", "--quiet"]
_START_TIMEOUT_S = 120


@dataclass(frozen=True)
class Client:
    """A client the mock accepts."""

    client_id: str
    client_secret: str


class MockProcess:
    """A running ``learnkit-mock serve``: its URL, the credentials its banner printed, and its control path."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("the tests run the mock platform with Node 20: put node on PATH")
        self._process = subprocess.Popen(
            [node, *COMMAND],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        self.output: list[str] = []
        threading.Thread(target=self._drain, name="learnkit-mock-output", daemon=True).start()
        banner = self._banner()
        url = re.search(r"listening on (http://\S+)", banner)
        if url is None:
            self.stop()
            raise RuntimeError(f"learnkit-mock serve did not start:\n{banner}")
        #: The base URL of the loopback server.
        self.url = url.group(1)
        #: The clients by label (``partner``, ``otherPartner``, ...).
        self.clients = {
            m.group(1): Client(m.group(2), m.group(3))
            for m in re.finditer(r"^  (\w+) +(\S+-client) +(\S+)$", banner, re.MULTILINE)
        }
        student = re.search(r"^Student +(\S+) \((\S+)\)$", banner, re.MULTILINE)
        application = re.search(r"^Application +(\S+)$", banner, re.MULTILINE)
        assert student is not None and application is not None, banner
        self.student_email, self.student_id = student.group(1), student.group(2)
        self.application_id = application.group(1)

    def _drain(self) -> None:
        # Reading the output to its end keeps the pipe from filling and the mock from blocking on a write.
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self.output.append(line)
            self._lines.put(line)
        self._lines.put(None)

    def _banner(self) -> str:
        lines: list[str] = []
        ends_at = time.monotonic() + _START_TIMEOUT_S
        while time.monotonic() < ends_at:
            try:
                line = self._lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:
                break
            lines.append(line)
            if "Press Ctrl-C to stop." in line:
                break
        return "".join(lines)

    @property
    def partner(self) -> Client:
        """The partner client: every scope, the seeded application's webhooks, the Maple district."""
        return self.clients["partner"]

    def control(self, method: str, path: str, body: Any = None) -> Any:
        """Calls the control path (``faults``, ``tokens/revoke``, ``requests``, ``caliper-events``)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}/__learnkit-mock/{path}", data=data, method=method, headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def inject(self, **fault: Any) -> dict[str, Any]:
        """Injects a fault (the members of the mock's ``FaultSpec``: ``path``, ``status``, ``retryAfter``, ...)."""
        answer: dict[str, Any] = self.control("POST", "faults", fault)["fault"]
        return answer

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

    def stop(self) -> None:
        """Stops the process (SIGTERM: the mock closes its server and exits)."""
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(timeout=15)


_shared: MockProcess | None = None
_lock = threading.Lock()


def mock() -> MockProcess:
    """The one mock of this test run, started on first use and stopped when the test process exits."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = MockProcess()
            atexit.register(_shared.stop)
        return _shared


class Since:
    """The mock's requests after this point, to count what one test caused."""

    def __init__(self, platform: MockProcess) -> None:
        self._platform = platform
        self._start = len(platform.requests())

    def requests(self, method: str | None = None, path: str | None = None) -> list[dict[str, Any]]:
        """The requests since, of ``method`` and ``path`` when given."""
        return [
            r
            for r in self._platform.requests()[self._start :]
            if (method is None or r["method"] == method) and (path is None or r["path"] == path)
        ]
