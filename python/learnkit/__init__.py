"""LearnKit for Python: webhook verification, the platform client and activity recording.

Example::

    from learnkit import LearnKit

    lk = LearnKit()  # LEARNKIT_BASE_URL, LEARNKIT_CLIENT_ID, LEARNKIT_CLIENT_SECRET
    lk.activity.record(
        user={"email": "ada@example.com"},
        activity={"id": "fractions-1", "name": "Fractions 1", "course": {"subject": "Math", "grade": 3}},
        metrics={"xp_earned": 12, "total_questions": 10, "correct_questions": 8, "mastered_units": 1},
    )
"""

import logging as _logging

from . import errors as _errors
from ._retry import DEFAULT_RETRY, RetryOptions
from ._version import __version__
from .client import ENV, ApiResponse, LearnKit
from .errors import *
from .webhooks import WebhookEvent, sign_webhook, verify_webhook

__all__ = [
    "DEFAULT_RETRY",
    "ENV",
    "ApiResponse",
    "LearnKit",
    "RetryOptions",
    "WebhookEvent",
    "__version__",
    "sign_webhook",
    "verify_webhook",
]
# Every public name of learnkit.errors is one of the package's too (docs/decisions.md#d-i15-cross-packages-3).
__all__ += _errors.__all__

# A library logs to its own logger and prints nothing unless the application (or LEARNKIT_LOG) configures it.
_logging.getLogger("learnkit").addHandler(_logging.NullHandler())
