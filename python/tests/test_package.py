"""What a user installs: pyproject.toml names every package and ``py.typed``, the package imports nothing outside the
standard library, and the public names import (docs/decisions.md#d-i17-python-package)."""

from __future__ import annotations

import ast
import sys
import tomllib
import unittest

import learnkit
from learnkit._version import __version__

from .support.paths import PROJECT

PYPROJECT = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
SOURCES = sorted((PROJECT / "learnkit").rglob("*.py"))


class Package(unittest.TestCase):
    def test_pyproject_lists_every_package_folder_and_ships_py_typed(self) -> None:
        folders = sorted(
            ".".join(p.parent.relative_to(PROJECT).parts) for p in (PROJECT / "learnkit").rglob("__init__.py")
        )
        self.assertEqual(sorted(PYPROJECT["tool"]["setuptools"]["packages"]), folders)
        self.assertEqual(PYPROJECT["tool"]["setuptools"]["package-data"], {"learnkit": ["py.typed"]})
        self.assertTrue((PROJECT / "learnkit" / "py.typed").is_file())

    def test_needs_python_3_11_and_no_dependency(self) -> None:
        project = PYPROJECT["project"]
        self.assertEqual((project["requires-python"], project["dependencies"]), (">=3.11", []))
        self.assertEqual(PYPROJECT["tool"]["setuptools"]["dynamic"]["version"], {"attr": "learnkit._version.__version__"})
        self.assertEqual(learnkit.__version__, __version__)

    def test_imports_nothing_outside_the_standard_library(self) -> None:
        outside: list[str] = []
        for source in SOURCES:
            tree = ast.parse(source.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                    if isinstance(node, ast.ImportFrom) and node.level == 0
                    else []
                )
                for name in names:
                    top = name.split(".")[0]
                    if top not in sys.stdlib_module_names and top not in ("learnkit", "__future__"):
                        outside.append(f"{source.name}: {name}")
        self.assertEqual(outside, [])

    def test_every_public_name_imports(self) -> None:
        for name in learnkit.__all__:
            self.assertTrue(hasattr(learnkit, name), name)
        self.assertIn("LearnKit", learnkit.__all__)
        self.assertIn("verify_webhook", learnkit.__all__)
