"""Django glue: views for the webhook endpoint and for the activity endpoint the browser tracker posts to, each
reading ``request.body`` (the raw body) and exempt from CSRF, which a signed delivery or the tracker's same-origin
POST does not carry (docs/decisions.md#d-python-framework-glue). ``pip install learnkit[django]``.

Example::

    # urls.py
    from learnkit import ActivityServer, LearnKit, WebhookHandler
    from learnkit.django import activity_view, webhook_view

    lk = LearnKit()
    handler = WebhookHandler(secret=os.environ["LEARNKIT_WEBHOOK_SECRET"], on={"user.created": on_user})
    urlpatterns = [
        path("webhooks", webhook_view(handler)),
        path("api/activity", activity_view(ActivityServer(lk))),
    ]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt

from .activity import User
from .activity._server import MAX_BATCH_BYTES, ActivityResponse, ActivityServer
from .webhooks import WebhookHandler, WebhookResponse

__all__ = ["activity_view", "signed_in_user", "webhook_view"]

#: A Django view: a request in, a response out.
View = Callable[[HttpRequest], HttpResponse]


def _exempt(view: View) -> View:
    """The view exempt from Django's CSRF check (``csrf_exempt``, whose own types Django does not ship)."""
    exempt: View = csrf_exempt(view)
    return exempt


def _response(raw_response: WebhookResponse | ActivityResponse) -> HttpResponse:
    response = HttpResponse(raw_response.text, status=raw_response.status)
    for name, value in raw_response.all_headers().items():
        response[name] = value
    return response


def _too_large(request: HttpRequest, limit: int) -> bool:
    length = str(request.META.get("CONTENT_LENGTH") or "")
    return length.isdigit() and int(length) > limit


def webhook_view(handler: WebhookHandler) -> View:
    """The webhook endpoint as a view: the raw body and the headers go to ``handler``, its response is sent back.

    Example::

        urlpatterns = [path("webhooks", webhook_view(WebhookHandler(secret=secret, on={"user.created": on_user})))]
    """

    def view(request: HttpRequest) -> HttpResponse:
        if _too_large(request, handler.max_body_bytes):
            return HttpResponse('{"error":"body_too_large"}', status=413, content_type="application/json")
        headers = dict(request.headers.items())
        return _response(handler.handle(request.method or "", request.body, headers))

    return _exempt(view)


def signed_in_user(request: HttpRequest) -> User | None:
    """The default ``get_user``: Django's signed-in user (``request.user``) by email, None for anonymous."""
    user: Any = getattr(request, "user", None)
    if user is None or not getattr(user, "is_authenticated", False) or not getattr(user, "email", ""):
        return None
    return {"email": str(user.email)}


def activity_view(
    server: ActivityServer, *, get_user: Callable[[HttpRequest], User | Mapping[str, object] | None] = signed_in_user
) -> View:
    """The endpoint the browser tracker posts to, as a view; ``get_user`` gives the signed-in user's
    ``{"email": ..., "platform_id": ...}`` (default: ``request.user`` by email) or None (401).

    Example::

        urlpatterns = [path("api/activity", activity_view(ActivityServer(lk)))]
    """

    def view(request: HttpRequest) -> HttpResponse:
        if _too_large(request, MAX_BATCH_BYTES):
            return HttpResponse(
                '{"error":"body_too_large","message":"bodies are at most 16384 bytes"}',
                status=413,
                content_type="application/json",
            )
        user = get_user(request) if request.method == "POST" else None
        return _response(server.handle(request.method or "", request.body, user=user))

    return _exempt(view)
