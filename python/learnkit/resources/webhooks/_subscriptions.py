"""``lk.webhooks.subscriptions``: an application's webhook subscriptions, whose secrets never print themselves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

import httpx
from typing_extensions import Unpack

from ..._generated.resources import webhooks as generated
from ..._models import check_body
from ..._types import QueryValue
from ...errors import ValidationError, ValidationIssue
from ...types.platform import (
    WebhookSubscription,
    WebhookSubscriptionCreateParam,
    WebhookSubscriptionUpdateParam,
    WebhookSubscriptionWithSecret,
)

if TYPE_CHECKING:
    pass

__all__ = ["Subscriptions"]

E = TypeVar("E")
_BASE = "/webhooks/1.0/{sourcedApplicationId}/subscriptions"
_ONE = "/webhooks/1.0/{sourcedApplicationId}/subscriptions/{subscriptionId}"


def _ids(app_id: object, subscription_id: object = "-") -> None:
    issues = [
        ValidationIssue((name,), f"must be a non-empty string (got {value!r})")
        for name, value in (("app_id", app_id), ("subscription_id", subscription_id))
        if not isinstance(value, str) or value == ""
    ]
    if issues:
        raise ValidationError(issues)


class Subscriptions(generated.Subscriptions):
    """The webhook subscriptions of an application, owned by this client. The secret of ``create`` and
    ``rotate_secret`` is a :class:`~learnkit.SigningSecret`, which never prints itself.

    Example::

        subscription = lk.webhooks.subscriptions.create(
            app_id, {"url": "https://hooks.example.com/lk", "event_types": ["enrollment.created"]}
        )
    """

    def create(
        self,
        app_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        **subscription: Unpack[WebhookSubscriptionCreateParam],
    ) -> WebhookSubscriptionWithSecret:
        """Registers an HTTPS endpoint for event types; the response holds the ``signing_secret`` (shown once: store
        ``signing_secret.reveal()``). Not repeated once the request may have reached the platform.

        Example::

            subscription = lk.webhooks.subscriptions.create(app_id, {"url": url, "event_types": ["user.created"]})
        """
        _ids(app_id)
        body = check_body(WebhookSubscriptionCreateParam, subscription, "")
        result: WebhookSubscriptionWithSecret = self._client._call(
            "POST",
            _BASE,
            path_params={"sourcedApplicationId": app_id},
            body=body,
            cast=WebhookSubscriptionWithSecret,
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result

    def list(
        self,
        app_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> list[WebhookSubscription]:
        """This client's own subscriptions of the application, without secrets.

        Example::

            for subscription in lk.webhooks.subscriptions.list(app_id):
                print(subscription.url, subscription.status)
        """
        _ids(app_id)
        result: list[WebhookSubscription] = self._client._call(
            "GET",
            _BASE,
            path_params={"sourcedApplicationId": app_id},
            cast=list[WebhookSubscription],
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result

    def get(
        self,
        app_id: str,
        subscription_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> WebhookSubscription:
        """One subscription, without secret (``NotFoundError`` also when another client owns it).

        Example::

            subscription = lk.webhooks.subscriptions.get(app_id, subscription_id)
        """
        _ids(app_id, subscription_id)
        result: WebhookSubscription = self._client._call(
            "GET",
            _ONE,
            path_params={"sourcedApplicationId": app_id, "subscriptionId": subscription_id},
            cast=WebhookSubscription,
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result

    def update(
        self,
        app_id: str,
        subscription_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        **patch: Unpack[WebhookSubscriptionUpdateParam],
    ) -> WebhookSubscription:
        """Changes the members given: ``url``, ``event_types``, ``status`` (``active`` or ``paused``).

        Example::

            lk.webhooks.subscriptions.update(app_id, subscription_id, {"status": "paused"})
        """
        _ids(app_id, subscription_id)
        body = check_body(WebhookSubscriptionUpdateParam, patch, "")
        result: WebhookSubscription = self._client._call(
            "PUT",
            _ONE,
            path_params={"sourcedApplicationId": app_id, "subscriptionId": subscription_id},
            body=body,
            cast=WebhookSubscription,
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result

    def delete(
        self,
        app_id: str,
        subscription_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> None:
        """Deletes the subscription (irreversible; no further deliveries).

        Example::

            lk.webhooks.subscriptions.delete(app_id, subscription_id)
        """
        _ids(app_id, subscription_id)
        self._client._call(
            "DELETE",
            _ONE,
            path_params={"sourcedApplicationId": app_id, "subscriptionId": subscription_id},
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )

    def rotate_secret(
        self,
        app_id: str,
        subscription_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> WebhookSubscriptionWithSecret:
        """Issues a new signing secret; the old one keeps verifying for a rotation window: verify with
        ``[new_secret, old_secret]`` until it ends.

        Example::

            rotated = lk.webhooks.subscriptions.rotate_secret(app_id, subscription_id)
        """
        _ids(app_id, subscription_id)
        result: WebhookSubscriptionWithSecret = self._client._call(
            "POST",
            f"{_ONE}/rotate-secret",
            path_params={"sourcedApplicationId": app_id, "subscriptionId": subscription_id},
            cast=WebhookSubscriptionWithSecret,
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result
