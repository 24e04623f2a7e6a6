import { type PagePromise, Resource } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import type { InsightType, PlatformCallOptions, PlatformListQuery } from '../../types';

const LIST = '/insights/1.0/types';

/**
 * The insight type catalogue.
 *
 * @example
 * const retiring = (await lk.insights.types.list()).data.filter((type) => type.deprecated);
 */
export class InsightTypes extends Resource<PlatformHttp> {
  /**
   * Every insight type, as a page promise holding the whole list; `deprecated` is always present and
   * `sunsetAt` says when a deprecated type goes.
   *
   * @example
   * for await (const type of lk.insights.types.list()) console.log(type.slug, type.deprecated, type.sunsetAt);
   */
  list(query?: PlatformListQuery, options?: PlatformCallOptions): PagePromise<InsightType> {
    return listAll(`GET ${LIST}`, query, options, (request) => {
      return this.http.call('GET', LIST, { options: request }).map((data) => data.types);
    });
  }
}
