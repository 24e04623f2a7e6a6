"""``LearnKit`` and ``AsyncLearnKit``: the platform clients, their configuration from arguments or ``LEARNKIT_*``
variables, ``request()`` for any path, and the call every generated method makes (``_call``)."""

from __future__ import annotations

import functools
import json
import logging
import os
import sys
import threading
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import httpx

from ._auth import AsyncClientCredentials, ClientCredentials, check_credential
from ._binary import BinaryResponseContent
from ._environments import ENVIRONMENT_NAMES, ENVIRONMENTS, EnvironmentName, is_environment_name
from ._generated.client import AsyncFamilies, Families
from ._json import dumps
from ._lti_client import LtiSlot
from ._models import parse
from ._pagination import MAX_LIMIT, AsyncPager, SyncPager, check_page_options
from ._platform_filter import check_platform_filter
from ._redact import register_token
from ._response import ApiResponse, captured
from ._retry import DEFAULT_RETRY, RetryOptions, resolve_retry
from ._totals import total_of
from ._transport import AsyncTransport, Sent, Timeout, Transport, no_cookies, positive_seconds
from ._types import QueryValue
from .errors import ApiError, ValidationError, ValidationIssue, create_api_error

if TYPE_CHECKING:
    from .activity import Activity, AsyncActivity
    from .lti import AsyncLaunchVerifier, LaunchVerifier, LtiOptions

__all__ = ["ENV", "AsyncLearnKit", "LearnKit"]

#: The environment variables ``LearnKit()`` reads; an argument given wins over its variable.
ENV: Mapping[str, str] = {
    "environment": "LEARNKIT_ENVIRONMENT",
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
#: One attempt's time, in seconds, unless the client or the call says otherwise.
DEFAULT_TIMEOUT = 30.0
#: The whole call's time, retries included, in seconds.
DEFAULT_DEADLINE = 120.0
_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
_UNSET: Any = object()
_log = logging.getLogger("learnkit")
_log_configured = False
T = TypeVar("T")


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
    names = {
        "debug": logging.DEBUG,
        "info": logging.INFO,
        "warn": logging.WARNING,
        "warning": logging.WARNING,
        "error": logging.ERROR,
    }
    own = [h for h in _log.handlers if not isinstance(h, logging.NullHandler)]
    if _log_configured or level is None or level.strip().lower() not in names or own:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s learnkit %(levelname)s %(message)s"))
    _log.addHandler(handler)
    _log.setLevel(names[level.strip().lower()])
    _log_configured = True


def _choose_environment(
    given: object, environ: Mapping[str, str]
) -> tuple[EnvironmentName | None, ValidationIssue | None]:
    """The environment named by the argument, else by ``LEARNKIT_ENVIRONMENT`` (an empty value is unset), or the issue
    naming the three names (docs/decisions.md#d-environment-option)."""
    from_argument = given is not None and not (isinstance(given, str) and given.strip() == "")
    value = given if from_argument else (_present(environ.get(ENV["environment"])) or None)
    if value is None:
        return None, None
    name = value.strip() if isinstance(value, str) else value
    if is_environment_name(name):
        return name, None
    shown = json.dumps(value[:40]) if isinstance(value, str) else type(value).__name__
    names = ", ".join(f"'{n}'" for n in ENVIRONMENT_NAMES)
    where = "" if from_argument else f" from {ENV['environment']}"
    return None, ValidationIssue(
        ("environment",), f"must be one of {names} (got {shown}{where}); for another address pass base_url instead"
    )


@dataclass(frozen=True)
class _Config:
    base_url: str
    environment: EnvironmentName | None
    client_id: str
    client_secret: str
    token_url: str
    style: Literal["basic", "form"]
    scope: str
    retry: RetryOptions
    timeout: Timeout
    deadline: float
    headers: Mapping[str, str]

    def __repr__(self) -> str:
        return f"_Config(base_url={self.base_url!r}, client_id={self.client_id!r}, client_secret=[redacted])"


def _required(name: str) -> str:
    """The message of a missing setting: how to pass it and which variable sets it."""
    if name == "base_url":
        return (
            f'is required: pass LearnKit(environment="sandbox") ("production" or "staging" too) or set '
            f"{ENV['environment']}; or, for another address, pass LearnKit(base_url=...) or set {ENV['base_url']} "
            f"({_EXAMPLES['base_url']})"
        )
    return f"is required: pass LearnKit({name}=...) or set {ENV[name]} ({_EXAMPLES[name]})"


def _retry_of(retry: RetryOptions | Literal[False] | None, max_retries: int | None) -> RetryOptions:
    policy = resolve_retry(DEFAULT_RETRY, retry)
    if max_retries is None:
        return policy
    if isinstance(max_retries, bool) or not isinstance(max_retries, int) or max_retries < 0:
        raise ValidationError([ValidationIssue(("max_retries",), f"must be a whole number >= 0 (got {max_retries!r})")])
    return replace(policy, max_retries=max_retries)


def _configure(
    base_url: str | None,
    client_id: str | None,
    client_secret: str | None,
    auth_url: str | None,
    scopes: str | Sequence[str] | None,
    retry: RetryOptions | Literal[False] | None,
    max_retries: int | None,
    timeout: Timeout | None,
    deadline: float | None,
    headers: Mapping[str, str] | None,
    env: Mapping[str, str] | None,
    environment: str | None = None,
) -> _Config:
    """Checks the configuration: anything missing or wrong is one ValidationError naming each setting."""
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

    chosen, environment_issue = _choose_environment(environment, environ)
    # An explicit base URL, argument or variable, wins over the environment's (docs/decisions.md#d-environment-option).
    explicit_base = pick("base_url", base_url)
    base = explicit_base if explicit_base is not None or chosen is None else ENVIRONMENTS[chosen].base_url
    cid = pick("client_id", client_id)
    secret = pick("client_secret", client_secret)
    auth = pick("auth_url", auth_url)
    issues: list[ValidationIssue] = [] if environment_issue is None else [environment_issue]
    missing: list[str] = []
    for name, value in (("base_url", base), ("client_id", cid), ("client_secret", secret)):
        # A misspelt environment is its own issue; "base_url is required" beside it would point the wrong way.
        if value is None and not (name == "base_url" and environment_issue is not None):
            missing.append(name)
            issues.append(ValidationIssue((name,), _required(name)))
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
    positive_seconds(issues, "timeout", timeout)
    positive_seconds(issues, "deadline", deadline)
    if issues:
        error = ValidationError(issues)
        head = f"LearnKit is not configured: missing {', '.join(missing)}." if missing else "LearnKit is misconfigured."
        # From the error's issues, which are redacted, not from the values given (docs/decisions.md#d-i33-issues).
        width = max(len(str(i.path[0])) for i in error.issues)
        lines = [f"  {str(i.path[0]).ljust(width)}  {i.message}" for i in error.issues]
        tip = (
            [
                "Trying it locally? `npx -p @learnkit/mock learnkit-mock serve` starts a mock platform and prints a "
                "URL and credentials."
            ]
            if missing
            else []
        )
        error.message = "\n".join([head, *lines, *tip])
        error.args = (error.message,)
        raise error
    assert base is not None and cid is not None and secret is not None
    _configure_logging(environ.get(ENV["log"]))
    base = base.rstrip("/")
    scope_list = [scopes] if isinstance(scopes, str) else list(scopes or [])
    # The environment's token endpoint unless an explicit base_url or auth_url says where tokens come from.
    basic_token_url = (
        ENVIRONMENTS[chosen].token_url if explicit_base is None and chosen is not None else f"{base}/auth/1.0/token"
    )
    return _Config(
        base_url=base,
        environment=chosen,
        client_id=cid,
        client_secret=secret,
        token_url=f"{auth.rstrip('/')}/oauth2/token" if auth else basic_token_url,
        style="form" if auth else "basic",
        scope=" ".join(s.strip() for s in scope_list if isinstance(s, str) and s.strip()),
        retry=_retry_of(retry, max_retries),
        timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
        deadline=DEFAULT_DEADLINE if deadline is None else float(deadline),
        headers=dict(headers or {}),
    )


def _file_of(sent: Sent, name: str) -> BinaryResponseContent:
    """The file of a success answer. JSON or HTML where a file was asked for is a proxy's or login page, or an
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
    """The ``{name}`` placeholders of a path template, read once per template (docs/decisions.md#d-i30-own-requests)."""
    return tuple(part.split("}", 1)[0] for part in path.split("{")[1:])


def _fill(path: str, params: Mapping[str, object]) -> str:
    """``path`` with each ``{name}`` replaced by its percent-encoded value. A placeholder without a value, or a value
    without a placeholder, is a ValidationError (docs/decisions.md#d-i30-request-checks)."""
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
    """What ``LearnKit`` and ``AsyncLearnKit`` share: the configuration, how a call is prepared and how its answer is
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
        parameter the path does not use are refused before anything is sent (docs/decisions.md#d-i30-request-checks)."""
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
    def _answer(sent: Sent, name: str, binary: bool = False) -> ApiResponse[Any]:
        """The parsed answer (a file's bytes when ``binary``), or the ApiError of a failed one."""
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
        answer: ApiResponse[Any] = ApiResponse(
            data, sent.status, sent.headers, sent.headers.get("x-request-id") or sent.request_id, sent.response
        )
        captured(answer)
        return answer

    @staticmethod
    def _retry_for(retry: RetryOptions | Literal[False] | None, max_retries: int | None) -> RetryOptions | None:
        if retry is None and max_retries is None:
            return None
        return _retry_of(retry, max_retries)

    @staticmethod
    def _result(answer: ApiResponse[Any], cast: Any, returns: str | None, partial: bool) -> Any:
        data = answer.data
        if returns is not None:
            data = data.get(returns) if isinstance(data, dict) else None
        if cast is None:
            return data
        return parse(cast, data, partial=partial)

    @staticmethod
    def _page(answer: ApiResponse[Any], member: str | None, item: Any, partial: bool) -> tuple[list[Any], int | None]:
        data = answer.data
        rows = data if member is None else data.get(member, []) if isinstance(data, dict) else []
        rows = rows if isinstance(rows, list) else []
        total = total_of(answer)
        if total is None and isinstance(data, dict):
            # The platform's own listings state their count as `total` (docs/decisions.md#d-platform-paging).
            member = data.get("total")
            total = member if isinstance(member, int) and not isinstance(member, bool) and member >= 0 else None
        return [parse(item, row, partial=partial) for row in rows], total


class LearnKit(_Shared, Families):
    """The LearnKit platform client. One instance holds one connection pool, one token (client credentials,
    refreshed before it expires, one refresh however many threads wait) and one retry policy, shared by every call;
    it is safe to use from many threads. Nothing is sent until the first call; ``with LearnKit() as lk:`` (or
    ``lk.close()``) closes the pool.

    Configuration comes from the arguments or the environment (``LEARNKIT_ENVIRONMENT``, ``LEARNKIT_BASE_URL``,
    ``LEARNKIT_CLIENT_ID``, ``LEARNKIT_CLIENT_SECRET``, ``LEARNKIT_AUTH_URL``, ``LEARNKIT_LOG``); anything missing is
    one :class:`ValidationError` naming each setting and how to set it. The secret and tokens never appear in ``repr``,
    ``str``, logs or errors. Proxies come from ``HTTP_PROXY``, ``HTTPS_PROXY`` and ``NO_PROXY``, as httpx reads them.

    Example::

        with LearnKit() as lk:  # from LEARNKIT_* variables
            for document in lk.case.documents.list(search="math"):
                print(document.title)
    """

    def __init__(
        self,
        base_url: str | None = None,
        client_id: str | None = None,
        client_secret: str | None = None,
        *,
        auth_url: str | None = None,
        scopes: str | Sequence[str] | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        headers: Mapping[str, str] | None = None,
        activity_config: Mapping[str, object] | str | os.PathLike[str] | None = None,
        lti: LtiOptions | Mapping[str, Any] | None = None,
        http_client: httpx.Client | None = None,
        env: Mapping[str, str] | None = None,
        environment: EnvironmentName | None = None,
    ) -> None:
        """Checks the configuration and builds the shared pool, token provider and transport.

        ``environment``: ``"sandbox"``, ``"production"`` or ``"staging"`` (default ``LEARNKIT_ENVIRONMENT``) sets the
        base URL and the token URL from the platform's published addresses (``ENVIRONMENTS``); an explicit ``base_url``
        (argument or ``LEARNKIT_BASE_URL``) wins over them. ``auth_url``: tokens from ``{auth_url}/oauth2/token``
        with the credentials as form fields; omitted, from ``{base_url}/auth/1.0/token`` with HTTP Basic.
        ``timeout``: one attempt, in seconds (default 30), or an
        ``httpx.Timeout``; ``deadline``: the whole call, retries included (default 120 s). ``max_retries``: retries
        after the first attempt (default 2); ``retry`` tunes the backoff too. ``activity_config``: the
        ``learnkit.config.json`` of ``lk.activity``, as a dict or a path (default: that file in the working
        directory, read on first use). ``lti``: the options of ``lk.lti``, ``LtiOptions(audience=<your LTI client
        id>)`` (the ``lti`` extra). ``http_client``: an ``httpx.Client`` of your own (its proxies, certificates,
        limits, default headers and cookies); the client leaves it open. ``env``: where the variables are read
        (default ``os.environ``).
        """
        config = _configure(
            base_url,
            client_id,
            client_secret,
            auth_url,
            scopes,
            retry,
            max_retries,
            timeout,
            deadline,
            headers,
            env,
            environment,
        )
        if http_client is not None and not isinstance(http_client, httpx.Client):
            raise ValidationError(
                [
                    ValidationIssue(
                        ("http_client",), "must be an httpx.Client (AsyncLearnKit takes an httpx.AsyncClient)"
                    )
                ]
            )
        self._config = config
        self._owns_http = http_client is None
        self._http = (
            http_client
            if http_client is not None
            else httpx.Client(trust_env=True, follow_redirects=False, cookies=no_cookies())
        )
        self._transport = Transport(
            self._http,
            retry=config.retry,
            timeout=config.timeout,
            deadline=config.deadline,
            headers=config.headers,
            own=http_client is None,
        )
        self._auth = ClientCredentials(
            token_url=config.token_url,
            client_id=config.client_id,
            client_secret=config.client_secret,
            style=config.style,
            scope=config.scope,
            send=self._transport.send_token_request,
        )
        self._activity_config = activity_config
        self._lti = LtiSlot(lti)
        self._activity: Activity | None = None
        self._lock = threading.Lock()

    def with_options(
        self,
        *,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> LearnKit:
        """A client like this one with other call settings: it shares this one's pool and token, so it costs no
        connection and no token request.

        Example::

            patient = lk.with_options(timeout=120, max_retries=5)
            patient.case.packages.get(document_id)
        """
        issues: list[ValidationIssue] = []
        positive_seconds(issues, "timeout", timeout)
        positive_seconds(issues, "deadline", deadline)
        if issues:
            raise ValidationError(issues)
        config = replace(
            self._config,
            timeout=self._config.timeout if timeout is None else timeout,
            deadline=self._config.deadline if deadline is None else float(deadline),
            retry=self._config.retry
            if retry is None and max_retries is None
            else _retry_of(self._config.retry if retry is None else retry, max_retries),
            headers={**self._config.headers, **(headers or {})},
        )
        other = object.__new__(LearnKit)
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k in _SHARED_STATE})
        other._config = config
        other._owns_http = False
        other._transport = Transport(
            self._http,
            retry=config.retry,
            timeout=config.timeout,
            deadline=config.deadline,
            headers=config.headers,
            own=self._transport.own,
        )
        other._activity = None
        other._lock = threading.Lock()
        return other

    def close(self) -> None:
        """Closes the connection pool (unless it is an ``http_client`` you passed)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> LearnKit:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def activity(self) -> Activity:
        """Server-side activity recording: ``lk.activity.record(user=..., activity=..., metrics=...)``, with
        ``learnkit.config.json`` (``activity_config``, else that file in the working directory, read on first use).
        """
        with self._lock:
            if self._activity is None:
                from .activity import Activity
                from .activity._config import config_source

                self._activity = Activity(self, base_url=self.base_url, config=config_source(self._activity_config))
            return self._activity

    @property
    def lti(self) -> LaunchVerifier:
        """The LTI launch verifier (``lk.lti.verify(id_token)``): the issuer and key set of the client's base URL's
        environment, the audience of ``lti=LtiOptions(audience=...)``; needs ``pip install "learnkit[lti]"``."""
        return self._lti.verifier(self.base_url, self.environment)

    def request(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str | int] | None = None,
        query: Mapping[str, QueryValue] | None = None,
        body: object = _UNSET,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
    ) -> Any:
        """Calls any path of the platform and returns its parsed JSON body (None for an empty one). Raises an
        :class:`ApiError` subclass for 4xx/5xx (and for a success body that is not JSON), ``ApiConnectionError``
        or ``ApiTimeoutError``.

        ``path`` may hold ``{name}`` placeholders filled from ``path_params`` (percent-encoded; a placeholder
        without a value, or a value without a placeholder, is refused); ``query`` values may be lists (sent
        comma-joined, as ``fields``), booleans or numbers, and None is left out; ``body`` is sent as JSON (leave it
        out for none: ``body=None`` is refused). ``idempotent`` overrides the method's default (GET, HEAD, OPTIONS
        and PUT are; POST, PATCH and DELETE are retried only on 429 or when the connection was never made).

        Example::

            user = lk.request("GET", "/rostering/1.0/users/{sourcedId}", path_params={"sourcedId": "usr-1"})
        """
        return self.request_with_response(
            method,
            path,
            path_params=path_params,
            query=query,
            body=body,
            headers=headers,
            idempotent=idempotent,
            timeout=timeout,
            deadline=deadline,
            max_retries=max_retries,
            retry=retry,
            extra_query=extra_query,
            idempotency_key=idempotency_key,
            operation=operation,
        ).data

    def request_with_response(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str | int] | None = None,
        query: Mapping[str, QueryValue] | None = None,
        body: object = _UNSET,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
        _bearer: str | None = None,
        _binary: bool = False,
    ) -> ApiResponse[Any]:
        """Like :meth:`request`, also giving the status, headers and request id (for headers such as
        ``X-Total-Count``)."""
        verb, url, payload, request_headers, name = self._prepare(
            method, path, path_params, query, body, headers, extra_query, idempotency_key, operation
        )
        auth = self._auth if _bearer is None else None
        if _bearer is not None:
            register_token(_bearer)
            request_headers["authorization"] = f"Bearer {_bearer}"
        sent = self._transport.send(
            verb,
            url,
            body=payload,
            headers=request_headers,
            auth=auth,  # type: ignore[arg-type]
            operation=name,
            idempotent=idempotent,
            timeout=timeout,
            deadline=deadline,
            retry=self._retry_for(retry, max_retries),
        )
        return self._answer(sent, name, _binary)

    # The one call every generated method makes (docs/decisions.md#d-i30-generated-python).
    def _call(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, object] | None = None,
        query: Mapping[str, object] | None = None,
        body: object = _UNSET,
        cast: Any = None,
        returns: str | None = None,
        partial: bool = False,
        idempotent: bool | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
        bearer: str | None = None,
        binary: bool = False,
    ) -> Any:
        answer = self.request_with_response(
            method,
            path,
            path_params=path_params,  # type: ignore[arg-type]
            query=query,  # type: ignore[arg-type]
            body=body,
            headers={**(headers or {}), **(extra_headers or {})},
            idempotent=idempotent,
            timeout=timeout,
            max_retries=max_retries,
            extra_query=extra_query,  # type: ignore[arg-type]
            idempotency_key=idempotency_key,
            operation=operation,
            _bearer=bearer,
            _binary=binary,
        )
        return self._result(answer, cast, returns, partial)

    def _list(
        self,
        path: str,
        *,
        page: str | None,
        item: Any,
        path_params: Mapping[str, object] | None = None,
        query: Mapping[str, object] | None = None,
        limit: int | None = None,
        offset: int | None = None,
        max_items: int | None = None,
        paged: bool = True,
        max_limit: int = MAX_LIMIT,
        partial: bool = False,
        timeout: Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        operation: str | None = None,
    ) -> SyncPager[Any]:
        check_page_options(limit, offset, max_items, max_limit)
        from ._pagination import DEFAULT_LIMIT

        def read(at: int, size: int | None) -> tuple[list[Any], int | None, ApiResponse[Any]]:
            page_query = {**(query or {}), "offset": at, "limit": size} if paged else dict(query or {})
            answer = self.request_with_response(
                "GET",
                path,
                path_params=path_params,  # type: ignore[arg-type]
                query=page_query,  # type: ignore[arg-type]
                headers=extra_headers,
                timeout=timeout,
                max_retries=max_retries,
                extra_query=extra_query,  # type: ignore[arg-type]
                operation=operation,
            )
            items, total = self._page(answer, page, item, partial)
            return items, total, answer

        return SyncPager(
            read, offset=offset or 0, limit=(limit or DEFAULT_LIMIT) if paged else None, max_items=max_items
        )


# What a client made by with_options shares with the one it came from.
_SHARED_STATE = frozenset({"_http", "_auth", "_activity_config", "_lti"})


class AsyncLearnKit(_Shared, AsyncFamilies):
    """The LearnKit platform client for asyncio: the same configuration, methods and rules as :class:`LearnKit`,
    every call awaited. One instance holds one pool and one token; the token is refreshed once however many tasks
    wait. Use it from one event loop; ``async with AsyncLearnKit() as alk:`` (or ``await alk.close()``) closes the
    pool.

    Example::

        async with AsyncLearnKit() as alk:
            document = await alk.case.documents.get(document_id)
            async for user in alk.oneroster.users.list(filter="status='active'"):
                print(user.email)
    """

    def __init__(
        self,
        base_url: str | None = None,
        client_id: str | None = None,
        client_secret: str | None = None,
        *,
        auth_url: str | None = None,
        scopes: str | Sequence[str] | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        headers: Mapping[str, str] | None = None,
        activity_config: Mapping[str, object] | str | os.PathLike[str] | None = None,
        lti: LtiOptions | Mapping[str, Any] | None = None,
        http_client: httpx.AsyncClient | None = None,
        env: Mapping[str, str] | None = None,
        environment: EnvironmentName | None = None,
    ) -> None:
        """The arguments of :class:`LearnKit`; ``http_client`` is an ``httpx.AsyncClient``."""
        config = _configure(
            base_url,
            client_id,
            client_secret,
            auth_url,
            scopes,
            retry,
            max_retries,
            timeout,
            deadline,
            headers,
            env,
            environment,
        )
        if http_client is not None and not isinstance(http_client, httpx.AsyncClient):
            raise ValidationError(
                [ValidationIssue(("http_client",), "must be an httpx.AsyncClient (LearnKit takes an httpx.Client)")]
            )
        self._config = config
        self._owns_http = http_client is None
        self._http = (
            http_client
            if http_client is not None
            else httpx.AsyncClient(trust_env=True, follow_redirects=False, cookies=no_cookies())
        )
        self._transport = AsyncTransport(
            self._http,
            retry=config.retry,
            timeout=config.timeout,
            deadline=config.deadline,
            headers=config.headers,
            own=http_client is None,
        )
        self._auth = AsyncClientCredentials(
            token_url=config.token_url,
            client_id=config.client_id,
            client_secret=config.client_secret,
            style=config.style,
            scope=config.scope,
            send=self._transport.send_token_request,
        )
        self._activity_config = activity_config
        self._lti = LtiSlot(lti)
        self._activity: AsyncActivity | None = None
        self._lock = threading.Lock()

    def with_options(
        self,
        *,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> AsyncLearnKit:
        """:meth:`LearnKit.with_options`: the same pool and token, other call settings."""
        issues: list[ValidationIssue] = []
        positive_seconds(issues, "timeout", timeout)
        positive_seconds(issues, "deadline", deadline)
        if issues:
            raise ValidationError(issues)
        config = replace(
            self._config,
            timeout=self._config.timeout if timeout is None else timeout,
            deadline=self._config.deadline if deadline is None else float(deadline),
            retry=self._config.retry
            if retry is None and max_retries is None
            else _retry_of(self._config.retry if retry is None else retry, max_retries),
            headers={**self._config.headers, **(headers or {})},
        )
        other = object.__new__(AsyncLearnKit)
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k in _SHARED_STATE})
        other._config = config
        other._owns_http = False
        other._transport = AsyncTransport(
            self._http,
            retry=config.retry,
            timeout=config.timeout,
            deadline=config.deadline,
            headers=config.headers,
            own=self._transport.own,
        )
        other._activity = None
        other._lock = threading.Lock()
        return other

    async def close(self) -> None:
        """Closes the connection pool (unless it is an ``http_client`` you passed)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncLearnKit:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def activity(self) -> AsyncActivity:
        """:attr:`LearnKit.activity` for tasks: ``await alk.activity.record(...)``."""
        with self._lock:
            if self._activity is None:
                from .activity import AsyncActivity
                from .activity._config import config_source

                self._activity = AsyncActivity(
                    self, base_url=self.base_url, config=config_source(self._activity_config)
                )
            return self._activity

    @property
    def lti(self) -> AsyncLaunchVerifier:
        """:attr:`LearnKit.lti` for tasks: ``await alk.lti.verify(id_token)``."""
        return self._lti.async_verifier(self.base_url, self.environment)

    async def request(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str | int] | None = None,
        query: Mapping[str, QueryValue] | None = None,
        body: object = _UNSET,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
    ) -> Any:
        """:meth:`LearnKit.request` for tasks.

        Example::

            user = await alk.request("GET", "/rostering/1.0/users/{sourcedId}", path_params={"sourcedId": "usr-1"})
        """
        answer = await self.request_with_response(
            method,
            path,
            path_params=path_params,
            query=query,
            body=body,
            headers=headers,
            idempotent=idempotent,
            timeout=timeout,
            deadline=deadline,
            max_retries=max_retries,
            retry=retry,
            extra_query=extra_query,
            idempotency_key=idempotency_key,
            operation=operation,
        )
        return answer.data

    async def request_with_response(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str | int] | None = None,
        query: Mapping[str, QueryValue] | None = None,
        body: object = _UNSET,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        timeout: Timeout | None = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        retry: RetryOptions | Literal[False] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
        _bearer: str | None = None,
        _binary: bool = False,
    ) -> ApiResponse[Any]:
        """:meth:`LearnKit.request_with_response` for tasks."""
        verb, url, payload, request_headers, name = self._prepare(
            method, path, path_params, query, body, headers, extra_query, idempotency_key, operation
        )
        auth = self._auth if _bearer is None else None
        if _bearer is not None:
            register_token(_bearer)
            request_headers["authorization"] = f"Bearer {_bearer}"
        sent = await self._transport.send(
            verb,
            url,
            body=payload,
            headers=request_headers,
            auth=auth,  # type: ignore[arg-type]
            operation=name,
            idempotent=idempotent,
            timeout=timeout,
            deadline=deadline,
            retry=self._retry_for(retry, max_retries),
        )
        return self._answer(sent, name, _binary)

    async def _call(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, object] | None = None,
        query: Mapping[str, object] | None = None,
        body: object = _UNSET,
        cast: Any = None,
        returns: str | None = None,
        partial: bool = False,
        idempotent: bool | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        idempotency_key: str | None = None,
        operation: str | None = None,
        bearer: str | None = None,
        binary: bool = False,
    ) -> Any:
        answer = await self.request_with_response(
            method,
            path,
            path_params=path_params,  # type: ignore[arg-type]
            query=query,  # type: ignore[arg-type]
            body=body,
            headers={**(headers or {}), **(extra_headers or {})},
            idempotent=idempotent,
            timeout=timeout,
            max_retries=max_retries,
            extra_query=extra_query,  # type: ignore[arg-type]
            idempotency_key=idempotency_key,
            operation=operation,
            _bearer=bearer,
            _binary=binary,
        )
        return self._result(answer, cast, returns, partial)

    def _list(
        self,
        path: str,
        *,
        page: str | None,
        item: Any,
        path_params: Mapping[str, object] | None = None,
        query: Mapping[str, object] | None = None,
        limit: int | None = None,
        offset: int | None = None,
        max_items: int | None = None,
        paged: bool = True,
        max_limit: int = MAX_LIMIT,
        partial: bool = False,
        timeout: Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        operation: str | None = None,
    ) -> AsyncPager[Any]:
        check_page_options(limit, offset, max_items, max_limit)
        from ._pagination import DEFAULT_LIMIT

        async def read(at: int, size: int | None) -> tuple[list[Any], int | None, ApiResponse[Any]]:
            page_query = {**(query or {}), "offset": at, "limit": size} if paged else dict(query or {})
            answer = await self.request_with_response(
                "GET",
                path,
                path_params=path_params,  # type: ignore[arg-type]
                query=page_query,  # type: ignore[arg-type]
                headers=extra_headers,
                timeout=timeout,
                max_retries=max_retries,
                extra_query=extra_query,  # type: ignore[arg-type]
                operation=operation,
            )
            items, total = self._page(answer, page, item, partial)
            return items, total, answer

        return AsyncPager(
            read, offset=offset or 0, limit=(limit or DEFAULT_LIMIT) if paged else None, max_items=max_items
        )
