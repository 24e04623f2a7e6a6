"""A stand-in for ``LearnKit.request_with_response`` that responds with ``record``'s reads from fixed data and keeps the
Caliper envelopes it is sent, so ``record`` can run with no network (as the TypeScript script does)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from learnkit import ApiResponse


class FakePlatform:
    """returns the roster look-up with ``users`` and the gradebook with ``history``; keeps every request."""

    def __init__(self, users: list[dict[str, Any]] | None = None, history: list[dict[str, Any]] | None = None) -> None:
        self.users = users or []
        self.history = history or []
        #: Every call: method, path, query and body.
        self.calls: list[dict[str, Any]] = []

    @property
    def envelopes(self) -> list[dict[str, Any]]:
        """The bodies sent to ``POST /caliper/v1p2``."""
        return [c["body"] for c in self.calls if c["path"] == "/caliper/v1p2"]

    def request_with_response(
        self,
        method: str,
        path: str,
        *,
        query: Mapping[str, Any] | None = None,
        body: Any = None,
        idempotent: bool | None = None,
        timeout: Any = None,
        deadline: float | None = None,
        max_retries: int | None = None,
        operation: str | None = None,
    ) -> ApiResponse[Any]:
        self.calls.append(
            {"method": method, "path": path, "query": dict(query or {}), "body": body, "idempotent": idempotent}
        )
        if path.endswith("/users/"):
            return ApiResponse({"users": self.users}, 200, {"x-total-count": str(len(self.users))}, "req_test")
        if path.endswith("/assessmentResults/"):
            return ApiResponse(
                {"assessmentResults": self.history}, 200, {"x-total-count": str(len(self.history))}, "req_test"
            )
        if path == "/caliper/v1p2":
            return ApiResponse({"accepted": len(body["data"]), "duplicates": 0}, 200, {}, "req_test")
        raise AssertionError(f"record called {method} {path}")
