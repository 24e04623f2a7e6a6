"""LearnKit for Python: the platform client (sync and async, every operation typed), webhook verification and the
ready handler, and activity recording.

Example::

    from learnkit import LearnKit

    with LearnKit() as lk:  # LEARNKIT_ENVIRONMENT (or LEARNKIT_BASE_URL), LEARNKIT_CLIENT_ID, LEARNKIT_CLIENT_SECRET
        for document in lk.case.documents.list(search="math"):
            print(document.title)
        lk.activity.record(
            user={"email": "ada@example.com"},
            activity={"id": "fractions-1", "name": "Fractions 1", "course": {"subject": "Math", "grade": 3}},
            metrics={"xp_earned": 12, "total_questions": 10, "correct_questions": 8, "mastered_units": 1},
        )
"""

import logging as _logging

from . import errors as _errors
from ._binary import BinaryResponseContent
from ._client import ENV, AsyncLearnKit, LearnKit
from ._environments import ENVIRONMENTS, Environment, EnvironmentName
from ._models import BaseModel
from ._pagination import AsyncPage, AsyncPager, Page, SyncPager
from ._response import ApiResponse
from ._retry import DEFAULT_RETRY, RetryOptions
from ._secret import SigningSecret
from ._types import QueryValue
from ._version import __version__
from .activity import ActivityServer, AsyncActivityServer, RecordResult
from .errors import *  # noqa: F403 - every public name of learnkit.errors, listed once in its __all__
from .webhooks import (
    AsyncWebhookHandler,
    MemoryDedupeStore,
    WebhookEvent,
    WebhookHandler,
    WebhookResponse,
    sign_webhook,
    verify_webhook,
)

__all__ = [
    "ActivityServer",
    "AsyncActivityServer",
    "DEFAULT_RETRY",
    "ENV",
    "ENVIRONMENTS",
    "Environment",
    "EnvironmentName",
    "ApiResponse",
    "AsyncLearnKit",
    "AsyncPage",
    "AsyncPager",
    "AsyncWebhookHandler",
    "BaseModel",
    "BinaryResponseContent",
    "LearnKit",
    "MemoryDedupeStore",
    "Page",
    "QueryValue",
    "RecordResult",
    "RetryOptions",
    "SigningSecret",
    "SyncPager",
    "WebhookResponse",
    "WebhookEvent",
    "WebhookHandler",
    "__version__",
    "sign_webhook",
    "verify_webhook",
]
# Every public name of learnkit.errors is one of the package's too (docs/decisions.md#d-cross-package-pairs-once).
__all__ += _errors.__all__

# A library logs to its own logger and prints nothing unless the application (or LEARNKIT_LOG) configures it.
_logging.getLogger("learnkit").addHandler(_logging.NullHandler())

#: Deprecated: use WebhookResponse.
WebhookAnswer = WebhookResponse  # vocabulary: deprecated alias
