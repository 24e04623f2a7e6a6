"""``alk.webhooks.subscriptions``: the twin of ``lk.webhooks.subscriptions`` for ``AsyncLearnKit``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import httpx
from typing_extensions import Unpack

from ..._generated.resources import webhooks as generated
from ..._models import check_body
from ..._types import QueryValue
from ...types.platform import (
    WebhookSubscription,
    WebhookSubscriptionCreateParam,
    WebhookSubscriptionUpdateParam,
    WebhookSubscriptionWithSecret,
)

if TYPE_CHECKING:
    pass
from ._subscriptions import _BASE, _ONE, _ids

__all__ = ["AsyncSubscriptions"]


class AsyncSubscriptions(generated.AsyncSubscriptions):
    """:class:`Subscriptions` for tasks."""

    async def create(
        self,
        app_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        **subscription: Unpack[WebhookSubscriptionCreateParam],
    ) -> WebhookSubscriptionWithSecret:
        """:meth:`Subscriptions.create` for tasks.

        Example::

            subscription = await alk.webhooks.subscriptions.create(
                app_id, {"url": url, "event_types": ["user.created"]}
            )
        """
        _ids(app_id)
        body = check_body(WebhookSubscriptionCreateParam, subscription, "")
        result: WebhookSubscriptionWithSecret = await self._client._call(
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

    async def list(
        self,
        app_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> list[WebhookSubscription]:
        """:meth:`Subscriptions.list` for tasks.

        Example::

            subscriptions = await alk.webhooks.subscriptions.list(app_id)
        """
        _ids(app_id)
        result: list[WebhookSubscription] = await self._client._call(
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

    async def get(
        self,
        app_id: str,
        subscription_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> WebhookSubscription:
        """:meth:`Subscriptions.get` for tasks.

        Example::

            subscription = await alk.webhooks.subscriptions.get(app_id, subscription_id)
        """
        _ids(app_id, subscription_id)
        result: WebhookSubscription = await self._client._call(
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

    async def update(
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
        """:meth:`Subscriptions.update` for tasks.

        Example::

            await alk.webhooks.subscriptions.update(app_id, subscription_id, {"status": "paused"})
        """
        _ids(app_id, subscription_id)
        body = check_body(WebhookSubscriptionUpdateParam, patch, "")
        result: WebhookSubscription = await self._client._call(
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

    async def delete(
        self,
        app_id: str,
        subscription_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> None:
        """:meth:`Subscriptions.delete` for tasks.

        Example::

            await alk.webhooks.subscriptions.delete(app_id, subscription_id)
        """
        _ids(app_id, subscription_id)
        await self._client._call(
            "DELETE",
            _ONE,
            path_params={"sourcedApplicationId": app_id, "subscriptionId": subscription_id},
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )

    async def rotate_secret(
        self,
        app_id: str,
        subscription_id: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> WebhookSubscriptionWithSecret:
        """:meth:`Subscriptions.rotate_secret` for tasks.

        Example::

            rotated = await alk.webhooks.subscriptions.rotate_secret(app_id, subscription_id)
        """
        _ids(app_id, subscription_id)
        result: WebhookSubscriptionWithSecret = await self._client._call(
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


# ---------------------------------------------------------------------------------------------------------------
# hydrate

#: What became of an event's reference: read (``found``), gone since (``not_found``), a delete event's tombstone
#: (``deleted``), or nothing to read (``none``: ``test.ping``, a test without session, types newer than the SDK).
