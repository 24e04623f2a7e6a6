"""The typed result of a verified LTI launch, read from the ID token's claims (the TypeScript ``Launch``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["LTI_CLAIM", "Launch", "launch_from_claims"]

#: The prefix of the LTI 1.3 claims (``{LTI_CLAIM}message_type`` ...).
LTI_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"


@dataclass(frozen=True)
class Launch:
    """A verified launch: who the student is and where they came from. ``platform_user_id`` (the token's ``sub``)
    is the student's platform id, the actor of ``activity.record`` and of every Caliper event.

    Example::

        launch = verifier.verify(id_token)
        lk.activity.record(user={"email": launch.email, "platform_id": launch.platform_user_id}, ...)
    """

    #: ``sub``: the student's platform id.
    platform_user_id: str
    #: ``email``, when the platform sent it.
    email: str | None
    #: ``name``, when sent.
    name: str | None
    #: ``given_name``, when sent.
    given_name: str | None
    #: ``family_name``, when sent.
    family_name: str | None
    #: The LTI ``roles`` claim (role URIs); empty when absent.
    roles: tuple[str, ...]
    #: The LTI ``context`` claim (``id``, ``label``, ``title``, ``type``), when sent.
    context: Mapping[str, Any] | None
    #: The LTI ``resource_link`` claim (``id``, ``title``, ...), when sent.
    resource_link: Mapping[str, Any] | None
    #: The LTI ``deployment_id`` claim, when sent.
    deployment_id: str | None
    #: The LTI ``target_link_uri`` claim, when sent.
    target_link_uri: str | None
    #: The LTI ``message_type`` claim (``LtiResourceLinkRequest`` ...).
    message_type: str
    #: Every claim of the token, as sent.
    claims: Mapping[str, Any] = field(repr=False)


def _text(claims: Mapping[str, Any], name: str) -> str | None:
    value = claims.get(name)
    return value if isinstance(value, str) else None


def _object(claims: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    value = claims.get(name)
    return value if isinstance(value, dict) else None


def launch_from_claims(claims: Mapping[str, Any]) -> Launch:
    """The :class:`Launch` of claims already checked (``sub`` and ``message_type`` are strings)."""
    roles = claims.get(LTI_CLAIM + "roles")
    return Launch(
        platform_user_id=str(claims["sub"]),
        email=_text(claims, "email"),
        name=_text(claims, "name"),
        given_name=_text(claims, "given_name"),
        family_name=_text(claims, "family_name"),
        roles=tuple(r for r in roles if isinstance(r, str)) if isinstance(roles, list) else (),
        context=_object(claims, LTI_CLAIM + "context"),
        resource_link=_object(claims, LTI_CLAIM + "resource_link"),
        deployment_id=_text(claims, LTI_CLAIM + "deployment_id"),
        target_link_uri=_text(claims, LTI_CLAIM + "target_link_uri"),
        message_type=str(claims[LTI_CLAIM + "message_type"]),
        claims=dict(claims),
    )
