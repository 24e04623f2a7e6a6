import { listing, type OneRosterHttp } from '../internal/http';
import type { ListMethod, OneRosterAcademicSession } from '../types';

/**
 * The academic sessions of the roster: school years, semesters, terms and grading periods.
 *
 * @example
 * const terms = await lk.oneroster.academicSessions.list({ filter: where.eq('type', 'term') });
 */
export class AcademicSessions {
  /**
   * Lists them, a page at a time: `await` for the first page, `for await` for every one. `search` matches
   * `title`.
   *
   * @example
   * const terms = await lk.oneroster.academicSessions.list({ filter: where.eq('type', 'term') });
   */
  readonly list: ListMethod<OneRosterAcademicSession>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listAcademicSessions',
      path: '/ims/oneroster/rostering/v1p2/academicSessions/',
      key: 'academicSessions',
    }) as ListMethod<OneRosterAcademicSession>;
  }
}
