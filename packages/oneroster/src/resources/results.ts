import { listing, type OneRosterHttp } from '../internal/http';
import type { ListMethod, ListUnderTwoMethod, OneRosterResult } from '../types';

/**
 * The gradebook's results, and a student's results in a class.
 *
 * @example
 * const page = await lk.oneroster.gradebook.results.forStudentInClass('class-math-g3', 'usr-ada-lovelace');
 */
export class Results {
  /**
   * Lists results, a page at a time: `await` for the first page, `for await` for every result. `search`
   * matches `comment`.
   *
   * @example
   * const graded = await client.gradebook.results.list({ filter: where.eq('scoreStatus', 'fully graded') });
   */
  readonly list: ListMethod<OneRosterResult>;

  /**
   * Lists the results of a student in a class (class first, then student, as the path has them). `search`
   * matches `comment`.
   *
   * @example
   * for await (const result of client.gradebook.results.forStudentInClass(classId, studentId)) console.log(result.score);
   */
  readonly forStudentInClass: ListUnderTwoMethod<OneRosterResult>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listResults',
      path: '/ims/oneroster/gradebook/v1p2/results/',
      key: 'results',
    }) as ListMethod<OneRosterResult>;
    this.forStudentInClass = listing(http, {
      operation: 'listStudentResultsForClass',
      path: '/ims/oneroster/gradebook/v1p2/classes/{classSourcedId}/students/{studentSourcedId}/results',
      key: 'results',
      params: ['classSourcedId', 'studentSourcedId'],
    }) as ListUnderTwoMethod<OneRosterResult>;
  }
}
