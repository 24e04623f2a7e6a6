"""What ``LearnKit`` and ``AsyncLearnKit`` share: how a call is checked and prepared (path, query, body, headers)
and how its response is read (docs/decisions.md#d-python-request-checks)."""

from __future__ import annotations

import functools
import json
import urllib.parse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from ._attempts import FinalResponse
from ._auth import AsyncClientCredentials, ClientCredentials
from ._binary import BinaryResponseContent
from ._environments import EnvironmentName
from ._json import dumps
from ._models import parse
from ._platform_filter import check_platform_filter
from ._response import ApiResponse, captured
from ._retry import RetryOptions
from ._totals import total_of
from .errors import ApiError, ValidationError, ValidationIssue, create_api_error

if TYPE_CHECKING:
    pass
from ._config import _Config, _retry_of

_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
_UNSET: Any = object()


def _file_of(sent: FinalResponse, name: str) -> BinaryResponseContent:
    """The file of a success response. JSON or HTML where a file was asked for is a proxy's or login page, or an
    error sent with 200: an ApiError that says so, not bytes a caller would save as the file
    (docs/decisions.md#d-oneroster-binary-export)."""
    kind = sent.headers.get("content-type")
    if kind and ("json" in kind.lower() or "html" in kind.lower()):
        text = sent.body.decode("utf-8", errors="replace")
        authorization = sent.authorization or ""
        raise ApiError(
            status=sent.status,
            headers=sent.headers,
            body=text,
            operation=name,
            request_id=sent.request_id,
            message=f"{name} returned {sent.status} with {kind} where a file was expected. Check base_url (a proxy "
            "or login page?).",
            also_redact=(authorization.removeprefix("Bearer "),) if authorization else (),
        )
    return BinaryResponseContent(sent.body, sent.headers)


@functools.lru_cache(maxsize=1024)
def _placeholders(path: str) -> tuple[str, ...]:
    """The ``{name}`` placeholders of a path template, read once per template
    (docs/decisions.md#d-python-own-requests)."""
    return tuple(part.split("}", 1)[0] for part in path.split("{")[1:])


def _fill(path: str, params: Mapping[str, object]) -> str:
    """``path`` with each ``{name}`` replaced by its percent-encoded value. A placeholder without a value, or a value
    without a placeholder, is a ValidationError (docs/decisions.md#d-python-request-checks)."""
    if not isinstance(path, str) or not path.startswith("/"):
        raise ValidationError([ValidationIssue(("path",), f"must start with / (got {path!r})")])
    names = _placeholders(path)
    issues: list[ValidationIssue] = []
    if params.keys() != set(names):
        issues += [
            ValidationIssue(("path_params", name), f"is required by the path {path}")
            for name in names
            if name not in params
        ]
        issues += [
            ValidationIssue(
                ("path_params", str(name)),
                f"is not a placeholder of the path {path} (it has {', '.join(names) or 'none'})",
            )
            for name in params
            if name not in names
        ]
    for name, value in params.items():
        if name in names and not (isinstance(value, (str, int)) and not isinstance(value, bool) and str(value) != ""):
            issues.append(ValidationIssue(("path_params", name), f"must be a non-empty string (got {value!r})"))
    if issues:
        raise ValidationError(issues)
    out = path
    for name, value in params.items():
        out = out.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
    return out


def _query_string(query: Mapping[str, object]) -> str:
    pairs: list[tuple[str, str]] = []
    for key, value in query.items():
        if value is None:
            continue
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            text = ",".join(str(v) for v in value)
        elif isinstance(value, float):
            from ._json import js_number

            text = js_number(value)
        else:
            text = str(value)
        pairs.append((key, text))
    return f"?{urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)}" if pairs else ""


class _Shared:
    """What ``LearnKit`` and ``AsyncLearnKit`` share: the configuration, how a call is prepared and how its response is
    read."""

    _config: _Config
    _auth: ClientCredentials | AsyncClientCredentials

    @property
    def base_url(self) -> str:
        """The platform's base URL this client talks to."""
        return self._config.base_url

    @property
    def environment(self) -> EnvironmentName | None:
        """The platform environment named by ``environment`` or ``LEARNKIT_ENVIRONMENT`` (``ENVIRONMENTS[name]`` has its
        addresses), else None; it stays set when an explicit ``base_url`` replaced its base URL."""
        return self._config.environment

    @property
    def token_url(self) -> str:
        """The token endpoint: ``{auth_url}/oauth2/token`` (form) when ``auth_url`` is set, else
        ``{base_url}/auth/1.0/token`` (Basic)."""
        return self._config.token_url

    @property
    def client_id(self) -> str:
        """The client id (not a secret; the client secret is never exposed)."""
        return self._config.client_id

    @property
    def token_requests(self) -> int:
        """How many token requests this client made (each refresh is one, however many callers waited)."""
        return self._auth.requests

    def __repr__(self) -> str:
        environment = "" if self.environment is None else f"environment={self.environment!r}, "
        return (
            f"{type(self).__name__}({environment}base_url={self.base_url!r}, token_url={self.token_url!r}, "
            f"client_id={self.client_id!r}, client_secret=[redacted])"
        )

    __str__ = __repr__

    def _prepare(
        self,
        method: str,
        path: str,
        path_params: Mapping[str, object] | None,
        query: Mapping[str, object] | None,
        body: object,
        headers: Mapping[str, str] | None,
        extra_query: Mapping[str, object] | None,
        idempotency_key: str | None,
        operation: str | None,
    ) -> tuple[str, str, bytes | None, dict[str, str], str]:
        """Checks a call and builds its method, URL, body and headers: an unknown method, ``body=None`` and a path
        parameter the path does not use are refused before anything is sent
        (docs/decisions.md#d-python-request-checks)."""
        verb = method.upper() if isinstance(method, str) else ""
        if verb not in _METHODS:
            raise ValidationError(
                [ValidationIssue(("method",), f"must be one of {', '.join(_METHODS)} (got {method!r})")]
            )
        if body is None:
            raise ValidationError(
                [ValidationIssue(("body",), "is None, which would send JSON null: leave body out to send no body")]
            )
        merged_query = {**(query or {}), **(extra_query or {})}
        # The platform families' filter limits, at the one place every request is prepared
        # (docs/decisions.md#d-platform-filter-limits).
        check_platform_filter(path, merged_query.get("filter"))
        url = self._config.base_url + _fill(path, path_params or {}) + _query_string(merged_query)
        request_headers = dict(headers or {})
        if idempotency_key is not None:
            if not isinstance(idempotency_key, str) or not 0 < len(idempotency_key) <= 255:
                raise ValidationError(
                    [ValidationIssue(("idempotency_key",), "must be a non-empty string of at most 255 characters")]
                )
            request_headers["idempotency-key"] = idempotency_key
        payload: bytes | None = None
        if body is not _UNSET:
            payload = dumps(body).encode("utf-8")
            request_headers.setdefault("content-type", "application/json")
        return verb, url, payload, request_headers, operation or f"{verb} {path}"

    @staticmethod
    def _respond(sent: FinalResponse, name: str, binary: bool = False) -> ApiResponse[Any]:
        """The parsed response (a file's bytes when ``binary``), or the ApiError of a failed one."""
        if sent.status >= 400:
            authorization = sent.authorization or ""
            raise create_api_error(
                status=sent.status,
                headers=sent.headers,
                body=sent.body.decode("utf-8", errors="replace"),
                operation=name,
                request_id=sent.request_id,
                also_redact=(authorization.removeprefix("Bearer "),) if authorization else (),
            )
        data: Any = None
        if binary:
            data = _file_of(sent, name)
        elif sent.body:
            # As TypeScript's: the body decoded leniently, an empty one is no data, and anything else (whitespace
            # included) must be JSON. The redaction below is built only when it is not.
            text = sent.body.decode("utf-8", errors="replace")
            try:
                data = json.loads(text)
            except ValueError:
                authorization = sent.authorization or ""
                also = (authorization.removeprefix("Bearer "),) if authorization else ()
                kind = sent.headers.get("content-type")
                what = (
                    "invalid JSON"
                    if kind and "json" in kind.lower()
                    else f"expected JSON, got {kind or 'a body without content type'}"
                )
                raise ApiError(
                    status=sent.status,
                    headers=sent.headers,
                    body=text,
                    operation=name,
                    request_id=sent.request_id,
                    message=f"{name} returned {sent.status} with {what}. Check base_url (a proxy or login page?).",
                    also_redact=also,
                ) from None
        raw_response: ApiResponse[Any] = ApiResponse(
            data, sent.status, sent.headers, sent.headers.get("x-request-id") or sent.request_id, sent.response
        )
        captured(raw_response)
        return raw_response

    @staticmethod
    def _retry_for(retry: RetryOptions | Literal[False] | None, max_retries: int | None) -> RetryOptions | None:
        if retry is None and max_retries is None:
            return None
        return _retry_of(retry, max_retries)

    @staticmethod
    def _result(raw_response: ApiResponse[Any], cast: Any, returns: str | None, partial: bool) -> Any:
        data = raw_response.data
        if returns is not None:
            data = data.get(returns) if isinstance(data, dict) else None
        if cast is None:
            return data
        return parse(cast, data, partial=partial)

    @staticmethod
    def _page(
        raw_response: ApiResponse[Any], member: str | None, item: Any, partial: bool
    ) -> tuple[list[Any], int | None]:
        data = raw_response.data
        rows = data if member is None else data.get(member, []) if isinstance(data, dict) else []
        rows = rows if isinstance(rows, list) else []
        total = total_of(raw_response)
        if total is None and isinstance(data, dict):
            # The platform's own listings state their count as `total` (docs/decisions.md#d-platform-paging).
            member = data.get("total")
            total = member if isinstance(member, int) and not isinstance(member, bool) and member >= 0 else None
        return [parse(item, row, partial=partial) for row in rows], total


_SHARED_STATE = frozenset({"_http", "_auth", "_activity_config", "_lti"})
