"""The tests run against the installed wheel (docs/decisions.md#d-i30-wheel-tests): under ``pnpm test:python``
(``LEARNKIT_TEST_INSTALLED=1``) a ``learnkit`` imported from the source folder is refused."""

from __future__ import annotations

import os
from pathlib import Path

import learnkit

from .support.paths import PROJECT

if os.environ.get("LEARNKIT_TEST_INSTALLED") == "1":
    where = Path(learnkit.__file__).resolve()
    if PROJECT / "learnkit" in where.parents:
        raise RuntimeError(f"the tests must import the installed wheel, not {where}")
