"""Secrets the platform returns (a subscription's ``signingSecret``, an application's ``clientSecret``): values that
never print themselves (docs/decisions.md#d-python-secrets)."""

from __future__ import annotations

from pydantic import SecretStr

__all__ = ["SigningSecret"]


class SigningSecret(SecretStr):
    """A subscription's signing secret, as ``subscriptions.create`` and ``rotate_secret`` return it. It never prints
    itself: ``str()``, ``repr()``, logs, f-strings and ``to_dict()`` show ``whsec_…abcd`` (the last four characters,
    to tell secrets apart) or ``**********``. :meth:`reveal` gives the secret to store; ``verify_webhook``,
    ``sign_webhook`` and the webhook handler take it as it is.

    Example::

        subscription = lk.webhooks.subscriptions.create(app_id, {"url": url, "event_types": ["enrollment.created"]})
        store_secret("LEARNKIT_WEBHOOK_SECRET", subscription.signing_secret.reveal())
    """

    def _display(self) -> str:
        value = self.get_secret_value()
        prefix = "whsec_" if value.startswith("whsec_") else ""
        return f"{prefix}…{value[-4:] if len(value) - len(prefix) > 8 else ''}"

    def reveal(self) -> str:
        """The secret itself: the whole string, ``whsec_`` prefix included (that is the HMAC key)."""
        return self.get_secret_value()
