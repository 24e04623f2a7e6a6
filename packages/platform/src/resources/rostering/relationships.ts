import { checkId, type PagePromise } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import type { PlatformCallOptions, PlatformListQuery, UserRelationship } from '../../types';

/** The two listings of a user's agent relationships, by the member their answer holds the list in. */
const PATHS = {
  agents: '/rostering/1.0/users/{sourcedId}/agents',
  linkedUsers: '/rostering/1.0/users/{sourcedId}/linkedUsers',
} as const;

/**
 * A user's agent relationships as `agents.list` and `linkedUsers.list` read them: the user's id checked, then
 * `GET` of the listing whose answer holds them under `member`, as a page promise holding the whole list.
 */
export function relationshipsOf(
  http: PlatformHttp,
  member: keyof typeof PATHS,
  userId: string,
  query: PlatformListQuery | undefined,
  options: PlatformCallOptions | undefined,
): PagePromise<UserRelationship> {
  const path = PATHS[member];
  return listAll(`GET ${path}`, query, options, (request) => {
    const sourcedId = checkId(userId, 'userId');
    return http
      .call('GET', path, { params: { path: { sourcedId } }, options: request })
      .map((data) => (data as Record<typeof member, UserRelationship[]>)[member]);
  });
}
