"""``learnkit.lti``: the launch verifier (sync and async) against the issue's security tests, each failing on a
verifier that skips its check; tokens are signed here with keys made here, the key set served from a loopback
server (tests/support/lti.py)."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from learnkit import LaunchVerificationError, LearnKitError, ValidationError
from learnkit.lti import (
    AsyncLaunchVerifier,
    AsyncRedisNonceStore,
    LaunchVerifier,
    LtiOptions,
    MemoryNonceStore,
    RedisNonceStore,
    async_launch_verifier_for,
    launch_verifier_for,
)

from .support.lti import (
    AUDIENCE,
    ISSUER,
    LTI,
    KeySetServer,
    claims,
    ec_key,
    hs256_with,
    key_set_server,
    rsa_key,
    sign,
    unsigned,
)
from .support.redis_server import redis_url  # noqa: F401 - the fixture

RSA = rsa_key("platform-2026")
EC = ec_key("platform-ec")


class FakeClock:
    """Wall-clock seconds that move only when a test says so."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def platform() -> Iterator[KeySetServer]:
    with key_set_server(RSA, EC) as server:
        yield server


def verifier(server: KeySetServer, **options: Any) -> LaunchVerifier:
    return LaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=server.url, **options)


def refusal(verifier: LaunchVerifier, token: str) -> str:
    with pytest.raises(LaunchVerificationError) as caught:
        verifier.verify(token)
    return caught.value.reason


def test_a_launch_signed_rs256_or_es256_is_read_into_a_typed_launch(platform: KeySetServer) -> None:
    v = verifier(platform)
    launch = v.verify(sign(RSA, claims()))
    assert (launch.platform_user_id, launch.email, launch.name, launch.given_name, launch.family_name) == (
        "3f1c2a8e-5b7d-4c1e-9a2f-6d8e0b4c7a10",
        "ada@example.com",
        "Ada Lovelace",
        "Ada",
        "Lovelace",
    )
    assert launch.roles == ("http://purl.imsglobal.org/vocab/lis/v2/membership#Learner",)
    assert (launch.context, launch.resource_link) == ({"id": "class-1", "title": "Math 3"}, {"id": "link-1"})
    assert (launch.deployment_id, launch.target_link_uri, launch.message_type) == (
        "dep-1",
        "https://app.example/lesson",
        "LtiResourceLinkRequest",
    )
    assert launch.claims["iss"] == ISSUER
    assert v.verify(sign(EC, claims())).platform_user_id == launch.platform_user_id
    assert platform.fetches == 1


def test_alg_none_and_hs256_with_the_public_key_as_secret_are_refused(platform: KeySetServer) -> None:
    v = verifier(platform)
    assert refusal(v, unsigned(claims())) == "algorithm_not_allowed"
    assert refusal(v, hs256_with(RSA.public_pem, claims(), RSA.kid)) == "algorithm_not_allowed"
    assert platform.fetches == 0


def test_another_issuer_or_audience_is_refused_and_several_audiences_need_azp(platform: KeySetServer) -> None:
    v = verifier(platform)
    assert refusal(v, sign(RSA, claims(iss="https://evil.example"))) == "wrong_issuer"
    assert refusal(v, sign(RSA, claims(aud="another-client"))) == "wrong_audience"
    assert refusal(v, sign(RSA, claims(aud=["another-client", AUDIENCE]))) == "wrong_audience"
    assert refusal(v, sign(RSA, claims(aud=["another-client", AUDIENCE], azp="another-client"))) == "wrong_audience"
    assert v.verify(sign(RSA, claims(aud=["another-client", AUDIENCE], azp=AUDIENCE))).email == "ada@example.com"
    assert v.verify(sign(RSA, claims(aud=[AUDIENCE]))).email == "ada@example.com"


def test_times_are_checked_with_five_seconds_of_tolerance() -> None:
    clock = FakeClock()
    with key_set_server(RSA) as server:
        v = verifier(server, clock=clock)
        now = clock.now
        assert refusal(v, sign(RSA, claims(now - 400, exp=int(now) - 6))) == "expired"
        assert v.verify(sign(RSA, claims(now - 400, exp=int(now) - 4))).email
        assert refusal(v, sign(RSA, claims(now + 3600))) == "not_yet_valid"  # iat an hour ahead
        assert v.verify(sign(RSA, claims(now + 4))).email
        assert refusal(v, sign(RSA, claims(now, nbf=int(now) + 60))) == "not_yet_valid"
        token = sign(RSA, claims(now))
        clock.now += 301 + 5
        assert refusal(v, token) == "expired"


def test_a_tampered_payload_is_a_bad_signature(platform: KeySetServer) -> None:
    head, body, mac = sign(RSA, claims()).split(".")
    other = sign(RSA, claims(sub="someone-else")).split(".")[1]
    assert refusal(verifier(platform), f"{head}.{other}.{mac}") == "bad_signature"
    ec_head, _, ec_mac = sign(EC, claims()).split(".")
    assert refusal(verifier(platform), f"{ec_head}.{body}.{ec_mac}") == "bad_signature"


def test_missing_and_wrong_lti_claims_are_refused(platform: KeySetServer) -> None:
    v = verifier(platform, deployment_id=["dep-1", "dep-2"])
    assert refusal(v, sign(RSA, claims(sub=None))) == "missing_claim"
    assert refusal(v, sign(RSA, claims(nonce=None))) == "missing_claim"
    assert refusal(v, sign(RSA, claims(exp=None))) == "missing_claim"
    assert refusal(v, sign(RSA, claims(**{LTI + "message_type": None}))) == "missing_claim"
    assert refusal(v, sign(RSA, claims(**{LTI + "version": "1.1"}))) == "malformed"
    assert refusal(v, sign(RSA, claims(**{LTI + "deployment_id": None}))) == "missing_claim"
    assert refusal(v, sign(RSA, claims(**{LTI + "deployment_id": "dep-9"}))) == "wrong_audience"
    assert v.verify(sign(RSA, claims(**{LTI + "deployment_id": "dep-2"}))).deployment_id == "dep-2"
    assert verifier(platform).verify(sign(RSA, claims(**{LTI + "deployment_id": None}))).deployment_id is None
    assert refusal(v, "not.a-token") == "malformed"


def test_a_token_over_64_kb_is_refused_before_it_is_parsed(
    platform: KeySetServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    import base64

    import jwt

    def parse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a token over 64 KB was parsed")

    token = sign(RSA, claims(padding="x" * 120 * 1024))
    monkeypatch.setattr(base64, "urlsafe_b64decode", parse)
    monkeypatch.setattr(jwt.api_jwt, "decode_complete", parse)
    assert len(token) > 120 * 1024
    assert refusal(verifier(platform), token) == "malformed"
    assert platform.fetches == 0


def test_a_nonce_is_used_once_and_of_two_concurrent_verifications_one_wins(platform: KeySetServer) -> None:
    v = verifier(platform)
    token = sign(RSA, claims())
    v.verify(sign(RSA, claims()))  # the key set is cached: the race is the nonce's alone
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def launch() -> None:
        barrier.wait()
        try:
            v.verify(token)
            outcomes.append("accepted")
        except LaunchVerificationError as error:
            outcomes.append(error.reason)

    threads = [threading.Thread(target=launch) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(outcomes) == ["accepted", "replayed"]
    assert refusal(v, token) == "replayed"


def test_a_refused_token_does_not_use_its_nonce(platform: KeySetServer) -> None:
    clock = FakeClock()
    v = verifier(platform, clock=clock)
    nonce = uuid.uuid4().hex
    assert refusal(v, sign(RSA, claims(clock.now + 3600, nonce=nonce))) == "not_yet_valid"
    assert v.verify(sign(RSA, claims(clock.now, nonce=nonce))).email


async def test_the_async_verifier_has_the_same_checks_and_one_of_two_concurrent_launches_wins(
    platform: KeySetServer,
) -> None:
    v = AsyncLaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url)
    token = sign(EC, claims())
    results = await asyncio.gather(v.verify(token), v.verify(token), return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["Launch", "LaunchVerificationError"]
    assert [r.reason for r in results if isinstance(r, LaunchVerificationError)] == ["replayed"]
    for bad, reason in (
        (unsigned(claims()), "algorithm_not_allowed"),
        (sign(RSA, claims(aud="x")), "wrong_audience"),
        (sign(RSA, claims(iss="x")), "wrong_issuer"),
        (sign(RSA, claims(sub=None)), "missing_claim"),
    ):
        with pytest.raises(LaunchVerificationError) as caught:
            await v.verify(bad)
        assert caught.value.reason == reason
    assert platform.fetches == 1


def test_a_key_rotation_is_accepted_after_one_refetch(platform: KeySetServer) -> None:
    clock = FakeClock()
    v = verifier(platform, clock=clock)
    v.verify(sign(RSA, claims(clock.now)))
    rotated = rsa_key("platform-2027")
    platform.keys = [rotated, EC]
    clock.now += 31
    assert v.verify(sign(rotated, claims(clock.now))).email
    assert platform.fetches == 2
    assert v.verify(sign(rotated, claims(clock.now))).email
    assert platform.fetches == 2


def test_a_flood_of_random_kids_fetches_the_key_set_once_per_30_seconds(platform: KeySetServer) -> None:
    clock = FakeClock()
    v = verifier(platform, clock=clock)
    v.verify(sign(RSA, claims(clock.now)))
    for _ in range(50):
        assert refusal(v, sign(RSA, claims(clock.now), kid=uuid.uuid4().hex)) == "unknown_key"
    assert platform.fetches == 1
    clock.now += 30
    for _ in range(50):
        assert refusal(v, sign(RSA, claims(clock.now), kid=uuid.uuid4().hex)) == "unknown_key"
    assert platform.fetches == 2
    assert v.verify(sign(RSA, claims(clock.now))).email  # the known key still verifies


async def test_1000_concurrent_async_launches_after_a_rotation_make_one_fetch(platform: KeySetServer) -> None:
    clock = FakeClock()
    v = AsyncLaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url, clock=clock)
    await v.verify(sign(RSA, claims(clock.now)))
    rotated = ec_key("rotated-ec")
    platform.keys = [rotated]
    clock.now += 31
    tokens = [sign(rotated, claims(clock.now)) for _ in range(1000)]
    launches = await asyncio.gather(*(v.verify(t) for t in tokens))
    assert len(launches) == 1000 and platform.fetches == 2


def test_concurrent_threads_after_a_rotation_make_one_fetch(platform: KeySetServer) -> None:
    clock = FakeClock()
    v = verifier(platform, clock=clock)
    v.verify(sign(RSA, claims(clock.now)))
    rotated = rsa_key("rotated-rsa")
    platform.keys = [rotated]
    platform.hang = 0.2  # the fetch is in flight while the others arrive
    clock.now += 31
    tokens = [sign(rotated, claims(clock.now)) for _ in range(20)]
    threads = [threading.Thread(target=v.verify, args=(t,)) for t in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert platform.fetches == 2


def test_a_key_set_that_hangs_or_fails_is_a_refusal_within_the_timeout(platform: KeySetServer) -> None:
    platform.hang = 5
    started = time.monotonic()
    assert refusal(verifier(platform, timeout=0.5), sign(RSA, claims())) == "key_set_unreachable"
    assert time.monotonic() - started < 3  # timeout 0.5 s, on a busy machine
    platform.hang = 0
    platform.trickle = 0.1  # every read within the timeout, the whole body never
    started = time.monotonic()
    assert refusal(verifier(platform, timeout=0.5), sign(RSA, claims())) == "key_set_unreachable"
    assert time.monotonic() - started < 3  # timeout 0.5 s, on a busy machine
    platform.trickle = 0
    platform.status = 500
    assert refusal(verifier(platform), sign(RSA, claims())) == "key_set_unreachable"


async def test_an_async_key_set_that_hangs_is_a_refusal_within_the_timeout(platform: KeySetServer) -> None:
    platform.hang = 5
    v = AsyncLaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url, timeout=0.5)
    started = time.monotonic()
    with pytest.raises(LaunchVerificationError) as caught:
        await v.verify(sign(RSA, claims()))
    assert caught.value.reason == "key_set_unreachable"
    assert time.monotonic() - started < 3  # timeout 0.5 s, on a busy machine
    platform.hang = 0
    platform.trickle = 0.1  # every read within the timeout, the whole body never
    v = AsyncLaunchVerifier(issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url, timeout=0.5)
    started = time.monotonic()
    with pytest.raises(LaunchVerificationError) as caught:
        await v.verify(sign(RSA, claims()))
    assert caught.value.reason == "key_set_unreachable"
    assert time.monotonic() - started < 3  # timeout 0.5 s, on a busy machine


def test_no_claim_of_a_refused_token_reaches_a_log_or_the_error(
    platform: KeySetServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secret_claims = {"sub": "sub-7d1e4f", "email": "grace@secret.example", "name": "Grace Hopper"}
    v = verifier(platform)
    errors: list[LaunchVerificationError] = []
    for token in (
        sign(RSA, claims(aud="other", **secret_claims)),
        sign(RSA, claims(iss="https://x", **secret_claims)),
        sign(RSA, claims(exp=1, **secret_claims)),
        unsigned(claims(**secret_claims)),
        sign(RSA, claims(**secret_claims, **{LTI + "version": "9"})),
    ):
        with pytest.raises(LaunchVerificationError) as caught:
            v.verify(token)
        errors.append(caught.value)
    text = caplog.text + " ".join(f"{e} {e.to_dict()} {e!r}" for e in errors)
    assert [e.reason for e in errors] == [
        "wrong_audience",
        "wrong_issuer",
        "expired",
        "algorithm_not_allowed",
        "malformed",
    ]
    assert "wrong_audience" in caplog.text
    for value in secret_claims.values():
        assert value not in text


def test_the_refusal_is_a_learnkit_error_with_its_reason() -> None:
    error = LaunchVerificationError("expired", ": the token's exp has passed")
    assert isinstance(error, LearnKitError) and error.reason == "expired"
    assert error.to_dict()["reason"] == "expired" and type(error).__module__ == "learnkit"


def test_the_options_are_checked_naming_each_field() -> None:
    with pytest.raises(ValidationError) as caught:
        LaunchVerifier(issuer="", audience="", jwks_url="ftp://x", clock_tolerance_sec=-1)
    assert [i.path for i in caught.value.issues] == [
        ("issuer",),
        ("audience",),
        ("jwks_url",),
        ("clock_tolerance_sec",),
    ]
    from learnkit.lti import KeySetCache

    with pytest.raises(ValidationError) as cache:
        KeySetCache("jwks.json", timeout=0, min_refetch_interval=-1)
    assert [i.path for i in cache.value.issues] == [("jwks_url",), ("timeout",), ("min_refetch_interval",)]


def test_redis_nonce_stores_share_a_nonce_between_verifiers(platform: KeySetServer, redis_url: str) -> None:  # noqa: F811
    import redis

    client = redis.Redis.from_url(redis_url)
    first = verifier(platform, nonce_store=RedisNonceStore(client))
    second = verifier(platform, nonce_store=RedisNonceStore(client))
    token = sign(RSA, claims(nonce="n-shared"))
    assert first.verify(token).email
    assert refusal(second, token) == "replayed"
    assert 0 < client.pttl("learnkit:lti:nonce:n-shared") <= 320_000
    client.close()


async def test_the_async_redis_nonce_store_lets_one_of_two_concurrent_launches_win(
    platform: KeySetServer,
    redis_url: str,  # noqa: F811
) -> None:
    import redis.asyncio

    client = redis.asyncio.Redis.from_url(redis_url)
    v = AsyncLaunchVerifier(
        issuer=ISSUER, audience=AUDIENCE, jwks_url=platform.url, nonce_store=AsyncRedisNonceStore(client)
    )
    token = sign(RSA, claims())
    results = await asyncio.gather(v.verify(token), v.verify(token), return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["Launch", "LaunchVerificationError"]
    await client.aclose()


def test_the_memory_nonce_store_forgets_a_nonce_after_its_ttl() -> None:
    clock = FakeClock()
    store = MemoryNonceStore(10, clock=clock)
    assert store.claim("n", 10) and not store.claim("n", 10)
    clock.now += 11
    assert store.claim("n", 10)


def test_lk_lti_takes_the_issuer_and_key_set_from_the_environment_or_the_base_url() -> None:
    sandbox = launch_verifier_for(None, "sandbox", LtiOptions(audience="client-1"))
    assert (sandbox.issuer, sandbox.audience) == ("https://staging.timeback.com", "client-1")
    assert sandbox.key_set._state.jwks_url == "https://sandbox.platform.timeback.com/.well-known/jwks.json"
    production = async_launch_verifier_for("https://platform.timeback.com/", None, LtiOptions(audience="c"))
    assert production.issuer == "https://timeback.com"
    assert production.key_set._state.jwks_url == "https://platform.timeback.com/.well-known/jwks.json"
    mock = launch_verifier_for("http://127.0.0.1:9", None, LtiOptions(audience="c", issuer="https://mock.example"))
    assert mock.key_set._state.jwks_url == "http://127.0.0.1:9/.well-known/jwks.json"
    # The mock (any base URL that is not an environment's) signs with its base URL as the issuer, as in TypeScript.
    assert launch_verifier_for("http://127.0.0.1:9/", None, LtiOptions(audience="c")).issuer == "http://127.0.0.1:9"
    with pytest.raises(ValidationError) as caught:
        launch_verifier_for(None, None, LtiOptions(audience="c"))
    assert caught.value.issues[0].path == ("lti", "issuer")


def test_lk_lti_reads_the_client_s_environment() -> None:
    from learnkit import LearnKit

    # An explicit base URL wins for the API, yet the environment still names the launches' issuer and key set.
    with LearnKit(
        "https://proxy.example", "client", "secret-value", environment="production", lti=LtiOptions(audience=AUDIENCE)
    ) as lk:
        assert lk.lti.issuer == "https://timeback.com"
        assert lk.lti.key_set._state.jwks_url == "https://platform.timeback.com/.well-known/jwks.json"
    with LearnKit(
        client_id="client", client_secret="secret-value", environment="sandbox", lti=LtiOptions(audience=AUDIENCE)
    ) as lk:
        assert lk.lti.issuer == "https://staging.timeback.com"
        assert lk.lti.key_set._state.jwks_url == "https://sandbox.platform.timeback.com/.well-known/jwks.json"


def test_lk_lti_verifies_with_the_client_s_base_url_and_is_shared_by_with_options(platform: KeySetServer) -> None:
    from learnkit import AsyncLearnKit, LearnKit

    base = platform.url.removesuffix("/.well-known/jwks.json")
    with LearnKit(base, "client", "secret-value", lti=LtiOptions(audience=AUDIENCE, issuer=ISSUER)) as lk:
        token = sign(RSA, claims())
        assert lk.lti.verify(token).email == "ada@example.com"
        with pytest.raises(LaunchVerificationError) as caught:
            lk.with_options(timeout=5).lti.verify(token)  # one nonce store for the client and its variants
        assert caught.value.reason == "replayed"
    with LearnKit("https://platform.timeback.com", "client", "secret-value", lti={"audience": "c-1"}) as lk:
        assert (lk.lti.issuer, lk.lti.audience) == ("https://timeback.com", "c-1")
    with LearnKit(base, "client", "secret-value") as lk, pytest.raises(ValidationError) as missing:
        lk.lti.verify(token)
    assert missing.value.issues[0].path == ("lti",)
    alk = AsyncLearnKit("https://sandbox.platform.timeback.com", "client", "secret-value", lti={"audience": "c-1"})
    assert isinstance(alk.lti, AsyncLaunchVerifier) and alk.lti.issuer == "https://staging.timeback.com"
    asyncio.run(alk.close())
