"""``lk.lti``: the launch verifier of a client, made on first use from its ``lti=`` options and base URL, and shared
by the clients ``with_options`` makes, so they share one nonce store and key set
(docs/decisions.md#d-lti-python-wiring). Imports ``learnkit.lti`` (the ``lti`` extra) only when used."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import ValidationError, ValidationIssue

if TYPE_CHECKING:
    from .lti import AsyncLaunchVerifier, LaunchVerifier, LtiOptions

__all__ = ["LtiSlot"]


class LtiSlot:
    """The ``lti=`` options of a client and the verifier made from them."""

    def __init__(self, options: LtiOptions | Mapping[str, Any] | None) -> None:
        if options is not None and not isinstance(options, Mapping) and not hasattr(options, "audience"):
            raise ValidationError(
                [ValidationIssue(("lti",), "must be LtiOptions(audience=<your LTI client id>) or a dict with audience")]
            )
        self._options = options
        self._lock = threading.Lock()
        self._verifier: Any = None

    def _options_of(self) -> LtiOptions:
        from .lti import LtiOptions

        if self._options is None:
            raise ValidationError(
                [
                    ValidationIssue(
                        ("lti",), "is required for lk.lti: pass lti=LtiOptions(audience=<your app's LTI client id>)"
                    )
                ]
            )
        if isinstance(self._options, Mapping):
            try:
                return LtiOptions(**self._options)
            except TypeError:
                raise ValidationError(
                    [
                        ValidationIssue(
                            ("lti",), "takes audience, issuer, jwks_url, clock_tolerance_sec, deployment_id and timeout"
                        )
                    ]
                ) from None
        return self._options

    def verifier(self, base_url: str, environment: str | None) -> LaunchVerifier:
        """The sync verifier, made once."""
        from .lti import launch_verifier_for

        with self._lock:
            if self._verifier is None:
                self._verifier = launch_verifier_for(base_url, environment, self._options_of())
            verifier: LaunchVerifier = self._verifier
            return verifier

    def async_verifier(self, base_url: str, environment: str | None) -> AsyncLaunchVerifier:
        """The async verifier, made once."""
        from .lti import async_launch_verifier_for

        with self._lock:
            if self._verifier is None:
                self._verifier = async_launch_verifier_for(base_url, environment, self._options_of())
            verifier: AsyncLaunchVerifier = self._verifier
            return verifier
