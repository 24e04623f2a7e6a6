"""The errors of the SDK: the TypeScript classes in Python form (docs/decisions.md#d-python-error-names).

Every error is a :class:`LearnKitError`. A response that is not a success is an :class:`ApiError` subclass chosen by
status; no response at all is :class:`ApiConnectionError` or :class:`ApiTimeoutError`; input refused before anything
is sent is :class:`ValidationError`; a refused webhook delivery is :class:`WebhookVerificationError`. Messages and
bodies never hold a secret or a token.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from .._redact import redact
from ._api import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ImsxCodeMinor,
    ImsxStatus,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RedirectError,
    UnprocessableEntityError,
    create_api_error,
)
from ._base import LearnKitError, ValidationError, ValidationIssue

__all__ = [
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "ImsxCodeMinor",
    "ImsxStatus",
    "InternalServerError",
    "LaunchVerificationError",
    "LaunchVerificationReason",
    "LearnKitError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "RedirectError",
    "UnknownUserError",
    "UnprocessableEntityError",
    "ValidationError",
    "ValidationIssue",
    "WebhookVerificationError",
    "WebhookVerificationReason",
    "create_api_error",
]


class ApiConnectionError(LearnKitError):
    """The platform could not be reached (DNS, refused or reset connection, TLS). Not a subclass of the builtin
    ``ConnectionError``, whose name it does not take (docs/decisions.md#d-python-error-names); ``__cause__`` holds
    the socket's error."""

    def __init__(self, operation: str, cause: BaseException) -> None:
        code = _code_of(cause)
        why = code or str(cause) or type(cause).__name__
        super().__init__(
            redact(f"{operation} could not reach the platform ({why}). Check base_url, DNS and the network.")
        )
        #: The operation, e.g. ``POST /caliper/v1p2``.
        self.operation = operation
        #: The system error name when the socket gave one (``ECONNREFUSED``, ...).
        self.code = code

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "operation": self.operation, "code": self.code}


def _code_of(error: BaseException) -> str | None:
    """The system error name of ``error`` or of an error it was raised from (httpx wraps the socket's)."""
    import errno

    seen: BaseException | None = error
    for _ in range(8):
        if seen is None:
            break
        number = getattr(seen, "errno", None)
        if isinstance(number, int) and number in errno.errorcode:
            return errno.errorcode[number]
        seen = seen.__cause__ or seen.__context__
    return None


class ApiTimeoutError(LearnKitError):
    """No response within ``timeout`` (one attempt) or ``deadline`` (the whole call, retries included), both in
    seconds. Not the builtin ``TimeoutError`` (docs/decisions.md#d-python-error-names)."""

    def __init__(self, operation: str, timeout: float, kind: Literal["attempt", "deadline"]) -> None:
        what = (
            f"got no response within timeout={timeout:g} s. Raise timeout if the operation is slow."
            if kind == "attempt"
            else f"did not finish within deadline={timeout:g} s, retries included. Raise deadline or try later."
        )
        super().__init__(f"{operation} {what}")
        #: The operation, e.g. ``GET /ims/case/v1p1/CFItems``.
        self.operation = operation
        #: The limit that ran out, in seconds.
        self.timeout = timeout
        #: ``attempt``: one attempt ran past ``timeout``; ``deadline``: the call ran past ``deadline``.
        self.kind = kind

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "operation": self.operation, "timeout": self.timeout, "kind": self.kind}


WebhookVerificationReason = Literal[
    "missing_signature",
    "missing_timestamp",
    "invalid_timestamp",
    "timestamp_too_old",
    "timestamp_in_future",
    "malformed_signature",
    "signature_mismatch",
    "body_not_raw",
    "invalid_payload",
]


class WebhookVerificationError(LearnKitError):
    """A webhook delivery failed verification; ``reason`` says which check (the TypeScript package's reasons).

    Example::

        except learnkit.WebhookVerificationError as error:
            if error.reason == "timestamp_too_old": ...
    """

    def __init__(self, reason: WebhookVerificationReason, detail: str = "") -> None:
        # Fixed text and numbers the SDK computed: never a secret, a header value or the body.
        super().__init__(f"Webhook verification failed: {reason}{detail}")
        #: Which check failed.
        self.reason: WebhookVerificationReason = reason

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "reason": self.reason}


#: Why an LTI launch's ID token was refused: the TypeScript ``@learnkit/lti`` reasons.
LaunchVerificationReason = Literal[
    "expired",
    "not_yet_valid",
    "wrong_issuer",
    "wrong_audience",
    "bad_signature",
    "algorithm_not_allowed",
    "replayed",
    "unknown_key",
    "key_set_unreachable",
    "malformed",
    "missing_claim",
]


class LaunchVerificationError(LearnKitError):
    """An LTI launch's ID token was refused; ``reason`` says which check (the TypeScript package's reasons). The
    message never quotes a claim of the refused token (docs/decisions.md#d-lti-python-refusals).

    Example::

        except learnkit.LaunchVerificationError as error:
            if error.reason == "expired": ...
    """

    def __init__(self, reason: LaunchVerificationReason, detail: str = "") -> None:
        # Fixed text and names the SDK chose: never a claim's value, a header value or the token.
        super().__init__(f"LTI launch refused: {reason}{detail}")
        #: Which check failed.
        self.reason: LaunchVerificationReason = reason

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "reason": self.reason}


class UnknownUserError(LearnKitError):
    """No rostering user (or several) has the email of an activity's user: the events cannot name their actor."""

    def __init__(self, email: str, why: str) -> None:
        super().__init__(
            f"activity: {why} for user email {json.dumps(email, ensure_ascii=False)}; pass user platform_id or fix the "
            "roster"
        )
        #: The email that matched no single rostering user.
        self.email = email


# The public classes print as ``learnkit.ValidationError``, not as the private module that defines them
# (docs/decisions.md#d-python-error-module-path); pickle finds them there too.
for _name in __all__:
    _value = globals()[_name]
    if isinstance(_value, type):
        _value.__module__ = "learnkit"
del _name, _value
