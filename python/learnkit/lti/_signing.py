"""Signed values (the session cookie and the login's ``state``): ``v1.<payload>.<HMAC-SHA256>``, base64url, signed
with the first secret and accepted with any of them, so secrets rotate without signing anyone out
(docs/decisions.md#d-lti-python-session)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Sequence
from typing import Any

from pydantic import SecretStr

from ..errors import ValidationError, ValidationIssue

__all__ = ["Signer"]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    """Signs a JSON object with an expiry and reads it back; purpose-bound (a state is never a session)."""

    def __init__(self, secrets: str | SecretStr | Sequence[str | SecretStr], purpose: str, field: str) -> None:
        listed = [secrets] if isinstance(secrets, (str, SecretStr)) else list(secrets)
        keys = [s.get_secret_value() if isinstance(s, SecretStr) else s for s in listed]
        if not keys or not all(isinstance(k, str) and len(k) >= 32 for k in keys):
            raise ValidationError(
                [
                    ValidationIssue(
                        (field,),
                        "must be a secret of at least 32 characters (or a list "
                        "of them, the first signing: rotate by putting the new one first)",
                    )
                ]
            )
        self._keys = [hashlib.sha256(f"learnkit-lti:{purpose}:{k}".encode()).digest() for k in keys]

    def _mac(self, key: bytes, body: str) -> str:
        return _b64(hmac.new(key, body.encode("ascii"), hashlib.sha256).digest())

    def sign(self, payload: dict[str, Any]) -> str:
        """``payload`` (with its ``exp``) signed with the first secret."""
        body = "v1." + _b64(json.dumps(payload, separators=(",", ":")).encode("utf-8"))
        return f"{body}.{self._mac(self._keys[0], body)}"

    def read(self, value: str | None, now: float) -> dict[str, Any] | None:
        """The payload of ``value`` when a secret signed it and it has not expired, else None."""
        if not value or len(value) > 8192 or value.count(".") != 2:
            return None
        body, _, mac = value.rpartition(".")
        if not any(hmac.compare_digest(self._mac(key, body), mac) for key in self._keys):
            return None
        try:
            payload = json.loads(_unb64(body[3:]))
        except ValueError:
            return None
        exp = payload.get("exp") if isinstance(payload, dict) else None
        return payload if isinstance(exp, (int, float)) and exp > now else None
