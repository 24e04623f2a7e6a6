"""The platform's three environments and the addresses each one publishes: the API, its token endpoint, and the LTI
issuer and key set its launches are signed with.

A copy of ``ENVIRONMENTS`` of ``@learnkit/core`` (``packages/core/src/environments.ts``); ``tests/test_environment.py``
holds it equal to ``tests/support/environments.json``, which a TypeScript test holds equal to the TypeScript table
(docs/decisions.md#d-environments).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, TypeGuard

__all__ = ["ENVIRONMENTS", "ENVIRONMENT_NAMES", "Environment", "EnvironmentName", "is_environment_name"]

#: The name of one of the platform's environments.
EnvironmentName = Literal["production", "sandbox", "staging"]


@dataclass(frozen=True)
class Environment:
    """What an environment publishes."""

    #: The API's base URL; every family's paths start here.
    base_url: str
    #: The OAuth 2.0 client-credentials token endpoint (HTTP Basic credentials).
    token_url: str
    #: The ``iss`` of the LTI launch tokens the environment signs.
    lti_issuer: str
    #: The key set (JWKS) those launch tokens verify against.
    lti_jwks_url: str


def _environment(base_url: str, lti_issuer: str) -> Environment:
    return Environment(
        base_url=base_url,
        token_url=f"{base_url}/auth/1.0/token",
        lti_issuer=lti_issuer,
        lti_jwks_url=f"{base_url}/.well-known/jwks.json",
    )


#: The platform's environments by name, for example ``ENVIRONMENTS["sandbox"].base_url``.
ENVIRONMENTS: Mapping[EnvironmentName, Environment] = MappingProxyType(
    {
        "production": _environment("https://platform.timeback.com", "https://timeback.com"),
        "staging": _environment("https://platform.dev.timeback.com", "https://staging.timeback.com"),
        "sandbox": _environment("https://sandbox.platform.timeback.com", "https://staging.timeback.com"),
    }
)

#: The names ``environment`` accepts, in the order error messages list them.
ENVIRONMENT_NAMES: tuple[EnvironmentName, ...] = ("production", "sandbox", "staging")


def is_environment_name(value: object) -> TypeGuard[EnvironmentName]:
    """Whether ``value`` names one of the platform's environments."""
    return isinstance(value, str) and value in ENVIRONMENT_NAMES
