import { listing, type OneRosterHttp } from '../internal/http';
import type { ListMethod, OneRosterDemographics } from '../types';

/**
 * The demographics of the roster's users (each keyed by its user's `sourcedId`).
 *
 * @example
 * const page = await lk.oneroster.demographics.list({ fields: ['sourcedId', 'birthDate'] });
 */
export class Demographics {
  /**
   * Lists them, a page at a time: `await` for the first page, `for await` for every one. `search` matches
   * `cityOfBirth`.
   *
   * @example
   * const page = await lk.oneroster.demographics.list({ fields: ['sourcedId', 'birthDate'] });
   */
  readonly list: ListMethod<OneRosterDemographics>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listDemographics',
      path: '/ims/oneroster/rostering/v1p2/demographics/',
      key: 'demographics',
    }) as ListMethod<OneRosterDemographics>;
  }
}
