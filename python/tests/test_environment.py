"""``environment=`` and ``LEARNKIT_ENVIRONMENT`` (docs/decisions.md#d-environment-option), the copy of the TypeScript
table of environments, and the platform families' filter limits (docs/decisions.md#d-platform-filter-limits)."""

from __future__ import annotations

import asyncio
import json
import unittest
from dataclasses import asdict
from typing import Any

import httpx

from learnkit import ENV, ENVIRONMENTS, AsyncLearnKit, LearnKit, ValidationError

from .support.paths import PROJECT

SANDBOX = "https://sandbox.platform.timeback.com"
CREDENTIALS: dict[str, Any] = {"client_id": "sandbox-client", "client_secret": "sandbox-secret-0123456789"}
THREE = "status='active' AND role='student' AND grade='09'"
MIXED = "status='active' AND role='student' OR role='teacher'"


def _respond(request: httpx.Request) -> httpx.Response:
    if request.url.path.endswith("/token"):
        return httpx.Response(200, json={"access_token": "token-1", "token_type": "Bearer", "expires_in": 3600})
    return httpx.Response(200, json={"CFDocuments": [], "users": []})


def _recording(sent: list[str]) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        sent.append(f"{request.method} {request.url.scheme}://{request.url.host}{request.url.path}")
        return _respond(request)

    return httpx.MockTransport(handle)


def _client(sent: list[str], **options: Any) -> LearnKit:
    options.setdefault("env", {})
    return LearnKit(**CREDENTIALS, http_client=httpx.Client(transport=_recording(sent)), **options)


class TheTable(unittest.TestCase):
    def test_is_the_typescript_table(self) -> None:
        # tests/support/environments.json is held equal to ENVIRONMENTS of @learnkit/core by a TypeScript test.
        fixture = json.loads((PROJECT / "tests" / "support" / "environments.json").read_text(encoding="utf-8"))
        ours = {
            name: {
                "baseUrl": e.base_url,
                "tokenUrl": e.token_url,
                "ltiIssuer": e.lti_issuer,
                "ltiJwksUrl": e.lti_jwks_url,
            }
            for name, e in ENVIRONMENTS.items()
        }
        self.assertEqual(ours, fixture)
        self.assertEqual(set(asdict(ENVIRONMENTS["sandbox"])), {"base_url", "token_url", "lti_issuer", "lti_jwks_url"})
        with self.assertRaises(TypeError):
            ENVIRONMENTS["sandbox"] = ENVIRONMENTS["production"]  # type: ignore[index]


class EnvironmentOption(unittest.TestCase):
    def test_sandbox_alone_calls_the_sandbox_and_gets_its_token_there(self) -> None:
        for name in ("production", "sandbox", "staging"):
            sent: list[str] = []
            with _client(sent, environment=name) as lk:
                self.assertEqual(lk.environment, name)
                self.assertEqual(lk.base_url, ENVIRONMENTS[name].base_url)
                lk.request("GET", "/ims/case/v1p1/CFDocuments")
            self.assertEqual(
                sent,
                [
                    f"POST {ENVIRONMENTS[name].token_url}",
                    f"GET {ENVIRONMENTS[name].base_url}/ims/case/v1p1/CFDocuments",
                ],
            )

    def test_async_too(self) -> None:
        sent: list[str] = []

        async def main() -> None:
            http_client = httpx.AsyncClient(transport=_recording(sent))
            async with AsyncLearnKit(**CREDENTIALS, environment="sandbox", env={}, http_client=http_client) as alk:
                self.assertEqual(alk.environment, "sandbox")
                await alk.request("GET", "/ims/case/v1p1/CFDocuments")
            await http_client.aclose()

        asyncio.run(main())
        self.assertEqual(sent, [f"POST {SANDBOX}/auth/1.0/token", f"GET {SANDBOX}/ims/case/v1p1/CFDocuments"])

    def test_reads_learnkit_environment_and_the_argument_wins(self) -> None:
        self.assertEqual(ENV["environment"], "LEARNKIT_ENVIRONMENT")
        with LearnKit(**CREDENTIALS, env={"LEARNKIT_ENVIRONMENT": "sandbox"}) as lk:
            self.assertEqual((lk.environment, lk.base_url), ("sandbox", SANDBOX))
        with LearnKit(**CREDENTIALS, environment="production", env={"LEARNKIT_ENVIRONMENT": "sandbox"}) as lk:
            self.assertEqual(lk.base_url, "https://platform.timeback.com")

    def test_an_explicit_base_url_wins_with_its_own_token_endpoint(self) -> None:
        sent: list[str] = []
        with _client(sent, environment="sandbox", base_url="https://proxy.example.com/") as lk:
            lk.request("GET", "/ims/case/v1p1/CFDocuments")
            self.assertEqual(lk.environment, "sandbox")
        self.assertEqual(
            sent,
            [
                "POST https://proxy.example.com/auth/1.0/token",
                "GET https://proxy.example.com/ims/case/v1p1/CFDocuments",
            ],
        )
        with LearnKit(
            **CREDENTIALS, environment="production", env={"LEARNKIT_BASE_URL": "http://127.0.0.1:4010"}
        ) as lk:
            self.assertEqual(
                (lk.base_url, lk.token_url), ("http://127.0.0.1:4010", "http://127.0.0.1:4010/auth/1.0/token")
            )
        with LearnKit(**CREDENTIALS, environment="staging", auth_url="https://auth.example.com", env={}) as lk:
            self.assertEqual(lk.token_url, "https://auth.example.com/oauth2/token")

    def test_repr_names_the_environment_never_the_secret(self) -> None:
        with LearnKit(**CREDENTIALS, environment="sandbox", env={}) as lk:
            self.assertIn(f"environment='sandbox', base_url='{SANDBOX}'", repr(lk))
            self.assertNotIn(CREDENTIALS["client_secret"], repr(lk))

    def test_refuses_an_unknown_name_naming_the_three(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            LearnKit(**CREDENTIALS, environment="prod", env={})  # type: ignore[arg-type]
        self.assertEqual([issue.path for issue in caught.exception.issues], [("environment",)])
        self.assertIn(
            "must be one of 'production', 'sandbox', 'staging' (got \"prod\"); "
            "for another address pass base_url instead",
            str(caught.exception),
        )
        with self.assertRaises(ValidationError) as from_env:
            LearnKit(**CREDENTIALS, env={"LEARNKIT_ENVIRONMENT": "Sandbox"})
        self.assertIn('(got "Sandbox" from LEARNKIT_ENVIRONMENT)', str(from_env.exception))

    def test_without_base_url_the_message_offers_the_environment(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            LearnKit(**CREDENTIALS, env={"LEARNKIT_ENVIRONMENT": " "})
        self.assertIn('is required: pass LearnKit(environment="sandbox")', str(caught.exception))


class FilterLimits(unittest.TestCase):
    def test_refuses_a_third_predicate_and_a_mixed_and_or_before_sending(self) -> None:
        sent: list[str] = []
        with _client(sent, environment="sandbox") as lk:
            for path in ("/rostering/1.0/users", "/applications/1.0", "/insights/1.0/users/u-1/sessions"):
                family = "/".join(path.split("/")[:3])
                with self.assertRaises(ValidationError) as three:
                    lk.request("GET", path, query={"filter": THREE})
                self.assertEqual(three.exception.issues[0].path, ("filter",))
                self.assertIn(
                    f"has 3 predicates (on status, role, grade); {family} takes at most 2 per filter: keep the 2 that "
                    "narrow the list most and keep the items you want from what you read, or run separate queries",
                    str(three.exception),
                )
                with self.assertRaises(ValidationError) as mixed:
                    lk.request("GET", path, query={"filter": MIXED})
                self.assertIn(
                    f"mixes AND with OR (on status, role, role), which {family} refuses", str(mixed.exception)
                )
        self.assertEqual(sent, [])

    def test_async_refuses_too(self) -> None:
        sent: list[str] = []

        async def main() -> None:
            http_client = httpx.AsyncClient(transport=_recording(sent))
            async with AsyncLearnKit(**CREDENTIALS, environment="sandbox", env={}, http_client=http_client) as alk:
                with self.assertRaises(ValidationError):
                    await alk.request("GET", "/rostering/1.0/users", query={"filter": THREE})
            await http_client.aclose()

        asyncio.run(main())
        self.assertEqual(sent, [])

    def test_sends_two_predicates_and_leaves_oneroster_and_case_their_rules(self) -> None:
        sent: list[str] = []
        with _client(sent, environment="sandbox") as lk:
            lk.request("GET", "/rostering/1.0/users", query={"filter": "status='active' OR status='tobedeleted'"})
            lk.request(
                "GET", "/rostering/1.0/orgs", query={"filter": "name~'Fish AND Chips OR Peas' AND type='school'"}
            )
            lk.request("GET", "/ims/oneroster/rostering/v1p2/users", query={"filter": THREE})
            lk.request("GET", "/ims/case/v1p1/CFItems", query={"filter": MIXED})
        self.assertEqual(len([line for line in sent if line.startswith("GET")]), 4)


if __name__ == "__main__":
    unittest.main()
