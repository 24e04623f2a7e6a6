"""``with_raw_response`` keeps each method's parameters, hand-written ones included
(docs/decisions.md#d-python-raw-views): mypy --strict (run by ``pnpm test:python``) checks the calls below, and
an ignore it finds unused is an error, so a view typed ``Callable[..., ...]`` would fail the type check."""

from __future__ import annotations

import inspect

from learnkit import ApiResponse, AsyncLearnKit, LearnKit
from learnkit.types import CFItemsValidateResult


def typed_calls(lk: LearnKit, alk: AsyncLearnKit) -> None:
    """Never run: read by the type checkers only."""
    raw_response: ApiResponse[CFItemsValidateResult] = lk.case.items.with_raw_response.validate(["id"])
    print(raw_response.data.valid)
    lk.case.items.with_raw_response.validate(3)  # type: ignore[arg-type]
    lk.case.items.with_raw_response.validate(["id"], timeout="soon")  # type: ignore[arg-type]
    lk.webhooks.subscriptions.with_raw_response.create("app", url="https://x.example", colour="red")  # type: ignore[call-arg]
    alk.case.items.with_raw_response.validate(3)  # type: ignore[arg-type]


def test_a_raw_view_has_the_signature_of_the_method_it_wraps() -> None:
    lk = LearnKit("https://api.example.com", "client-1", "secret-of-client")
    try:
        for resource, name in (
            (lk.case.items, "validate"),
            (lk.webhooks.subscriptions, "create"),
            (lk.case.documents, "list"),
        ):
            raw = getattr(resource.with_raw_response, name)
            assert inspect.signature(raw) == inspect.signature(getattr(resource, name))
    finally:
        lk.close()
