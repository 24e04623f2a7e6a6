"""The ready webhook handler, for any framework: verify, dedupe, run the function of the event's type, respond as
the TypeScript ``createWebhookHandler`` does (docs/decisions.md#d-python-webhook-handler). The framework glue
(``learnkit.fastapi``, ``learnkit.django``) turns requests into :meth:`WebhookHandler.handle` calls and
:class:`WebhookResponse` into responses."""

from __future__ import annotations

import json
import logging
import math
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import SecretStr

from ..errors import ValidationError, ValidationIssue, WebhookVerificationError
from ._verify import _secrets, verify_webhook

if TYPE_CHECKING:
    from .._dedupe import DedupeStore
    from ..types.platform import WebhookEvent

__all__ = ["WebhookResponse", "WebhookHandler"]

_log = logging.getLogger("learnkit")
#: Default time a handled id is remembered: twice the platform's retry window of about 24 hours.
DEFAULT_DEDUPE_TTL = 48 * 3600.0
#: Default largest delivery body (1 MiB): an envelope holds references only.
DEFAULT_MAX_BODY_BYTES = 1024 * 1024
# How long a claim holds while its function runs, in a store that can complete claims: shorter than the platform's
# first retry (10 min), so a delivery whose process died mid-way runs again on that retry.
_CLAIM_LEASE = 300.0
# What a copy of a delivery being handled in another process gets a response: retryable, never a 2xx.
_IN_FLIGHT_RETRY_AFTER = "60"
_MAX_FAILED = 10_000
F = TypeVar("F", bound=Callable[..., object])


@dataclass(frozen=True)
class WebhookResponse:
    """What to response the platform: status, JSON body and headers (framework-neutral)."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The body as JSON text."""
        return json.dumps(self.body, separators=(",", ":"))

    def all_headers(self) -> dict[str, str]:
        """The headers with the content type."""
        return {"content-type": "application/json", **self.headers}


def _respond(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> WebhookResponse:
    return WebhookResponse(status, body, headers or {})


def _check(
    secret: object, on: object, dedupe_ttl: object, max_body_bytes: object, allow_unknown_event_types: bool
) -> dict[str, Callable[..., object]]:
    """The handler is configured once, at start-up: one ValidationError names every problem."""
    from ..types.platform import WEBHOOK_EVENT_TYPES

    issues: list[ValidationIssue] = []
    try:
        _secrets(secret)
    except Exception:  # noqa: BLE001 - reported as an issue of the configuration
        issues.append(ValidationIssue(("secret",), "must be the subscription's signing_secret (or a rotation list)"))
    functions: dict[str, Callable[..., object]] = {}
    if not isinstance(on, Mapping):
        issues.append(
            ValidationIssue(("on",), 'must be a dict of functions by event type, e.g. {"enrollment.created": fn}')
        )
    else:
        for event_type, function in on.items():
            if not callable(function):
                issues.append(ValidationIssue(("on", str(event_type)), "must be a function"))
            elif not allow_unknown_event_types and event_type not in WEBHOOK_EVENT_TYPES:
                issues.append(
                    ValidationIssue(
                        ("on", str(event_type)),
                        "is not an event type of the catalogue (a typo?); "
                        "pass allow_unknown_event_types=True for a type newer than this SDK",
                    )
                )
            else:
                functions[str(event_type)] = function
    if isinstance(dedupe_ttl, bool) or not isinstance(dedupe_ttl, (int, float)) or not 0 < dedupe_ttl < math.inf:
        issues.append(ValidationIssue(("dedupe_ttl",), f"must be a positive number of seconds (got {dedupe_ttl!r})"))
    if isinstance(max_body_bytes, bool) or not isinstance(max_body_bytes, int) or max_body_bytes <= 0:
        issues.append(ValidationIssue(("max_body_bytes",), f"must be a positive whole number (got {max_body_bytes!r})"))
    if issues:
        raise ValidationError(issues)
    return functions


class _Base:
    def __init__(
        self,
        *,
        secret: str | SecretStr | Sequence[str | SecretStr],
        on: Mapping[str, Callable[..., object]] | None,
        on_unhandled: Callable[..., object] | None,
        dedupe_ttl: float,
        max_body_bytes: int,
        tolerance_sec: float,
        now: Callable[[], float] | None,
        allow_unknown_event_types: bool,
    ) -> None:
        self._functions = _check(secret, on or {}, dedupe_ttl, max_body_bytes, allow_unknown_event_types)
        self._secret = secret
        self._on_unhandled = on_unhandled
        self._ttl = float(dedupe_ttl)
        self.max_body_bytes = max_body_bytes
        self._tolerance = tolerance_sec
        self._now = now
        self._allow_unknown = allow_unknown_event_types
        self._failed: dict[str, None] = {}

    def on(self, event_type: str) -> Callable[[F], F]:
        """Registers the function of one event type, as a decorator.

        Example::

            @handler.on("enrollment.created")
            def enrolled(event: EnrollmentCreatedEvent) -> None:
                refetch(event.data.enrollment_id)
        """
        from ..types.platform import WEBHOOK_EVENT_TYPES

        if not self._allow_unknown and event_type not in WEBHOOK_EVENT_TYPES:
            raise ValidationError(
                [ValidationIssue(("event_type",), f"{event_type!r} is not an event type of the catalogue")]
            )

        def register(function: F) -> F:
            self._functions[event_type] = function
            return function

        return register

    def _verify(
        self, method: str, body: bytes | str, headers: Mapping[str, Any] | Iterable[tuple[str, Any]]
    ) -> WebhookEvent | WebhookResponse:
        if method.upper() != "POST":
            return _respond(405, {"error": "method_not_allowed"}, {"allow": "POST"})
        raw = body.encode() if isinstance(body, str) else body
        if len(raw) > self.max_body_bytes:
            _log.warning("webhook delivery refused: body over max_body_bytes (%d)", self.max_body_bytes)
            return _respond(413, {"error": "body_too_large"})
        try:
            return verify_webhook(
                raw,
                headers if isinstance(headers, Mapping) else dict(headers),
                self._secret,
                self._tolerance,
                None if self._now is None else self._now(),
            )
        except WebhookVerificationError as error:
            _log.warning("webhook delivery refused: %s", error)
            # The reason only: the message may describe this server's configuration.
            return _respond(400 if error.reason == "invalid_payload" else 401, {"error": error.reason})

    def _function_of(self, event: WebhookEvent) -> Callable[..., object] | None:
        return self._functions.get(event.type) or self._on_unhandled

    def _remember_failed(self, event_id: str) -> None:
        self._failed[event_id] = None
        while len(self._failed) > _MAX_FAILED:
            del self._failed[next(iter(self._failed))]


class WebhookHandler(_Base):
    """The webhook endpoint for threaded servers (Django, Flask, any WSGI app): it verifies the signature and
    timestamp, skips an event id it has already handled, and runs the function of the event's type. Responds:

    - 200 when handled, already handled (``duplicate``), or not handled by any function (acknowledged);
    - 401 when verification fails; 400 when the signature holds but the payload does not fit its type;
    - 405 for a method other than POST; 413 for a body over ``max_body_bytes`` (1 MiB);
    - 500 when the function raises or the dedupe store fails, so the platform retries (the claim is released);
    - for a copy of a delivery still being handled: in this process, the first copy's response once known; in another
      process (a shared store), 503 with ``Retry-After``, so it is acknowledged only once handled.

    ``dedupe``: default a :class:`~learnkit.webhooks.MemoryDedupeStore` of 10,000 ids; a
    :class:`~learnkit.webhooks.RedisDedupeStore` when several processes receive deliveries; False for none.
    ``dedupe_ttl`` in seconds (default 48 h).

    Example::

        handler = WebhookHandler(
            secret=os.environ["LEARNKIT_WEBHOOK_SECRET"],
            on={"enrollment.created": lambda event: enroll(event.data.enrollment_id)},
        )
        response = handler.handle("POST", request.body, request.headers)
    """

    def __init__(
        self,
        *,
        secret: str | SecretStr | Sequence[str | SecretStr],
        on: Mapping[str, Callable[..., object]] | None = None,
        on_unhandled: Callable[..., object] | None = None,
        dedupe: DedupeStore | bool | None = None,
        dedupe_ttl: float = DEFAULT_DEDUPE_TTL,
        max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
        tolerance_sec: float = 300,
        now: Callable[[], float] | None = None,
        allow_unknown_event_types: bool = False,
    ) -> None:
        super().__init__(
            secret=secret,
            on=on,
            on_unhandled=on_unhandled,
            dedupe_ttl=dedupe_ttl,
            max_body_bytes=max_body_bytes,
            tolerance_sec=tolerance_sec,
            now=now,
            allow_unknown_event_types=allow_unknown_event_types,
        )
        from .._dedupe import MemoryDedupeStore

        if dedupe is True or dedupe is None:
            self._store: DedupeStore | None = MemoryDedupeStore(10_000)
        elif dedupe is False:
            self._store = None
        else:
            if not callable(getattr(dedupe, "claim", None)):
                raise ValidationError(
                    [ValidationIssue(("dedupe",), "must be a DedupeStore (claim, release, complete, status) or False")]
                )
            self._store = dedupe
        self._lock = threading.Lock()
        self._in_flight: dict[str, Future[WebhookResponse]] = {}

    def handle(
        self, method: str, body: bytes | str, headers: Mapping[str, Any] | Iterable[tuple[str, Any]]
    ) -> WebhookResponse:
        """Handles one delivery: the request's method, its raw body and its headers. Never raises for a delivery:
        every outcome is a response."""
        verified = self._verify(method, body, headers)
        if isinstance(verified, WebhookResponse):
            return verified
        event = verified
        function = self._function_of(event)
        if function is None:
            return _respond(200, {"received": True, "handled": False})
        if self._store is None:
            return self._run(event, function)
        # A copy of a delivery this process is handling gets that delivery's response, once there is one.
        with self._lock:
            running = self._in_flight.get(event.id)
            mine: Future[WebhookResponse] | None = None
            if running is None:
                mine = self._in_flight[event.id] = Future()
        if running is not None:
            first = running.result()
            return _respond(200, {"received": True, "duplicate": True}) if first.status == 200 else first
        assert mine is not None
        try:
            outcome = self._run(event, function)
        except BaseException as error:  # noqa: BLE001 - handed to the copies, then raised
            outcome = _respond(500, {"error": "internal_error"})
            mine.set_result(outcome)
            raise error
        finally:
            with self._lock:
                self._in_flight.pop(event.id, None)
        mine.set_result(outcome)
        return outcome

    def _run(self, event: WebhookEvent, function: Callable[..., object]) -> WebhookResponse:
        store = self._store
        fields = {"id": event.id, "type": event.type}
        if store is not None:
            try:
                claimed = store.claim(event.id, _CLAIM_LEASE)
                if not claimed and event.id in self._failed:
                    del self._failed[event.id]
                    claimed = True
                if not claimed and store.status(event.id) != "handled":
                    _log.info(
                        "webhook delivery is being handled elsewhere; responding with 503 so the platform retries",
                        extra=fields,
                    )
                    return _respond(503, {"error": "in_flight"}, {"retry-after": _IN_FLIGHT_RETRY_AFTER})
            except Exception:  # noqa: BLE001 - responded with 500, so the platform retries
                _log.exception("webhook dedupe store failed; responding with 500 so the platform retries", extra=fields)
                return _respond(500, {"error": "dedupe_store_failed"})
            if not claimed:
                return _respond(200, {"received": True, "duplicate": True})
        try:
            function(event)
        except Exception:  # noqa: BLE001 - responded with 500, so the platform retries
            _log.exception(
                "webhook handler for %s raised; responding with 500 so the platform retries", event.type, extra=fields
            )
            if store is not None:
                try:
                    store.release(event.id)
                except Exception:  # noqa: BLE001 - remembered here instead
                    self._remember_failed(event.id)
            return _respond(500, {"error": "handler_failed"})
        if store is not None:
            try:
                store.complete(event.id, self._ttl)
            except Exception:  # noqa: BLE001 - handled all the same; the lease lapses by itself
                _log.exception("webhook dedupe store could not mark the event id handled", extra=fields)
        return _respond(200, {"received": True})
