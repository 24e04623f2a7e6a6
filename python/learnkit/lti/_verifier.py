"""``LaunchVerifier`` and ``AsyncLaunchVerifier``: an LTI 1.3 launch's ID token checked against the platform's key
set, its claims read into a :class:`~learnkit.lti.Launch`, its nonce used once (the TypeScript
``createLaunchVerifier``)."""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import httpx

from ..errors import LaunchVerificationError, ValidationError, ValidationIssue
from ._claims import ClaimRules, check_claims, read_header, verify_signature
from ._keys import AsyncKeySetCache, KeySetCache
from ._launch import Launch, launch_from_claims
from ._nonce import AsyncNonceStore, MemoryNonceStore, NonceStore

__all__ = ["AsyncLaunchVerifier", "LaunchVerifier"]

_log = logging.getLogger("learnkit")


def _rules(
    issuer: object,
    audience: object,
    jwks_url: object,
    key_set: object,
    clock_tolerance_sec: object,
    deployment_id: object,
) -> ClaimRules:
    """The options checked, every problem in one :class:`~learnkit.ValidationError`."""
    issues: list[ValidationIssue] = []
    if not isinstance(issuer, str) or not issuer:
        issues.append(ValidationIssue(("issuer",), "must be the platform's issuer, e.g. https://timeback.com"))
    if not isinstance(audience, str) or not audience:
        issues.append(ValidationIssue(("audience",), "must be your app's LTI client id (the tokens' aud)"))
    if key_set is None and (not isinstance(jwks_url, str) or not jwks_url.startswith(("https://", "http://"))):
        issues.append(
            ValidationIssue(
                ("jwks_url",),
                "must be the platform's key set URL, e.g. "
                "https://platform.timeback.com/.well-known/jwks.json (or pass key_set)",
            )
        )
    tolerance = clock_tolerance_sec
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not 0 <= tolerance <= 300:
        issues.append(ValidationIssue(("clock_tolerance_sec",), "must be seconds between 0 and 300 (default 5)"))
    ids = (deployment_id,) if isinstance(deployment_id, str) else tuple(deployment_id or ())  # type: ignore[arg-type]
    if not all(isinstance(i, str) and i for i in ids):
        issues.append(ValidationIssue(("deployment_id",), "must be a deployment id or a list of them"))
    if issues:
        raise ValidationError(issues)
    return ClaimRules(str(issuer), str(audience), float(tolerance), ids)  # type: ignore[arg-type]


def _nonce_ttl(claims: dict[str, Any], now: float, tolerance: float) -> float:
    # Remembered until the token could no longer be accepted anyway.
    return max(1.0, float(claims["exp"]) - now + tolerance + 1)


def _refused(error: LaunchVerificationError) -> LaunchVerificationError:
    # The reason only: never a claim, a header or the token (docs/decisions.md#d-lti-python-refusals).
    _log.info("learnkit: LTI launch refused: %s", error.reason)
    return error


class _VerifierBase:
    def __init__(
        self,
        *,
        issuer: str,
        audience: str,
        jwks_url: str | None,
        key_set: object,
        clock_tolerance_sec: float,
        deployment_id: str | Sequence[str] | None,
        clock: Callable[[], float],
    ) -> None:
        self._rules = _rules(issuer, audience, jwks_url, key_set, clock_tolerance_sec, deployment_id)
        self._clock = clock

    @property
    def issuer(self) -> str:
        """The platform's issuer the tokens must name."""
        return self._rules.issuer

    @property
    def audience(self) -> str:
        """Your app's LTI client id the tokens must be for."""
        return self._rules.audience

    def _checked(self, claims: dict[str, Any], nonce: str | None) -> float:
        now = self._clock()
        check_claims(claims, self._rules, now)
        if nonce is not None and claims["nonce"] != nonce:
            raise LaunchVerificationError("malformed", ": the token's nonce is not the one of the login's state")
        return _nonce_ttl(claims, now, self._rules.clock_tolerance)


class LaunchVerifier(_VerifierBase):
    """Verifies an LTI 1.3 launch's ID token (``id_token``): RS256 or ES256 only, the platform's key set (cached;
    one refetch on an unknown ``kid``, at most every 30 s), ``iss``, ``aud`` (and ``azp``), ``exp``, ``iat``,
    ``nbf`` with ``clock_tolerance_sec``, the LTI claims, and the nonce used once. Thread-safe. Every refusal is a
    :class:`~learnkit.LaunchVerificationError` with its ``reason``.

    Example::

        verifier = LaunchVerifier(
            issuer="https://timeback.com",
            audience=os.environ["LTI_CLIENT_ID"],
            jwks_url="https://platform.timeback.com/.well-known/jwks.json",
        )
        launch = verifier.verify(id_token)
        print(launch.platform_user_id, launch.email, launch.roles)
    """

    def __init__(
        self,
        *,
        issuer: str,
        audience: str,
        jwks_url: str | None = None,
        clock_tolerance_sec: float = 5.0,
        nonce_store: NonceStore | None = None,
        deployment_id: str | Sequence[str] | None = None,
        timeout: float = 5.0,
        key_set: KeySetCache | None = None,
        http_client: httpx.Client | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(
            issuer=issuer,
            audience=audience,
            jwks_url=jwks_url,
            key_set=key_set,
            clock_tolerance_sec=clock_tolerance_sec,
            deployment_id=deployment_id,
            clock=clock,
        )
        self.key_set: KeySetCache = key_set or KeySetCache(
            str(jwks_url), timeout=timeout, http_client=http_client, clock=clock
        )
        self._nonces: NonceStore = nonce_store if nonce_store is not None else MemoryNonceStore(100_000)

    def verify(self, id_token: str, *, nonce: str | None = None) -> Launch:
        """The launch of ``id_token``, or :class:`~learnkit.LaunchVerificationError`; ``nonce``: the one the token
        must carry (the login initiation's, which the views pass)."""
        try:
            kid, alg = read_header(id_token)
            claims = verify_signature(id_token, self.key_set.key(kid, alg), alg)
            ttl = self._checked(claims, nonce)
            if not self._nonces.claim(str(claims["nonce"]), ttl):
                raise LaunchVerificationError("replayed", ": this token's nonce was used already; launch again")
        except LaunchVerificationError as error:
            raise _refused(error) from None
        return launch_from_claims(claims)


class AsyncLaunchVerifier(_VerifierBase):
    """:class:`LaunchVerifier` for asyncio: the same checks and reasons; the key set fetched with
    ``httpx.AsyncClient`` (one fetch for any number of concurrent launches), the nonce store sync or async.

    Example::

        verifier = AsyncLaunchVerifier(issuer="https://timeback.com", audience=client_id, jwks_url=jwks_url)
        launch = await verifier.verify(id_token)
    """

    def __init__(
        self,
        *,
        issuer: str,
        audience: str,
        jwks_url: str | None = None,
        clock_tolerance_sec: float = 5.0,
        nonce_store: AsyncNonceStore | NonceStore | None = None,
        deployment_id: str | Sequence[str] | None = None,
        timeout: float = 5.0,
        key_set: AsyncKeySetCache | None = None,
        http_client: httpx.AsyncClient | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(
            issuer=issuer,
            audience=audience,
            jwks_url=jwks_url,
            key_set=key_set,
            clock_tolerance_sec=clock_tolerance_sec,
            deployment_id=deployment_id,
            clock=clock,
        )
        self.key_set: AsyncKeySetCache = key_set or AsyncKeySetCache(
            str(jwks_url), timeout=timeout, http_client=http_client, clock=clock
        )
        self._nonces: AsyncNonceStore | NonceStore = (
            nonce_store if nonce_store is not None else MemoryNonceStore(100_000)
        )

    async def verify(self, id_token: str, *, nonce: str | None = None) -> Launch:
        """The launch of ``id_token``, or :class:`~learnkit.LaunchVerificationError`; ``nonce``: the one the token
        must carry (the login initiation's, which the views pass)."""
        try:
            kid, alg = read_header(id_token)
            claims = verify_signature(id_token, await self.key_set.key(kid, alg), alg)
            ttl = self._checked(claims, nonce)
            claimed = self._nonces.claim(str(claims["nonce"]), ttl)
            if not (await claimed if inspect.isawaitable(claimed) else claimed):
                raise LaunchVerificationError("replayed", ": this token's nonce was used already; launch again")
        except LaunchVerificationError as error:
            raise _refused(error) from None
        return launch_from_claims(claims)
