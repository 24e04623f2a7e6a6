import { ApiPromise, LearnKitError, ValidationError } from '@learnkit/core';
import { checkCallOptions, isRecord, showValue } from '@learnkit/core/internal';
import type { PlatformHttp } from '../../internal/http';
import { checkBody } from '../../internal/schemas';
import type {
  DiscountCodeValidateRequest,
  DiscountCodeValidateResult,
  ParentCheckoutOptions,
  PlatformCallOptions,
} from '../../types';

const APP = '/apps/v1/discount-codes/validate';
const STORE = '/store/v1/discount-codes/validate';

/** Builds the HTTP client that sends a parent's session token as its bearer token. */
export type ParentSessionHttp = (parentSession: string) => PlatformHttp;

/** The `{ code }` body, checked against the document's `DiscountCodeValidateRequest` (and not blank). */
function codeBody(code: unknown): DiscountCodeValidateRequest {
  if (typeof code === 'string' && code.trim() === '') {
    throw new ValidationError([{ path: ['code'], message: 'must be a non-empty discount code' }]);
  }
  return checkBody<DiscountCodeValidateRequest>('DiscountCodeValidateRequest', { code }, 'request');
}

/**
 * Discount codes: checked by an app (client credentials with `purchases.write`) or at a parent's checkout
 * (the parent's session).
 *
 * @example
 * const { valid } = await lk.discountCodes.validateForApp('WELCOME10');
 */
export class DiscountCodes {
  readonly #http: PlatformHttp;
  readonly #parentSessionHttp: ParentSessionHttp | undefined;

  /** @internal Built by `createPlatformClient`. */
  constructor(http: PlatformHttp, parentSessionHttp: ParentSessionHttp | undefined) {
    this.#http = http;
    this.#parentSessionHttp = parentSessionHttp;
  }

  /**
   * Validates a discount code as an app, with this client's token (scope `purchases.write`). Validation
   * changes nothing, so it is retried on 5xx and timeouts.
   *
   * @example
   * const { valid } = await lk.discountCodes.validateForApp('WELCOME10');
   */
  validateForApp(code: string, options?: PlatformCallOptions): ApiPromise<DiscountCodeValidateResult> {
    return ApiPromise.guard(() => {
      const body = codeBody(code);
      return this.#http.call('POST', APP, {
        body,
        options: checkCallOptions(options, { idempotent: true }).request,
      });
    });
  }

  /**
   * Validates a discount code at a parent's checkout: the `/store` variant, authorized by the parent's
   * session token (`parentSession`, sent as this call's bearer token instead of the client's;
   * docs/decisions.md#d-store-variant-parent-session).
   *
   * @example
   * const { valid } = await lk.discountCodes.validateForParentCheckout('WELCOME10', { parentSession });
   */
  validateForParentCheckout(
    code: string,
    options: ParentCheckoutOptions,
  ): ApiPromise<DiscountCodeValidateResult> {
    return ApiPromise.guard(() => {
      const body = codeBody(code);
      if (!isRecord(options) || typeof options.parentSession !== 'string' || options.parentSession === '') {
        const given = isRecord(options) ? showValue(options.parentSession) : showValue(options);
        throw new ValidationError([
          {
            path: ['options', 'parentSession'],
            message: `is required: the parent's session token, as a string (got ${given})`,
          },
        ]);
      }
      const { parentSession, ...rest } = options;
      const request = checkCallOptions(rest, { idempotent: true }).request;
      if (!this.#parentSessionHttp) {
        throw new LearnKitError(
          'This client cannot send a parent session: it was created over a shared HTTP client without ' +
            '`parentSessionHttp`. Use `lk.discountCodes` of @learnkit/sdk, or pass ' +
            '`createPlatformClient({ http, parentSessionHttp: (session) => createHttpClient({ baseUrl, auth: staticToken(session) }) })`.',
        );
      }
      return this.#parentSessionHttp(parentSession).call('POST', STORE, { body, options: request });
    });
  }
}
