import { ApiPromise, checkId, type PagePromise, pathInit, Resource } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import type { PlatformCallOptions, PlatformListQuery, UserProfile } from '../../types';

const LIST = '/rostering/1.0/users/{userId}/profiles';
const ONE = '/rostering/1.0/users/{userId}/profiles/{profileId}';

/**
 * The profiles of a user: list them, read one.
 *
 * @example
 * for await (const profile of lk.rostering.profiles.list(userId)) console.log(profile.profileId);
 */
export class Profiles extends Resource<PlatformHttp> {
  /**
   * The profiles of a user, as a page promise holding the whole list (the listing takes no query).
   *
   * @example
   * const { data: profiles } = await lk.rostering.profiles.list(userId);
   */
  list(userId: string, query?: PlatformListQuery, options?: PlatformCallOptions): PagePromise<UserProfile> {
    return listAll(`GET ${LIST}`, query, options, (request) => {
      const path = { userId: checkId(userId, 'userId') };
      return this.http.call('GET', LIST, { params: { path }, options: request }).map((data) => data.profiles);
    });
  }

  /**
   * One profile of a user (`NotFoundError` when it is not that user's).
   *
   * @example
   * const profile = await lk.rostering.profiles.get(userId, profileId);
   */
  get(userId: string, profileId: string, options?: PlatformCallOptions): ApiPromise<UserProfile> {
    return ApiPromise.guard(() =>
      this.http.call(
        'GET',
        ONE,
        pathInit({ userId: checkId(userId, 'userId'), profileId: checkId(profileId, 'profileId') }, options),
      ),
    );
  }
}
