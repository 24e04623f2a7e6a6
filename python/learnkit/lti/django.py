"""Django views of the LTI launch: ``POST`` of the form ``id_token`` -> verify -> your ``on_launch`` -> 302 with a
signed session cookie; the LTI 1.3 login initiation; and ``get_launch_user``, the activity view's ``get_user``
(docs/decisions.md#d-lti-python-views). Exempt from CSRF: the platform's form post carries none, the signed token
is the proof. ``pip install "learnkit[lti,django]"``.

Example::

    views = LaunchViews(verifier, on_launch=lambda launch, request: "/lesson", session_secret=secret)
    urlpatterns = [
        path("lti/launch", views.launch_view),
        path("api/activity", activity_view(ActivityServer(lk), get_user=views.get_launch_user)),
    ]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.views.decorators.csrf import csrf_exempt
from pydantic import SecretStr

from ..activity import User
from ..errors import LaunchVerificationError
from ._handler import LaunchFlow, LaunchResponse, refusal
from ._launch import Launch
from ._login import LoginInitiation
from ._session import LaunchSession
from ._verifier import LaunchVerifier

__all__ = ["LaunchViews", "OnLaunch"]

#: Called with each verified launch (provision the student here): returns the URL to redirect to, or a response.
OnLaunch = Callable[[Launch, HttpRequest], "str | HttpResponseBase"]
#: A Django view: a request in, a response out.
View = Callable[[HttpRequest], HttpResponseBase]


def _response(raw_response: LaunchResponse) -> HttpResponse:
    response = HttpResponse(raw_response.text, status=raw_response.status)
    for name, value in raw_response.headers.items():
        response[name] = value
    return response


class LaunchViews:
    """``launch_view`` (the launch endpoint), ``login_view`` (the login initiation, with ``login``) and
    ``get_launch_user`` (reads the session back).

    Example::

        views = LaunchViews(LaunchVerifier(issuer=..., audience=..., jwks_url=...), on_launch=on_launch,
                            session_secret=os.environ["LTI_SESSION_SECRET"])
        urlpatterns = [path("lti/launch", views.launch_view), path("lti/login", views.login_view)]
    """

    def __init__(
        self,
        verifier: LaunchVerifier,
        *,
        on_launch: OnLaunch,
        session_secret: str | SecretStr | Sequence[str | SecretStr],
        login: LoginInitiation | None = None,
        require_state: bool = False,
        session: LaunchSession | None = None,
    ) -> None:
        #: The session the cookie is signed and read with.
        self.session: LaunchSession = session or LaunchSession(session_secret)
        self._flow = LaunchFlow(self.session, login, require_state)
        self._verifier = verifier
        self._on_launch = on_launch
        self.launch_view: View = csrf_exempt(self._launch)
        self.login_view: View = csrf_exempt(self._login)

    def _launch(self, request: HttpRequest) -> HttpResponseBase:
        early = self._flow.check_request(
            request.method or "",
            str(request.META.get("CONTENT_TYPE") or ""),
            str(request.META.get("CONTENT_LENGTH") or ""),
        )
        if early is not None:
            return _response(early)
        try:
            token, state = self._flow.read_form(request.body)
            launch = self._verifier.verify(token, nonce=self._flow.expected_nonce(state))
        except LaunchVerificationError as error:
            return _response(refusal(error))
        result = self._on_launch(launch, request)
        response = (
            result if isinstance(result, HttpResponseBase) else _response(LaunchResponse(302, "", {"location": result}))
        )
        cookie = self.session.cookie_for(launch)
        response.set_cookie(
            cookie.name, cookie.value, max_age=cookie.max_age, path="/", secure=True, httponly=True, samesite="None"
        )
        return response

    def _login(self, request: HttpRequest) -> HttpResponseBase:
        params = {k: str(v) for k, v in request.GET.items()}
        if request.method == "POST":
            params.update({k: str(v) for k, v in request.POST.items()})
        return _response(self._flow.login_response(params))

    def get_launch_user(self, request: HttpRequest) -> User | None:
        """The launched student of the request's session cookie, None when there is none or another secret signed
        it; the activity view's ``get_user``."""
        return self.session.user_from_cookie(request.COOKIES.get(self.session.cookie_name))
