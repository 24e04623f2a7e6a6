import { ApiPromise, checkId, type PagePromise, pathBodyInit, pathInit, Resource } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import { checkBody } from '../../internal/schemas';
import type { Application, ApplicationUpsert, PlatformCallOptions, PlatformListQuery } from '../../types';

const LIST = '/applications/1.0/applications';
const ONE = '/applications/1.0/applications/{sourcedId}';

/**
 * The application registry: list, read, create or update.
 *
 * @example
 * for await (const app of lk.applications.applications.list()) console.log(app.sourcedId, app.name);
 */
export class Applications extends Resource<PlatformHttp> {
  /**
   * The applications, as a page promise holding the whole list (the listing takes no query).
   *
   * @example
   * const { data: apps } = await lk.applications.applications.list();
   */
  list(query?: PlatformListQuery, options?: PlatformCallOptions): PagePromise<Application> {
    return listAll(`GET ${LIST}`, query, options, (request) => {
      return this.http.call('GET', LIST, { options: request }).map((data) => data.applications);
    });
  }

  /**
   * One application by id.
   *
   * @example
   * const app = await lk.applications.applications.get(appId);
   */
  get(appId: string, options?: PlatformCallOptions): ApiPromise<Application> {
    return ApiPromise.guard(() =>
      this.http.call('GET', ONE, pathInit({ sourcedId: checkId(appId, 'appId') }, options)),
    );
  }

  /**
   * Creates the application `appId` (raising `application.created`) or updates it (`application.updated`).
   * A PUT, so it is retried on 5xx and timeouts.
   *
   * @example
   * await lk.applications.applications.upsert(appId, { name: 'Fractions', proctoringEnabled: true });
   */
  upsert(
    appId: string,
    application: ApplicationUpsert,
    options?: PlatformCallOptions,
  ): ApiPromise<Application> {
    return ApiPromise.guard(() => {
      const sourcedId = checkId(appId, 'appId');
      const body = checkBody<ApplicationUpsert>('ApplicationUpsert', application, 'application');
      return this.http.call('PUT', ONE, pathBodyInit({ sourcedId }, body, options));
    });
  }
}
