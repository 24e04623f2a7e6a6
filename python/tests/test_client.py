"""LearnKit against the mock platform (``learnkit-mock serve``): tokens, retries, timeouts and errors, the rows of
the design's fault table that concern a client (docs/decisions.md#d-retries, docs/decisions.md#d-tokens)."""

from __future__ import annotations

import json
import pickle
import threading
import time
import unittest
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from learnkit import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AuthenticationError,
    InternalServerError,
    LearnKit,
    NotFoundError,
    RateLimitError,
    RedirectError,
    RetryOptions,
    ValidationError,
)

from .support.mock import MockProcess, Since, mock

TOKEN = "/auth/1.0/token"
DOCUMENTS = "/ims/case/v1p1/CFDocuments"
FAST = RetryOptions(initial_delay=0.02, max_delay=0.1)


class AgainstTheMock(unittest.TestCase):
    platform: MockProcess

    @classmethod
    def setUpClass(cls) -> None:
        cls.platform = mock()

    def tearDown(self) -> None:
        self.platform.clear_faults()

    def client(self, **options: Any) -> LearnKit:
        partner = self.platform.partner
        options.setdefault("retry", FAST)
        return LearnKit(self.platform.url, partner.client_id, partner.client_secret, **options)

    def documents(self, lk: LearnKit, **options: Any) -> Any:
        return lk.request("GET", DOCUMENTS, query={"limit": 1}, **options)


class Tokens(AgainstTheMock):
    def test_fetches_one_token_and_reuses_it(self) -> None:
        since = Since(self.platform)
        lk = self.client()
        for _ in range(3):
            self.assertIn("CFDocuments", self.documents(lk))
        self.assertEqual(len(since.requests("POST", TOKEN)), 1)
        self.assertEqual(lk.token_requests, 1)

    def test_fifty_threads_without_a_token_make_exactly_one_token_request(self) -> None:
        # A slow token endpoint keeps the refresh in flight while every thread arrives.
        self.platform.inject(method="POST", path=TOKEN, delayMs=300)
        since = Since(self.platform)
        lk = self.client()
        barrier = threading.Barrier(50)

        def call(_: int) -> Any:
            barrier.wait()
            return self.documents(lk)

        with ThreadPoolExecutor(max_workers=50) as pool:
            raw_responses = list(pool.map(call, range(50)))
        self.assertEqual(len(raw_responses), 50)
        self.assertEqual(len(since.requests("POST", TOKEN)), 1)
        self.assertEqual(len(since.requests("GET", DOCUMENTS)), 50)
        self.assertEqual(lk.token_requests, 1)

    def test_a_token_revoked_mid_flight_is_refreshed_once_for_all_threads_and_every_call_succeeds(self) -> None:
        lk = self.client()
        self.documents(lk)
        self.assertGreaterEqual(self.platform.revoke_tokens(self.platform.partner.client_id), 1)
        since = Since(self.platform)
        with ThreadPoolExecutor(max_workers=20) as pool:
            # A method, not a lambda returning Any: mypy 1.0 infers a lambda's return as object and then needs an
            # ignore that later versions call unused (docs/decisions.md#d-mypy-both-versions).
            raw_responses = list(pool.map(self.documents, [lk] * 20))
        self.assertEqual(len(raw_responses), 20)
        self.assertEqual(len(since.requests("POST", TOKEN)), 1)
        statuses = sorted({r["status"] for r in since.requests("GET", DOCUMENTS)})
        self.assertEqual(statuses, [200, 401])
        self.assertEqual(lk.token_requests, 2)

    def test_a_401_twice_in_a_row_is_an_authentication_error_with_no_third_attempt(self) -> None:
        lk = self.client()
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, status=401, times=2)
        since = Since(self.platform)
        with self.assertRaises(AuthenticationError) as caught:
            self.documents(lk)
        self.assertEqual(caught.exception.status, 401)
        self.assertEqual(len(since.requests("GET", DOCUMENTS)), 2)
        self.assertEqual(len(since.requests("POST", TOKEN)), 1)

    def test_a_refused_client_secret_is_an_authentication_error_that_names_the_fix_and_never_the_secret(self) -> None:
        secret = "lk_wrong_secret_value_123456"
        lk = LearnKit(self.platform.url, self.platform.partner.client_id, secret, retry=FAST)
        since = Since(self.platform)
        with self.assertRaises(AuthenticationError) as caught:
            self.documents(lk)
        error = caught.exception
        self.assertEqual(error.error, "invalid_client")
        self.assertIn("Check client_id/client_secret", str(error))
        self.assertEqual(len(since.requests("POST", TOKEN)), 1, "invalid_client is never retried")
        self.assertEqual(len(since.requests("GET", DOCUMENTS)), 0)
        for text in (str(error), repr(error), error.body, json.dumps(error.to_dict()), repr(lk), str(lk)):
            self.assertNotIn(secret, text)

    def test_the_token_endpoints_hang_is_bounded_by_the_calls_deadline(self) -> None:
        self.platform.inject(method="POST", path=TOKEN, hang=True, times=1000)
        lk = self.client(deadline=0.6)
        started = time.monotonic()
        with self.assertRaises(ApiTimeoutError) as caught:
            self.documents(lk)
        self.assertEqual(caught.exception.kind, "deadline")
        self.assertLess(time.monotonic() - started, 5)


class Retries(AgainstTheMock):
    def test_a_429_with_retry_after_waits_that_long_then_succeeds(self) -> None:
        lk = self.client()
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, status=429, retryAfter=1)
        since = Since(self.platform)
        started = time.monotonic()
        self.assertIn("CFDocuments", self.documents(lk))
        self.assertGreaterEqual(time.monotonic() - started, 0.95)
        self.assertEqual([r["status"] for r in since.requests("GET", DOCUMENTS)], [429, 200])

    def test_a_retry_after_over_the_cap_is_a_rate_limit_error_at_once(self) -> None:
        lk = self.client(retry=RetryOptions(max_retry_after=0.5))
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, status=429, retryAfter=2)
        since = Since(self.platform)
        started = time.monotonic()
        with self.assertRaises(RateLimitError) as caught:
            self.documents(lk)
        self.assertEqual(caught.exception.retry_after, 2.0)
        self.assertLess(time.monotonic() - started, 1.5)
        self.assertEqual(len(since.requests("GET", DOCUMENTS)), 1)

    def test_503_twice_then_200_succeeds_after_two_backoffs(self) -> None:
        lk = self.client()
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, status=503, times=2)
        since = Since(self.platform)
        self.assertIn("CFDocuments", self.documents(lk))
        self.assertEqual([r["status"] for r in since.requests("GET", DOCUMENTS)], [503, 503, 200])

    def test_503_beyond_the_retries_is_an_internal_server_error_with_the_request_id(self) -> None:
        lk = self.client()
        self.platform.inject(method="GET", path=DOCUMENTS, status=503, times=3)
        with self.assertRaises(InternalServerError) as caught:
            self.documents(lk)
        self.assertEqual(caught.exception.status, 503)
        self.assertRegex(caught.exception.request_id or "", r"^req_[0-9a-f]{32}$")
        self.assertIn(f"[request id {caught.exception.request_id}]", str(caught.exception))

    def test_a_logger_at_warning_gets_the_final_5xx_and_not_the_retries(self) -> None:
        # LEARNKIT_LOG=warning, or an application's logger at WARNING: TypeScript's warn lines, no info ones
        # (docs/decisions.md#d-python-log-levels).
        lk = self.client()
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, status=503, times=3)
        with self.assertLogs("learnkit", "WARNING") as logs, self.assertRaises(InternalServerError):
            self.documents(lk)
        lines = [(r.levelname, r.getMessage()) for r in logs.records]
        self.assertEqual(lines, [("WARNING", "GET /ims/case/v1p1/CFDocuments 503 (attempt 3)")])
        self.assertEqual(logs.records[0].path, DOCUMENTS)  # type: ignore[attr-defined]

    def test_a_subscription_create_that_gets_a_500_is_not_retried(self) -> None:
        lk = self.client()
        path = f"/webhooks/1.0/{self.platform.application_id}/subscriptions"
        self.platform.inject(method="POST", path=path, status=500)
        since = Since(self.platform)
        with self.assertRaises(InternalServerError):
            lk.request("POST", path, body={"url": "https://hooks.partner.example/py", "eventTypes": ["test.ping"]})
        self.assertEqual(len(since.requests("POST", path)), 1)

    def test_a_reset_connection_of_a_get_is_retried(self) -> None:
        lk = self.client()
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, reset=True)
        self.assertIn("CFDocuments", self.documents(lk))

    def test_a_hanging_server_is_an_api_timeout_error_after_the_attempt_timeout(self) -> None:
        lk = self.client(timeout=0.3, retry=False)
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, hang=True)
        started = time.monotonic()
        with self.assertRaises(ApiTimeoutError) as caught:
            self.documents(lk)
        self.assertEqual((caught.exception.kind, caught.exception.timeout), ("attempt", 0.3))
        self.assertLess(time.monotonic() - started, 3)

    def test_the_deadline_holds_across_retries_of_a_hanging_server(self) -> None:
        lk = self.client(timeout=0.2, deadline=0.9, retry=RetryOptions(max_retries=50, initial_delay=0.01))
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, hang=True, times=1000)
        started = time.monotonic()
        with self.assertRaises(ApiTimeoutError):
            self.documents(lk)
        self.assertLess(time.monotonic() - started, 3)

    def test_a_per_call_timeout_overrides_the_clients(self) -> None:
        lk = self.client(timeout=30, retry=False)
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, delayMs=2000)
        with self.assertRaises(ApiTimeoutError) as caught:
            self.documents(lk, timeout=0.2)
        self.assertEqual(caught.exception.timeout, 0.2)


class Errors(AgainstTheMock):
    def test_a_404_is_a_not_found_error_with_status_body_and_request_id(self) -> None:
        lk = self.client()
        with self.assertRaises(NotFoundError) as caught:
            lk.request("GET", "/ims/case/v1p1/CFDocuments/{sourcedId}", path_params={"sourcedId": "nope"})
        error = caught.exception
        self.assertEqual(error.status, 404)
        self.assertIn("imsx", error.body)
        self.assertIsNotNone(error.request_id)
        self.assertIsInstance(error, ApiError)
        copy = pickle.loads(pickle.dumps(error))
        self.assertEqual((type(copy), copy.status, str(copy)), (NotFoundError, 404, str(error)))

    def test_a_success_body_that_is_not_json_is_a_clear_api_error(self) -> None:
        lk = self.client()
        self.platform.inject(method="GET", path=DOCUMENTS, nonJson=True)
        with self.assertRaises(ApiError) as caught:
            self.documents(lk)
        self.assertRegex(str(caught.exception), r"returned 200 with expected JSON, got text/html.*Check base_url")

    def test_a_success_body_is_read_as_typescript_reads_it(self) -> None:
        # Empty is no data; whitespace is not JSON; bytes that are not UTF-8 are replaced, not refused.
        from learnkit._attempts import FinalResponse
        from learnkit._base_client import _Shared

        def read(body: bytes) -> Any:
            sent = FinalResponse(200, {"content-type": "application/json"}, body, "req_1", "Bearer tok_secret_value")
            return _Shared._respond(sent, "GET /x").data

        self.assertIsNone(read(b""))
        self.assertEqual(read(b'{"title": "caf\xe9"}'), {"title": "caf\ufffd"})
        with self.assertRaises(ApiError) as caught:
            read(b"  \n")
        self.assertRegex(str(caught.exception), r"returned 200 with invalid JSON")

    def test_a_redirect_to_another_origin_is_never_followed(self) -> None:
        lk = self.client()
        self.documents(lk)
        self.platform.inject(method="GET", path=DOCUMENTS, redirectTo="http://127.0.0.2:9/steal")
        with self.assertRaises(RedirectError) as caught:
            self.documents(lk)
        self.assertEqual(caught.exception.to_origin, "http://127.0.0.2:9")
        self.assertEqual(caught.exception.from_origin, self.platform.url)

    def test_a_platform_nobody_listens_on_is_an_api_connection_error(self) -> None:
        lk = LearnKit(
            "http://127.0.0.1:9", "id", "secret-value", retry=RetryOptions(max_retries=1, initial_delay=0.001)
        )
        with self.assertRaises(ApiConnectionError) as caught:
            lk.request("GET", DOCUMENTS)
        self.assertEqual(caught.exception.code, "ECONNREFUSED")
        self.assertIn("could not reach the platform", str(caught.exception))


class Configuration(unittest.TestCase):
    def test_missing_settings_are_one_error_naming_each_argument_and_variable(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            LearnKit(env={})
        message = str(caught.exception)
        self.assertTrue(message.startswith("LearnKit is not configured: missing base_url, client_id, client_secret."))
        for variable in ("LEARNKIT_BASE_URL", "LEARNKIT_CLIENT_ID", "LEARNKIT_CLIENT_SECRET", "learnkit-mock serve"):
            self.assertIn(variable, message)
        self.assertEqual([i.path for i in caught.exception.issues], [("base_url",), ("client_id",), ("client_secret",)])

    def test_reads_the_learnkit_variables_and_an_argument_wins(self) -> None:
        env = {
            "LEARNKIT_BASE_URL": "https://api.example.com/",
            "LEARNKIT_CLIENT_ID": "from-env",
            "LEARNKIT_CLIENT_SECRET": "env-secret-value",
        }
        lk = LearnKit(env=env)
        self.assertEqual(
            (lk.base_url, lk.client_id, lk.token_url),
            ("https://api.example.com", "from-env", "https://api.example.com/auth/1.0/token"),
        )
        self.assertEqual(LearnKit(client_id="given", env=env).client_id, "given")
        idp = LearnKit(env={**env, "LEARNKIT_AUTH_URL": "https://auth.example.com"})
        self.assertEqual(idp.token_url, "https://auth.example.com/oauth2/token")
        self.assertNotIn("env-secret-value", repr(lk) + str(lk))
        self.assertIn("client_secret=[redacted]", repr(lk))

    def test_refuses_credentials_with_whitespace_and_urls_with_credentials_or_no_scheme(self) -> None:
        cases = [
            (
                {"base_url": "https://api.example.com", "client_id": "id\n", "client_secret": "s"},
                "client_id",
                "whitespace",
            ),
            (
                {"base_url": "https://user:pw@api.example.com", "client_id": "id", "client_secret": "s"},
                "base_url",
                "must not contain credentials",
            ),
            ({"base_url": "api.example.com", "client_id": "id", "client_secret": "s"}, "base_url", "absolute http(s)"),
            (
                {"base_url": "https://api.example.com", "client_id": "id", "client_secret": "s", "timeout": 0},
                "timeout",
                "positive number of seconds",
            ),
        ]
        for options, field, words in cases:
            assert isinstance(options, dict) and isinstance(field, str) and isinstance(words, str)
            with self.subTest(field=field), self.assertRaises(ValidationError) as caught:
                LearnKit(env={}, **options)
            self.assertEqual(caught.exception.issues[0].path, (field,))
            self.assertIn(words, str(caught.exception))
            self.assertNotIn("pw@", str(caught.exception))

    def test_refuses_bad_retry_settings_naming_the_field(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            RetryOptions(max_retries=-1)
        self.assertEqual(caught.exception.issues[0].path, ("retry", "max_retries"))

    def test_a_path_placeholder_without_its_value_is_refused_before_sending(self) -> None:
        lk = LearnKit("http://127.0.0.1:9", "id", "secret-value")
        with self.assertRaises(ValidationError) as caught:
            lk.request("GET", "/rostering/1.0/users/{sourcedId}")
        self.assertEqual(caught.exception.issues[0].path, ("path_params", "sourcedId"))
