import { listing, type OneRosterHttp } from '../internal/http';
import type { ListUnderTwoMethod, OneRosterUser } from '../types';

/**
 * The schools of the roster: the students of one of a school's classes.
 *
 * @example
 * const page = await lk.oneroster.schools.classStudents('org-maple-elementary', 'class-math-g3');
 */
export class Schools {
  /**
   * Lists the students of a class of a school (a class of another school is a `NotFoundError`). `search`
   * matches `givenName`, `familyName` and `email`.
   *
   * @example
   * for await (const student of client.schools.classStudents(schoolId, classId)) console.log(student.email);
   */
  readonly classStudents: ListUnderTwoMethod<OneRosterUser>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.classStudents = listing(http, {
      operation: 'listSchoolClassStudents',
      path: '/ims/oneroster/rostering/v1p2/schools/{schoolSourcedId}/classes/{classSourcedId}/students',
      key: 'users',
      params: ['schoolSourcedId', 'classSourcedId'],
    }) as ListUnderTwoMethod<OneRosterUser>;
  }
}
