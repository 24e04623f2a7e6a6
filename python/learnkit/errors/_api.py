"""``ApiError`` and its subclasses by status, and how an error body is read (re-exported by
:mod:`learnkit.errors`). The platform's three error layouts (imsx, ``{ error, message }``, OAuth) are parsed
leniently and the raw body is always kept (docs/decisions.md#d-wire-errors)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .._redact import redact
from .._retry_after import parse_retry_after_ms
from ._base import LearnKitError


@dataclass(frozen=True)
class ImsxCodeMinor:
    """One entry of an imsx ``imsx_CodeMinor.imsx_codeMinorField`` list."""

    name: str
    value: str


@dataclass(frozen=True)
class ImsxStatus:
    """The imsx status body of CASE and OneRoster errors."""

    code_major: str | None
    severity: str | None
    description: str | None
    code_minor: tuple[ImsxCodeMinor, ...]


_REASONS = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    408: "Request Timeout",
    409: "Conflict",
    422: "Unprocessable Entity",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


def _advice(status: int, retry_after_ms: float | None) -> str:
    if status == 400:
        return "The request was refused as invalid; the description names the field to fix."
    if status == 401:
        return "Check client_id/client_secret and the token URL; the token was refused even after a refresh."
    if status == 403:
        return "The client lacks the scope or grant this operation needs; ask the platform team to assign it."
    if status == 404:
        return "Check the id, and that your client is allowed to see the resource."
    if status == 408:
        return "The platform gave up waiting for the request; try again."
    if status == 409:
        return "The resource is in a conflicting state; fetch it again before retrying."
    if status == 422:
        return "The request was understood but refused; fix the fields the description names."
    if status == 429:
        wait = "" if retry_after_ms is None else f" The server asked to wait {-(-int(retry_after_ms) // 1000)} s."
        return f"Rate limited.{wait} Raise RetryOptions(max_retry_after=...) or slow down."
    if status >= 500:
        return (
            "The platform failed; the SDK retried where it was safe. Try again later and quote the request id if you "
            "report it."
        )
    if 200 <= status < 300:
        return "The endpoint responded with something other than JSON: check base_url (a proxy or login page?)."
    return "Unexpected response status."


def _preview(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return f"{flat[:limit]}…" if len(flat) > limit else flat


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value != "" else None


def _parse_imsx(body: Mapping[str, Any]) -> ImsxStatus | None:
    minor = body.get("imsx_CodeMinor", body.get("imsx_codeMinor"))
    if body.get("imsx_codeMajor") is None and body.get("imsx_description") is None and minor is None:
        return None
    fields = minor.get("imsx_codeMinorField") if isinstance(minor, Mapping) else None
    entries = fields if isinstance(fields, list) else [] if fields is None else [fields]
    code_minor = tuple(
        ImsxCodeMinor(str(f.get("imsx_codeMinorFieldName", "")), str(f.get("imsx_codeMinorFieldValue", "")))
        for f in entries
        if isinstance(f, Mapping)
    )
    return ImsxStatus(
        _text(body.get("imsx_codeMajor")),
        _text(body.get("imsx_severity")),
        _text(body.get("imsx_description")),
        code_minor,
    )


def _parse_body(body: str, content_type: str | None) -> tuple[str, str | None, str | None, ImsxStatus | None]:
    """Detail, code, description and imsx status of an error body: imsx, ``{ error, message }`` or OAuth."""
    if body.strip() == "":
        return "empty body", None, None, None
    try:
        parsed = json.loads(body)
    except ValueError:
        return f"expected JSON, got {content_type or 'a body without content type'}: {_preview(body)}", None, None, None
    if not isinstance(parsed, dict):
        return _preview(body), None, None, None
    imsx = _parse_imsx(parsed)
    if imsx is not None:
        code = next((m.value for m in imsx.code_minor if m.value), None)
        detail = " ".join(x for x in (imsx.description, code and f"(imsx {code})") if x) or _preview(body)
        return detail, code, imsx.description, imsx
    error = _text(parsed.get("error"))
    description = _text(parsed.get("error_description")) or _text(parsed.get("message")) or _text(parsed.get("detail"))
    if error is not None or description is not None:
        return ": ".join(x for x in (error, description) if x), error, description, None
    return _preview(body), None, None, None


def request_id_of(headers: Mapping[str, str]) -> str | None:
    """The first request id header the platform or its gateway set (names in lower case)."""
    return headers.get("x-request-id") or headers.get("request-id") or headers.get("x-amzn-requestid") or None


class ApiError(LearnKitError):
    """A response that was not a success. Subclasses by status: :class:`BadRequestError` 400,
    :class:`AuthenticationError` 401, :class:`PermissionDeniedError` 403, :class:`NotFoundError` 404,
    :class:`ConflictError` 409, :class:`UnprocessableEntityError` 422, :class:`RateLimitError` 429,
    :class:`InternalServerError` >= 500.

    Example::

        except learnkit.ApiError as error:
            print(error.status, error.request_id, error.body)
    """

    def __init__(
        self,
        *,
        status: int,
        headers: Mapping[str, str],
        body: str,
        operation: str,
        request_id: str | None = None,
        hint: str | None = None,
        message: str | None = None,
        also_redact: tuple[str, ...] = (),
    ) -> None:
        body = redact(body, also_redact)
        lower = {k.lower(): v for k, v in headers.items()}
        detail, code, description, imsx = _parse_body(body, lower.get("content-type"))
        raw_id = request_id_of(lower) or request_id or None
        rid = None if raw_id is None else redact(raw_id, also_redact)
        retry_after_ms = parse_retry_after_ms(lower) if status == 429 else None
        reason = f" {_REASONS[status]}" if status in _REASONS else ""
        quoted = f" [request id {rid}]" if rid else ""
        text = message or (
            f"{operation} returned {status}{reason}: {detail}.{quoted} {hint or _advice(status, retry_after_ms)}"
        )
        super().__init__(redact(text, also_redact))
        #: HTTP status of the final attempt.
        self.status = status
        #: Response headers of the final attempt, names in lower case.
        self.headers: Mapping[str, str] = lower
        #: The raw response body (credentials, if a server echoed any, redacted).
        self.body = body
        #: The id to quote to support: the platform's, else the ``X-Request-Id`` the SDK sent.
        self.request_id = rid
        #: The operation, e.g. ``GET /ims/case/v1p1/CFItems``.
        self.operation = operation
        #: Machine-readable code from the body: OAuth or platform ``error``, or the first imsx minor code.
        self.code = code
        #: Human-readable text from the body: ``imsx_description``, ``message`` or ``error_description``.
        self.description = description
        #: The parsed imsx status of CASE and OneRoster errors.
        self.imsx = imsx

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "status": self.status,
            "operation": self.operation,
            "request_id": self.request_id,
            "code": self.code,
        }


class BadRequestError(ApiError):
    """400: the platform refused the request as invalid."""


class AuthenticationError(ApiError):
    """401 from the API after one token refresh, or an OAuth error of the token endpoint."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: OAuth ``error``, e.g. ``invalid_client``.
        self.error: str | None = self.code
        #: OAuth ``error_description``.
        self.error_description: str | None = self.description


class PermissionDeniedError(ApiError):
    """403: the client lacks the scope or grant the operation needs."""


class NotFoundError(ApiError):
    """404: the resource does not exist or the client may not see it."""


class ConflictError(ApiError):
    """409: the resource is in a conflicting state."""


class UnprocessableEntityError(ApiError):
    """422: the request was understood but refused."""


class RateLimitError(ApiError):
    """429 after the retries, or with a ``Retry-After`` beyond ``max_retry_after`` (then raised at once)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        waited = parse_retry_after_ms(self.headers)
        #: How long the server asked to wait, in seconds, when it said (``Retry-After``).
        self.retry_after: float | None = None if waited is None else waited / 1000

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "retry_after": self.retry_after}


class InternalServerError(ApiError):
    """500 and above, after the retries the operation allowed."""


class RedirectError(ApiError):
    """A redirect, which the SDK never follows: credentials must not leave their origin
    (docs/decisions.md#d-python-no-redirects)."""

    def __init__(self, *, from_origin: str, to_origin: str | None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The origin the request was sent to.
        self.from_origin = from_origin
        #: The origin the redirect points to (None when the response named none).
        self.to_origin = to_origin


def create_api_error(
    *,
    status: int,
    headers: Mapping[str, str],
    body: str,
    operation: str,
    request_id: str | None = None,
    hint: str | None = None,
    also_redact: tuple[str, ...] = (),
) -> ApiError:
    """The :class:`ApiError` subclass of ``status``."""
    cls: type[ApiError] = {
        400: BadRequestError,
        401: AuthenticationError,
        403: PermissionDeniedError,
        404: NotFoundError,
        409: ConflictError,
        422: UnprocessableEntityError,
        429: RateLimitError,
    }.get(status, InternalServerError if status >= 500 else ApiError)
    return cls(
        status=status,
        headers=headers,
        body=body,
        operation=operation,
        request_id=request_id,
        hint=hint,
        also_redact=also_redact,
    )
