import { ApiPromise, checkId, type PagePromise, pathBodyInit, Resource } from '@learnkit/core';
import { listAll, type PlatformHttp } from '../../internal/http';
import { checkBody } from '../../internal/schemas';
import type { PlatformCallOptions, PlatformListQuery, UserRole, UserRoleUpsert } from '../../types';

const LIST = '/rostering/1.0/users/{sourcedId}/roles';
const ONE = '/rostering/1.0/users/{sourcedId}/roles/{roleId}';

/**
 * The role memberships of a user: list them, create or update one.
 *
 * @example
 * for await (const role of lk.rostering.roles.list(userId)) console.log(role.role, role.orgId);
 */
export class Roles extends Resource<PlatformHttp> {
  /**
   * The roles of a user, as a page promise holding the whole list (the listing takes no query).
   *
   * @example
   * const { data: roles } = await lk.rostering.roles.list(userId);
   */
  list(userId: string, query?: PlatformListQuery, options?: PlatformCallOptions): PagePromise<UserRole> {
    return listAll(`GET ${LIST}`, query, options, (request) => {
      const sourcedId = checkId(userId, 'userId');
      return this.http
        .call('GET', LIST, { params: { path: { sourcedId } }, options: request })
        .map((data) => data.roles);
    });
  }

  /**
   * Creates the role `roleId` of the user (`orgId` and `role` needed) or updates it. The body is checked
   * against the document's `UserRoleUpsert` (dates `YYYY-MM-DD` or null) before sending.
   *
   * @example
   * await lk.rostering.roles.upsert(userId, 'role-1', { orgId: schoolId, role: 'student' });
   */
  upsert(
    userId: string,
    roleId: string,
    role: UserRoleUpsert,
    options?: PlatformCallOptions,
  ): ApiPromise<UserRole> {
    return ApiPromise.guard(() => {
      const sourcedId = checkId(userId, 'userId');
      const path = { sourcedId, roleId: checkId(roleId, 'roleId') };
      const body = checkBody<UserRoleUpsert>('UserRoleUpsert', role, 'role');
      return this.http.call('PUT', ONE, pathBodyInit(path, body, options));
    });
  }
}
