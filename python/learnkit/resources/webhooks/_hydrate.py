"""``lk.webhooks.hydrate``: reads what an event refers to, as it is now (docs/decisions.md#d-hydrate-table)."""

from __future__ import annotations

import asyncio
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, overload

from ..._generated.resources import webhooks as generated
from ..._models import BaseModel, parse
from ...errors import NotFoundError, ValidationError, ValidationIssue
from ...types.platform import (
    Application,
    ApplicationCreatedEvent,
    ApplicationUpdatedEvent,
    CaliperSession,
    EnforcementState,
    Enrollment,
    EnrollmentCreatedEvent,
    EnrollmentUpdatedEvent,
    InsightCreatedEvent,
    InsightSessionSummary,
    InsightUpdatedEvent,
    MasteryCreatedEvent,
    MasteryUpdatedEvent,
    OrgConfigUpdatedEvent,
    ProctoringEnforcementRecordedEvent,
    SessionEndedEvent,
    SessionStartedEvent,
    StudentGrade,
    TestEndedEvent,
    TestExitedEvent,
    TestStartedEvent,
    UnknownWebhookEvent,
    User,
    UserCreatedEvent,
    UserProfile,
    UserProfileCreatedEvent,
    UserProfileUpdatedEvent,
    UserRole,
    UserRoleCreatedEvent,
    UserRoleUpdatedEvent,
    UserUpdatedEvent,
    WebhookEvent,
)

if TYPE_CHECKING:
    from ..._client import AsyncLearnKit

__all__ = ["AsyncWebhooks", "HydratedEvent", "HydrationStatus", "Webhooks"]

E = TypeVar("E")


HydrationStatus = Literal["found", "not_found", "deleted", "none"]


@dataclass(frozen=True)
class HydratedEvent(Generic[E]):
    """An event with the current state of what it refers to (docs/decisions.md#d-hydrate-table).

    Example::

        hydrated = lk.webhooks.hydrate(event)
        if hydrated.status == "found":
            print(hydrated.entity)
    """

    #: The event as delivered.
    event: WebhookEvent
    #: Whether the entity was read.
    status: HydrationStatus
    #: The entity as the platform has it now (None unless ``found``).
    entity: E | None = None
    #: A delete event's data: the references of what was deleted.
    tombstone: BaseModel | None = None
    #: The ``NotFoundError`` of a ``not_found`` read.
    error: NotFoundError | None = field(default=None, repr=False)


@dataclass(frozen=True)
class _Read:
    key: str
    kind: Any
    path: str
    params: dict[str, str]
    query: dict[str, str] | None = None
    pick: Callable[[Any], Any] | None = None
    page: str | None = None


def _p(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def _reference(event: WebhookEvent) -> _Read | Literal["tombstone", "none"]:
    """The row of docs/decisions.md#d-hydrate-table for ``event``."""
    kind = event.type
    if isinstance(event, UnknownWebhookEvent) or kind == "test.ping":
        return "none"
    if kind.endswith(".deleted"):
        return "tombstone"
    found = _roster_read(event)
    return found if found is not None else _activity_read(event)


def _activity_read(event: WebhookEvent) -> _Read | Literal["none"]:
    """The read of an insight, mastery, session or proctoring event; "none" for any other."""
    if isinstance(event, (InsightCreatedEvent, InsightUpdatedEvent)):
        sid = event.data.caliper_session_id
        return _Read(
            f"GET /insights/1.0/sessions/{_p(sid)}",
            InsightSessionSummary,
            "/insights/1.0/sessions/{sessionId}",
            {"sessionId": sid},
        )
    if isinstance(event, (MasteryCreatedEvent, MasteryUpdatedEvent)):
        query = {"studentId": event.data.user_id, "subject": event.data.subject}
        return _Read(
            f"GET /beyond/1.0/educator/students/grades?{urllib.parse.urlencode(query)}",
            StudentGrade,
            "/beyond/1.0/educator/students/grades",
            {},
            query=query,
        )
    if isinstance(event, (SessionStartedEvent, SessionEndedEvent, TestStartedEvent, TestEndedEvent, TestExitedEvent)):
        sid_or_none: str | None = event.data.caliper_session_id
        if not sid_or_none:
            return "none"
        return _Read(
            f"GET /events/1.0/sessions/{_p(sid_or_none)}/events",
            CaliperSession,
            "/events/1.0/sessions/{sessionId}/events",
            {"sessionId": sid_or_none},
        )
    if isinstance(event, ProctoringEnforcementRecordedEvent):
        sid = event.data.caliper_session_id
        return _Read(
            f"GET /insights/1.0/sessions/{_p(sid)}/enforcement-state",
            EnforcementState,
            "/insights/1.0/sessions/{sessionId}/enforcement-state",
            {"sessionId": sid},
        )
    return "none"


def _roster_read(event: WebhookEvent) -> _Read | None:
    """The read of a rostering, application or org event; None for any other."""
    if isinstance(event, (EnrollmentCreatedEvent, EnrollmentUpdatedEvent)):
        eid = event.data.enrollment_id
        return _Read(
            f"GET /rostering/1.0/enrollments/{_p(eid)}",
            Enrollment,
            "/rostering/1.0/enrollments/{enrollmentId}",
            {"enrollmentId": eid},
        )
    if isinstance(event, (UserCreatedEvent, UserUpdatedEvent)):
        uid = event.data.user_id
        return _Read(
            f"GET /rostering/1.0/users/{_p(uid)}", User, "/rostering/1.0/users/{sourcedId}", {"sourcedId": uid}
        )
    if isinstance(event, (UserRoleCreatedEvent, UserRoleUpdatedEvent)):
        uid, role_id = event.data.user_id, event.data.role_id
        return _Read(
            f"GET /rostering/1.0/users/{_p(uid)}/roles",
            UserRole,
            "/rostering/1.0/users/{sourcedId}/roles",
            {"sourcedId": uid},
            page="roles",
            pick=lambda roles: next((r for r in roles if getattr(r, "role_id", None) == role_id), None),
        )
    if isinstance(event, (UserProfileCreatedEvent, UserProfileUpdatedEvent)):
        uid, pid = event.data.user_id, event.data.profile_id
        return _Read(
            f"GET /rostering/1.0/users/{_p(uid)}/profiles/{_p(pid)}",
            UserProfile,
            "/rostering/1.0/users/{userId}/profiles/{profileId}",
            {"userId": uid, "profileId": pid},
        )
    if isinstance(event, (ApplicationCreatedEvent, ApplicationUpdatedEvent)):
        aid = event.data.application_id
        return _Read(
            f"GET /applications/1.0/applications/{_p(aid)}",
            Application,
            "/applications/1.0/applications/{sourcedId}",
            {"sourcedId": aid},
        )
    if isinstance(event, OrgConfigUpdatedEvent):
        oid = event.data.org_id
        return _Read(
            f"GET /rostering/1.0/orgs/{_p(oid)}/config",
            dict[str, Any],
            "/rostering/1.0/orgs/{sourcedId}/config",
            {"sourcedId": oid},
        )
    return None


def _check_events(events: object) -> tuple[list[WebhookEvent], bool]:
    many = isinstance(events, (list, tuple))
    listed = list(events) if isinstance(events, (list, tuple)) else [events]
    issues = [
        ValidationIssue(
            ("events", i) if many else ("event",),
            "must be a webhook event: the one verify_webhook (or the handler) gives, not the raw body",
        )
        for i, event in enumerate(listed)
        if not (isinstance(event, BaseModel) and isinstance(getattr(event, "type", None), str))
    ]
    if issues:
        raise ValidationError(issues)
    return listed, many  # type: ignore[return-value]


def _outcome(event: WebhookEvent, read: _Read, raw_response: Any, error: NotFoundError | None) -> HydratedEvent[Any]:
    if error is not None:
        return HydratedEvent(event, "not_found", error=error)
    entity = read.pick(raw_response) if read.pick is not None else raw_response
    if entity is None:
        return HydratedEvent(event, "not_found")
    return HydratedEvent(event, "found", entity)


EnrollmentEvents = EnrollmentCreatedEvent | EnrollmentUpdatedEvent
UserEvents = UserCreatedEvent | UserUpdatedEvent
RoleEvents = UserRoleCreatedEvent | UserRoleUpdatedEvent
ProfileEvents = UserProfileCreatedEvent | UserProfileUpdatedEvent
ApplicationEvents = ApplicationCreatedEvent | ApplicationUpdatedEvent
MasteryEvents = MasteryCreatedEvent | MasteryUpdatedEvent
SessionEvents = SessionStartedEvent | SessionEndedEvent | TestStartedEvent | TestEndedEvent | TestExitedEvent
InsightEvents = InsightCreatedEvent | InsightUpdatedEvent


class Webhooks(generated.Webhooks):
    """``lk.webhooks``: the subscriptions of an application, and :meth:`hydrate`.

    Example::

        hydrated = lk.webhooks.hydrate(event)
    """

    @overload
    def hydrate(self, event: EnrollmentEvents) -> HydratedEvent[Enrollment]: ...
    @overload
    def hydrate(self, event: UserEvents) -> HydratedEvent[User]: ...
    @overload
    def hydrate(self, event: RoleEvents) -> HydratedEvent[UserRole]: ...
    @overload
    def hydrate(self, event: ProfileEvents) -> HydratedEvent[UserProfile]: ...
    @overload
    def hydrate(self, event: ApplicationEvents) -> HydratedEvent[Application]: ...
    @overload
    def hydrate(self, event: MasteryEvents) -> HydratedEvent[StudentGrade]: ...
    @overload
    def hydrate(self, event: SessionEvents) -> HydratedEvent[CaliperSession]: ...
    @overload
    def hydrate(self, event: InsightEvents) -> HydratedEvent[InsightSessionSummary]: ...
    @overload
    def hydrate(self, event: ProctoringEnforcementRecordedEvent) -> HydratedEvent[EnforcementState]: ...
    @overload
    def hydrate(self, event: OrgConfigUpdatedEvent) -> HydratedEvent[dict[str, Any]]: ...
    @overload
    def hydrate(self, event: WebhookEvent) -> HydratedEvent[Any]: ...
    @overload
    def hydrate(self, event: Sequence[WebhookEvent]) -> list[HydratedEvent[Any]]: ...
    def hydrate(self, event: WebhookEvent | Sequence[WebhookEvent]) -> HydratedEvent[Any] | list[HydratedEvent[Any]]:
        """Reads the current state of what an event (or each of a list) refers to, with this client: payloads
        carry references only. A delete event gives its tombstone and reads nothing; a 404 is ``not_found``; any
        other failure raises. Events about the same entity in one list share one read.

        Example::

            event = verify_webhook(body, headers, secret)
            hydrated = lk.webhooks.hydrate(event)
            if hydrated.status == "found":
                sync(hydrated.entity)
        """
        listed, many = _check_events(event)
        memo: dict[str, tuple[Any, NotFoundError | None]] = {}
        outcomes: list[HydratedEvent[Any]] = []
        for one in listed:
            read = _reference(one)
            if read == "none":
                outcomes.append(HydratedEvent(one, "none"))
                continue
            if read == "tombstone":
                outcomes.append(
                    HydratedEvent(one, "deleted", tombstone=one.data if isinstance(one.data, BaseModel) else None)
                )
                continue
            if read.key not in memo:
                try:
                    raw_response = self._client.request("GET", read.path, path_params=read.params, query=read.query)
                    data = raw_response.get(read.page) if read.page and isinstance(raw_response, dict) else raw_response
                    kind = list[read.kind] if read.page else read.kind  # type: ignore[name-defined]
                    memo[read.key] = (parse(kind, data), None)
                except NotFoundError as error:
                    memo[read.key] = (None, error)
            outcomes.append(_outcome(one, read, *memo[read.key]))
        return outcomes if many else outcomes[0]


class AsyncWebhooks(generated.AsyncWebhooks):
    """:class:`Webhooks` for tasks: ``await alk.webhooks.hydrate(event)``."""

    def __init__(self, client: AsyncLearnKit) -> None:
        super().__init__(client)
        # Reads in flight, shared by concurrent hydrations of events about one entity (only while in flight).
        self._inflight: dict[str, asyncio.Future[Any]] = {}

    @overload
    async def hydrate(self, event: EnrollmentEvents) -> HydratedEvent[Enrollment]: ...
    @overload
    async def hydrate(self, event: UserEvents) -> HydratedEvent[User]: ...
    @overload
    async def hydrate(self, event: RoleEvents) -> HydratedEvent[UserRole]: ...
    @overload
    async def hydrate(self, event: ProfileEvents) -> HydratedEvent[UserProfile]: ...
    @overload
    async def hydrate(self, event: ApplicationEvents) -> HydratedEvent[Application]: ...
    @overload
    async def hydrate(self, event: MasteryEvents) -> HydratedEvent[StudentGrade]: ...
    @overload
    async def hydrate(self, event: SessionEvents) -> HydratedEvent[CaliperSession]: ...
    @overload
    async def hydrate(self, event: InsightEvents) -> HydratedEvent[InsightSessionSummary]: ...
    @overload
    async def hydrate(self, event: ProctoringEnforcementRecordedEvent) -> HydratedEvent[EnforcementState]: ...
    @overload
    async def hydrate(self, event: OrgConfigUpdatedEvent) -> HydratedEvent[dict[str, Any]]: ...
    @overload
    async def hydrate(self, event: WebhookEvent) -> HydratedEvent[Any]: ...
    @overload
    async def hydrate(self, event: Sequence[WebhookEvent]) -> list[HydratedEvent[Any]]: ...
    async def hydrate(
        self, event: WebhookEvent | Sequence[WebhookEvent]
    ) -> HydratedEvent[Any] | list[HydratedEvent[Any]]:
        """:meth:`Webhooks.hydrate` for tasks; the reads of a list run concurrently, each entity read once.

        Example::

            hydrated = await alk.webhooks.hydrate(event)
        """
        listed, many = _check_events(event)

        async def one(item: WebhookEvent) -> HydratedEvent[Any]:
            read = _reference(item)
            if read == "none":
                return HydratedEvent(item, "none")
            if read == "tombstone":
                return HydratedEvent(item, "deleted", tombstone=item.data if isinstance(item.data, BaseModel) else None)
            raw_response, error = await self._read_once(read)
            return _outcome(item, read, raw_response, error)

        outcomes = list(await asyncio.gather(*(one(item) for item in listed)))
        return outcomes if many else outcomes[0]

    async def _read_once(self, read: _Read) -> tuple[Any, NotFoundError | None]:
        running = self._inflight.get(read.key)
        if running is None:
            running = asyncio.ensure_future(self._read(read))
            self._inflight[read.key] = running
            running.add_done_callback(lambda _: self._inflight.pop(read.key, None))
        result: tuple[Any, NotFoundError | None] = await asyncio.shield(running)
        return result

    async def _read(self, read: _Read) -> tuple[Any, NotFoundError | None]:
        try:
            raw_response = await self._client.request("GET", read.path, path_params=read.params, query=read.query)
        except NotFoundError as error:
            return None, error
        data = raw_response.get(read.page) if read.page and isinstance(raw_response, dict) else raw_response
        kind: Any = list[read.kind] if read.page else read.kind  # type: ignore[name-defined]
        return parse(kind, data), None
