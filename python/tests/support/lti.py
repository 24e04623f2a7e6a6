"""A launching platform for the LTI tests: key pairs made here, tokens signed with them, and a key set served from a
loopback server that counts its fetches and can hang or fail on demand."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

ISSUER = "https://timeback.example"
AUDIENCE = "lti-client-7"
LTI = "https://purl.imsglobal.org/spec/lti/claim/"


@dataclass
class Key:
    kid: str
    alg: str
    private: Any

    @property
    def public_jwk(self) -> dict[str, Any]:
        algorithm = RSAAlgorithm if self.alg == "RS256" else ECAlgorithm
        jwk: dict[str, Any] = json.loads(algorithm.to_jwk(self.private.public_key()))
        return {**jwk, "kid": self.kid, "alg": self.alg, "use": "sig"}

    @property
    def public_pem(self) -> bytes:
        return bytes(
            self.private.public_key().public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            )
        )


def rsa_key(kid: str | None = None) -> Key:
    return Key(
        kid or f"rsa-{uuid.uuid4().hex[:8]}", "RS256", rsa.generate_private_key(public_exponent=65537, key_size=2048)
    )


def ec_key(kid: str | None = None) -> Key:
    return Key(kid or f"ec-{uuid.uuid4().hex[:8]}", "ES256", ec.generate_private_key(ec.SECP256R1()))


def claims(now: float | None = None, /, **overrides: Any) -> dict[str, Any]:
    """A resource-link launch's claims for the student ada, ``overrides`` applied (None removes a claim)."""
    at = int(time.time() if now is None else now)
    base: dict[str, Any] = {
        "iss": ISSUER,
        "aud": AUDIENCE,
        "sub": "3f1c2a8e-5b7d-4c1e-9a2f-6d8e0b4c7a10",
        "iat": at,
        "exp": at + 300,
        "nonce": uuid.uuid4().hex,
        "email": "ada@example.com",
        "name": "Ada Lovelace",
        "given_name": "Ada",
        "family_name": "Lovelace",
        LTI + "message_type": "LtiResourceLinkRequest",
        LTI + "version": "1.3.0",
        LTI + "deployment_id": "dep-1",
        LTI + "target_link_uri": "https://app.example/lesson",
        LTI + "roles": ["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"],
        LTI + "context": {"id": "class-1", "title": "Math 3"},
        LTI + "resource_link": {"id": "link-1"},
    }
    base.update(overrides)
    return {k: v for k, v in base.items() if v is not None}


def sign(key: Key, payload: dict[str, Any], *, kid: str | None = "same") -> str:
    headers = {"kid": key.kid if kid == "same" else kid} if kid is not None else {}
    return jwt.encode(payload, key.private, algorithm=key.alg, headers=headers)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unsigned(payload: dict[str, Any]) -> str:
    """``alg: none``: a token with no signature."""
    head = b64(json.dumps({"alg": "none", "typ": "JWT"}).encode())
    return f"{head}.{b64(json.dumps(payload).encode())}."


def hs256_with(secret: bytes, payload: dict[str, Any], kid: str) -> str:
    """Algorithm confusion: HS256 with ``secret`` (the platform's public key) as the HMAC key."""
    head = b64(json.dumps({"alg": "HS256", "typ": "JWT", "kid": kid}).encode())
    body = b64(json.dumps(payload).encode())
    mac = hmac.new(secret, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{b64(mac)}"


@dataclass
class KeySetServer:
    """The platform's ``/.well-known/jwks.json`` on a loopback port."""

    keys: list[Key]
    url: str = ""
    fetches: int = 0
    hang: float = 0.0
    #: Seconds between bytes of a body sent one byte at a time (each read quicker than a read timeout).
    trickle: float = 0.0
    status: int = 200
    lock: threading.Lock = field(default_factory=threading.Lock)

    def document(self) -> bytes:
        return json.dumps({"keys": [k.public_jwk for k in self.keys]}).encode()


@contextmanager
def key_set_server(*keys: Key) -> Iterator[KeySetServer]:
    state = KeySetServer(list(keys))

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            with state.lock:
                state.fetches += 1
            if state.hang:
                time.sleep(state.hang)
            body = state.document()
            self.send_response(state.status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            if not state.trickle:
                self.wfile.write(body)
                return
            try:
                for byte in body:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(state.trickle)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up, as it should

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.url = f"http://127.0.0.1:{server.server_address[1]}/.well-known/jwks.json"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
