import { LearnKitError, where } from '@learnkit/core';
import type { LooseHttp } from './http';

/** The student an event is about, as your server knows them. */
export interface ActivityUser {
  /** Required: the platform matches it against rostering. */
  email: string;
  /** The rostering user's `sourcedId`; when missing it is looked up by email (and cached). */
  platformId?: string | undefined;
  /** Sent as `actor.name`. */
  name?: string | undefined;
  /** Sent as `actor.role` (e.g. `student`). */
  role?: string | undefined;
}

/** Finds the rostering `sourcedId` of a user who has none; `undefined` when the roster has no such user. */
export type ResolveUserId = (user: ActivityUser) => Promise<string | undefined>;

/** The email matches no rostering user (or several): the events cannot name their actor. */
export class UnknownUserError extends LearnKitError {
  /** @internal */
  static override readonly brandName: string = 'UnknownUserError';
  /** The email that matched no single rostering user. */
  readonly email: string;
  constructor(email: string, why: string) {
    super(`activity: ${why} for user email ${JSON.stringify(email)}; pass user.platformId or fix the roster`);
    this.email = email;
  }
}

const USERS = '/ims/oneroster/rostering/v1p2/users/';

/** Looks a user up in OneRoster by exact email: `GET .../users/?filter=email='<email>'`. */
export function rosterLookup(http: LooseHttp): ResolveUserId {
  return async (user) => {
    const { data } = await http.callWithResponse('GET', USERS, {
      params: { query: { filter: String(where.eq('email', user.email)), limit: 2, fields: ['sourcedId'] } },
      options: { operation: 'GET /ims/oneroster/rostering/v1p2/users/' },
    });
    const users = (data as { users?: { sourcedId?: unknown }[] } | undefined)?.users ?? [];
    if (users.length > 1) throw new UnknownUserError(user.email, 'several rostering users match');
    const id = users[0]?.sourcedId;
    return typeof id === 'string' && id !== '' ? id : undefined;
  };
}

/** Options of {@link cachedResolver}. */
export interface UserCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
}

/**
 * Wraps a resolver with a small cache: found ids are kept `ttlMs` per email (not-found answers are not kept,
 * so a student added to the roster is found at once), and concurrent look-ups of one email share one request.
 */
export function cachedResolver(resolve: ResolveUserId, options: UserCacheOptions): ResolveUserId {
  const cache = new Map<string, { id: string; expiresAt: number }>();
  const inFlight = new Map<string, Promise<string | undefined>>();
  return (user) => {
    const key = user.email.trim().toLowerCase();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > options.now()) return Promise.resolve(hit.id);
    cache.delete(key);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = resolve(user)
        .then((id) => {
          if (id !== undefined && options.ttlMs > 0) {
            cache.set(key, { id, expiresAt: options.now() + options.ttlMs });
            while (cache.size > options.maxEntries) cache.delete(cache.keys().next().value as string);
          }
          return id;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
