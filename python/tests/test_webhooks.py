"""verify_webhook and sign_webhook: the TypeScript package's vectors and reasons, read from the file both suites
share."""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import unittest
from datetime import UTC, datetime
from typing import Any

from learnkit import LearnKitError, ValidationError, WebhookVerificationError, sign_webhook, verify_webhook
from learnkit.webhooks._catalogue import CATALOGUE_MEMBERS

from .support.paths import WEBHOOK_VECTORS

SHARED: dict[str, Any] = json.loads(WEBHOOK_VECTORS.read_text(encoding="utf-8"))
SECRET = "whsec_c2VjcmV0LWV4YW1wbGU"
T0 = 1_767_225_600


def platform_sign(secret: str, timestamp: int, body: bytes) -> str:
    """The platform's signature, computed here without the code under test."""
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def delivery(data: dict[str, Any] | None = None, event_type: str = "test.ping") -> tuple[bytes, dict[str, str]]:
    body = json.dumps(
        {"id": "evt-1", "type": event_type, "timestamp": "2026-01-01T00:00:00Z", "data": data or {"message": "hi"}}
    ).encode()
    return body, {
        "X-Service-Webhook-Timestamp": str(T0),
        "X-Service-Webhook-Signature": platform_sign(SECRET, T0, body),
    }


def reason_of(**kwargs: Any) -> str:
    try:
        verify_webhook(**kwargs)
    except WebhookVerificationError as error:
        return error.reason
    raise AssertionError("the delivery verified")


class TestVectors(unittest.TestCase):
    def test_finds_the_shared_file(self) -> None:
        self.assertGreaterEqual(len(SHARED["vectors"]), 3)
        self.assertGreater(len(SHARED["cases"]), 25)

    def test_verifies_each_vector_and_signs_it_to_the_same_signature(self) -> None:
        for v in SHARED["vectors"]:
            headers = {"x-service-webhook-timestamp": v["timestamp"], "x-service-webhook-signature": v["signature"]}
            for body in (v["body"], v["body"].encode("utf-8")):
                event = verify_webhook(body, headers, v["secret"], now=float(v["timestamp"]))
                self.assertEqual(event.to_dict(), json.loads(v["body"]))
            self.assertEqual(
                sign_webhook(v["body"], v["secret"], int(v["timestamp"])),
                {"X-Service-Webhook-Timestamp": v["timestamp"], "X-Service-Webhook-Signature": v["signature"]},
            )

    def test_ends_each_shared_case_with_the_reason_the_typescript_package_gives(self) -> None:
        for case in SHARED["cases"]:
            with self.subTest(case["name"]):
                kwargs: dict[str, Any] = {"now": float(case["now"])}
                if "toleranceSec" in case:
                    kwargs["tolerance_sec"] = case["toleranceSec"]
                try:
                    verify_webhook(case["body"], case["headers"], case["secret"], **kwargs)
                    outcome = None
                except WebhookVerificationError as error:
                    outcome = error.reason
                self.assertEqual(outcome, case["reason"])


class Verify(unittest.TestCase):
    def test_takes_the_body_as_str_bytes_bytearray_or_memoryview(self) -> None:
        body, headers = delivery()
        raws: list[str | bytes | bytearray | memoryview] = [body.decode(), body, bytearray(body), memoryview(body)]
        for raw in raws:
            self.assertEqual(verify_webhook(raw, headers, SECRET, now=T0).id, "evt-1")

    def test_reads_headers_from_http_client_messages_lists_and_any_case(self) -> None:
        body, headers = delivery()
        message = http.client.HTTPMessage()
        for name, value in headers.items():
            message[name.upper()] = value
        shapes: list[Any] = [
            message,
            {k.lower(): [v, "ignored"] for k, v in headers.items()},
            {
                "x-SERVICE-webhook-timestamp": str(T0),
                "X-Service-Webhook-SIGNATURE": headers["X-Service-Webhook-Signature"],
            },
        ]
        for shape in shapes:
            self.assertEqual(verify_webhook(body, shape, SECRET, now=T0).type, "test.ping")

    def test_refuses_a_parsed_body_saying_how_to_get_the_raw_one(self) -> None:
        body, headers = delivery()
        with self.assertRaises(WebhookVerificationError) as caught:
            verify_webhook(json.loads(body), headers, SECRET, now=T0)
        self.assertEqual(caught.exception.reason, "body_not_raw")
        self.assertIn("request.get_data() in Flask", str(caught.exception))
        self.assertIn("await request.body()", str(caught.exception))

    def test_checks_each_catalogue_member_type_and_passes_extra_members(self) -> None:
        def outcome(data: dict[str, Any], event_type: str) -> str | None:
            body, headers = delivery(data, event_type)
            try:
                verify_webhook(body, headers, SECRET, now=T0)
                return None
            except WebhookVerificationError as error:
                return str(error)

        self.assertIsNone(outcome({"userId": "u", "subject": "Math", "masteredGrade": None}, "mastery.deleted"))
        self.assertIsNone(outcome({"enrollmentId": "e", "classId": "c", "userId": "u", "new": 1}, "enrollment.created"))
        self.assertRegex(
            outcome(
                {"caliperSessionId": "s", "userId": "u", "applicationId": "a", "isProctored": "yes"}, "session.started"
            )
            or "",
            r"\(session\.started data\.isProctored must be boolean\)$",
        )
        self.assertRegex(
            outcome({"userId": "u", "subject": None, "masteredGrade": "3"}, "mastery.created") or "",
            r"\(mastery\.created data\.subject must be string\)$",
        )
        self.assertRegex(
            outcome({"enrollmentId": 1, "classId": "c", "userId": "u"}, "enrollment.created") or "",
            r"enrollmentId must be string",
        )

    def test_diagnoses_whitespace_or_a_missing_prefix_in_a_secret_without_echoing_it(self) -> None:
        body, headers = delivery()
        with self.assertRaises(WebhookVerificationError) as caught:
            verify_webhook(body, headers, SECRET + "\n", now=T0)
        self.assertEqual(
            str(caught.exception),
            "Webhook verification failed: signature_mismatch. A secret has whitespace. Pass the raw body as received.",
        )
        with self.assertRaises(WebhookVerificationError) as bare:
            verify_webhook(body, headers, SECRET.removeprefix("whsec_"), now=T0)
        self.assertIn("A secret lacks the whsec_ prefix.", str(bare.exception))
        self.assertNotIn(
            SECRET, str(caught.exception) + repr(caught.exception) + json.dumps(caught.exception.to_dict())
        )

    def test_refuses_an_unusable_secret_or_tolerance_as_a_usage_error_not_a_refused_delivery(self) -> None:
        body, headers = delivery()
        for secret in ("", [], [SECRET, ""], None, 42, "whsec_…abcd"):
            with self.subTest(secret=secret), self.assertRaises(LearnKitError) as caught:
                verify_webhook(body, headers, secret, now=T0)  # type: ignore[arg-type]
            self.assertNotIsInstance(caught.exception, WebhookVerificationError)
            self.assertEqual(str(caught.exception), "Invalid secret: must be the subscription's signingSecret")
        for tolerance in (-1, float("nan"), float("inf"), True):
            with self.subTest(tolerance=tolerance), self.assertRaises(LearnKitError) as refused:
                verify_webhook(body, headers, SECRET, tolerance_sec=tolerance, now=T0)
            self.assertEqual(str(refused.exception), "Invalid tolerance_sec: must be >= 0")

    def test_a_broken_clock_is_a_type_error_never_a_pass(self) -> None:
        body, headers = delivery()
        for clock in (float("nan"), float("inf"), float("-inf")):
            with self.subTest(clock=clock), self.assertRaises(TypeError):
                verify_webhook(body, headers, SECRET, now=clock)

    def test_uses_the_time_now_by_default(self) -> None:
        body = b'{"id":"e","type":"test.ping","timestamp":"2026-01-01T00:00:00Z","data":{"message":"now"}}'
        self.assertEqual(verify_webhook(body, sign_webhook(body, SECRET), SECRET).to_dict()["data"], {"message": "now"})
        self.assertEqual(
            reason_of(body=body, headers=sign_webhook(body, SECRET, T0), secret=SECRET), "timestamp_too_old"
        )

    def test_refuses_nan_in_a_signed_body_as_javascript_does(self) -> None:
        body = b'{"id":"e","type":"x.y","timestamp":"t","data":{"v":NaN}}'
        headers = sign_webhook(body, SECRET, T0)
        self.assertEqual(reason_of(body=body, headers=headers, secret=SECRET, now=T0), "invalid_payload")

    def test_the_catalogue_has_every_type_of_the_spec(self) -> None:
        self.assertEqual(len(CATALOGUE_MEMBERS), 29)
        self.assertEqual(CATALOGUE_MEMBERS["org.config.updated"], "orgId")


class Sign(unittest.TestCase):
    def test_signs_at_whole_seconds_of_an_aware_datetime(self) -> None:
        at = datetime.fromtimestamp(T0 + 0.999, tz=UTC)
        self.assertEqual(sign_webhook("{}", SECRET, at)["X-Service-Webhook-Timestamp"], str(T0))

    def test_refuses_a_timestamp_that_is_not_whole_seconds_and_a_naive_datetime(self) -> None:
        for bad in (1.5, -1, True, datetime(2026, 1, 1)):
            with self.subTest(bad=bad), self.assertRaises(ValidationError):
                sign_webhook("{}", SECRET, bad)  # type: ignore[arg-type]

    def test_refuses_a_rotation_list_and_a_parsed_body(self) -> None:
        with self.assertRaises(LearnKitError):
            sign_webhook("{}", [SECRET])  # type: ignore[arg-type]
        with self.assertRaises(WebhookVerificationError):
            sign_webhook({"id": "x"}, SECRET)  # type: ignore[arg-type]
