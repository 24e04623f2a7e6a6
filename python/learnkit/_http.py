"""One HTTP attempt over :mod:`http.client`, headers and whole body within one time limit
(docs/decisions.md#d-i13-body-in-time): a server that sends its headers and then stalls the body times out like one
that never answers."""

from __future__ import annotations

import http.client
import socket
import time
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass

_CHUNK = 64 * 1024


@dataclass(frozen=True)
class Answer:
    """What one attempt got: the status, the headers (names in lower case; repeated ones joined by ``, ``) and
    every byte of the body."""

    status: int
    headers: Mapping[str, str]
    body: bytes


class AttemptTimeout(Exception):
    """The attempt ran past its time; the transport makes it an :class:`ApiTimeoutError`."""


class NotSent(Exception):
    """The connection was never made (refused, DNS, TLS handshake): no byte of the request left."""


def send(url: str, method: str, headers: Mapping[str, str], body: bytes | None, timeout_s: float) -> Answer:
    """Sends one request and reads its whole answer within ``timeout_s``. Raises :class:`AttemptTimeout`,
    :class:`NotSent`, or the socket's or :mod:`http.client`'s error when the connection broke after it was made."""
    ends_at = time.monotonic() + timeout_s

    def left() -> float:
        remaining = ends_at - time.monotonic()
        if remaining <= 0:
            raise AttemptTimeout()
        return remaining

    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    connection: http.client.HTTPConnection = (
        http.client.HTTPSConnection(host, parts.port, timeout=left())
        if parts.scheme == "https"
        else http.client.HTTPConnection(host, parts.port, timeout=left())
    )
    response: http.client.HTTPResponse | None = None
    try:
        try:
            connection.connect()
        except TimeoutError:
            raise AttemptTimeout() from None
        except OSError as error:
            raise NotSent(error) from error
        sock = connection.sock
        assert sock is not None
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        try:
            sock.settimeout(left())
            connection.request(method, target, body=body, headers=dict(headers))
            sock.settimeout(left())
            response = connection.getresponse()
            chunks: list[bytes] = []
            # The response closes the socket once the body is complete (Content-Length reached, or HTTP/1.0).
            while not response.isclosed():
                # Each read waits at most for what is left of the attempt: a trickling body cannot stretch it.
                sock.settimeout(left())
                chunk = response.read(_CHUNK)
                if not chunk:
                    break
                chunks.append(chunk)
        except (TimeoutError, socket.timeout):
            raise AttemptTimeout() from None
        merged: dict[str, str] = {}
        for name, value in response.getheaders():
            key = name.lower()
            merged[key] = f"{merged[key]}, {value}" if key in merged else value
        return Answer(response.status, merged, b"".join(chunks))
    finally:
        if response is not None:
            response.close()
        connection.close()
