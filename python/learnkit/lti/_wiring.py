"""``lk.lti``: the verifier of a client, its issuer and key set from the environment (the TypeScript
``ENVIRONMENTS`` table's LTI columns, packages/core/src/environments.ts) or from the client's base URL
(docs/decisions.md#d-lti-python-wiring)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ValidationError, ValidationIssue
from ._nonce import AsyncNonceStore, NonceStore
from ._verifier import AsyncLaunchVerifier, LaunchVerifier

__all__ = ["LTI_ENVIRONMENTS", "LtiOptions", "async_launch_verifier_for", "launch_verifier_for"]

#: Each environment's base URL and LTI issuer (the key set is ``{base}/.well-known/jwks.json``).
LTI_ENVIRONMENTS: dict[str, tuple[str, str]] = {
    "production": ("https://platform.timeback.com", "https://timeback.com"),
    "staging": ("https://platform.dev.timeback.com", "https://staging.timeback.com"),
    "sandbox": ("https://sandbox.platform.timeback.com", "https://staging.timeback.com"),
}


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
    if environment is not None and environment not in LTI_ENVIRONMENTS:
        raise ValidationError([ValidationIssue(("environment",), f"must be one of {', '.join(LTI_ENVIRONMENTS)}")])
    base = (base_url or "").rstrip("/")
    preset = LTI_ENVIRONMENTS.get(environment or "") or next(
        (row for row in LTI_ENVIRONMENTS.values() if row[0] == base), None)
    issuer = options.issuer or (preset[1] if preset else None)
    jwks_url = options.jwks_url or f"{preset[0] if preset else base}/.well-known/jwks.json"
    if issuer is None:
        raise ValidationError([ValidationIssue(("lti", "issuer"), "is required when the base URL is not one of "
                                               "the platform's environments (the mock's issuer, for instance)")])
    if not jwks_url.startswith(("https://", "http://")):
        raise ValidationError([ValidationIssue(("lti", "jwks_url"), "is required without a base URL or environment")])
    return issuer, jwks_url


def launch_verifier_for(
    base_url: str | None, environment: str | None, options: LtiOptions, nonce_store: NonceStore | None = None
) -> LaunchVerifier:
    """The :class:`LaunchVerifier` of a client: ``issuer`` and ``jwks_url`` from ``environment`` (``production``,
    ``staging``, ``sandbox``), else from a ``base_url`` that is one of theirs, unless ``options`` name them."""
    issuer, jwks_url = _issuer_and_keys(base_url, environment, options)
    return LaunchVerifier(issuer=issuer, audience=options.audience, jwks_url=jwks_url, nonce_store=nonce_store,
                          clock_tolerance_sec=options.clock_tolerance_sec, deployment_id=options.deployment_id,
                          timeout=options.timeout)


def async_launch_verifier_for(
    base_url: str | None,
    environment: str | None,
    options: LtiOptions,
    nonce_store: AsyncNonceStore | NonceStore | None = None,
) -> AsyncLaunchVerifier:
    """:func:`launch_verifier_for` for :class:`AsyncLaunchVerifier`."""
    issuer, jwks_url = _issuer_and_keys(base_url, environment, options)
    return AsyncLaunchVerifier(issuer=issuer, audience=options.audience, jwks_url=jwks_url, nonce_store=nonce_store,
                               clock_tolerance_sec=options.clock_tolerance_sec, deployment_id=options.deployment_id,
                               timeout=options.timeout)
