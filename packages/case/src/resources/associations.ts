import { ApiPromise, checkId, pathInit, Resource } from '@learnkit/core';
import type { CaseHttp } from '../internal/http';
import type { CaseCallOptions, CFAssociation } from '../types';

/**
 * The associations (relationships between two nodes). The API has no association listing: a framework's
 * associations come with its package (`packages.get`).
 *
 * @example
 * const association = await lk.case.associations.get(id);
 */
export class Associations extends Resource<CaseHttp> {
  /**
   * One association by its `sourcedId` (the operation takes no `fields`).
   *
   * @example
   * const { associationType, originNodeURI, destinationNodeURI } = await client.associations.get(id);
   */
  get(id: string, options?: CaseCallOptions): ApiPromise<CFAssociation> {
    return ApiPromise.guard(() =>
      this.http
        .call(
          'GET',
          '/ims/case/v1p1/CFAssociations/{sourcedId}',
          pathInit({ sourcedId: checkId(id, 'id') }, options),
        )
        .map((data) => data.CFAssociation),
    );
  }
}
