"""``lk.lti``: the verifier of a client, its issuer and key set from the environment (the TypeScript
``ENVIRONMENTS`` table's LTI columns, packages/core/src/environments.ts) or from the client's base URL
(docs/decisions.md#d-lti-python-wiring)."""

from __future__ import annotations

from dataclasses import dataclass

from .._environments import ENVIRONMENTS, is_environment_name
from ..errors import ValidationError, ValidationIssue
from ._nonce import AsyncNonceStore, NonceStore
from ._verifier import AsyncLaunchVerifier, LaunchVerifier

__all__ = ["LtiOptions", "async_launch_verifier_for", "launch_verifier_for"]


@dataclass(frozen=True)
class LtiOptions:
    """``lk.lti``'s settings: ``audience`` is your app's LTI client id; ``issuer`` and ``jwks_url`` default from
    the environment."""

    audience: str
    issuer: str | None = None
    jwks_url: str | None = None
    clock_tolerance_sec: float = 5.0
    deployment_id: str | None = None
    timeout: float = 5.0


def _issuer_and_keys(base_url: str | None, environment: str | None, options: LtiOptions) -> tuple[str, str]:
    if environment is not None and not is_environment_name(environment):
        raise ValidationError([ValidationIssue(("environment",), f"must be one of {', '.join(ENVIRONMENTS)}")])
    base = (base_url or "").rstrip("/")
    preset = (
        ENVIRONMENTS[environment]
        if environment is not None
        else next((row for row in ENVIRONMENTS.values() if row.base_url == base), None)
    )
    # Elsewhere (the mock, a stand-in) the base URL is the issuer, as the mock signs (docs/decisions.md#d-lti-defaults).
    issuer = options.issuer or (preset.lti_issuer if preset else base or None)
    jwks_url = options.jwks_url or (preset.lti_jwks_url if preset else f"{base}/.well-known/jwks.json")
    if issuer is None:
        raise ValidationError(
            [
                ValidationIssue(
                    ("lti", "issuer"),
                    "is required without a base URL or environment: pass LtiOptions(issuer=...), the platform's `iss`",
                )
            ]
        )
    if not jwks_url.startswith(("https://", "http://")):
        raise ValidationError([ValidationIssue(("lti", "jwks_url"), "is required without a base URL or environment")])
    return issuer, jwks_url


def launch_verifier_for(
    base_url: str | None, environment: str | None, options: LtiOptions, nonce_store: NonceStore | None = None
) -> LaunchVerifier:
    """The :class:`LaunchVerifier` of a client: ``issuer`` and ``jwks_url`` from ``environment`` (``production``,
    ``staging``, ``sandbox``), else from a ``base_url`` that is one of theirs, unless ``options`` name them."""
    issuer, jwks_url = _issuer_and_keys(base_url, environment, options)
    return LaunchVerifier(
        issuer=issuer,
        audience=options.audience,
        jwks_url=jwks_url,
        nonce_store=nonce_store,
        clock_tolerance_sec=options.clock_tolerance_sec,
        deployment_id=options.deployment_id,
        timeout=options.timeout,
    )


def async_launch_verifier_for(
    base_url: str | None,
    environment: str | None,
    options: LtiOptions,
    nonce_store: AsyncNonceStore | NonceStore | None = None,
) -> AsyncLaunchVerifier:
    """:func:`launch_verifier_for` for :class:`AsyncLaunchVerifier`."""
    issuer, jwks_url = _issuer_and_keys(base_url, environment, options)
    return AsyncLaunchVerifier(
        issuer=issuer,
        audience=options.audience,
        jwks_url=jwks_url,
        nonce_store=nonce_store,
        clock_tolerance_sec=options.clock_tolerance_sec,
        deployment_id=options.deployment_id,
        timeout=options.timeout,
    )
