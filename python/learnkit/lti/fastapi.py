"""FastAPI views of the LTI launch: ``POST`` of the form ``id_token`` -> verify -> your ``on_launch`` -> 302 with a
signed session cookie; the LTI 1.3 login initiation; and ``get_launch_user``, the activity router's ``get_user``
(docs/decisions.md#d-lti-python-views). ``pip install "learnkit[lti,fastapi]"``.

Example::

    launch = LaunchRouter(verifier, on_launch=lambda launch, request: "/lesson", session_secret=secret)
    app.include_router(launch.router)
    app.include_router(activity_router(AsyncActivityServer(alk), get_user=launch.get_launch_user))
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence

from fastapi import APIRouter, Request, Response
from pydantic import SecretStr
from starlette.concurrency import run_in_threadpool

from ..activity import User
from ..errors import LaunchVerificationError
from ._handler import MAX_FORM_BYTES, LaunchFlow, LaunchResponse, refusal
from ._launch import Launch
from ._login import LoginInitiation
from ._session import LaunchSession
from ._verifier import AsyncLaunchVerifier, LaunchVerifier

__all__ = ["LaunchRouter", "OnLaunch"]

#: Called with each verified launch (provision the student here): returns the URL to redirect to, or a response of
#: its own; may be async.
OnLaunch = Callable[[Launch, Request], "str | Response | Awaitable[str | Response]"]


def _response(raw_response: LaunchResponse) -> Response:
    return Response(raw_response.text, status_code=raw_response.status, headers=raw_response.headers)


class LaunchRouter:
    """The launch endpoint (``POST launch_path``) and, with ``login``, the login initiation (``GET``/``POST
    login_path``) as one ``router``; ``get_launch_user`` reads the session back (a FastAPI dependency).

    Example::

        verifier = AsyncLaunchVerifier(issuer=issuer, audience=client_id, jwks_url=jwks_url)
        launch = LaunchRouter(verifier, on_launch=lambda launch, request: "/lesson", session_secret=secret)
        app.include_router(launch.router)
    """

    def __init__(
        self,
        verifier: AsyncLaunchVerifier | LaunchVerifier,
        *,
        on_launch: OnLaunch,
        session_secret: str | SecretStr | Sequence[str | SecretStr],
        launch_path: str = "/lti/launch",
        login: LoginInitiation | None = None,
        login_path: str = "/lti/login",
        require_state: bool = False,
        session: LaunchSession | None = None,
    ) -> None:
        #: The session the cookie is signed and read with.
        self.session: LaunchSession = session or LaunchSession(session_secret)
        self._flow = LaunchFlow(self.session, login, require_state)
        self._verifier = verifier
        self._on_launch = on_launch
        #: The router to include in the app.
        self.router: APIRouter = APIRouter()
        self.router.add_api_route(
            launch_path, self._launch, methods=["GET", "POST", "PUT", "DELETE", "PATCH"], include_in_schema=False
        )
        if login is not None:
            self.router.add_api_route(login_path, self._login, methods=["GET", "POST"], include_in_schema=False)

    async def _verify(self, token: str, nonce: str | None) -> Launch:
        verifier = self._verifier
        if isinstance(verifier, AsyncLaunchVerifier):
            return await verifier.verify(token, nonce=nonce)
        return await run_in_threadpool(lambda: verifier.verify(token, nonce=nonce))

    async def _launch(self, request: Request) -> Response:
        early = self._flow.check_request(
            request.method, request.headers.get("content-type", ""), request.headers.get("content-length", "")
        )
        if early is not None:
            return _response(early)
        try:
            body = await request.body()
            token, state = self._flow.read_form(body[: MAX_FORM_BYTES + 1])
            launch = await self._verify(token, self._flow.expected_nonce(state))
        except LaunchVerificationError as error:
            return _response(refusal(error))
        result = self._on_launch(launch, request)
        if inspect.isawaitable(result):
            result = await result
        response = result if isinstance(result, Response) else Response(status_code=302, headers={"location": result})
        cookie = self.session.cookie_for(launch)
        response.set_cookie(
            cookie.name, cookie.value, max_age=cookie.max_age, path="/", secure=True, httponly=True, samesite="none"
        )
        return response

    async def _login(self, request: Request) -> Response:
        params = dict(request.query_params)
        if request.method == "POST":
            params.update({k: v for k, v in (await request.form()).items() if isinstance(v, str)})
        return _response(self._flow.login_response(params))

    def get_launch_user(self, request: Request) -> User | None:
        """The launched student of the request's session cookie (``{"email", "platform_id", "name"?}``), None when
        there is none or it was not signed with the session's secrets; the activity router's ``get_user``."""
        return self.session.user_from_cookie(request.cookies.get(self.session.cookie_name))
