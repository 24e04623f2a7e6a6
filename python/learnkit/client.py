"""The platform clients, :class:`LearnKit` and :class:`AsyncLearnKit` (defined in ``learnkit._client``; this module
keeps the import path ``learnkit.client``)."""

from ._client import ENV, AsyncLearnKit, LearnKit
from ._response import ApiResponse
from ._types import QueryValue

__all__ = ["ENV", "ApiResponse", "AsyncLearnKit", "LearnKit", "QueryValue"]
