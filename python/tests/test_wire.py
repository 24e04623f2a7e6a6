"""What the mock cannot do over a loopback server, with a local ``http.server``: a body that stalls after the
headers, and what a request carries (request id, retry count, client header, no secret in logs)."""

from __future__ import annotations

import http.server
import json
import logging
import math
import threading
import time
import unittest
from typing import Any

from learnkit import ApiTimeoutError, LearnKit, RetryOptions
from learnkit._json import dumps, js_number
from learnkit._redact import redact


class Server:
    """A local server whose handler is given per test; it keeps the headers of every request."""

    def __init__(self, handle: Any) -> None:
        seen: list[dict[str, str]] = []
        self.seen = seen

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length", 0)))
                seen.append({k.lower(): v for k, v in self.headers.items()})
                handle(self)

            do_GET = do_POST

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def token_then(raw_response: Any) -> Any:
    """A handler that issues tokens at the token path and returns everything else with ``raw_response``."""

    def handle(request: http.server.BaseHTTPRequestHandler) -> None:
        if request.path == "/auth/1.0/token":
            body = json.dumps({"access_token": "tok_abcdefghijklmnop", "expires_in": 3600, "token_type": "Bearer"})
            request.send_response(200)
            request.send_header("content-type", "application/json")
            request.send_header("content-length", str(len(body)))
            request.end_headers()
            request.wfile.write(body.encode())
        else:
            raw_response(request)

    return handle


class Wire(unittest.TestCase):
    def test_a_body_that_stalls_after_the_headers_times_out_within_the_attempt_timeout(self) -> None:
        release = threading.Event()

        def stall(request: http.server.BaseHTTPRequestHandler) -> None:
            request.send_response(200)
            request.send_header("content-type", "application/json")
            request.send_header("content-length", "100")
            request.end_headers()
            request.wfile.write(b'{"stalled":')
            request.wfile.flush()
            release.wait(10)

        server = Server(token_then(stall))
        try:
            lk = LearnKit(server.url, "id", "secret-value", timeout=0.4, retry=False)
            started = time.monotonic()
            with self.assertRaises(ApiTimeoutError) as caught:
                lk.request("GET", "/x")
            self.assertEqual(caught.exception.kind, "attempt")
            self.assertLess(time.monotonic() - started, 2.5)
        finally:
            release.set()
            server.close()

    def test_one_request_id_for_every_attempt_of_a_call_and_a_retry_count(self) -> None:
        raw_responses = iter([503, 503, 200])

        def flaky(request: http.server.BaseHTTPRequestHandler) -> None:
            code = next(raw_responses)
            request.send_response(code)
            request.send_header("content-type", "application/json")
            request.send_header("content-length", "2")
            request.end_headers()
            request.wfile.write(b"{}")

        server = Server(token_then(flaky))
        try:
            lk = LearnKit(server.url, "id", "secret-value", retry=RetryOptions(initial_delay=0.01))
            with self.assertLogs("learnkit", logging.DEBUG) as logs:
                self.assertEqual(lk.request("GET", "/x"), {})
            calls = [h for h in server.seen if h.get("authorization", "").startswith("Bearer")]
            self.assertEqual(len({h["x-request-id"] for h in calls}), 1)
            self.assertEqual([h.get("x-learnkit-retry-count") for h in calls], [None, "1", "2"])
            self.assertRegex(calls[0]["x-learnkit-client"], r"^learnkit-python/\S+ python/3\.")
            token_request = server.seen[0]
            self.assertTrue(token_request["authorization"].startswith("Basic "))
            text = "\n".join(logs.output)
            self.assertIn("retrying in", text)
            for secret in ("secret-value", "tok_abcdefghijklmnop", token_request["authorization"][6:]):
                self.assertNotIn(secret, text)
        finally:
            server.close()


class Json(unittest.TestCase):
    def test_writes_numbers_as_javascript_does(self) -> None:
        cases = {
            300.0: "300",
            0.1: "0.1",
            1e-5: "0.00001",
            1e-7: "1e-7",
            1.5e16: "15000000000000000",
            1e21: "1e+21",
            -2.5: "-2.5",
            1 / 3: "0.3333333333333333",
            -0.0: "0",
            5e-324: "5e-324",
            2**53: "9007199254740992",
        }
        for value, text in cases.items():
            with self.subTest(value=value):
                self.assertEqual(js_number(float(value)), text)
        self.assertEqual(js_number(math.inf), "null")

    def test_writes_strings_and_containers_as_json_stringify(self) -> None:
        self.assertEqual(
            dumps({"b": [1, 2.0, None, True], "a": 'é\n"\u2028'}), '{"b":[1,2,null,true],"a":"é\\n\\"\u2028"}'
        )
        self.assertEqual(dumps({"b": 1, "a": {"d": 1, "c": 2}}, sort_keys=True), '{"a":{"c":2,"d":1},"b":1}')
        with self.assertRaises(TypeError):
            dumps({"a": object()})


class Redaction(unittest.TestCase):
    def test_replaces_secret_shapes_it_never_saw(self) -> None:
        text = (
            "Authorization: Bearer abc.def-ghi and Basic dXNlcjpwYXNz, whsec_abcdefgh, client_secret=shh123456&x=1, "
            '{"access_token": "tok-123456789"}, eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig'
        )
        out = redact(text)
        for secret in (
            "abc.def-ghi",
            "dXNlcjpwYXNz",
            "whsec_abcdefgh",
            "shh123456",
            "tok-123456789",
            "eyJhbGciOiJIUzI1NiJ9",
        ):
            self.assertNotIn(secret, out)
        self.assertIn("Bearer [redacted]", out)
        self.assertIn("x=1", out)
