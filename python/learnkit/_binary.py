"""A file the platform responded instead of JSON (a Common Cartridge ``.imscc``, ...): :class:`BinaryResponseContent`
(docs/decisions.md#d-oneroster-binary-export)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from urllib.parse import unquote

__all__ = ["BinaryResponseContent"]

_EXTENDED = re.compile(r"filename\*\s*=\s*utf-8''([^;]+)", re.IGNORECASE)
_PLAIN = re.compile(r'filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))', re.IGNORECASE)


class BinaryResponseContent:
    """The bytes of a file response with its media type and file name. The transport has read the whole body (so
    retries and errors work as for JSON); every reader gives the same bytes.

    Example::

        cartridge = lk.oneroster.resources.export("res-fractions-video")
        cartridge.write_to_file(cartridge.filename or "resource.imscc")
        print(cartridge.content_type, len(cartridge.content))
    """

    def __init__(self, content: bytes, headers: Mapping[str, str]) -> None:
        self._content = content
        #: Headers of the final response, names in lower case.
        self.headers = headers

    @property
    def content(self) -> bytes:
        """Every byte of the file."""
        return self._content

    @property
    def content_type(self) -> str | None:
        """The media type without parameters (``application/zip``), or None when the response names none."""
        kind = self.headers.get("content-type")
        return kind.split(";")[0].strip().lower() if kind else None

    @property
    def filename(self) -> str | None:
        """The file name ``Content-Disposition`` gives (``filename*`` first), only its last segment, or None."""
        return filename_of(self.headers.get("content-disposition"))

    def iter_bytes(self, chunk_size: int = 65536) -> Iterator[bytes]:
        """The bytes in chunks of at most ``chunk_size``."""
        if chunk_size < 1:
            raise ValueError(f"chunk_size must be at least 1 (got {chunk_size})")
        for start in range(0, len(self._content), chunk_size):
            yield self._content[start : start + chunk_size]

    def write_to_file(self, file: str | os.PathLike[str]) -> None:
        """Writes the bytes to ``file`` (created or replaced).

        Example::

            lk.oneroster.resources.export("res-fractions-video").write_to_file("fractions.imscc")
        """
        Path(file).write_bytes(self._content)

    def __len__(self) -> int:
        return len(self._content)

    def __repr__(self) -> str:
        return f"BinaryResponseContent(content_type={self.content_type!r}, size={len(self._content)})"


def filename_of(disposition: str | None) -> str | None:
    """The file name of a ``Content-Disposition`` value: RFC 6266's ``filename*`` (UTF-8) wins over ``filename``."""
    if not disposition:
        return None
    extended = _EXTENDED.search(disposition)
    if extended:
        try:
            name = _base_name(unquote(extended.group(1).strip(), errors="strict"))
        except UnicodeDecodeError:  # not UTF-8 after all: the plain name below
            name = None
        if name:
            return name
    plain = _PLAIN.search(disposition)
    if not plain:
        return None
    quoted, bare = plain.group(1), plain.group(2)
    return _base_name(re.sub(r"\\(.)", r"\1", quoted) if quoted is not None else bare)


def _base_name(name: str) -> str | None:
    """Only the last segment, so a server's ``../../x`` names no place outside the folder a caller writes to."""
    last = re.split(r"[\\/]", name)[-1].strip()
    return last if last and last not in {".", ".."} else None
