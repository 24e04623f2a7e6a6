"""The mock platform as a process, as a partner runs it: ``learnkit-mock serve --port 0``, from the package's build
when it is newer than the sources, else from the repository's sources (no build needed;
docs/decisions.md#d-python-tests-mock-build), started on first use and stopped when the tests end, or when the test
process
is killed: the mock stops when the process that started it ends (docs/decisions.md#d-mock-serve-stops-with-parent). Its
control path
(``/__learnkit-mock/...``) injects faults and shows what it saw (docs/decisions.md#d-mock-control-over-http). The
process
is ``learnkit.testing``'s ``MockPlatform``, started with the repository's command
(docs/decisions.md#d-python-testing-kit)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from learnkit.testing import MockPlatform

from .paths import REPO

#: The package's command, which runs its build (dist/cli.js; docs/decisions.md#d-pkg-mock-bin).
BUILT = ["packages/mock/bin/learnkit-mock.js"]
#: Node with tsx's loader and the source condition: the mock's CLI from src/.
SOURCES = ["--import", "tsx", "--conditions=@learnkit/source", "packages/mock/src/cli.ts"]
#: What the tests ask of it.
SERVE = ["serve", "--port", "0", "--quiet"]
_START_TIMEOUT_S = 120


@dataclass(frozen=True)
class Start:
    """How the mock is started: node's arguments, and why from the sources when it is (None: from the build)."""

    args: list[str]
    from_sources_because: str | None


def _files(folder: Path) -> list[Path]:
    """Every file below ``folder`` (none when it does not exist)."""
    return [Path(root) / name for root, _, names in os.walk(folder) for name in names]


def _manifest(folder: Path) -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads((folder / "package.json").read_text("utf-8"))
    return manifest


def _workspace_packages(repo: Path, name: str) -> list[Path]:
    """The folders of the workspace package ``name`` and of every workspace package it depends on, at any depth."""
    folders = {_manifest(path.parent)["name"]: path.parent for path in (repo / "packages").glob("*/package.json")}
    found: list[Path] = []
    todo = [name]
    while todo:
        folder = folders[todo.pop()]
        if folder in found:
            continue
        found.append(folder)
        manifest = _manifest(folder)
        for dependencies in (manifest.get("dependencies", {}), manifest.get("devDependencies", {})):
            todo += [dependency for dependency, version in dependencies.items() if version.startswith("workspace:")]
    return found


def start_command(repo: Path = REPO) -> Start:
    """The build of the mock when every package of it that has a build (the mock, and the workspace packages it
    depends on) is built and newer than its sources and those of the workspace packages it depends on, else the
    sources: a first start from them compiles them and can take a minute
    (docs/decisions.md#d-python-tests-mock-build)."""
    for folder in _workspace_packages(repo, "@learnkit/mock"):
        if "build" not in _manifest(folder).get("scripts", {}):
            continue
        dist = _files(folder / "dist")
        if not dist:
            return Start([*SOURCES, *SERVE], f"{folder.relative_to(repo)}/dist: not built")
        built_at = min(path.stat().st_mtime for path in dist)
        used = _workspace_packages(repo, _manifest(folder)["name"])
        sources = [path for package in used for path in _files(package / "src")]
        newest = max(sources, key=lambda path: path.stat().st_mtime)
        if newest.stat().st_mtime > built_at:
            changed = f"{newest.relative_to(repo)} changed after {folder.relative_to(repo)}/dist was built"
            return Start([*SOURCES, *SERVE], changed)
    return Start([*BUILT, *SERVE], None)


class MockProcess(MockPlatform):
    """The repository's mock, as ``learnkit.testing`` starts one: from its build when it is up to date, else from the
    TypeScript sources (docs/decisions.md#d-python-tests-mock-build)."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("the tests run the mock platform with Node 20: put node on PATH")
        start = start_command()
        if start.from_sources_because is not None:
            _say(
                f"starting learnkit-mock serve from the TypeScript sources ({start.from_sources_because}); a first"
                " start compiles them and can take a minute (`pnpm build` makes it start in about a second)"
            )
        started = MockPlatform.start([node, *start.args[: -len(SERVE)]], cwd=REPO, timeout=_START_TIMEOUT_S)
        self.__dict__.update(started.__dict__)
        assert self.student_email and self.application_id, "".join(self.output)


def _say(message: str) -> None:
    """A line on stderr, where the test runner shows it while the tests wait."""
    print(f"[tests] {message}", file=sys.stderr, flush=True)


_shared: MockProcess | None = None
_lock = threading.Lock()


def mock() -> MockProcess:
    """The one mock of this test run, started on first use and stopped when the test process exits."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = MockProcess()
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
