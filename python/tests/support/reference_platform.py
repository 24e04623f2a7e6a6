"""A stand-in for the platform as its published reference describes it (docs.platform.timeback.com; the facts are
in docs/decisions.md#d-platform-reference-shapes and #d-platform-paging). It is not the mock: an ``httpx`` transport
written from the reference alone, so the Python SDK's rostering, applications and insights families are judged by a
second server. Listings page with ``limit`` default 10 and range 1-100 (400 otherwise) and response
``{ <plural>, limit, offset, total }``; records are OneRoster-shaped with GUIDRefs."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

BASE = "https://sandbox.platform.timeback.test"
TOKEN = "eyJhbGciOiJSUzI1NiJ9.e30.sig"


def _ref(kind: str, collection: str, sourced_id: str) -> dict[str, str]:
    return {"href": f"{BASE}/rostering/1.0/{collection}/{sourced_id}", "sourcedId": sourced_id, "type": kind}


def _enrollment(n: int) -> dict[str, Any]:
    key = f"{n:05d}"
    return {
        "sourcedId": f"enr-{key}",
        "status": "active",
        "dateLastModified": "2026-09-01T12:00:00.000Z",
        "role": "student",
        "primary": False,
        "beginDate": "2026-08-17",
        "endDate": None,
        "user": _ref("user", "users", f"usr-{key}"),
        "class": _ref("class", "classes", f"cls-{n % 6}"),
        "school": _ref("org", "orgs", "org-school"),
        "metadata": None,
    }


def _pool(client_id: str, scopes: list[str]) -> dict[str, Any]:
    return {"clientId": client_id, "scopes": scopes, "tokenUrl": f"{BASE}/auth/1.0/token"}


def _json(status: int, body: Any = None) -> httpx.Response:
    return httpx.Response(status, json=body) if body is not None else httpx.Response(status)


class ReferencePlatform:
    """The stand-in: ``transport`` for an ``httpx.Client``, ``requests`` the API URLs it responded."""

    def __init__(self, enrollments: int = 237) -> None:
        self.enrollments = [_enrollment(n) for n in range(enrollments)]
        self.agents: dict[str, dict[str, Any]] = {}
        self.requests: list[httpx.URL] = []
        self.transport = httpx.MockTransport(self.handle)
        self.async_transport = httpx.MockTransport(self.handle)

    def page(self, request: httpx.Request, key: str, items: list[Any]) -> httpx.Response:
        limit_text = request.url.params.get("limit", "10")
        offset_text = request.url.params.get("offset", "0")
        if not limit_text.isdigit() or not 1 <= int(limit_text) <= 100:
            return _json(400, {"error": "bad_request", "message": "limit must be from 1 to 100"})
        limit, offset = int(limit_text), int(offset_text)
        return _json(200, {key: items[offset : offset + limit], "limit": limit, "offset": offset, "total": len(items)})

    def handle(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/auth/1.0/token":
            return _json(200, {"access_token": TOKEN, "expires_in": 3600, "token_type": "Bearer", "scope": ""})
        self.requests.append(request.url)
        if request.headers.get("authorization") != f"Bearer {TOKEN}":
            return _json(401, {"error": "unauthorized", "message": "a bearer token is needed"})
        method = request.method
        if method == "GET" and path == "/rostering/1.0/enrollments":
            return self.page(request, "enrollments", self.enrollments)
        if method == "PUT" and path == "/rostering/1.0/students":
            student = json.loads(request.content)["student"]
            return _json(
                201,
                {
                    "sourcedId": student["sourcedId"],
                    "givenName": student["givenName"],
                    "familyName": student["familyName"],
                    "enabledUser": student.get("enabledUser", "true"),
                    "roles": [],
                    "agents": [],
                },
            )
        if match := re.fullmatch(r"/rostering/1\.0/users/([^/]+)/agents/([^/]+)", path):
            agent_id = match[2]
            if method == "DELETE":
                return (
                    _json(204)
                    if self.agents.pop(agent_id, None)
                    else _json(404, {"error": "not_found", "message": "no agent"})
                )
            body = json.loads(request.content)
            created = agent_id not in self.agents
            self.agents[agent_id] = {"agentId": agent_id, **body}
            return _json(201 if created else 200, self.agents[agent_id])
        if re.fullmatch(r"/rostering/1\.0/users/([^/]+)/agents", path):
            return self.page(request, "agents", list(self.agents.values()))
        if method == "GET" and path == "/rostering/1.0/orgs":
            orgs = [
                {"sourcedId": "org-district", "name": "Sandbox District", "type": "district", "parent": None},
                {
                    "sourcedId": "org-school",
                    "name": "Sandbox School",
                    "type": "school",
                    "parent": _ref("org", "orgs", "org-district"),
                },
            ]
            return self.page(request, "orgs", orgs)
        if method == "POST" and path == "/applications/1.0/drafts":
            body = json.loads(request.content)
            missing = [key for key in ("name", "description", "launchUrl") if key not in body]
            if missing:
                return _json(400, {"error": "bad_request", "message": f"{', '.join(missing)} required"})
            app_id = "c7a2d9e4-3333-4444-8555-b66677778888"
            return _json(
                201,
                {
                    "applicationId": app_id,
                    "appUrn": f"urn:uuid:{app_id}",
                    "clientId": "draft-client",
                    "clientSecret": "shown-once",
                    "publisherId": None,
                },
            )
        if match := re.fullmatch(r"/applications/1\.0/([^/]+)/credentials", path):
            return _json(
                200,
                {
                    "applicationId": match[1],
                    "appUrn": f"urn:uuid:{match[1]}",
                    "productionCredentials": _pool("prod-client", ["lti.readonly"]),
                    "sandboxCredentials": _pool("sandbox-client", ["roster.readonly"]),
                },
            )
        if match := re.fullmatch(r"/insights/1\.0/users/([^/]+)/sessions", path):
            session = {"id": "ses-1", "applicationId": None, "durationInSeconds": 1500, "wastePercentage": 10}
            return self.page(request, "sessions", [session])
        if match := re.fullmatch(r"/insights/1\.0/users/([^/]+)/overview", path):
            return _json(200, {"trend": [{"minutes": 25}], "breakdown": [{"subject": "Math"}]})
        if match := re.fullmatch(r"/insights/1\.0/users/([^/]+)", path):
            insight = {"id": "ins-1", "userId": match[1], "insightType": "RapidGuessing", "review": None}
            return self.page(request, "insights", [insight])
        return _json(404, {"error": "not_found", "message": f"nothing at {path}"})
