import {
  ApiPromise,
  checkCallOptions,
  checkId,
  createValidationError,
  getByIdInit,
  showValue,
  type ValidationIssue,
} from '@learnkit/core';
import { listing, type OneRosterHttp } from '../internal/http';
import type {
  GetMethod,
  ListMethod,
  OneRosterAssessmentLineItem,
  OneRosterAssessmentLineItemInput,
  OneRosterCallOptions,
  OneRosterSourcedIdPairs,
} from '../types';
import { validateAssessmentLineItem } from '../validation';

const LIST = '/ims/oneroster/gradebook/v1p2/assessmentLineItems/';
const ONE = '/ims/oneroster/gradebook/v1p2/assessmentLineItems/{sourcedId}';

/** The line item checked against the document's schema; a `ValidationError` names every problem. */
function checked(lineItem: unknown, extra: ValidationIssue[] = []): OneRosterAssessmentLineItemInput {
  const issues = [...extra, ...validateAssessmentLineItem(lineItem)];
  if (issues.length > 0) throw createValidationError(issues, 'Invalid assessment line item');
  return lineItem as OneRosterAssessmentLineItemInput;
}

/**
 * The gradebook's assessment line items: list, get, create and put. Each carries the extension fields
 * `component` (a course component) and `componentResource` (a learning resource).
 *
 * @example
 * await lk.oneroster.gradebook.assessmentLineItems.put('ali-quiz-1', {
 *   title: 'Quiz 1',
 *   class: { sourcedId: 'class-math-g3' },
 *   component: { sourcedId: 'component-unit-2' },
 *   componentResource: { sourcedId: 'res-fractions-video' },
 * });
 */
export class AssessmentLineItems {
  /**
   * Lists line items, a page at a time: `await` for the first page, `for await` for every line item.
   * `search` matches `title`.
   *
   * @example
   * const page = await client.gradebook.assessmentLineItems.list({ fields: ['sourcedId', 'title', 'component'] });
   */
  readonly list: ListMethod<OneRosterAssessmentLineItem>;

  /**
   * One line item by its `sourcedId`; `fields` asks for only those fields (typed down when given as literals).
   *
   * @example
   * const { component, componentResource } = await client.gradebook.assessmentLineItems.get('ali-quiz-1');
   */
  readonly get: GetMethod<OneRosterAssessmentLineItem>;

  readonly #http: OneRosterHttp;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.#http = http;
    this.list = listing(http, {
      operation: 'listAssessmentLineItems',
      path: LIST,
      key: 'assessmentLineItems',
    }) as ListMethod<OneRosterAssessmentLineItem>;
    this.get = ((id: string, options?: OneRosterCallOptions & { fields?: readonly string[] }) =>
      ApiPromise.guard(() =>
        http
          .call('GET', ONE, getByIdInit(id, options, 'sourcedId', 'sourcedId'))
          .map((data) => data.assessmentLineItem),
      )) as GetMethod<OneRosterAssessmentLineItem>;
  }

  /**
   * Creates a line item (the SDK sends it as `{ assessmentLineItem }`), checked against the document's schema
   * first; resolves with the supplied and the allocated `sourcedId`. Not retried after the request may have
   * reached the platform: a second create could make a second line item. Use `put` with your own `sourcedId`
   * for a write that is safe to repeat.
   *
   * @example
   * const { allocatedSourcedId } = await client.gradebook.assessmentLineItems.create({ title: 'Quiz 1' });
   */
  create(
    lineItem: OneRosterAssessmentLineItemInput,
    options?: OneRosterCallOptions,
  ): ApiPromise<OneRosterSourcedIdPairs> {
    return ApiPromise.guard(() => {
      const body = { assessmentLineItem: checked(lineItem) };
      const { request } = checkCallOptions(options);
      return this.#http.call('POST', LIST, { body, options: request }).map((data) => data.sourcedIdPairs);
    });
  }

  /**
   * Creates or replaces the line item with this `sourcedId` (checked against the document's schema first) and
   * resolves with the stored line item. A `sourcedId` inside `lineItem` must be the same one. Idempotent, so
   * retried on 5xx and timeouts.
   *
   * @example
   * const stored = await client.gradebook.assessmentLineItems.put('ali-quiz-1', { title: 'Quiz 1 (revised)' });
   */
  put(
    sourcedId: string,
    lineItem: OneRosterAssessmentLineItemInput,
    options?: OneRosterCallOptions,
  ): ApiPromise<OneRosterAssessmentLineItem> {
    return ApiPromise.guard(() => this.#put(sourcedId, lineItem, options));
  }

  #put(
    sourcedId: string,
    lineItem: OneRosterAssessmentLineItemInput,
    options: OneRosterCallOptions | undefined,
  ): ApiPromise<OneRosterAssessmentLineItem> {
    const id = checkId(sourcedId, 'sourcedId', 'sourcedId');
    const inner = (lineItem as { sourcedId?: unknown } | null)?.sourcedId;
    const mismatch: ValidationIssue[] =
      inner !== undefined && inner !== id
        ? [
            {
              path: ['sourcedId'],
              message: `is ${showValue(inner)} but the call names ${showValue(id)}; give the same id, or leave it out`,
            },
          ]
        : [];
    const body = { assessmentLineItem: checked(lineItem, mismatch) };
    const { request } = checkCallOptions(options);
    return this.#http
      .call('PUT', ONE, { params: { path: { sourcedId: id } }, body, options: request })
      .map((data) => data.assessmentLineItem);
  }
}
