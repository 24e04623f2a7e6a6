import { type PagePromise, Resource } from '@learnkit/core';
import type { PlatformHttp } from '../../internal/http';
import type { PlatformCallOptions, PlatformListQuery, UserRelationship } from '../../types';
import { relationshipsOf } from './relationships';

/**
 * The agents of a user (parents, guardians): the open relationships only.
 *
 * @example
 * for await (const agent of lk.rostering.agents.list(studentId)) console.log(agent.relationshipType, agent.userId);
 */
export class Agents extends Resource<PlatformHttp> {
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
    return relationshipsOf(this.http, 'agents', userId, query, options);
  }
}
