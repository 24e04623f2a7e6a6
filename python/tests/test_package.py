"""What a user installs: the wheel and the sdist ``python -m build`` made, the dependencies the package declares and
imports, ``py.typed``, and the public names (docs/decisions.md#d-python-package-layout,
docs/decisions.md#d-python-dependencies)."""

from __future__ import annotations

import ast
import subprocess
import sys
import tarfile
import tomllib
import unittest
import zipfile
from importlib import metadata

import learnkit
from learnkit._version import __version__

from .support.paths import PROJECT

PYPROJECT = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
SOURCES = sorted((PROJECT / "learnkit").rglob("*.py"))
DIST = PROJECT / "dist"
#: What the package may import besides the standard library: its dependencies, and the frameworks of its optional
#: modules (each imported only by its own module).
ALLOWED = {
    "httpx": None,
    "pydantic": None,
    "typing_extensions": None,
    "fastapi": "fastapi.py",
    "starlette": "fastapi.py",
    "django": "django.py",
    "redis": None,
    "pytest": "testing.py",
    "jwt": None,
}
#: The modules of the ``lti`` extra: the only ones that import PyJWT (docs/decisions.md#d-lti-python-jwt).
LTI_MODULES = {"_claims.py", "_keys.py"}


class Package(unittest.TestCase):
    def test_declares_httpx_pydantic_and_typing_extensions_and_the_framework_extras(self) -> None:
        project = PYPROJECT["project"]
        self.assertEqual(project["requires-python"], ">=3.11")
        self.assertEqual([d.split(">")[0] for d in project["dependencies"]], ["httpx", "pydantic", "typing-extensions"])
        self.assertEqual(set(project["optional-dependencies"]), {"fastapi", "django", "redis", "lti"})
        self.assertEqual([d.split(">")[0] for d in project["optional-dependencies"]["lti"]], ["PyJWT[crypto]"])
        self.assertEqual(project["entry-points"]["pytest11"], {"learnkit": "learnkit.testing"})
        self.assertEqual(learnkit.__version__, __version__)
        self.assertEqual(metadata.version("learnkit"), __version__)

    def test_imports_only_the_standard_library_and_its_declared_dependencies(self) -> None:
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
                    if top in sys.stdlib_module_names or top in ("learnkit", "__future__"):
                        continue
                    if top not in ALLOWED or (ALLOWED[top] is not None and source.name != ALLOWED[top]):
                        outside.append(f"{source.relative_to(PROJECT)}: {name}")
        self.assertEqual(outside, [])

    def test_pyjwt_is_imported_by_learnkit_lti_alone_so_import_learnkit_works_without_the_extra(self) -> None:
        for source in SOURCES:
            text = source.read_text(encoding="utf-8")
            if "import jwt" in text or "from jwt" in text:
                self.assertEqual((source.parent.name, source.name in LTI_MODULES), ("lti", True), str(source))
        probe = "import sys, learnkit, learnkit.fastapi, learnkit.django; sys.exit('jwt' in sys.modules)"
        self.assertEqual(subprocess.run([sys.executable, "-c", probe], check=False).returncode, 0)
        without = "import sys; sys.modules['jwt'] = None; import learnkit.lti"
        failed = subprocess.run([sys.executable, "-c", without], check=False, capture_output=True, text=True)
        self.assertIn('pip install "learnkit[lti]"', failed.stderr)

    def test_the_wheel_and_the_sdist_hold_every_module_and_py_typed(self) -> None:
        wheels = list(DIST.glob(f"learnkit-{__version__}-py3-none-any.whl"))
        sdists = list(DIST.glob(f"learnkit-{__version__}.tar.gz"))
        self.assertEqual((len(wheels), len(sdists)), (1, 1), "run the tests with `pnpm test:python`, which builds them")
        modules = {str(p.relative_to(PROJECT)) for p in SOURCES} | {"learnkit/py.typed"}
        with zipfile.ZipFile(wheels[0]) as wheel:
            self.assertLessEqual(modules, set(wheel.namelist()))
        with tarfile.open(sdists[0]) as sdist:
            names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
        self.assertLessEqual(modules | {"pyproject.toml", "README.md", "LICENSE"}, names)

    def test_every_public_name_imports_and_the_record_result_is_one(self) -> None:
        for name in learnkit.__all__:
            self.assertTrue(hasattr(learnkit, name), name)
        for name in ("LearnKit", "AsyncLearnKit", "verify_webhook", "RecordResult", "WebhookHandler", "SigningSecret"):
            self.assertIn(name, learnkit.__all__)
