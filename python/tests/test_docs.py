"""Docs are code: every ```python block of docs/python.md and python/README.md is compiled, and each ```python run
block runs to its end against the mock platform, in a folder holding the guide's ``learnkit.config.json``. The info
string says what is done (docs/decisions.md#d-python-docs-run): ``python`` compiled, ``python run`` also run,
``python illustrative`` neither; an unknown word fails the test, so a typo cannot turn a check off."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import unittest
from dataclasses import dataclass
from pathlib import Path

from .support.mock import mock
from .support.paths import PROJECT, REPO

DOCS = [REPO / "docs" / "python.md", PROJECT / "README.md"]
_FENCE = re.compile(r"^(`{3,})(\w*)([^\n`]*)\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
KINDS = {"check", "run", "illustrative"}


@dataclass(frozen=True)
class Block:
    doc: str
    line: int
    language: str
    kind: str
    attributes: dict[str, str]
    source: str

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of one markdown file, with their info strings read."""
    text = path.read_text(encoding="utf-8")
    found: list[Block] = []
    for match in _FENCE.finditer(text):
        words = match.group(3).split()
        kind = "check"
        attributes: dict[str, str] = {}
        for word in words:
            if "=" in word:
                key, _, value = word.partition("=")
                attributes[key] = value
            elif match.group(2) == "python":
                if word not in KINDS - {"check"}:
                    raise AssertionError(f"{path.name}: unknown word {word!r} in a python block's info string")
                kind = word
        line = text.count("\n", 0, match.start()) + 1
        found.append(Block(str(path.relative_to(REPO)), line, match.group(2), kind, attributes, match.group(4)))
    return found


ALL = [b for doc in DOCS for b in blocks(doc)]
PYTHON = [b for b in ALL if b.language == "python"]


class Docs(unittest.TestCase):
    def test_finds_the_python_blocks_of_the_guide_and_the_readme(self) -> None:
        self.assertGreaterEqual(len([b for b in PYTHON if b.kind == "run"]), 8)
        self.assertEqual({b.doc for b in PYTHON}, {"docs/python.md", "python/README.md"})

    def test_every_python_block_that_is_not_illustrative_compiles(self) -> None:
        for block in PYTHON:
            if block.kind != "illustrative":
                with self.subTest(block.where):
                    compile(block.source, block.where, "exec")

    def test_every_run_block_runs_to_its_end_against_the_mock(self) -> None:
        platform = mock()
        files = {b.attributes["file"]: b.source for b in ALL if "file" in b.attributes}
        self.assertIn("learnkit.config.json", files)
        env = {
            **os.environ,
            "LEARNKIT_BASE_URL": platform.url,
            "LEARNKIT_CLIENT_ID": platform.partner.client_id,
            "LEARNKIT_CLIENT_SECRET": platform.partner.client_secret,
            "LEARNKIT_APP_ID": platform.application_id,
            "LEARNKIT_STUDENT_EMAIL": platform.student_email,
            "LEARNKIT_STUDENT_ID": platform.student_id,
        }
        env.pop("LEARNKIT_AUTH_URL", None)
        for block in PYTHON:
            if block.kind != "run":
                continue
            with self.subTest(block.where), tempfile.TemporaryDirectory() as folder:
                for name, content in files.items():
                    Path(folder, name).write_text(content, encoding="utf-8")
                script = Path(folder, "snippet.py")
                script.write_text(block.source, encoding="utf-8")
                done = subprocess.run(
                    [sys.executable, str(script)], cwd=folder, env=env, capture_output=True, text=True, timeout=120
                )
                self.assertEqual(done.returncode, 0, f"{block.where} failed:\n{block.source}\n{done.stderr}")
