"""A body's members are keyword arguments, its TypedDict accepted as ``**body``
(docs/decisions.md#d-python-body-kwargs): what is sent for a member given, left out or None, and what is refused
before anything is sent."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from learnkit import LearnKit, ValidationError
from learnkit.types import OneRosterLineItemInputParam, OneRosterSourcedIdRefInputParam

BASE = "https://api.example.com"
PATH = "/ims/oneroster/gradebook/v1p2/lineItems/li-1"


@pytest.fixture
def sent() -> list[dict[str, Any]]:
    return []


@pytest.fixture
def lk(sent: list[dict[str, Any]]) -> Iterator[LearnKit]:
    def raw_response(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/auth/1.0/token":
            return httpx.Response(200, json={"access_token": "tok-body-kwargs", "expires_in": 3600})
        # A OneRoster write wraps its object: {"lineItem": {...}}.
        sent.append(
            {"method": request.method, "path": request.url.path, "body": json.loads(request.content)["lineItem"]}
        )
        return httpx.Response(201)

    with LearnKit(
        BASE, "client-1", "secret-of-client", http_client=httpx.Client(transport=httpx.MockTransport(raw_response))
    ) as client:
        yield client


def required() -> dict[str, Any]:
    ref: OneRosterSourcedIdRefInputParam = {"sourced_id": "ref-1"}
    return {
        "title": "Quiz",
        "assign_date": "2026-01-01",
        "due_date": "2026-01-08",
        "class_": ref,
        "school": ref,
        "category": ref,
    }


def test_members_given_are_sent_with_the_platforms_names_left_out_ones_are_not_and_none_is_null(
    lk: LearnKit, sent: list[dict[str, Any]]
) -> None:
    ref: OneRosterSourcedIdRefInputParam = {"sourced_id": "ref-1"}
    lk.oneroster.gradebook.line_items.update(
        "li-1",
        title="Quiz",
        assign_date="2026-01-01",
        due_date="2026-01-08",
        class_=ref,
        school=ref,
        category=ref,
        description=None,
    )
    [request] = sent
    assert (request["method"], request["path"]) == ("PUT", PATH)
    body = request["body"]
    assert body["assignDate"] == "2026-01-01" and body["class"] == {"sourcedId": "ref-1"}
    assert body["description"] is None
    # The path names the line item; the body's optional sourcedId, left out, is not sent.
    assert "gradingPeriod" not in body and "resultValueMax" not in body and "sourcedId" not in body


def test_the_typed_dict_is_accepted_as_keyword_arguments(lk: LearnKit, sent: list[dict[str, Any]]) -> None:
    ref: OneRosterSourcedIdRefInputParam = {"sourced_id": "ref-1"}
    body: OneRosterLineItemInputParam = {
        "sourced_id": "li-1",
        "title": "Quiz",
        "assign_date": "2026-01-01",
        "due_date": "2026-01-08",
        "class_": ref,
        "school": ref,
        "category": ref,
        "result_value_max": 20,
    }
    lk.oneroster.gradebook.line_items.update("li-1", **body)
    assert sent[0]["body"]["resultValueMax"] == 20 and sent[0]["body"]["sourcedId"] == "li-1"


def test_bad_members_are_refused_before_anything_is_sent_naming_each(lk: LearnKit, sent: list[dict[str, Any]]) -> None:
    with pytest.raises(ValidationError) as caught:
        lk.oneroster.gradebook.line_items.update("li-1", **{**required(), "title": 3, "due_date": None})
    assert {issue.path for issue in caught.value.issues} == {("title",), ("due_date",)}
    with pytest.raises(ValidationError) as other:
        lk.oneroster.gradebook.line_items.update("li-1", **required(), sourced_id="li-2")
    assert other.value.issues[0].path == ("sourced_id",)
    assert "the path names 'li-1'" in other.value.issues[0].message
    ref: OneRosterSourcedIdRefInputParam = {"sourced_id": "ref-1"}
    with pytest.raises(TypeError, match="category"):
        lk.oneroster.gradebook.line_items.update(  # type: ignore[call-arg]
            "li-1", title="Quiz", assign_date="2026-01-01", due_date="2026-01-08", class_=ref, school=ref
        )
    assert sent == []
