"""The tests run against the installed wheel (docs/decisions.md#d-python-wheel-tests): under ``pnpm test:python``
(``LEARNKIT_TEST_INSTALLED=1``) a ``learnkit`` imported from the source folder is refused."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import learnkit
from learnkit._token_cache import shared_tokens

from .support.paths import PROJECT

if os.environ.get("LEARNKIT_TEST_INSTALLED") == "1":
    where = Path(learnkit.__file__).resolve()
    if PROJECT / "learnkit" in where.parents:
        raise RuntimeError(f"the tests must import the installed wheel, not {where}")


@pytest.fixture(autouse=True)
def _fresh_token_cache() -> Iterator[None]:
    """Each test starts with no token: clients of one process share tokens by credentials
    (docs/decisions.md#d-shared-token-cache), and many tests use the same credentials against another server."""
    shared_tokens.clear()
    yield
    shared_tokens.clear()
