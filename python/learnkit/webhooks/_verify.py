"""Verifying and signing webhook deliveries: the TypeScript package's scheme (docs/decisions.md#d-webhook-signature).

HMAC-SHA256 of ``<X-Service-Webhook-Timestamp>.<raw body>``, keyed with the whole ``signingSecret`` (its ``whsec_``
prefix included) as UTF-8, sent as 64 lowercase hex characters in ``X-Service-Webhook-Signature``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

import pydantic
from pydantic import SecretStr, TypeAdapter

from ..errors import (
    LearnKitError,
    ValidationError,
    ValidationIssue,
    WebhookVerificationError,
    WebhookVerificationReason,
)
from ..types.platform import KnownWebhookEvent, UnknownWebhookEvent, WebhookEvent
from ._catalogue import CATALOGUE_MEMBERS

__all__ = [
    "DEFAULT_TOLERANCE_SEC",
    "SIGNATURE_HEADER",
    "TIMESTAMP_HEADER",
    "WebhookSecret",
    "is_known_event_type",
    "sign_webhook",
    "verify_webhook",
]

#: A secret as the webhook functions take it: the string, or the :class:`SigningSecret` the platform returned.
WebhookSecret = str | SecretStr

#: The delivery's timestamp header (Unix seconds).
TIMESTAMP_HEADER = "X-Service-Webhook-Timestamp"
#: The delivery's signature header (64 lowercase hex).
SIGNATURE_HEADER = "X-Service-Webhook-Signature"
#: The default replay tolerance: the spec's recommended 300 seconds.
DEFAULT_TOLERANCE_SEC = 300

# ASCII only: Python's `\d` also takes other scripts' digits, which the TypeScript check refuses.
_TIMESTAMP = re.compile(r"[0-9]{1,15}")
_SIGNATURE = re.compile(r"[0-9a-f]{64}")
_MEMBER = re.compile(r"(\w+)(\??)(~?):?(\w*)")
_JSON_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "boolean": bool,
    "number": (int, float),
    "object": dict,
}


class _HasItems(Protocol):
    def items(self) -> Iterable[tuple[str, Any]]: ...


#: Request headers as frameworks give them: a dict (names in any case, values a string or a list of them), or any
#: object with ``items()`` (``http.client.HTTPMessage``, Flask/Werkzeug, Django and Starlette headers).
Headers = Mapping[str, Any] | _HasItems
#: The raw body, exactly as received: bytes or its UTF-8 text.
Body = bytes | bytearray | memoryview | str


def is_known_event_type(event_type: object) -> bool:
    """Whether ``event_type`` is in this package's event catalogue."""
    return isinstance(event_type, str) and event_type in CATALOGUE_MEMBERS


def _fail(reason: WebhookVerificationReason, detail: str = "") -> WebhookVerificationError:
    return WebhookVerificationError(reason, detail)


def _header(headers: Headers, name: str) -> Any:
    """The value of header ``name`` (lower case) whatever the key case; the first of a list."""
    value: Any = None
    for key, item in headers.items():
        if isinstance(key, str) and key.lower() == name:
            value = item
            break
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    return value


def _raw(body: object) -> bytes:
    if isinstance(body, str):
        return body.encode("utf-8")
    if isinstance(body, (bytes, bytearray, memoryview)):
        return bytes(body)
    raise _fail(
        "body_not_raw",
        ": pass the raw body, not a parsed one: request.get_data() in Flask, request.body in Django, "
        "await request.body() in FastAPI and Starlette.",
    )


def _secrets(secret: object) -> list[bytes]:
    listed = list(secret) if isinstance(secret, (list, tuple)) else [secret]

    def one(value: object) -> bytes:
        if isinstance(value, SecretStr):
            value = value.get_secret_value()
        # `…` is in a redacted secret's printed form, never in a real one.
        if isinstance(value, str) and value and "…" not in value:
            return value.encode("utf-8")
        # The value is not echoed: a misplaced argument could be a secret.
        raise LearnKitError("Invalid secret: must be the subscription's signingSecret")

    if not listed:
        one("")
    return [one(s) for s in listed]


def _hints(secrets: Sequence[bytes]) -> str:
    return "".join(
        ("A secret has whitespace. " if re.search(rb"\s", s) else "")
        + ("" if s.startswith(b"whsec_") else "A secret lacks the whsec_ prefix. ")
        for s in secrets
    )


def _digest(secret: bytes, timestamp: str, body: bytes) -> bytes:
    return hmac.new(secret, timestamp.encode("ascii") + b"." + body, hashlib.sha256).digest()


def _problem(value: Mapping[str, Any], members: str, where: str) -> str | None:
    for token in members.split(" "):
        match = _MEMBER.fullmatch(token)
        assert match is not None
        name, optional, nullable, json_type = match.groups()
        kind = json_type or "string"
        present = name in value
        member = value.get(name)
        if not present:
            if not optional:
                return f"{where}{name} is missing"
        elif member is None:
            if not nullable:
                return f"{where}{name} must be {kind}"
        elif not isinstance(member, _JSON_TYPES[kind]) or (kind == "number" and isinstance(member, bool)):
            return f"{where}{name} must be {kind}"
    return None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_KNOWN: TypeAdapter[Any] = TypeAdapter(KnownWebhookEvent)


def _parse_event(value: Any) -> WebhookEvent:
    """Checks a parsed body: the envelope, and for a catalogue type the members of ``data`` it lists; then reads it
    as the event model of its type (docs/decisions.md#d-python-typed-events)."""
    if not isinstance(value, dict):
        problem: str | None = "body must be object"
    else:
        problem = _problem(value, "id type timestamp data:object", "")
        if problem is None:
            if not value["id"] or not value["type"]:
                problem = "empty id or type"
            elif value["type"] in CATALOGUE_MEMBERS:
                problem = _problem(value["data"], CATALOGUE_MEMBERS[value["type"]], f"{value['type']} data.")
    if problem is not None:
        raise _fail("invalid_payload", f" ({problem})")
    try:
        if value["type"] in CATALOGUE_MEMBERS:
            event: WebhookEvent = _KNOWN.validate_python(value)
            return event
        return UnknownWebhookEvent.model_validate(value)
    except pydantic.ValidationError as error:
        raise _fail("invalid_payload", f" ({error.errors()[0]['loc']}: {error.errors()[0]['msg']})") from None


def verify_webhook(
    body: Body,
    headers: Headers,
    secret: WebhookSecret | Sequence[WebhookSecret],
    tolerance_sec: float = DEFAULT_TOLERANCE_SEC,
    now: float | None = None,
) -> WebhookEvent:
    """Verifies a webhook delivery and returns its parsed event. Checks, in order: the body is raw, both headers are
    present and well formed, the HMAC-SHA256 of ``<timestamp>.<body>`` matches one of the secrets (compared in
    constant time), the timestamp is within ``tolerance_sec`` of ``now`` either way, and the body is an envelope
    whose ``data`` fits its catalogue type (types newer than the catalogue pass through).

    ``secret`` is the subscription's ``signingSecret`` (a string or the :class:`SigningSecret` the platform returned),
    or a list of them during a rotation window: a delivery signed with any verifies. ``now`` is Unix seconds (default
    ``time.time()``). The event is a model of its type: after ``if event.type == "enrollment.created":``,
    ``event.data.enrollment_id`` is typed; a type newer than this package is an :class:`UnknownWebhookEvent`.

    Raises :class:`WebhookVerificationError` (``reason`` says which check failed; respond with 401), or a plain
    :class:`LearnKitError` for an unusable ``secret`` or ``tolerance_sec`` (a usage error, not a refused delivery).

    Example::

        @app.post("/webhooks")
        def webhooks():
            try:
                event = verify_webhook(request.get_data(), request.headers, os.environ["LEARNKIT_WEBHOOK_SECRET"])
            except WebhookVerificationError:
                return "", 401
            ...
    """
    raw = _raw(body)
    secrets = _secrets(secret)
    if (
        isinstance(tolerance_sec, bool)
        or not isinstance(tolerance_sec, (int, float))
        or not (0 <= tolerance_sec < math.inf)
    ):
        raise LearnKitError("Invalid tolerance_sec: must be >= 0")
    signature = _header(headers, "x-service-webhook-signature")
    timestamp = _header(headers, "x-service-webhook-timestamp")
    if not signature:
        raise _fail("missing_signature")
    if not timestamp:
        raise _fail("missing_timestamp")
    if not isinstance(timestamp, str) or not _TIMESTAMP.fullmatch(timestamp):
        raise _fail("invalid_timestamp")
    if not isinstance(signature, str) or not _SIGNATURE.fullmatch(signature):
        raise _fail("malformed_signature")
    expected = bytes.fromhex(signature)
    matched = False
    # Every secret is tried, whatever matched first: the time taken says nothing about which one did.
    for key in secrets:
        if hmac.compare_digest(_digest(key, timestamp, raw), expected):
            matched = True
    if not matched:
        raise _fail("signature_mismatch", f". {_hints(secrets)}Pass the raw body as received.")
    clock = time.time() if now is None else now
    if isinstance(clock, bool) or not isinstance(clock, (int, float)) or not math.isfinite(clock):
        # A broken clock must never let a stale delivery pass (docs/decisions.md#d-webhook-broken-clock).
        raise TypeError("now is not a finite number of Unix seconds")
    age = math.floor(clock) - int(timestamp)
    if age > tolerance_sec:
        raise _fail("timestamp_too_old")
    if -age > tolerance_sec:
        raise _fail("timestamp_in_future")
    # As JSON.parse of TextDecoder's text: a leading BOM dropped, bad bytes replaced, NaN and Infinity refused.
    text = body if isinstance(body, str) else raw.decode("utf-8-sig", errors="replace")
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except ValueError:
        raise _fail("invalid_payload") from None
    return _parse_event(value)


def sign_webhook(body: Body, secret: WebhookSecret, timestamp: int | datetime | None = None) -> dict[str, str]:
    """Signs a delivery as the platform does, for testing your consumer: returns the ``X-Service-Webhook-Timestamp``
    and ``X-Service-Webhook-Signature`` headers of ``body``. ``timestamp``: whole Unix seconds or an aware
    ``datetime`` (default now).

    Example::

        body = json.dumps({"id": "evt-1", "type": "test.ping", "timestamp": "2026-01-01T00:00:00Z",
                           "data": {"message": "hi"}})
        headers = sign_webhook(body, "whsec_test")
    """
    raw = _raw(body)
    # One secret: a rotation list signs with nothing in particular.
    (key,) = _secrets(secret if isinstance(secret, (str, SecretStr)) else None)
    if timestamp is None:
        seconds = int(time.time())
    elif isinstance(timestamp, datetime):
        if timestamp.tzinfo is None:
            raise ValidationError(
                [
                    ValidationIssue(
                        ("timestamp",), "must be an aware datetime (with a tzinfo), such as datetime.now(UTC)"
                    )
                ]
            )
        seconds = math.floor(timestamp.timestamp())
    elif isinstance(timestamp, int) and not isinstance(timestamp, bool) and timestamp >= 0:
        seconds = timestamp
    else:
        raise ValidationError(
            [ValidationIssue(("timestamp",), f"must be whole Unix seconds >= 0 or a datetime (got {timestamp!r})")]
        )
    stamp = str(seconds)
    return {
        TIMESTAMP_HEADER: stamp,
        SIGNATURE_HEADER: hmac.new(key, f"{stamp}.".encode() + raw, hashlib.sha256).hexdigest(),
    }
