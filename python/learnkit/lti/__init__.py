"""The LTI 1.3 launch: verify the platform's signed ID token, sign the student in, use ``sub`` as the actor
(the TypeScript ``@learnkit/lti``). ``pip install "learnkit[lti]"``.

Example::

    from learnkit.lti import LaunchVerifier

    verifier = LaunchVerifier(
        issuer="https://timeback.com",
        audience=os.environ["LTI_CLIENT_ID"],
        jwks_url="https://platform.timeback.com/.well-known/jwks.json",
    )
    launch = verifier.verify(id_token)  # or LaunchVerificationError with its reason
    print(launch.platform_user_id, launch.email)

FastAPI and Django views: :mod:`learnkit.lti.fastapi`, :mod:`learnkit.lti.django`.
"""

from importlib.util import find_spec as _find_spec

if _find_spec("jwt") is None:  # the lti extra is missing: say how to install it, not just "No module named jwt"
    raise ModuleNotFoundError('learnkit.lti verifies tokens with PyJWT: pip install "learnkit[lti]"', name="jwt")

from ..errors import LaunchVerificationError, LaunchVerificationReason  # noqa: E402 - after the check
from ._claims import ALLOWED_ALGORITHMS, MAX_TOKEN_BYTES
from ._handler import LaunchResponse
from ._keys import AsyncKeySetCache, KeySetCache
from ._launch import LTI_CLAIM, Launch
from ._login import LoginInitiation
from ._nonce import AsyncNonceStore, AsyncRedisNonceStore, MemoryNonceStore, NonceStore, RedisNonceStore
from ._session import LaunchSession, SessionCookie
from ._verifier import AsyncLaunchVerifier, LaunchVerifier
from ._wiring import LtiOptions, async_launch_verifier_for, launch_verifier_for

__all__ = [
    "ALLOWED_ALGORITHMS",
    "LTI_CLAIM",
    "MAX_TOKEN_BYTES",
    "AsyncKeySetCache",
    "AsyncLaunchVerifier",
    "AsyncNonceStore",
    "AsyncRedisNonceStore",
    "KeySetCache",
    "Launch",
    "LaunchResponse",
    "LaunchSession",
    "LaunchVerificationError",
    "LaunchVerificationReason",
    "LaunchVerifier",
    "LoginInitiation",
    "LtiOptions",
    "MemoryNonceStore",
    "NonceStore",
    "RedisNonceStore",
    "SessionCookie",
    "async_launch_verifier_for",
    "launch_verifier_for",
]

#: Deprecated: use LaunchResponse.
LaunchAnswer = LaunchResponse  # vocabulary: deprecated alias
