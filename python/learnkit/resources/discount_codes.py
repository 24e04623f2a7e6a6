"""``lk.discount_codes``: a code checked as the app, or at a parent's checkout with the parent's session."""

from __future__ import annotations

from collections.abc import Mapping

import httpx

from .._generated.resources import discount_codes as generated
from .._types import QueryValue
from ..errors import ValidationError, ValidationIssue
from ..types.platform import DiscountCodeValidateResult

__all__ = ["AsyncDiscountCodes", "DiscountCodes"]


def _code(code: object) -> dict[str, str]:
    if not isinstance(code, str) or code.strip() == "":
        raise ValidationError([ValidationIssue(("code",), f"must be a non-empty string (got {code!r})")])
    return {"code": code}


def _session(parent_session: object) -> str:
    if not isinstance(parent_session, str) or parent_session.strip() == "":
        raise ValidationError([ValidationIssue(("parent_session",), "must be the parent's session token")])
    return parent_session


class DiscountCodes(generated.DiscountCodes):
    """Discount codes: checked by an app (scope ``purchases.write``) or at a parent's checkout.

    Example::

        result = lk.discount_codes.validate_for_app("WELCOME10")
    """

    def validate_for_app(
        self,
        code: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> DiscountCodeValidateResult:
        """Validates a discount code as an app, with this client's token. Validation changes nothing, so it is
        retried on 5xx and timeouts.

        Example::

            if lk.discount_codes.validate_for_app("WELCOME10").valid: ...
        """
        result: DiscountCodeValidateResult = self._client._call(
            "POST",
            "/apps/v1/discount-codes/validate",
            body=_code(code),
            cast=DiscountCodeValidateResult,
            idempotent=True,
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result

    def validate_for_parent_checkout(
        self,
        code: str,
        *,
        parent_session: str,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> DiscountCodeValidateResult:
        """Validates a discount code at a parent's checkout: ``parent_session`` is this call's bearer token
        instead of the client's (docs/decisions.md#d-store-variant-parent-session).

        Example::

            result = lk.discount_codes.validate_for_parent_checkout("WELCOME10", parent_session=session)
        """
        result: DiscountCodeValidateResult = self._client._call(
            "POST",
            "/store/v1/discount-codes/validate",
            body=_code(code),
            cast=DiscountCodeValidateResult,
            idempotent=True,
            bearer=_session(parent_session),
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result


class AsyncDiscountCodes(generated.AsyncDiscountCodes):
    """:class:`DiscountCodes` for tasks."""

    async def validate_for_app(
        self,
        code: str,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> DiscountCodeValidateResult:
        """:meth:`DiscountCodes.validate_for_app` for tasks.

        Example::

            result = await alk.discount_codes.validate_for_app("WELCOME10")
        """
        result: DiscountCodeValidateResult = await self._client._call(
            "POST",
            "/apps/v1/discount-codes/validate",
            body=_code(code),
            cast=DiscountCodeValidateResult,
            idempotent=True,
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result

    async def validate_for_parent_checkout(
        self,
        code: str,
        *,
        parent_session: str,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, QueryValue] | None = None,
    ) -> DiscountCodeValidateResult:
        """:meth:`DiscountCodes.validate_for_parent_checkout` for tasks.

        Example::

            result = await alk.discount_codes.validate_for_parent_checkout("WELCOME10", parent_session=session)
        """
        result: DiscountCodeValidateResult = await self._client._call(
            "POST",
            "/store/v1/discount-codes/validate",
            body=_code(code),
            cast=DiscountCodeValidateResult,
            idempotent=True,
            bearer=_session(parent_session),
            timeout=timeout,
            max_retries=max_retries,
            extra_headers=extra_headers,
            extra_query=extra_query,
        )
        return result
