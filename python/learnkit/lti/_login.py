"""The third-party-initiated login of LTI 1.3 core (OIDC): the platform sends ``iss``, ``login_hint`` and
``target_link_uri``; the app redirects to the platform's authorization endpoint with a ``state`` and a ``nonce``;
the platform then posts the ID token with that ``state``. The state is a signed value holding the nonce, so it is
checked on return with no server-side session (docs/decisions.md#d-lti-python-login)."""

from __future__ import annotations

import secrets as _secrets
import time
from collections.abc import Callable, Mapping, Sequence
from urllib.parse import urlencode

from pydantic import SecretStr

from ..errors import LaunchVerificationError, ValidationError, ValidationIssue
from ._signing import Signer

__all__ = ["LoginInitiation"]


class LoginInitiation:
    """returns the platform's login initiation and checks the ``state`` it posts back with the ID token.

    Example::

        login = LoginInitiation(
            issuer="https://canvas.instructure.com",
            client_id=os.environ["LTI_CLIENT_ID"],
            auth_endpoint="https://sso.canvaslms.com/api/lti/authorize_redirect",
            redirect_uri="https://app.example.com/lti/launch",
            state_secret=os.environ["LTI_STATE_SECRET"],
        )
        location = login.redirect_for({"iss": ..., "login_hint": ..., "target_link_uri": ...})
    """

    def __init__(
        self,
        *,
        issuer: str,
        client_id: str,
        auth_endpoint: str,
        redirect_uri: str,
        state_secret: str | SecretStr | Sequence[str | SecretStr],
        state_ttl: int = 600,
        clock: Callable[[], float] = time.time,
    ) -> None:
        issues = [
            ValidationIssue((name,), f"must be {what}")
            for name, value, what in (
                ("issuer", issuer, "the platform's issuer (its iss)"),
                ("client_id", client_id, "your tool's client id on the platform"),
                ("auth_endpoint", auth_endpoint, "the platform's OIDC authorization URL (https://...)"),
                ("redirect_uri", redirect_uri, "your launch URL, registered on the platform (https://...)"),
            )
            if not isinstance(value, str) or not value or (name.endswith(("endpoint", "uri")) and "://" not in value)
        ]
        if issues:
            raise ValidationError(issues)
        #: The platform's issuer; its login requests must name it.
        self.issuer: str = issuer
        #: Your tool's client id on the platform.
        self.client_id: str = client_id
        #: The platform's OIDC authorization endpoint.
        self.auth_endpoint: str = auth_endpoint
        #: Your launch URL, where the platform posts the token back.
        self.redirect_uri: str = redirect_uri
        self._signer = Signer(state_secret, "state", "state_secret")
        self._ttl = state_ttl
        self._clock = clock

    def redirect_for(self, params: Mapping[str, str]) -> str:
        """The authorization URL to redirect the browser to, for the login request's ``params``; a
        :class:`~learnkit.ValidationError` names a missing or foreign parameter."""
        issues = [
            ValidationIssue((name,), "is required in the login request")
            for name in ("iss", "login_hint", "target_link_uri")
            if not params.get(name)
        ]
        if params.get("iss") and params.get("iss") != self.issuer:
            issues.append(ValidationIssue(("iss",), "is not the issuer this login is configured for"))
        if params.get("client_id") and params.get("client_id") != self.client_id:
            issues.append(ValidationIssue(("client_id",), "is not this tool's client id"))
        if issues:
            raise ValidationError(issues)
        nonce = _secrets.token_urlsafe(24)
        state = self._signer.sign(
            {"nonce": nonce, "target": params["target_link_uri"], "exp": int(self._clock()) + self._ttl}
        )
        query = {
            "scope": "openid",
            "response_type": "id_token",
            "response_mode": "form_post",
            "prompt": "none",
            "client_id": self.client_id,
            "redirect_uri": self.redirect_uri,
            "login_hint": params["login_hint"],
            "state": state,
            "nonce": nonce,
        }
        if params.get("lti_message_hint"):
            query["lti_message_hint"] = params["lti_message_hint"]
        separator = "&" if "?" in self.auth_endpoint else "?"
        return f"{self.auth_endpoint}{separator}{urlencode(query)}"

    def nonce_of(self, state: str | None) -> str:
        """The nonce a launch posted with ``state`` must carry; refuses (``malformed``) a state this login did not
        sign or that expired. Read before the token is verified, so a bad state never uses the token's nonce."""
        payload = self._signer.read(state, self._clock())
        if payload is None or not isinstance(payload.get("nonce"), str):
            raise LaunchVerificationError(
                "malformed", ": the state does not match a login this app started; start the launch again"
            )
        return str(payload["nonce"])
