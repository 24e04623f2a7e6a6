"""``LearnKit``: the platform client, its configuration from arguments or ``LEARNKIT_*`` variables, and
``request()`` for any path of the platform."""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ._auth import ClientCredentials, check_credential
from ._retry import DEFAULT_RETRY, RetryOptions, resolve_retry
from ._transport import Transport, positive_ms
from .errors import ApiError, ValidationError, ValidationIssue, create_api_error

if TYPE_CHECKING:
    from .activity import Activity

__all__ = ["ApiResponse", "ENV", "LearnKit"]

#: The environment variables ``LearnKit()`` reads; an argument given wins over its variable.
ENV: Mapping[str, str] = {
    "base_url": "LEARNKIT_BASE_URL",
    "client_id": "LEARNKIT_CLIENT_ID",
    "client_secret": "LEARNKIT_CLIENT_SECRET",
    "auth_url": "LEARNKIT_AUTH_URL",
    "log": "LEARNKIT_LOG",
}
_EXAMPLES = {
    "base_url": "https://api.example.com",
    "client_id": "the client id the platform team issued",
    "client_secret": "its secret",
    "auth_url": "https://auth.example.com",
}
DEFAULT_TIMEOUT_MS = 30_000
DEFAULT_DEADLINE_MS = 120_000
_UNSET: Any = object()
_log = logging.getLogger("learnkit")
_log_configured = False


@dataclass(frozen=True)
class ApiResponse:
    """A call's parsed JSON body with the final response's status, headers (names in lower case) and request id."""

    #: The parsed JSON body; None for an empty one (204).
    data: Any
    #: HTTP status of the final attempt.
    status: int
    #: Headers of the final response, names in lower case.
    headers: Mapping[str, str]
    #: The id to quote to support: the platform's ``x-request-id``, else the one the SDK sent.
    request_id: str


def _present(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() != "" else None


def _url_issue(name: str, value: str, note: str = "") -> ValidationIssue | None:
    parts = urllib.parse.urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        # The value is shown without userinfo, which may be credentials.
        shown = json.dumps(value.split("//", 1)[-1].rpartition("@")[2][:120] if "@" in value else value[:120])
        return ValidationIssue(
            (name,),
            f"must be an absolute http(s) URL without query, such as {_EXAMPLES[name]}{note} (got {shown})",
        )
    if parts.username or parts.password:
        return ValidationIssue(
            (name,),
            "must not contain credentials (a user name or password before the host): pass them as client_id and "
            "client_secret instead",
        )
    return None


def _configure_logging(level: str | None) -> None:
    """With ``LEARNKIT_LOG`` set and no handler of the application's own, log to stderr at that level."""
    global _log_configured
    names = {"debug": logging.DEBUG, "info": logging.INFO, "warn": logging.WARNING, "warning": logging.WARNING,
             "error": logging.ERROR}
    own = [h for h in _log.handlers if not isinstance(h, logging.NullHandler)]
    if _log_configured or level is None or level.strip().lower() not in names or own:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s learnkit %(levelname)s %(message)s"))
    _log.addHandler(handler)
    _log.setLevel(names[level.strip().lower()])
    _log_configured = True


class LearnKit:
    """The LearnKit platform client. One instance holds one token (client credentials, refreshed before it expires,
    one refresh however many threads wait) and one retry policy, shared by every call; it is safe to use from many
    threads. Nothing is sent until the first call.

    Configuration comes from the arguments or the environment (``LEARNKIT_BASE_URL``, ``LEARNKIT_CLIENT_ID``,
    ``LEARNKIT_CLIENT_SECRET``, ``LEARNKIT_AUTH_URL``, ``LEARNKIT_LOG``); anything missing is one
    :class:`ValidationError` naming each setting and how to set it. The secret and tokens never appear in ``repr``,
    ``str``, logs or errors.

    Example::

        lk = LearnKit()  # from LEARNKIT_* variables
        lk = LearnKit(base_url="https://api.example.com", client_id="...", client_secret="...")
    """

    def __init__(
        self,
        base_url: str | None = None,
        client_id: str | None = None,
        client_secret: str | None = None,
        *,
        auth_url: str | None = None,
        scopes: str | Sequence[str] | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        timeout_ms: float | None = None,
        deadline_ms: float | None = None,
        headers: Mapping[str, str] | None = None,
        activity_config: Mapping[str, Any] | str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        """Checks the configuration and builds the shared token provider and transport.

        ``auth_url``: tokens from ``{auth_url}/oauth2/token`` with the credentials as form fields; omitted, from
        ``{base_url}/auth/1.0/token`` with HTTP Basic. ``timeout_ms``: one attempt (default 30,000);
        ``deadline_ms``: the whole call, retries included (default 120,000). ``activity_config``: the
        ``learnkit.config.json`` of ``lk.activity``, as a dict or a path (default: that file in the working
        directory, read on first use). ``env``: where the variables are read (default ``os.environ``).
        """
        environ: Mapping[str, str] = os.environ if env is None else env
        from_env: set[str] = set()

        def pick(name: str, given: str | None) -> str | None:
            value = _present(given)
            if value is not None:
                return value
            value = _present(environ.get(ENV[name]))
            if value is not None:
                from_env.add(name)
            return value

        base = pick("base_url", base_url)
        cid = pick("client_id", client_id)
        secret = pick("client_secret", client_secret)
        auth = pick("auth_url", auth_url)
        issues: list[ValidationIssue] = []
        missing: list[str] = []
        for name, value in (("base_url", base), ("client_id", cid), ("client_secret", secret)):
            if value is None:
                missing.append(name)
                issues.append(
                    ValidationIssue(
                        (name,), f"is required: pass LearnKit({name}=...) or set {ENV[name]} ({_EXAMPLES[name]})"
                    )
                )
        for name, value in (("client_id", cid), ("client_secret", secret)):
            problem = None if value is None else check_credential(name, value)
            if problem is not None:
                issues.append(ValidationIssue((name,), problem + (f" (from {ENV[name]})" if name in from_env else "")))
        for name, value, note in (("base_url", base, ""), ("auth_url", auth, ", to which /oauth2/token is added")):
            issue = None if value is None else _url_issue(name, value, note)
            if issue is not None:
                issues.append(
                    ValidationIssue(issue.path, issue.message + (f" (from {ENV[name]})" if name in from_env else ""))
                )
        request_issues: list[ValidationIssue] = []
        positive_ms(request_issues, "timeout_ms", timeout_ms)
        positive_ms(request_issues, "deadline_ms", deadline_ms)
        issues += request_issues
        if issues:
            error = ValidationError(issues)
            head = f"LearnKit is not configured: missing {', '.join(missing)}." if missing else "LearnKit is misconfigured."
            # From the error's issues, which are redacted, not from the values given (docs/decisions.md#d-i33-issues).
            width = max(len(str(i.path[0])) for i in error.issues)
            lines = [f"  {str(i.path[0]).ljust(width)}  {i.message}" for i in error.issues]
            tip = (
                ["Trying it locally? `npx -p @learnkit/mock learnkit-mock serve` starts a mock platform and prints a "
                 "URL and credentials."]
                if missing
                else []
            )
            error.message = "\n".join([head, *lines, *tip])
            error.args = (error.message,)
            raise error
        assert base is not None and cid is not None and secret is not None
        _configure_logging(environ.get(ENV["log"]))
        self._base_url = base.rstrip("/")
        scope_list = [scopes] if isinstance(scopes, str) else list(scopes or [])
        self._transport = Transport(
            retry=resolve_retry(DEFAULT_RETRY, retry),
            timeout_ms=timeout_ms or DEFAULT_TIMEOUT_MS,
            deadline_ms=deadline_ms or DEFAULT_DEADLINE_MS,
            headers=headers,
        )
        self._auth = ClientCredentials(
            token_url=f"{auth.rstrip('/')}/oauth2/token" if auth else f"{self._base_url}/auth/1.0/token",
            client_id=cid,
            client_secret=secret,
            style="form" if auth else "basic",
            scope=" ".join(s.strip() for s in scope_list if isinstance(s, str) and s.strip()),
            send=self._transport.send_token_request,
        )
        self._activity_config = activity_config
        self._activity: Activity | None = None
        self._lock = threading.Lock()

    @property
    def base_url(self) -> str:
        """The platform's base URL this client talks to."""
        return self._base_url

    @property
    def token_url(self) -> str:
        """The token endpoint: ``{auth_url}/oauth2/token`` (form) when ``auth_url`` is set, else
        ``{base_url}/auth/1.0/token`` (Basic)."""
        return self._auth.token_url

    @property
    def client_id(self) -> str:
        """The client id (not a secret; the client secret is never exposed)."""
        return self._auth.client_id

    @property
    def token_requests(self) -> int:
        """How many token requests this client made (each refresh is one, however many threads waited)."""
        return self._auth.requests

    @property
    def activity(self) -> Activity:
        """Server-side activity recording: ``lk.activity.record(user=..., activity=..., metrics=...)``, with
        ``learnkit.config.json`` (``activity_config``, else that file in the working directory, read on first use).
        """
        with self._lock:
            if self._activity is None:
                from .activity import Activity
                from .activity._config import config_source

                self._activity = Activity(self, base_url=self._base_url, config=config_source(self._activity_config))
            return self._activity

    def __repr__(self) -> str:
        return (
            f"LearnKit(base_url={self._base_url!r}, token_url={self.token_url!r}, client_id={self.client_id!r}, "
            "client_secret=[redacted])"
        )

    __str__ = __repr__

    def request(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str | int] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Any = _UNSET,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        timeout_ms: float | None = None,
        deadline_ms: float | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        operation: str | None = None,
    ) -> Any:
        """Calls any path of the platform and returns its parsed JSON body (None for an empty one). Raises an
        :class:`ApiError` subclass for 4xx/5xx (and for a success body that is not JSON), ``ApiConnectionError``
        or ``ApiTimeoutError``.

        ``path`` may hold ``{name}`` placeholders filled from ``path_params`` (percent-encoded); ``query`` values
        may be lists (sent comma-joined, as ``fields``), booleans or numbers, and None is left out; ``body`` is
        sent as JSON. ``idempotent`` overrides the method's default (GET, HEAD, OPTIONS and PUT are; POST, PATCH and
        DELETE are retried only on 429 or when the connection was never made).

        Example::

            user = lk.request("GET", "/rostering/1.0/users/{sourcedId}", path_params={"sourcedId": "usr-1"})
        """
        return self.request_with_response(
            method, path, path_params=path_params, query=query, body=body, headers=headers, idempotent=idempotent,
            timeout_ms=timeout_ms, deadline_ms=deadline_ms, retry=retry, operation=operation,
        ).data

    def request_with_response(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str | int] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Any = _UNSET,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        timeout_ms: float | None = None,
        deadline_ms: float | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        operation: str | None = None,
    ) -> ApiResponse:
        """Like :meth:`request`, also giving the status, headers and request id (for headers such as
        ``X-Total-Count``)."""
        verb = method.upper()
        url = self._base_url + _fill(path, path_params or {}) + _query_string(query or {})
        name = operation or f"{verb} {path}"
        request_headers = dict(headers or {})
        payload: bytes | None = None
        if body is not _UNSET:
            from ._json import dumps

            payload = dumps(body).encode("utf-8")
            request_headers.setdefault("content-type", "application/json")
        sent = self._transport.send(
            verb, url, body=payload, headers=request_headers, auth=self._auth, operation=name,
            idempotent=idempotent, timeout_ms=timeout_ms, deadline_ms=deadline_ms, retry=retry,
        )
        text = sent.body.decode("utf-8", errors="replace")
        authorization = sent.authorization or ""
        also = (authorization.removeprefix("Bearer "),) if authorization else ()
        if sent.status >= 400:
            raise create_api_error(
                status=sent.status, headers=sent.headers, body=text, operation=name, request_id=sent.request_id,
                also_redact=also,
            )
        data: Any = None
        if text != "":
            try:
                data = json.loads(text)
            except ValueError:
                kind = sent.headers.get("content-type")
                what = (
                    "invalid JSON"
                    if kind and "json" in kind.lower()
                    else f"expected JSON, got {kind or 'a body without content type'}"
                )
                raise ApiError(
                    status=sent.status, headers=sent.headers, body=text, operation=name, request_id=sent.request_id,
                    message=f"{name} returned {sent.status} with {what}. Check base_url (a proxy or login page?).",
                    also_redact=also,
                ) from None
        request_id = sent.headers.get("x-request-id") or sent.request_id
        return ApiResponse(data, sent.status, sent.headers, request_id)


def _fill(path: str, params: Mapping[str, str | int]) -> str:
    """``path`` with each ``{name}`` replaced by its percent-encoded value; a missing one is a ValidationError."""
    out = path
    for name, value in params.items():
        out = out.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
    left = [part.split("}", 1)[0] for part in out.split("{")[1:]]
    if left:
        raise ValidationError(
            [ValidationIssue(("path_params", name), f"is required by the path {path}") for name in left]
        )
    if not out.startswith("/"):
        raise ValidationError([ValidationIssue(("path",), f"must start with / (got {path!r})")])
    return out


def _query_string(query: Mapping[str, Any]) -> str:
    pairs: list[tuple[str, str]] = []
    for key, value in query.items():
        if value is None:
            continue
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            text = ",".join(str(v) for v in value)
        else:
            text = str(value)
        pairs.append((key, text))
    return f"?{urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)}" if pairs else ""

