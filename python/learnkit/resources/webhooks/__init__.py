"""``lk.webhooks``: the subscriptions of an application (secrets that never print themselves), and ``hydrate``, which
reads what an event refers to (docs/decisions.md#d-hydrate-table)."""

from ._async_subscriptions import AsyncSubscriptions
from ._hydrate import AsyncWebhooks, HydratedEvent, HydrationStatus, Webhooks
from ._subscriptions import Subscriptions

__all__ = [
    "AsyncSubscriptions",
    "AsyncWebhooks",
    "HydratedEvent",
    "HydrationStatus",
    "Subscriptions",
    "Webhooks",
]
