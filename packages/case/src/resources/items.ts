import { ApiPromise } from '@learnkit/core';
import {
  checkCallOptions,
  createValidationError,
  type RawResponse,
  type ValidationIssue,
} from '@learnkit/core/internal';
import { GeneratedItems } from '../generated/resources/items';
import { isCaseId, notAUuid } from '../internal/ids';
import type { CaseCallOptions, CFItemsValidateResult } from '../types';

/**
 * Ids per `CFItems/validate` request. The spec sets no limit; 1,000 keeps each body near 40 KB (far below
 * any gateway's body limit) while a 100,000-id check still takes only 100 requests.
 */
export const VALIDATE_CHUNK_SIZE = 1000;

/**
 * The standards (CFItems): list, get (generated from openapi/resources.yaml), and validate ids, which does more
 * than one call (docs/decisions.md#d-generated-resources).
 *
 * @example
 * const { valid, invalid } = await lk.case.items.validate(ids);
 */
export class Items extends GeneratedItems {
  /**
   * Splits item ids into `valid` (existing standards outside any Course Sequence) and `invalid` (unknown, or
   * part of a Course Sequence: docs/decisions.md#d-course-sequence). Both lists keep the order of `ids`, whatever order the
   * platform responds in; repeated ids are asked once and reported at each place. Non-uuid ids are refused
   * before anything is sent (`ValidationError` naming each index). Lists longer than
   * {@link VALIDATE_CHUNK_SIZE} go in several requests, one after another; each is idempotent, so it is
   * retried on 5xx and timeouts.
   *
   * @example
   * const { valid, invalid } = await client.items.validate(['00000000-0000-0000-0000-000000000001']);
   */
  validate(ids: readonly string[], options?: CaseCallOptions): ApiPromise<CFItemsValidateResult> {
    return ApiPromise.fromResult(() => this.#validate(ids, options));
  }

  /** {@link Items.validate}, with the response of its last request (what `withResponse()` gives). */
  async #validate(
    ids: readonly string[],
    options: CaseCallOptions | undefined,
  ): Promise<{ data: CFItemsValidateResult; rawResponse: RawResponse | undefined }> {
    if (!Array.isArray(ids)) {
      throw createValidationError([{ path: ['ids'], message: 'must be an array of item identifiers' }]);
    }
    const issues: ValidationIssue[] = [];
    for (let i = 0; i < ids.length; i++) {
      if (!isCaseId(ids[i])) issues.push({ path: ['ids', i], message: notAUuid(ids[i]) });
    }
    if (issues.length > 0) throw createValidationError(issues);
    const { request } = checkCallOptions(options, { idempotent: true });

    // Ask each distinct id once (exact string: identifiers keep their hex case, docs/decisions.md#d-case-identifiers).
    const unique = [...new Set(ids)];
    const verdict = new Map<string, boolean>();
    let last: RawResponse | undefined;
    for (let start = 0; start < unique.length; start += VALIDATE_CHUNK_SIZE) {
      const chunk = unique.slice(start, start + VALIDATE_CHUNK_SIZE);
      const { data: result, rawResponse: raw } = await this.http
        .call('POST', '/ims/case/v1p1/CFItems/validate', { body: { ids: chunk }, options: request })
        .withRawResponse();
      last = raw;
      for (const id of result.invalid) verdict.set(id, false);
      for (const id of result.valid) verdict.set(id, true);
    }
    const valid: string[] = [];
    const invalid: string[] = [];
    // An id the response does not mention was not confirmed valid, so it is reported invalid.
    for (const id of ids) (verdict.get(id) === true ? valid : invalid).push(id);
    // No ids, no request: the call has no response to give (`withResponse()` says so).
    return { data: { valid, invalid }, rawResponse: last };
  }
}
