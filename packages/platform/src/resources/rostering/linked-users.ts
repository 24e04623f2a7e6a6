import { type PagePromise, Resource } from '@learnkit/core';
import type { PlatformHttp } from '../../internal/http';
import type { PlatformCallOptions, PlatformListQuery, UserRelationship } from '../../types';
import { relationshipsOf } from './relationships';

/**
 * The users linked to a user by an open agent relationship, in either direction (a parent's children, a
 * child's parents).
 *
 * @example
 * for await (const link of lk.rostering.linkedUsers.list(parentId)) console.log(link.userId);
 */
export class LinkedUsers extends Resource<PlatformHttp> {
  /**
   * The linked users (each `userId` is the other user), as a page promise holding the whole list.
   *
   * @example
   * const { data: links } = await lk.rostering.linkedUsers.list(parentId);
   */
  list(
    userId: string,
    query?: PlatformListQuery,
    options?: PlatformCallOptions,
  ): PagePromise<UserRelationship> {
    return relationshipsOf(this.http, 'linkedUsers', userId, query, options);
  }
}
