"""FastAPI glue: a router for the webhook endpoint and one for the activity endpoint the browser tracker posts to,
each reading the raw body as it arrived (docs/decisions.md#d-python-framework-glue). ``pip install learnkit[fastapi]``.

Example::

    from fastapi import FastAPI
    from learnkit import AsyncLearnKit, AsyncWebhookHandler, AsyncActivityServer
    from learnkit.fastapi import activity_router, webhook_router

    app = FastAPI()
    alk = AsyncLearnKit()
    handler = AsyncWebhookHandler(secret=os.environ["LEARNKIT_WEBHOOK_SECRET"], on={"user.created": on_user})
    app.include_router(webhook_router(handler, path="/webhooks"))
    app.include_router(activity_router(AsyncActivityServer(alk), get_user=current_user, path="/api/activity"))
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import SecretStr
from starlette.concurrency import run_in_threadpool

from .activity import User
from .activity._server import MAX_BATCH_BYTES, ActivityResponse, ActivityServer, AsyncActivityServer
from .errors import WebhookVerificationError
from .types.platform import WebhookEvent
from .webhooks import DEFAULT_TOLERANCE_SEC, AsyncWebhookHandler, WebhookHandler, WebhookResponse, verify_webhook

__all__ = ["activity_router", "raw_body", "verified_webhook", "webhook_router"]


class _TooLarge(Exception):
    pass


async def raw_body(request: Request, max_bytes: int = 1024 * 1024) -> bytes:
    """The request's body exactly as it arrived, refusing more than ``max_bytes`` without reading it all (by its
    ``Content-Length``, or as it streams): what the signature was computed over, never a parsed body."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > max_bytes:
        raise _TooLarge()
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise _TooLarge()
        chunks.append(chunk)
    return b"".join(chunks)


def _response(raw_response: WebhookResponse | ActivityResponse) -> Response:
    return Response(raw_response.text, status_code=raw_response.status, headers=raw_response.all_headers())


def webhook_router(handler: AsyncWebhookHandler | WebhookHandler, *, path: str = "/webhooks") -> APIRouter:
    """A router whose ``POST path`` is the webhook endpoint: the raw body and the headers go to ``handler`` (an
    :class:`~learnkit.AsyncWebhookHandler`, or a :class:`~learnkit.WebhookHandler`, run in the thread pool), and
    its response is sent back.

    Example::

        app.include_router(webhook_router(AsyncWebhookHandler(secret=secret, on={"user.created": on_user})))
    """
    router = APIRouter()

    async def receive(request: Request) -> Response:
        try:
            body = await raw_body(request, handler.max_body_bytes)
        except _TooLarge:
            return Response('{"error":"body_too_large"}', status_code=413, media_type="application/json")
        headers = list(request.headers.items())
        if isinstance(handler, AsyncWebhookHandler):
            raw_response = await handler.handle(request.method, body, headers)
        else:
            raw_response = await run_in_threadpool(handler.handle, request.method, body, headers)
        return _response(raw_response)

    router.add_api_route(path, receive, methods=["POST"], include_in_schema=False)
    return router


def verified_webhook(
    secret: str | SecretStr | Sequence[str | SecretStr], *, tolerance_sec: float = DEFAULT_TOLERANCE_SEC
) -> Callable[[Request], Awaitable[WebhookEvent]]:
    """A dependency that gives the route the verified event (typed by its ``type``), responding with 401 (400 for a
    payload that does not fit its type) otherwise; for routes that handle events themselves.

    Example::

        @app.post("/hooks")
        async def hooks(event: WebhookEvent = Depends(verified_webhook(secret))) -> dict[str, bool]:
            if event.type == "enrollment.created":
                await refetch(event.data.enrollment_id)
            return {"received": True}
    """

    async def dependency(request: Request) -> WebhookEvent:
        try:
            body = await raw_body(request)
        except _TooLarge:
            raise HTTPException(413, "body_too_large") from None
        try:
            return verify_webhook(body, request.headers, secret, tolerance_sec)
        except WebhookVerificationError as error:
            raise HTTPException(400 if error.reason == "invalid_payload" else 401, error.reason) from None

    return dependency


#: Finds the signed-in user of a request (a FastAPI dependency: it may take the request, other dependencies,
#: and be async); None responds with 401.
GetUser = Callable[..., User | Mapping[str, object] | None | Awaitable[User | Mapping[str, object] | None]]


def activity_router(
    server: AsyncActivityServer | ActivityServer, *, get_user: GetUser, path: str = "/api/activity"
) -> APIRouter:
    """A router whose ``POST path`` is the endpoint the browser tracker posts to (``endpoint`` of its
    configuration): ``get_user`` is a FastAPI dependency giving ``{"email": ..., "platform_id": ...}`` of the
    signed-in user, or None (401).

    Example::

        async def current_user(session: Session = Depends(session_of)) -> User | None:
            return {"email": session.email} if session else None

        app.include_router(activity_router(AsyncActivityServer(alk), get_user=current_user))
    """
    router = APIRouter()

    async def receive(request: Request, user: Any = Depends(get_user)) -> Response:
        if inspect.isawaitable(user):
            user = await user
        try:
            body = await raw_body(request, MAX_BATCH_BYTES)
        except _TooLarge:
            return Response(
                '{"error":"body_too_large","message":"bodies are at most 16384 bytes"}',
                status_code=413,
                media_type="application/json",
            )
        if isinstance(server, AsyncActivityServer):
            raw_response = await server.handle(request.method, body, user=user)
        else:
            raw_response = await run_in_threadpool(lambda: server.handle(request.method, body, user=user))
        return _response(raw_response)

    router.add_api_route(path, receive, methods=["POST"], include_in_schema=False)
    return router
