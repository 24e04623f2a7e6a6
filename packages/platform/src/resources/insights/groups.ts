import { type PagePromise, Resource } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import type { InsightGroup, PlatformCallOptions, PlatformListQuery } from '../../types';

const LIST = '/insights/1.0/insight-groups';

/**
 * The registered insight groups.
 *
 * @example
 * for await (const group of lk.insights.groups.list()) console.log(group.slug, group.visibleTypeCount);
 */
export class InsightGroups extends Resource<PlatformHttp> {
  /**
   * Every insight group with its family, membership rule and the number of its types the caller sees, as a page
   * promise holding the whole list.
   *
   * @example
   * const { data: groups } = await lk.insights.groups.list();
   */
  list(query?: PlatformListQuery, options?: PlatformCallOptions): PagePromise<InsightGroup> {
    return listAll(`GET ${LIST}`, query, options, (request) => {
      return this.http.call('GET', LIST, { options: request }).map((data) => data.groups);
    });
  }
}
