"""The checks of an ID token before its key is looked up (size, header, algorithm) and of its claims after its
signature (issuer, audience, times, the LTI claims): the same checks and reasons as the TypeScript verifier
(docs/decisions.md#d-lti-python-refusals). No message quotes a claim's value."""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import jwt
from jwt import PyJWK
from jwt.exceptions import DecodeError, InvalidAlgorithmError, InvalidSignatureError

from ..errors import LaunchVerificationError
from ._launch import LTI_CLAIM

__all__ = ["ALLOWED_ALGORITHMS", "MAX_TOKEN_BYTES", "ClaimRules", "check_claims", "read_header", "verify_signature"]

#: An ID token longer than this is refused before it is parsed.
MAX_TOKEN_BYTES = 64 * 1024
#: The only algorithms accepted: never ``none``, never HS* (docs/decisions.md#d-lti-python-refusals).
ALLOWED_ALGORITHMS = ("RS256", "ES256")

_DECODE_OPTIONS: Any = {
    "verify_signature": True,
    "verify_exp": False,
    "verify_nbf": False,
    "verify_iat": False,
    "verify_aud": False,
    "verify_iss": False,
    "verify_sub": False,
    "verify_jti": False,
    "require": [],
}


@dataclass(frozen=True)
class ClaimRules:
    """What a launch's claims must say."""

    issuer: str
    audience: str
    clock_tolerance: float
    deployment_ids: tuple[str, ...]


def _header_of(token: str) -> dict[str, Any]:
    # Read here rather than with jwt.get_unverified_header, which decodes the whole token a second time (a third of a
    # cached-key launch's cost with PyJWT 2.15, docs/decisions.md#d-lti-python-jwt).
    parts = token.split(".")
    try:
        if len(parts) != 3:
            raise ValueError("not three segments")
        header = json.loads(base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4)))
    except (ValueError, binascii.Error):
        header = None
    if not isinstance(header, dict):
        raise LaunchVerificationError("malformed", ": the token is not a compact JWS (header.payload.signature)")
    return header


def read_header(token: object) -> tuple[str | None, str]:
    """``(kid, alg)`` of a token whose size and algorithm pass, read without trusting it."""
    if not isinstance(token, str) or not token:
        raise LaunchVerificationError("malformed", ": id_token must be a non-empty string (the form field id_token)")
    if len(token) > MAX_TOKEN_BYTES or len(token.encode("utf-8", "replace")) > MAX_TOKEN_BYTES:
        raise LaunchVerificationError("malformed", f": the token is over {MAX_TOKEN_BYTES} bytes; it was not parsed")
    header = _header_of(token)
    alg = header.get("alg")
    if alg not in ALLOWED_ALGORITHMS:
        raise LaunchVerificationError(
            "algorithm_not_allowed", f": only {' and '.join(ALLOWED_ALGORITHMS)} are accepted (never none or HS*)"
        )
    kid = header.get("kid")
    if kid is not None and not isinstance(kid, str):
        raise LaunchVerificationError("malformed", ": the header's kid is not a string")
    return kid, str(alg)


def verify_signature(token: str, key: PyJWK, alg: str) -> dict[str, Any]:
    """The token's claims once its signature checks with ``key``."""
    try:
        decoded = jwt.api_jwt.decode_complete(token, key.key, algorithms=[alg], options=_DECODE_OPTIONS)
    except InvalidSignatureError:
        raise LaunchVerificationError("bad_signature", ": the signature does not match the platform's key") from None
    except InvalidAlgorithmError:
        raise LaunchVerificationError("algorithm_not_allowed", f": the key does not sign with {alg}") from None
    except (DecodeError, json.JSONDecodeError, UnicodeDecodeError):
        raise LaunchVerificationError("malformed", ": the payload is not a JSON object") from None
    claims = decoded["payload"]
    if not isinstance(claims, dict):
        raise LaunchVerificationError("malformed", ": the payload is not a JSON object")
    return claims


def _missing(name: str) -> LaunchVerificationError:
    return LaunchVerificationError("missing_claim", f": the token has no {name} claim")


def _number(claims: Mapping[str, Any], name: str, required: bool) -> float | None:
    value = claims.get(name)
    if value is None:
        if required:
            raise _missing(name)
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LaunchVerificationError("malformed", f": the {name} claim is not a number of seconds")
    return float(value)


def _check_audience(claims: Mapping[str, Any], audience: str) -> None:
    aud = claims.get("aud")
    if aud is None:
        raise _missing("aud")
    audiences: Sequence[object] = [aud] if isinstance(aud, str) else aud if isinstance(aud, list) else []
    if audience not in audiences:
        raise LaunchVerificationError("wrong_audience", ": the token is for another client id (aud); check audience")
    if len(audiences) > 1 and claims.get("azp") != audience:
        raise LaunchVerificationError("wrong_audience", ": with several audiences, azp must be this client id")


def _check_times(claims: Mapping[str, Any], now: float, tolerance: float) -> None:
    exp = _number(claims, "exp", True)
    iat = _number(claims, "iat", True)
    nbf = _number(claims, "nbf", False)
    if exp is not None and now - tolerance >= exp:
        raise LaunchVerificationError("expired", ": the token's exp has passed; launch again from the platform")
    if iat is not None and iat > now + tolerance:
        raise LaunchVerificationError("not_yet_valid", ": the token's iat is in the future; check the server's clock")
    if nbf is not None and nbf > now + tolerance:
        raise LaunchVerificationError("not_yet_valid", ": the token's nbf has not come yet; check the server's clock")


def _check_lti(claims: Mapping[str, Any], deployment_ids: tuple[str, ...]) -> None:
    for name in ("sub", "nonce", LTI_CLAIM + "message_type", LTI_CLAIM + "version"):
        value = claims.get(name)
        if not isinstance(value, str) or not value:
            raise _missing(name)
    if claims[LTI_CLAIM + "version"] != "1.3.0":
        raise LaunchVerificationError("malformed", ": the LTI version claim is not 1.3.0")
    deployment = claims.get(LTI_CLAIM + "deployment_id")
    if deployment_ids and deployment is None:
        raise _missing(LTI_CLAIM + "deployment_id")
    if deployment_ids and deployment not in deployment_ids:
        raise LaunchVerificationError("wrong_audience", ": the token is for another deployment (deployment_id)")


def check_claims(claims: Mapping[str, Any], rules: ClaimRules, now: float) -> None:
    """Issuer, audience, times and LTI claims, in that order; the first that fails is the refusal."""
    if claims.get("iss") is None:
        raise _missing("iss")
    if claims.get("iss") != rules.issuer:
        raise LaunchVerificationError("wrong_issuer", ": the token comes from another issuer (iss); check issuer")
    _check_audience(claims, rules.audience)
    _check_times(claims, now, rules.clock_tolerance)
    _check_lti(claims, rules.deployment_ids)
