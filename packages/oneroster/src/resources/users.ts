import { ApiPromise, getByIdInit } from '@learnkit/core';
import { listing, type OneRosterHttp } from '../internal/http';
import type { GetMethod, ListMethod, OneRosterCallOptions, OneRosterUser } from '../types';

/**
 * The users of the roster (students, teachers, parents, administrators) the credentials may see.
 *
 * @example
 * const page = await lk.oneroster.users.list({ filter: where.eq('email', 'ada@example.com') });
 */
export class Users {
  /**
   * Lists users, a page at a time: `await` for the first page, `for await` for every user. `search` matches
   * `givenName`, `familyName` and `email`.
   *
   * @example
   * for await (const user of client.users.list({ search: 'lovelace', fields: ['sourcedId', 'email'] })) {
   *   console.log(user.sourcedId, user.email);
   * }
   */
  readonly list: ListMethod<OneRosterUser>;

  /**
   * One user by its `sourcedId`; `fields` asks for only those fields (typed down when given as literals).
   *
   * @example
   * const { givenName, roles } = await client.users.get('usr-1', { fields: ['givenName', 'roles'] });
   */
  readonly get: GetMethod<OneRosterUser>;

  /** @internal Built by `createOneRosterClient`. */
  constructor(http: OneRosterHttp) {
    this.list = listing(http, {
      operation: 'listUsers',
      path: '/ims/oneroster/rostering/v1p2/users/',
      key: 'users',
    }) as ListMethod<OneRosterUser>;
    this.get = ((id: string, options?: OneRosterCallOptions & { fields?: readonly string[] }) =>
      ApiPromise.guard(() =>
        http
          .call(
            'GET',
            '/ims/oneroster/rostering/v1p2/users/{sourcedId}',
            getByIdInit(id, options, 'sourcedId', 'sourcedId'),
          )
          .map((data) => data.user),
      )) as GetMethod<OneRosterUser>;
  }
}
