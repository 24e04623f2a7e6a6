"""The package's version, one place for pyproject.toml (dynamic) and the client header."""

__version__ = "0.1.0"
