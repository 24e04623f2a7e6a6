import { listing, type OneRosterHttp } from '../internal/http';
import type { ListMethod, ListUnderMethod, OneRosterClass, OneRosterUser } from '../types';

/**
 * The classes of the roster, with each class's students and teachers.
 *
 * @example
 * for await (const student of lk.oneroster.classes.students('class-math-g3')) console.log(student.email);
 */
export class Classes {
  /**
   * Lists classes, a page at a time: `await` for the first page, `for await` for every class. `search`
   * matches `title`.
   *
   * @example
   * const page = await client.classes.list({ filter: where.eq('classType', 'scheduled'), sort: 'title' });
   */
  readonly list: ListMethod<OneRosterClass>;

  /**
   * Lists the students of a class (its active student enrollments). `search` matches `givenName`,
   * `familyName` and `email`.
   *
   * @example
   * const page = await client.classes.students('class-math-g3', { limit: 50 });
   */
  readonly students: ListUnderMethod<OneRosterUser>;

  /**
   * Lists the teachers of a class (its active teacher enrollments). `search` matches `givenName`,
   * `familyName` and `email`.
   *
   * @example
   * const [teacher] = (await client.classes.teachers('class-math-g3')).data;
   */
  readonly teachers: ListUnderMethod<OneRosterUser>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listClasses',
      path: '/ims/oneroster/rostering/v1p2/classes/',
      key: 'classes',
    }) as ListMethod<OneRosterClass>;
    this.students = listing(http, {
      operation: 'listClassStudents',
      path: '/ims/oneroster/rostering/v1p2/classes/{classSourcedId}/students',
      key: 'users',
      params: ['classSourcedId'],
    }) as ListUnderMethod<OneRosterUser>;
    this.teachers = listing(http, {
      operation: 'listClassTeachers',
      path: '/ims/oneroster/rostering/v1p2/classes/{classSourcedId}/teachers',
      key: 'users',
      params: ['classSourcedId'],
    }) as ListUnderMethod<OneRosterUser>;
  }
}
