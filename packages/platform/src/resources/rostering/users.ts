import { ApiPromise, checkId, pathBodyInit, pathInit, Resource } from '@learnkit/core';
import type { PlatformHttp } from '../../internal/http';
import { checkBody } from '../../internal/schemas';
import type { PlatformCallOptions, User, UserUpsert } from '../../types';

const ONE = '/rostering/1.0/users/{sourcedId}';

/**
 * Rostering users: read one, create or update one.
 *
 * @example
 * const user = await lk.rostering.users.get(userId);
 */
export class Users extends Resource<PlatformHttp> {
  /**
   * One user by id, with its roles and its open agent relationships (`NotFoundError` when the id is unknown or
   * outside the client's org scope).
   *
   * @example
   * const { givenName, roles } = await lk.rostering.users.get(userId);
   */
  get(userId: string, options?: PlatformCallOptions): ApiPromise<User> {
    return ApiPromise.guard(() =>
      this.http.call('GET', ONE, pathInit({ sourcedId: checkId(userId, 'userId') }, options)),
    );
  }

  /**
   * Creates the user (a new id: `email`, `givenName` and `familyName` needed) or updates it (only the members
   * given change). A `roles` list syncs the user's role memberships; `status: 'tobedeleted'` deletes the user
   * with its roles, profiles, enrollments and agents. The body is checked against the document's `UserUpsert`
   * before sending. A PUT, so it is retried on 5xx and timeouts.
   *
   * @example
   * await lk.rostering.users.upsert('usr-42', { email: 'ada@example.com', givenName: 'Ada', familyName: 'Lovelace' });
   */
  upsert(userId: string, user: UserUpsert, options?: PlatformCallOptions): ApiPromise<User> {
    return ApiPromise.guard(() => {
      const sourcedId = checkId(userId, 'userId');
      const body = checkBody<UserUpsert>('UserUpsert', user, 'user');
      return this.http.call('PUT', ONE, pathBodyInit({ sourcedId }, body, options));
    });
  }
}
