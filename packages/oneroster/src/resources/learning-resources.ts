import { listing, type OneRosterHttp } from '../internal/http';
import type { ListMethod, OneRosterResource } from '../types';

/**
 * The learning resources (OneRoster resources service).
 *
 * @example
 * for await (const resource of lk.oneroster.resources.list({ search: 'fractions' })) console.log(resource.title);
 */
export class Resources {
  /**
   * Lists them, a page at a time: `await` for the first page, `for await` for every one. `search` matches
   * `title`.
   *
   * @example
   * for await (const resource of lk.oneroster.resources.list({ search: 'fractions' })) console.log(resource.title);
   */
  readonly list: ListMethod<OneRosterResource>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listResources',
      path: '/ims/oneroster/resources/v1p2/resources/',
      key: 'resources',
    }) as ListMethod<OneRosterResource>;
  }
}
