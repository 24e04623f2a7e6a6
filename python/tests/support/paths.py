"""Where things are: the tests read files of the repository they live in (never anything beside it)."""

from pathlib import Path

#: ``python/``, the Python package's project folder.
PROJECT = Path(__file__).resolve().parents[2]
#: The repository's root.
REPO = PROJECT.parent
#: The test vectors shared with the TypeScript package's tests.
WEBHOOK_VECTORS = REPO / "packages" / "webhooks" / "test" / "fixtures" / "test-vectors.json"
