import { listing, type OneRosterHttp } from '../internal/http';
import type { ListMethod, ListUnderMethod, OneRosterClass, OneRosterCourse } from '../types';

/**
 * The courses of the roster, with each course's classes.
 *
 * @example
 * const page = await lk.oneroster.courses.list({ search: 'MATH-3' });
 */
export class Courses {
  /**
   * Lists courses, a page at a time: `await` for the first page, `for await` for every course. `search`
   * matches `title` and `courseCode`.
   *
   * @example
   * for await (const course of client.courses.list({ fields: ['sourcedId', 'title'] })) console.log(course.title);
   */
  readonly list: ListMethod<OneRosterCourse>;

  /**
   * Lists the classes of a course (its sections). `search` matches `title`.
   *
   * @example
   * const page = await client.courses.classes('course-math-g3');
   */
  readonly classes: ListUnderMethod<OneRosterClass>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listCourses',
      path: '/ims/oneroster/rostering/v1p2/courses/',
      key: 'courses',
    }) as ListMethod<OneRosterCourse>;
    this.classes = listing(http, {
      operation: 'listCourseClasses',
      path: '/ims/oneroster/rostering/v1p2/courses/{courseSourcedId}/classes',
      key: 'classes',
      params: ['courseSourcedId'],
    }) as ListUnderMethod<OneRosterClass>;
  }
}
