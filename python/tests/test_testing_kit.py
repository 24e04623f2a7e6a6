"""``learnkit.testing``: the pytest plugin the wheel registers. A user's test asking for ``learnkit_mock`` gets a
running ``learnkit-mock serve`` and the ``LEARNKIT_*`` variables; the mock is gone when pytest ends, even killed; and
without Node the failure says what to install (docs/decisions.md#d-python-testing-kit)."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .support.mock import SERVE, start_command
from .support.paths import REPO

USER_TEST = """
import os

from learnkit import LearnKit
from learnkit.testing import MockPlatform


def test_reads_from_the_mock(learnkit_mock: MockPlatform) -> None:
    assert os.environ["LEARNKIT_BASE_URL"] == learnkit_mock.url
    with LearnKit() as lk:
        assert lk.case.documents.list(limit=1).first_page().items
    print("MOCK-PID", learnkit_mock.pid, flush=True)
"""


def repo_command() -> str:
    """The repository's mock as a command that runs from any folder (as a user's ``LEARNKIT_MOCK_COMMAND``)."""
    node = shutil.which("node") or "node"
    loader = (REPO / "node_modules" / "tsx" / "dist" / "loader.mjs").as_uri()
    args = start_command().args[: -len(SERVE)]
    return shlex.join(
        [node, *[loader if a == "tsx" else str(REPO / a) if a.endswith((".js", ".ts")) else a for a in args]]
    )


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def pytest_in(folder: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    Path(folder, "test_user.py").write_text(USER_TEST, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "test_user.py"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_fixture_starts_the_mock_sets_the_variables_and_stops_it() -> None:
    env = {**os.environ, "LEARNKIT_MOCK_COMMAND": repo_command()}
    for name in ("LEARNKIT_BASE_URL", "LEARNKIT_CLIENT_ID", "LEARNKIT_CLIENT_SECRET"):
        env.pop(name, None)
    with tempfile.TemporaryDirectory() as folder:
        done = pytest_in(folder, env)
    assert done.returncode == 0, done.stdout + done.stderr
    pid = int(done.stdout.split("MOCK-PID")[1].split()[0])
    deadline = time.monotonic() + 5
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not running(pid)


def test_a_killed_test_run_leaves_no_mock_behind() -> None:
    script = (
        "import time\n"
        "from learnkit.testing import MockPlatform\n"
        f"platform = MockPlatform.start({shlex.split(repo_command())!r}, cwd={str(REPO)!r})\n"
        "print(platform.pid, flush=True)\n"
        "time.sleep(600)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    pid = int(parent.stdout.readline())
    assert running(pid)
    parent.send_signal(signal.SIGKILL)
    parent.wait(10)
    deadline = time.monotonic() + 10
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not running(pid)


def test_without_node_the_failure_says_what_to_install() -> None:
    python_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": python_dir}
    env.pop("LEARNKIT_MOCK_COMMAND", None)
    with tempfile.TemporaryDirectory() as folder:
        done = pytest_in(folder, env)
    assert done.returncode != 0
    assert "node is not on PATH" in done.stdout and "npm install --save-dev @learnkit/mock" in done.stdout
