"""The token provider on a driven clock: refreshed 60 s before it expires (half-life for short tokens), an early
refresh that fails keeps the current token, a refused token is dropped only if it is still the cached one
(docs/decisions.md#d-tokens, docs/decisions.md#d-python-threads)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
import time
import unittest
from pathlib import Path

from learnkit import ApiTimeoutError, AuthenticationError, InternalServerError
from learnkit._auth import ClientCredentials


class Endpoint:
    """A token endpoint: each request returns the next of ``raw_responses`` (status, body); ``gate`` holds them back."""

    def __init__(self, *raw_responses: tuple[int, object]) -> None:
        self.raw_responses = list(raw_responses)
        self.requests: list[tuple[bytes, dict[str, str]]] = []
        self.gate = threading.Event()
        self.gate.set()

    def send(self, url: str, body: bytes, headers: dict[str, str], operation: str) -> tuple[int, dict[str, str], bytes]:
        self.gate.wait(10)
        self.requests.append((body, headers))
        status, raw_response = self.raw_responses.pop(0)
        return status, {"content-type": "application/json"}, json.dumps(raw_response).encode()


def token(name: str, expires_in: float = 3600) -> tuple[int, object]:
    return 200, {"access_token": name, "expires_in": expires_in, "token_type": "Bearer"}


class Tokens(unittest.TestCase):
    def setUp(self) -> None:
        self.now = 1000.0

    def provider(self, endpoint: Endpoint, style: str = "basic") -> ClientCredentials:
        return ClientCredentials(
            token_url="https://api.example.com/auth/1.0/token",
            client_id="client-1",
            client_secret="secret-of-client",
            style=style,  # type: ignore[arg-type]
            scope="",
            send=endpoint.send,
            clock=lambda: self.now,
        )

    def get(self, provider: ClientCredentials) -> str:
        return provider.get_token(time.monotonic() + 5, 5.0, "GET /x")

    def test_is_cached_until_60_s_before_it_expires_then_refreshed(self) -> None:
        endpoint = Endpoint(token("tok-1"), token("tok-2"))
        provider = self.provider(endpoint)
        self.assertEqual(self.get(provider), "tok-1")
        self.now += 3539
        self.assertEqual(self.get(provider), "tok-1")
        self.now += 2
        self.assertEqual(self.get(provider), "tok-2")
        self.assertEqual(len(endpoint.requests), 2)

    def test_a_token_living_under_two_minutes_is_refreshed_at_half_life(self) -> None:
        endpoint = Endpoint(token("short", 60), token("next", 60))
        provider = self.provider(endpoint)
        self.assertEqual(self.get(provider), "short")
        self.now += 29
        self.assertEqual(self.get(provider), "short")
        self.now += 2
        self.assertEqual(self.get(provider), "next")

    def test_an_early_refresh_that_fails_keeps_the_current_token_until_it_expires(self) -> None:
        endpoint = Endpoint(token("tok-1"), (503, {"error": "busy"}), (503, {"error": "busy"}))
        provider = self.provider(endpoint)
        self.get(provider)
        self.now += 3550
        with self.assertLogs("learnkit", "WARNING"):
            self.assertEqual(self.get(provider), "tok-1")
        self.now += 60
        with self.assertRaises(InternalServerError):
            self.get(provider)

    def test_invalidate_drops_only_the_cached_token(self) -> None:
        endpoint = Endpoint(token("tok-1"), token("tok-2"))
        provider = self.provider(endpoint)
        self.get(provider)
        provider.invalidate("some-older-token")
        self.assertEqual(provider.current(), "tok-1")
        provider.invalidate("tok-1")
        self.assertIsNone(provider.current())
        self.assertEqual(self.get(provider), "tok-2")

    def test_every_waiting_thread_gets_its_own_copy_of_a_failed_refresh(self) -> None:
        endpoint = Endpoint((401, {"error": "invalid_client", "error_description": "unknown client"}))
        endpoint.gate.clear()
        provider = self.provider(endpoint)
        errors: list[BaseException] = []

        def call() -> None:
            try:
                self.get(provider)
            except BaseException as error:  # noqa: BLE001 - collected for the assertions
                errors.append(error)

        threads = [threading.Thread(target=call) for _ in range(5)]
        for thread in threads:
            thread.start()
        time.sleep(0.2)
        endpoint.gate.set()
        for thread in threads:
            thread.join(10)
        self.assertEqual(len(endpoint.requests), 1)
        self.assertEqual(len(errors), 5)
        self.assertEqual(len({id(e) for e in errors}), 5)
        for error in errors:
            self.assertIsInstance(error, AuthenticationError)
            assert isinstance(error, AuthenticationError)
            self.assertEqual(error.error, "invalid_client")
            self.assertNotIn("secret-of-client", str(error))

    def test_a_waiter_gives_up_at_its_own_deadline_and_the_refresh_goes_on_for_the_others(self) -> None:
        endpoint = Endpoint(token("late"))
        endpoint.gate.clear()
        provider = self.provider(endpoint)
        with self.assertRaises(ApiTimeoutError) as caught:
            provider.get_token(time.monotonic() + 0.2, 0.2, "GET /x")
        self.assertEqual(caught.exception.kind, "deadline")
        endpoint.gate.set()
        self.assertEqual(self.get(provider), "late")
        self.assertEqual(len(endpoint.requests), 1)

    def test_sends_basic_credentials_or_form_fields(self) -> None:
        basic = Endpoint(token("a"))
        self.get(self.provider(basic))
        body, headers = basic.requests[0]
        self.assertEqual(body, b"grant_type=client_credentials")
        self.assertEqual(headers["authorization"], "Basic Y2xpZW50LTE6c2VjcmV0LW9mLWNsaWVudA==")
        form = Endpoint(token("b"))
        self.get(self.provider(form, "form"))
        body, headers = form.requests[0]
        self.assertEqual(body, b"grant_type=client_credentials&client_id=client-1&client_secret=secret-of-client")
        self.assertNotIn("authorization", headers)
        self.assertNotIn("secret-of-client", repr(self.provider(form, "form")))


# Run in a process of its own: on a redactor that deadlocks, the process is stopped, not the test run.
_COLLECTED_WHILE_LOCKED = textwrap.dedent(
    """
    import gc
    from learnkit import _redact

    class Holder:
        def __init__(self) -> None:
            self.cycle = self  # freed by the garbage collector only

    gc.disable()
    _redact.register_secret("collected-secret-0123", Holder())
    # The collector runs at any allocation, so also inside redact(), while this thread holds the lock.
    with _redact._lock:
        gc.collect()
    assert _redact.redact("x collected-secret-0123 y") == "x collected-secret-0123 y"
    print("done")
    """
)


class Redactor(unittest.TestCase):
    def test_a_credential_holder_collected_while_the_redactor_holds_its_lock_neither_deadlocks_nor_stays(self) -> None:
        # Issue 33: every error message is redacted now, and a client collected meanwhile hung the process
        # (docs/decisions.md#d-python-credentials-released).
        try:
            ran = subprocess.run(
                [sys.executable, "-c", _COLLECTED_WHILE_LOCKED],
                cwd=Path(__file__).resolve().parent.parent,
                capture_output=True,
                text=True,
                timeout=20,
            )
        except subprocess.TimeoutExpired:
            self.fail("the redactor deadlocked: the collector released a credential while the lock was held")
        self.assertEqual((ran.returncode, ran.stdout.strip(), ran.stderr), (0, "done", ""))
