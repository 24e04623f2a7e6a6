"""The clients' configuration: arguments, else the ``LEARNKIT_*`` variables, checked at once into one
``ValidationError`` that names every setting and how to set it (docs/decisions.md#d-environment-option)."""

from __future__ import annotations

import json
import logging
import os
import sys
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from ._attempts import Timeout, positive_seconds
from ._auth import check_credential
from ._environments import ENVIRONMENT_NAMES, ENVIRONMENTS, EnvironmentName, is_environment_name
from ._retry import DEFAULT_RETRY, RetryOptions, resolve_retry
from .errors import ValidationError, ValidationIssue

if TYPE_CHECKING:
    pass

__all__ = ["DEFAULT_DEADLINE", "DEFAULT_TIMEOUT", "ENV"]

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
_log = logging.getLogger("learnkit")
_log_configured = False


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


def _configuration_error(issues: list[ValidationIssue], missing: list[str]) -> ValidationError:
    """One error for every problem of the configuration, a line per setting, and the mock's command when a
    setting is missing."""
    error = ValidationError(issues)
    head = f"LearnKit is not configured: missing {', '.join(missing)}." if missing else "LearnKit is misconfigured."
    # From the error's issues, which are redacted, not from the values given
    # (docs/decisions.md#d-validation-issues-redacted).
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
    return error


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
        raise _configuration_error(issues, missing)
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
