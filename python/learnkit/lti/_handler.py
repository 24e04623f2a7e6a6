"""What the FastAPI and Django launch views share, framework-free: the request checks (405, 415, 413), the form
read, the 401 page that names the reason and nothing of the token, and the session cookie
(docs/decisions.md#d-lti-python-views)."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from ..errors import LaunchVerificationError, ValidationError
from ._claims import MAX_TOKEN_BYTES
from ._login import LoginInitiation
from ._session import LaunchSession

__all__ = ["LaunchResponse", "LaunchFlow"]

#: The largest launch form read: the largest token accepted and room for the state.
MAX_FORM_BYTES = MAX_TOKEN_BYTES + 16 * 1024
_FORM = "application/x-www-form-urlencoded"
_WHY = {
    "expired": "The launch expired. Open the app again from the platform.",
    "not_yet_valid": "The launch is not valid yet: a server clock is off.",
    "replayed": "This launch was already used. Open the app again from the platform.",
    "key_set_unreachable": "The platform's keys could not be read. Try again in a minute.",
}


@dataclass(frozen=True)
class LaunchResponse:
    """A response of the launch or login endpoint: status, text (a short HTML page) and headers."""

    status: int
    text: str
    headers: dict[str, str] = field(default_factory=dict)


def page(status: int, title: str, message: str, headers: dict[str, str] | None = None) -> LaunchResponse:
    """A short HTML page: nothing the request sent is in it."""
    body = (
        f"<!doctype html><meta charset=utf-8><title>{html.escape(title)}</title>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(message)}</p>\n"
    )
    return LaunchResponse(
        status, body, {"content-type": "text/html; charset=utf-8", "cache-control": "no-store", **(headers or {})}
    )


def refusal(error: LaunchVerificationError) -> LaunchResponse:
    """401, naming the reason class (``expired``, ``wrong_audience`` ...), never the token or a claim."""
    why = _WHY.get(error.reason, "The launch could not be verified. Open the app again from the platform.")
    return page(401, "Launch refused", f"{why} (reason: {error.reason})")


class LaunchFlow:
    """The checks of a launch request around the verifier, for one framework's view to call."""

    def __init__(self, session: LaunchSession, login: LoginInitiation | None, require_state: bool) -> None:
        self.session = session
        self.login = login
        self.require_state = require_state

    def check_request(self, method: str, content_type: str, length: str) -> LaunchResponse | None:
        """405 for anything but POST (a token in a query is never read), 415 for anything but a form, 413 when too
        large; None when the request may be read."""
        if method.upper() != "POST":
            return page(
                405, "Method not allowed", "The platform launches with a form POST of id_token.", {"allow": "POST"}
            )
        if content_type.split(";")[0].strip().lower() != _FORM:
            return page(415, "Unsupported media type", f"The launch is a form post ({_FORM}).")
        if length.isdigit() and int(length) > MAX_FORM_BYTES:
            return page(413, "Too large", "The launch form is too large.")
        return None

    def read_form(self, body: bytes) -> tuple[str, str | None]:
        """``(id_token, state)`` of the form; no ``id_token`` is a ``malformed`` refusal."""
        if len(body) > MAX_FORM_BYTES:
            raise LaunchVerificationError("malformed", ": the launch form is too large")
        try:
            fields = parse_qs(body.decode("ascii"), keep_blank_values=False, max_num_fields=20)
        except (UnicodeDecodeError, ValueError):
            raise LaunchVerificationError("malformed", ": the launch body is not a form") from None
        tokens, states = fields.get("id_token", []), fields.get("state", [])
        if len(tokens) != 1 or len(states) > 1:
            raise LaunchVerificationError("malformed", ": the form must have one id_token field")
        return tokens[0], (states[0] if states else None)

    def expected_nonce(self, state: str | None) -> str | None:
        """The nonce the login's ``state`` names, when a login is configured and a state came (or always, with
        ``require_state``); None when the launch carries no state to check."""
        if self.login is not None and (state is not None or self.require_state):
            return self.login.nonce_of(state)
        return None

    def login_response(self, params: dict[str, str]) -> LaunchResponse:
        """302 to the platform's authorization endpoint, or 400 naming the missing parameter."""
        if self.login is None:
            return page(404, "Not found", "This app has no login initiation endpoint.")
        try:
            location = self.login.redirect_for(params)
        except ValidationError as error:
            return page(400, "Bad login request", error.message)
        return LaunchResponse(302, "", {"location": location, "cache-control": "no-store"})
