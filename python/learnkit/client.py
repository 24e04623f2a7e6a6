"""The platform clients, :class:`LearnKit` and :class:`AsyncLearnKit` (defined in ``learnkit._client``; this module
keeps the import path ``learnkit.client``)."""

from ._client import ENV, AsyncLearnKit, LearnKit, QueryValue
from ._response import ApiResponse

__all__ = ["ENV", "ApiResponse", "AsyncLearnKit", "LearnKit", "QueryValue"]
