import type { PagePromise } from '@learnkit/core';
import { checkId } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import type { PlatformCallOptions, PlatformListQuery, UserRelationship } from '../../types';

const LIST = '/rostering/1.0/users/{sourcedId}/agents';

/**
 * The agents of a user (parents, guardians): the open relationships only.
 *
 * @example
 * for await (const agent of lk.rostering.agents.list(studentId)) console.log(agent.relationshipType, agent.userId);
 */
export class Agents {
  readonly #http: PlatformHttp;

  /** @internal Built by `createPlatformClient`. */
  constructor(http: PlatformHttp) {
    this.#http = http;
  }

  /**
   * The user's open agent relationships (ended ones excluded), as a page promise holding the whole list.
   *
   * @example
   * const { data: agents } = await lk.rostering.agents.list(studentId);
   */
  list(
    userId: string,
    query?: PlatformListQuery,
    options?: PlatformCallOptions,
  ): PagePromise<UserRelationship> {
    return listAll(`GET ${LIST}`, query, options, (request) => {
      const sourcedId = checkId(userId, 'userId');
      return this.#http
        .call('GET', LIST, { params: { path: { sourcedId } }, options: request })
        .map((data) => data.agents);
    });
  }
}
