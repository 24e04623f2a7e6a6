import { listing, type OneRosterHttp } from '../internal/http';
import type { ListMethod, OneRosterAssessmentResult } from '../types';

/**
 * The gradebook's assessment results (students' scores on assessment line items).
 *
 * @example
 * const page = await lk.oneroster.gradebook.assessmentResults.list({ filter: where.eq('scoreStatus', 'fully graded') });
 */
export class AssessmentResults {
  /**
   * Lists them, a page at a time: `await` for the first page, `for await` for every one. `search` matches
   * `comment`.
   *
   * @example
   * const page = await lk.oneroster.gradebook.assessmentResults.list({ filter: where.eq('scoreStatus', 'fully graded') });
   */
  readonly list: ListMethod<OneRosterAssessmentResult>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listAssessmentResults',
      path: '/ims/oneroster/gradebook/v1p2/assessmentResults/',
      key: 'assessmentResults',
    }) as ListMethod<OneRosterAssessmentResult>;
  }
}
