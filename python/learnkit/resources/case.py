"""``lk.case.items.validate`` and ``lk.case.packages.upload``: more than one plain call each."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import httpx
from typing_extensions import Unpack

from .._generated.resources import case as generated
from .._models import check_body, parse
from .._types import QueryValue
from ..errors import ValidationError, ValidationIssue
from ..types.case import CFItemsValidateResult, CFPackageUploadParam, CFPackageUploadResult

__all__ = ["AsyncItems", "AsyncPackages", "Items", "Packages", "VALIDATE_CHUNK_SIZE"]

#: Ids per ``CFItems/validate`` request: each body near 40 KB, and 100,000 ids in 100 requests.
VALIDATE_CHUNK_SIZE = 1000
_CASE_ID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_VALIDATE = "/ims/case/v1p1/CFItems/validate"
_UPLOAD = "/ims/case/v1p1/CFPackages"


def _checked_ids(ids: object) -> list[str]:
    if isinstance(ids, (str, bytes)) or not isinstance(ids, Sequence):
        raise ValidationError([ValidationIssue(("ids",), "must be a list of item identifiers")])
    issues = [
        ValidationIssue(("ids", i), f"must be a CASE identifier (8-4-4-4-12 hex), got {value!r}")
        for i, value in enumerate(ids)
        if not (isinstance(value, str) and _CASE_ID.fullmatch(value))
    ]
    if issues:
        raise ValidationError(issues)
    return list(ids)


def _verdict(ids: list[str], raw_responses: list[CFItemsValidateResult]) -> CFItemsValidateResult:
    known: dict[str, bool] = {}
    for raw_response in raw_responses:
        known.update({item: False for item in raw_response.invalid})
        known.update({item: True for item in raw_response.valid})
    # An id the response does not mention was not confirmed valid, so it is reported invalid.
    return CFItemsValidateResult(
        valid=[item for item in ids if known.get(item) is True],
        invalid=[item for item in ids if known.get(item) is not True],
    )


def _chunks(ids: list[str]) -> list[list[str]]:
    unique = list(dict.fromkeys(ids))
    return [unique[start : start + VALIDATE_CHUNK_SIZE] for start in range(0, len(unique), VALIDATE_CHUNK_SIZE)]


class Items(generated.Items):
    """The standards (CFItems): list, get, and validate ids.

    Example::

        result = lk.case.items.validate(ids)
        print(result.valid, result.invalid)
    """

    def validate(
        self,
        ids: Sequence[str],
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> CFItemsValidateResult:
        """Splits item ids into ``valid`` (existing standards outside any Course Sequence) and ``invalid`` (unknown,
        or part of a Course Sequence). Both lists keep the order of ``ids``; repeated ids are asked once. Non-uuid ids
        are refused before anything is sent. Long lists go in requests of 1,000 ids, one after another, each retried
        like a GET.

        Example::

            result = lk.case.items.validate(["00000000-0000-0000-0000-000000000001"])
        """
        checked = _checked_ids(ids)
        raw_responses = [
            parse(
                CFItemsValidateResult,
                self._client._call(
                    "POST",
                    _VALIDATE,
                    body={"ids": chunk},
                    idempotent=True,
                    timeout=timeout,
                    max_retries=max_retries,
                    extra_headers=extra_headers,
                    extra_query=extra_query,
                ),
            )
            for chunk in _chunks(checked)
        ]
        return _verdict(checked, raw_responses)


class AsyncItems(generated.AsyncItems):
    """:class:`Items` for tasks."""

    async def validate(
        self,
        ids: Sequence[str],
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> CFItemsValidateResult:
        """:meth:`Items.validate` for tasks.

        Example::

            result = await alk.case.items.validate(ids)
        """
        checked = _checked_ids(ids)
        raw_responses = []
        for chunk in _chunks(checked):
            data = await self._client._call(
                "POST",
                _VALIDATE,
                body={"ids": chunk},
                idempotent=True,
                timeout=timeout,
                max_retries=max_retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
            )
            raw_responses.append(parse(CFItemsValidateResult, data))
        return _verdict(checked, raw_responses)


class Packages(generated.Packages):
    """Packages: a document with its items and associations, read whole or uploaded whole.

    Example::

        package = lk.case.packages.get(document_id)
    """

    def upload(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        **package: Unpack[CFPackageUploadParam],
    ) -> CFPackageUploadResult:
        """Uploads a whole package, checked first against the upload schema (a problem is a ``ValidationError``
        naming its path, and nothing is sent). An upload is keyed by its document identifier, so it is retried like
        a GET. A publisher's CASE JSON is converted by the TypeScript package (``learnkit case convert``).

        Example::

            result = lk.case.packages.upload({"cf_document": {...}, "cf_items": [...]})
        """
        body = check_body(CFPackageUploadParam, package, "")
        result: CFPackageUploadResult = self._client._call(
            "POST",
            _UPLOAD,
            body=body,
            cast=CFPackageUploadResult,
            idempotent=True,
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result


class AsyncPackages(generated.AsyncPackages):
    """:class:`Packages` for tasks."""

    async def upload(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
        **package: Unpack[CFPackageUploadParam],
    ) -> CFPackageUploadResult:
        """:meth:`Packages.upload` for tasks.

        Example::

            result = await alk.case.packages.upload(package)
        """
        body = check_body(CFPackageUploadParam, package, "")
        result: CFPackageUploadResult = await self._client._call(
            "POST",
            _UPLOAD,
            body=body,
            cast=CFPackageUploadResult,
            idempotent=True,
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result
