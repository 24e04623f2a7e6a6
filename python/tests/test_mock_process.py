"""The mock the tests start: from the build when it is up to date, and never left running by a killed test run
(docs/decisions.md#d-python-tests-mock-build, docs/decisions.md#d-mock-serve-stops-with-parent)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path

from .support.mock import BUILT, SOURCES, start_command
from .support.paths import PROJECT

#: A test run, as far as the mock can tell: it starts the tests' mock, prints its pid and address, and waits.
PARENT = """
import time
from tests.support.mock import MockProcess
mock = MockProcess()
print(mock.pid, mock.url, flush=True)
time.sleep(600)
"""


def running(pid: int) -> bool:
    """Whether process ``pid`` runs; an ended process nobody reaped yet (a zombie) does not."""
    stat = Path(f"/proc/{pid}/stat")
    if Path("/proc/self/stat").exists():
        try:
            return stat.read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
        except FileNotFoundError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def end(pid: int) -> None:
    """Ends what a failed test left running."""
    if running(pid):
        os.kill(pid, signal.SIGKILL)


class TheMockOfTheTests(unittest.TestCase):
    def test_stops_within_2_s_when_the_test_process_is_killed(self) -> None:
        parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=PROJECT, stdout=subprocess.PIPE, text=True)
        assert parent.stdout is not None
        self.addCleanup(parent.stdout.close)
        self.addCleanup(parent.wait)
        self.addCleanup(parent.kill)
        printed = parent.stdout.readline().split()
        self.assertEqual(len(printed), 2, "the parent did not start the mock")
        pid, url = int(printed[0]), printed[1]
        self.addCleanup(end, pid)
        with urllib.request.urlopen(f"{url}/__learnkit-mock/requests", timeout=30) as response:
            self.assertEqual(response.status, 200)

        parent.send_signal(signal.SIGKILL)
        parent.wait()
        ends_at = time.monotonic() + 2
        while running(pid) and time.monotonic() < ends_at:
            time.sleep(0.05)
        self.assertFalse(running(pid), "the mock outlived the test process by 2 s")
        with self.assertRaises(urllib.error.URLError):
            urllib.request.urlopen(f"{url}/__learnkit-mock/requests", timeout=5)


def _write(path: Path, text: str, mtime: float) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    os.utime(path, (mtime, mtime))


class TheCommandThatStartsIt(unittest.TestCase):
    """A repository of four packages: the mock, core (built; the mock's dependency), contract (no build; core's) and
    sdk (built; the mock does not use it)."""

    def setUp(self) -> None:
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.repo = Path(folder.name)
        build = {"build": "tsup"}
        manifests = {
            "mock": {"name": "@learnkit/mock", "scripts": build, "dependencies": {"@learnkit/core": "workspace:^"}},
            "core": {
                "name": "@learnkit/core",
                "scripts": build,
                "devDependencies": {"@learnkit/contract": "workspace:*"},
            },
            "contract": {"name": "@learnkit/contract", "dependencies": {"yaml": "2.9.1"}},
            "sdk": {"name": "@learnkit/sdk", "scripts": build},
        }
        for name, manifest in manifests.items():
            _write(self.repo / "packages" / name / "package.json", json.dumps(manifest), 1_000)
            _write(self.repo / "packages" / name / "src" / "index.ts", "", 1_000)

    def build(self, *names: str, at: float = 2_000) -> None:
        for name in names:
            _write(self.repo / "packages" / name / "dist" / "index.js", "", at)

    def test_the_sources_while_a_package_is_not_built(self) -> None:
        self.build("mock")
        start = start_command(self.repo)
        self.assertEqual(start.args[: len(SOURCES)], SOURCES)
        self.assertEqual(start.from_sources_because, "packages/core/dist: not built")

    def test_the_build_when_it_is_newer_than_every_source(self) -> None:
        self.build("mock", "core")
        # A package the mock does not depend on changes nothing.
        _write(self.repo / "packages" / "sdk" / "src" / "index.ts", "", 3_000)
        start = start_command(self.repo)
        self.assertEqual(start.args, [*BUILT, "serve", "--port", "0", "--quiet"])
        self.assertIsNone(start.from_sources_because)

    def test_the_sources_when_one_changed_after_the_build(self) -> None:
        self.build("mock", "core")
        _write(self.repo / "packages" / "contract" / "src" / "schema-set.ts", "", 3_000)
        start = start_command(self.repo)
        self.assertEqual(start.args[: len(SOURCES)], SOURCES)
        self.assertEqual(
            start.from_sources_because, "packages/contract/src/schema-set.ts changed after packages/mock/dist was built"
        )

    def test_the_build_when_the_package_whose_sources_changed_was_built_again(self) -> None:
        self.build("mock", "core")
        _write(self.repo / "packages" / "mock" / "src" / "cli.ts", "", 3_000)
        self.assertIsNotNone(start_command(self.repo).from_sources_because)
        self.build("mock", at=4_000)
        self.assertIsNone(start_command(self.repo).from_sources_because)
