import { ApiPromise, checkCallOptions, checkId } from '@learnkit/core';
import type { CaseHttp } from '../internal/http';
import type { CaseCallOptions, CFAssociation } from '../types';

const ONE = '/ims/case/v1p1/CFAssociations/{sourcedId}';

/**
 * The associations (relationships between two nodes). The API has no association listing: a framework's
 * associations come with its package (`packages.get`).
 *
 * @example
 * const association = await lk.case.associations.get(id);
 */
export class Associations {
  readonly #http: CaseHttp;

  /** @internal Built by `createCaseClient`. */
  constructor(http: CaseHttp) {
    this.#http = http;
  }

  /**
   * One association by its `sourcedId` (the operation takes no `fields`).
   *
   * @example
   * const { associationType, originNodeURI, destinationNodeURI } = await client.associations.get(id);
   */
  get(id: string, options?: CaseCallOptions): ApiPromise<CFAssociation> {
    return ApiPromise.guard(() => {
      const sourcedId = checkId(id, 'id');
      const { request } = checkCallOptions(options);
      return this.#http
        .call('GET', ONE, { params: { path: { sourcedId } }, options: request })
        .map((data) => data.CFAssociation);
    });
  }
}
