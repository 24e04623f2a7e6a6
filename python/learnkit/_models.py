"""The base of the generated models and how returns and bodies are read with them
(docs/decisions.md#d-python-models)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import cache
from types import UnionType
from typing import Any, ClassVar, TypeVar, Union, cast, get_args, get_origin, get_type_hints

import pydantic
from pydantic import ConfigDict, TypeAdapter
from typing_extensions import is_typeddict

from ._types import NotGiven
from .errors import ValidationError, ValidationIssue

__all__ = ["BaseModel"]

_log = logging.getLogger("learnkit")
M = TypeVar("M", bound="BaseModel")
T = TypeVar("T")


class BaseModel(pydantic.BaseModel):
    """The base of every model of :mod:`learnkit.types`: attributes in snake_case, read from and written as the
    platform's names (``sourced_id`` is ``sourcedId``); members the SDK does not know yet are kept.

    Example::

        document = lk.case.documents.get(document_id)
        document.title, document.to_dict()["sourcedId"]
    """

    model_config: ClassVar[ConfigDict] = ConfigDict(
        validate_by_name=True,
        validate_by_alias=True,
        extra="allow",
        protected_namespaces=(),
    )

    def to_dict(self) -> dict[str, Any]:
        """The model as JSON with the platform's member names (what was received, members set only)."""
        dumped: dict[str, Any] = self.model_dump(by_alias=True, exclude_unset=True, mode="json")
        return dumped

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return self.model_dump_json(by_alias=True, exclude_unset=True)


@cache
def _adapter(kind: Any) -> TypeAdapter[Any]:
    return TypeAdapter(kind)


def _partial(model: type[M], data: dict[str, Any]) -> M:
    """The members of ``data`` the model knows, each read on its own; the others left unset (an ``AttributeError``
    when read). For responses asked with ``fields``, and for a response that does not fit its schema."""
    values: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key in data:
            try:
                values[name] = _adapter(cast(Any, info.annotation)).validate_python(data[key])
            except pydantic.ValidationError:
                # A member that is itself a model is read member by member too.
                annotation = info.annotation
                if isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(data[key], dict):
                    values[name] = _partial(annotation, data[key])
                else:
                    values[name] = data[key]
    known = {info.alias or name for name, info in model.model_fields.items()}
    extra = {key: value for key, value in data.items() if key not in known}
    built = model.model_construct(_fields_set=set(values), **values)
    if extra and built.__pydantic_extra__ is not None:
        built.__pydantic_extra__.update(extra)
    return built


def parse(kind: Any, data: object, *, partial: bool = False) -> Any:
    """``data`` (parsed JSON) read as ``kind``: a model, a list of one, or any type pydantic reads. A response that
    does not fit is kept as it is, member by member, with a warning (docs/decisions.md#d-python-lenient-responses)."""
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        if partial and isinstance(data, dict):
            return _partial(kind, data)
        try:
            return kind.model_validate(data)
        except pydantic.ValidationError as error:
            if not isinstance(data, dict):
                raise
            _log.warning(
                "the response does not fit %s (%d issues); its members are kept as sent",
                kind.__name__,
                error.error_count(),
            )
            return _partial(kind, data)
    members = _model_members(kind)
    if members and isinstance(data, dict):
        try:
            return _adapter(kind).validate_python(data)
        except pydantic.ValidationError:
            # The branch whose required members the response has, read leniently (a response of an older version of
            # the platform: docs/decisions.md#d-oneroster-2025-10).
            for member in members:
                if _required_aliases(member) <= data.keys():
                    return parse(member, data, partial=partial)
    if partial and getattr(kind, "__origin__", None) is list and isinstance(data, list):
        (item,) = kind.__args__
        return [parse(item, entry, partial=True) for entry in data]
    try:
        return _adapter(kind).validate_python(data)
    except pydantic.ValidationError:
        if isinstance(data, list) and getattr(kind, "__origin__", None) is list:
            (item,) = kind.__args__
            return [parse(item, entry) for entry in data]
        _log.warning("the response does not fit %s; it is kept as sent", kind)
        return data


def _model_members(kind: Any) -> tuple[type[BaseModel], ...]:
    """The models of a union of models (``A | B``), else empty."""
    if get_origin(kind) not in (Union, UnionType):
        return ()
    members = get_args(kind)
    if all(isinstance(member, type) and issubclass(member, BaseModel) for member in members):
        return cast(tuple[type[BaseModel], ...], members)
    return ()


def _required_aliases(model: type[BaseModel]) -> set[str]:
    """The platform's names of the members a model requires."""
    return {info.alias or name for name, info in model.model_fields.items() if info.is_required()}


def check_body(kind: Any, value: object, name: str) -> Any:
    """A request body given as a ``TypedDict`` (snake_case keys), checked and turned into the platform's JSON
    (its member names). Every problem is one :class:`ValidationError` issue under ``name``, in the caller's
    names (at the top level when ``name`` is empty: a body given as keyword arguments); a member given in the
    platform's camelCase is named with its Python name."""
    adapter = _adapter(kind)
    # A member in the platform's camelCase is refused even where the body takes other members as they are: the
    # Python name is the one that is sent (docs/decisions.md#d-python-models).
    camel = _camel_issues(kind, value, (name,) if name else ())
    try:
        checked = adapter.validate_python(value)
    except pydantic.ValidationError as error:
        raise ValidationError(camel + issues_of(error, name, kind)) from None
    if camel:
        raise ValidationError(camel)
    return cast(Any, adapter.dump_python(checked, by_alias=True, mode="json", exclude_none=False))


def given_members(members: Mapping[str, object], extra_body: Mapping[str, object] | None = None) -> dict[str, object]:
    """A body from a method's keyword arguments: the members the call gave (those left at ``NOT_GIVEN`` dropped),
    after the other members of ``extra_body``."""
    given = {key: value for key, value in members.items() if not isinstance(value, NotGiven)}
    return {**(extra_body or {}), **given}


def check_bodies(kind: Any, value: object, name: str) -> list[Any]:
    """A list body (``{"results": [...]}``, the method taking the list): a non-empty list, each item checked as
    :func:`check_body` checks a body. Every problem of every item is one :class:`ValidationError`, each issue under
    ``name`` and the item's index (``results[1].score``), as TypeScript's ``checkWrites`` names them
    (docs/decisions.md#d-python-generated-methods)."""
    if not isinstance(value, (list, tuple)) or not value:
        shown = "an empty list" if isinstance(value, (list, tuple)) else f"a {type(value).__name__}"
        raise ValidationError([ValidationIssue((name,), f"must be a non-empty list (got {shown})")])
    issues: list[ValidationIssue] = []
    checked: list[Any] = []
    for index, item in enumerate(value):
        try:
            checked.append(check_body(kind, item, name))
        except ValidationError as error:
            issues += [ValidationIssue((name, index, *issue.path[1:]), issue.message) for issue in error.issues]
    if issues:
        raise ValidationError(issues)
    return checked


def issues_of(error: pydantic.ValidationError, name: str, kind: Any = None) -> list[ValidationIssue]:
    """pydantic's errors as LearnKit issues rooted at ``name``."""
    aliases = _aliases(kind)
    issues: list[ValidationIssue] = []
    for item in error.errors():
        loc = tuple(part for part in item["loc"] if not (isinstance(part, str) and part.startswith("function-")))
        path: tuple[str | int, ...] = (name, *loc) if name else tuple(loc)
        message = str(item["msg"])
        if item["type"] == "extra_forbidden" and loc:
            last = loc[-1]
            python = aliases.get(str(last))
            message = f"is not a member; the Python name is {python}" if python else "is not a member of this parameter"
        elif item["type"] == "missing":
            message = "is required"
        issues.append(ValidationIssue(path, message))
    return issues


def _camel_issues(kind: Any, value: object, path: tuple[str | int, ...]) -> list[ValidationIssue]:
    """Members of ``value`` spelled as the platform spells a member of ``kind`` (a TypedDict), at any depth."""
    issues: list[ValidationIssue] = []
    for arg in getattr(kind, "__args__", ()) or ():
        if is_typeddict(arg) or getattr(arg, "__args__", None):
            if isinstance(value, (list, tuple)) and not is_typeddict(arg):
                for i, item in enumerate(value):
                    issues += _camel_issues(arg, item, (*path, i))
            elif isinstance(value, dict):
                issues += _camel_issues(arg, value, path)
    if not is_typeddict(kind) or not isinstance(value, dict):
        return issues
    hints = get_type_hints(kind, include_extras=True)
    wire = {
        alias: key
        for key, hint in hints.items()
        for meta in getattr(hint, "__metadata__", ())
        if isinstance(alias := getattr(meta, "alias", None), str)
    }
    for key, item in value.items():
        if key not in hints and key in wire:
            issues.append(ValidationIssue((*path, key), f"is not a member; the Python name is {wire[key]}"))
        elif key in hints:
            issues += _camel_issues(hints[key], item, (*path, key))
    return issues


def _aliases(kind: Any) -> dict[str, str]:
    """The platform's name of each member of a TypedDict (and those nested in it) to its Python name."""
    found: dict[str, str] = {}
    seen: set[int] = set()

    def walk(current: Any) -> None:
        if id(current) in seen:
            return
        seen.add(id(current))
        hints = get_type_hints(current, include_extras=True) if is_typeddict(current) else None
        if isinstance(hints, dict):
            for key, hint in hints.items():
                for meta in getattr(hint, "__metadata__", ()):
                    alias = getattr(meta, "alias", None)
                    if isinstance(alias, str):
                        found[alias] = key
                walk(hint)
        for arg in getattr(current, "__args__", ()) or ():
            walk(arg)
        origin = getattr(current, "__origin__", None)
        if origin is not None:
            walk(origin)

    if kind is not None:
        walk(kind)
    return found
