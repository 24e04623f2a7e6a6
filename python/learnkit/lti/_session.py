"""The launch's session: the verified student in a signed cookie (HttpOnly, Secure, ``SameSite=None`` so it works in
the platform's iframe), read back by ``get_launch_user`` as the activity server's user
(docs/decisions.md#d-lti-python-session)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import quote

from pydantic import SecretStr

from ..activity import User
from ._launch import Launch
from ._signing import Signer

__all__ = ["LaunchSession", "SessionCookie"]

#: What ``encodeURIComponent`` leaves as it is besides letters, digits and ``-_.`` (which ``quote`` always keeps).
_URI_COMPONENT_SAFE = "!~*'()"


@dataclass(frozen=True)
class SessionCookie:
    """A cookie to set: its name, value and lifetime; always ``HttpOnly; Secure; SameSite=None; Path=/``."""

    name: str
    value: str
    max_age: int


class LaunchSession:
    """Signs the launched student into a cookie and reads them back. ``secret`` is one secret or a list (the first
    signs, any verifies: put a new secret first to rotate).

    Example::

        session = LaunchSession(secret=[os.environ["LTI_SESSION_SECRET"], os.environ["LTI_SESSION_SECRET_OLD"]])
    """

    def __init__(
        self,
        secret: str | SecretStr | Sequence[str | SecretStr],
        *,
        cookie_name: str = "learnkit_launch",
        max_age: int = 8 * 3600,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._signer = Signer(secret, "session", "session_secret")
        #: The cookie's name.
        self.cookie_name: str = cookie_name
        #: The session's lifetime in seconds.
        self.max_age: int = max_age
        self._clock = clock

    def cookie_for(self, launch: Launch) -> SessionCookie:
        """The cookie that signs in the student of ``launch``."""
        payload = {
            "sub": launch.platform_user_id,
            "email": launch.email,
            "name": launch.name,
            "exp": int(self._clock()) + self.max_age,
        }
        return SessionCookie(self.cookie_name, self._signer.sign(payload), self.max_age)

    def user_from_cookie(self, value: str | None) -> User | None:
        """The signed-in student (``{"email", "platform_id", "name"?}``) of a cookie value, or None when it is
        missing, expired or not signed by a secret of this session. ``email`` is ``<sub>@launch.invalid`` when the
        platform sent none (docs/decisions.md#d-lti-launch-user)."""
        payload = self._signer.read(value, self._clock())
        if payload is None or not isinstance(payload.get("sub"), str):
            return None
        sub: str = payload["sub"]
        user: User = {"email": payload.get("email") or _stand_in_email(sub), "platform_id": sub}
        if isinstance(payload.get("name"), str):
            user["name"] = payload["name"]
        return user


def _stand_in_email(sub: str) -> str:
    """The activity server requires an email; a launch without one gets ``<sub>@launch.invalid`` (the reserved
    ``.invalid`` domain, never looked up since ``platform_id`` is given), ``sub`` escaped as JavaScript's
    ``encodeURIComponent`` does so both languages give one address (docs/decisions.md#d-lti-launch-user)."""
    return quote(sub, safe=_URI_COMPONENT_SAFE) + "@launch.invalid"
