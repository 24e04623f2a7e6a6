"""Webhooks: verify and sign deliveries (``verify_webhook``, ``sign_webhook``: the TypeScript package's scheme,
docs/decisions.md#d-webhook-signature), and a ready handler that verifies, drops repeats and calls your functions
(``WebhookHandler``, ``AsyncWebhookHandler``).

Example::

    from learnkit.webhooks import verify_webhook

    event = verify_webhook(body, headers, secret)
"""

from .._dedupe import (
    AsyncDedupeStore,
    AsyncRedisDedupeStore,
    DedupeStatus,
    DedupeStore,
    MemoryDedupeStore,
    RedisDedupeStore,
)
from .._secret import SigningSecret
from ..types.platform import WEBHOOK_EVENT_TYPES, KnownWebhookEvent, UnknownWebhookEvent, WebhookEvent
from ._async_handler import AsyncWebhookHandler
from ._handler import WebhookHandler, WebhookResponse
from ._verify import (
    DEFAULT_TOLERANCE_SEC,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    WebhookSecret,
    is_known_event_type,
    sign_webhook,
    verify_webhook,
)

__all__ = [
    "DEFAULT_TOLERANCE_SEC",
    "SIGNATURE_HEADER",
    "TIMESTAMP_HEADER",
    "WEBHOOK_EVENT_TYPES",
    "AsyncDedupeStore",
    "AsyncRedisDedupeStore",
    "AsyncWebhookHandler",
    "DedupeStatus",
    "DedupeStore",
    "KnownWebhookEvent",
    "MemoryDedupeStore",
    "RedisDedupeStore",
    "SigningSecret",
    "UnknownWebhookEvent",
    "WebhookResponse",
    "WebhookEvent",
    "WebhookHandler",
    "WebhookSecret",
    "is_known_event_type",
    "sign_webhook",
    "verify_webhook",
]
