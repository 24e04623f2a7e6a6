import { ApiPromise, checkId, type PagePromise, pathInit, Resource } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import type { Enrollment, PlatformCallOptions, PlatformListQuery } from '../../types';

const LIST = '/rostering/1.0/enrollments';
const ONE = '/rostering/1.0/enrollments/{enrollmentId}';

/**
 * Enrollments visible to the client's org scope: list them, read one (what `enrollment.*` webhook consumers
 * refetch).
 *
 * @example
 * const enrollment = await lk.rostering.enrollments.get(event.data.enrollmentId);
 */
export class Enrollments extends Resource<PlatformHttp> {
  /**
   * The enrollments in the client's org scope, as a page promise holding the whole list.
   *
   * @example
   * for await (const enrollment of lk.rostering.enrollments.list()) console.log(enrollment.classId);
   */
  list(query?: PlatformListQuery, options?: PlatformCallOptions): PagePromise<Enrollment> {
    return listAll(`GET ${LIST}`, query, options, (request) => {
      return this.http.call('GET', LIST, { options: request }).map((data) => data.enrollments);
    });
  }

  /**
   * One enrollment by id (`NotFoundError` when unknown, ended, or outside the client's org scope).
   *
   * @example
   * const { classId, userId, role } = await lk.rostering.enrollments.get(enrollmentId);
   */
  get(enrollmentId: string, options?: PlatformCallOptions): ApiPromise<Enrollment> {
    return ApiPromise.guard(() =>
      this.http.call('GET', ONE, pathInit({ enrollmentId: checkId(enrollmentId, 'enrollmentId') }, options)),
    );
  }
}
