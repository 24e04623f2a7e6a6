import { listing, type OneRosterHttp } from '../internal/http';
import type { ListMethod, OneRosterEnrollment } from '../types';

/**
 * The enrollments of the roster: which user is in which class, in which role.
 *
 * @example
 * for await (const e of lk.oneroster.enrollments.list({ filter: where.eq('role', 'teacher') })) console.log(e.user.sourcedId);
 */
export class Enrollments {
  /**
   * Lists them, a page at a time: `await` for the first page, `for await` for every one. `search` matches
   * `role`.
   *
   * @example
   * for await (const e of lk.oneroster.enrollments.list({ filter: where.eq('role', 'teacher') })) console.log(e.user.sourcedId);
   */
  readonly list: ListMethod<OneRosterEnrollment>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listEnrollmentsOneRoster',
      path: '/ims/oneroster/rostering/v1p2/enrollments/',
      key: 'enrollments',
    }) as ListMethod<OneRosterEnrollment>;
  }
}
