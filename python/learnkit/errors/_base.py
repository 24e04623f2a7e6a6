"""The base of every LearnKit error, and ``ValidationError`` (re-exported by :mod:`learnkit.errors`, where users
import it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .._redact import redact


class LearnKitError(Exception):
    """Base class of every error the SDK raises.

    Example::

        try:
            lk.activity.record(...)
        except learnkit.LearnKitError as error:
            print(error)
    """

    def __init__(self, message: str) -> None:
        # Every message is redacted here, whatever it quotes (docs/decisions.md#d-validation-issues-redacted).
        message = redact(message)
        super().__init__(message)
        #: What went wrong and what to do; never a secret.
        self.message = message

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[Any, ...]:
        # The subclasses take keyword arguments, which Exception's own pickling cannot replay: copy the state.
        return (_restore, (type(self), self.args, self.__dict__.copy()))

    def to_dict(self) -> dict[str, Any]:
        """The public fields as a JSON-ready dict (for structured logs); never a secret."""
        return {"name": type(self).__name__, "message": self.message}


def _restore(cls: type[LearnKitError], args: tuple[Any, ...], state: dict[str, Any]) -> LearnKitError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


@dataclass(frozen=True)
class ValidationIssue:
    """One problem of the input: where (``path``, from the input's root) and what to do (``message``)."""

    #: Member names and list indexes from the input's root; empty for the input as a whole.
    path: tuple[str | int, ...]
    #: What is wrong and how to fix it, without the path.
    message: str


def _redact_issue(issue: ValidationIssue) -> ValidationIssue:
    path: tuple[str | int, ...] = tuple(redact(p) if isinstance(p, str) else p for p in issue.path)
    message = redact(issue.message)
    return issue if (path, message) == (issue.path, issue.message) else ValidationIssue(path, message)


def format_issue_path(path: Sequence[str | int]) -> str:
    """``("metrics", "xp_earned")`` as ``metrics.xp_earned``; indexes as ``[2]``."""
    out = ""
    for i, part in enumerate(path):
        out += f"[{part}]" if isinstance(part, int) else (part if i == 0 else f".{part}")
    return out


class ValidationError(LearnKitError):
    """Input refused before anything was sent; ``issues`` names each field and the fix.

    Example::

        except learnkit.ValidationError as error:
            for issue in error.issues:
                print(issue.path, issue.message)
    """

    def __init__(self, issues: Sequence[ValidationIssue] | str) -> None:
        listed = [ValidationIssue((), issues)] if isinstance(issues, str) else list(issues)
        text = "; ".join(f"{format_issue_path(i.path)}: {i.message}" if i.path else i.message for i in listed)
        super().__init__(f"Invalid input: {text}")
        #: Each problem: the field path and what is wrong with it; redacted as the message is, since ``to_dict()``
        #: and whoever prints them echo them too (docs/decisions.md#d-validation-issues-redacted).
        self.issues: list[ValidationIssue] = [_redact_issue(i) for i in listed]

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "issues": [{"path": list(i.path), "message": i.message} for i in self.issues]}
