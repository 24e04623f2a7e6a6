import { LearnKitError, paginate, readTotal, ValidationError, where } from '@learnkit/core';
import type { FetchPage } from '@learnkit/core/internal';
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
const OPERATION = 'GET /ims/oneroster/rostering/v1p2/users/';
/** Page size of the contains look-up (an email with a quote): the candidates are read page by page. */
const PAGE = 1000;
/** Pages the contains look-up reads at most; a longer list is refused rather than responded "no user". */
const MAX_PAGES = 100;

/*
 * What splits an email into the parts a filter can search for: a quote (the filter grammar cannot escape it),
 * control characters (no filter value may hold one), and whitespace (which, around AND/OR, would read as a
 * second condition). The Python package splits on the same characters (docs/decisions.md#d-email-filter-longest-part).
 */
const UNSENDABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /['\u0000-\u0020\u007f\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * The part of `email` a roster filter searches by: the whole email when a filter can carry it, else its longest
 * part between the characters none can (the first of equal length); undefined when that part is only `@`s, which
 * every address contains (docs/decisions.md#d-email-filter-longest-part).
 */
export function emailFragment(email: string): string | undefined {
  const longest = email
    .split(UNSENDABLE)
    .reduce((best, part) => (part.length > best.length ? part : best), '');
  return longest.replace(/@/g, '') === '' ? undefined : longest;
}

/** Options of {@link rosterLookup}; the defaults serve every caller but tests. */
export interface RosterLookupOptions {
  /** Candidates per page of the contains look-up (default 1000). */
  pageSize?: number | undefined;
  /** Pages read at most (default 100). */
  maxPages?: number | undefined;
}

/**
 * Looks a user up in OneRoster by exact email: `GET .../users/?filter=email='<email>'`. An email the filter cannot
 * carry (a quote: O'Brien) is searched by its longest sendable part, `filter=email~'<part>'`, and the responses are
 * compared with the email exactly, case included, page by page (docs/decisions.md#d-email-filter-longest-part).
 */
export function rosterLookup(http: LooseHttp, options: RosterLookupOptions = {}): ResolveUserId {
  const pageSize = options.pageSize ?? PAGE;
  const maxPages = options.maxPages ?? MAX_PAGES;
  return async (user) => {
    const fragment = emailFragment(user.email);
    if (fragment === undefined)
      throw new ValidationError([
        {
          path: ['user', 'email'],
          message:
            "has no part a roster filter can search for (a filter cannot carry ', control characters or spaces, and what is left between them is only @); pass user.platformId, the user's rostering sourcedId",
        },
      ]);
    if (fragment === user.email) {
      const { data } = await http.callWithResponse('GET', USERS, {
        params: { query: { filter: String(where.eq('email', user.email)), limit: 2, fields: ['sourcedId'] } },
        options: { operation: OPERATION },
      });
      const users = (data as { users?: { sourcedId?: unknown }[] } | undefined)?.users ?? [];
      if (users.length > 1) throw new UnknownUserError(user.email, 'several rostering users match');
      return idOf(users[0]);
    }
    const fetchPage: FetchPage<{ sourcedId?: unknown; email?: unknown }> = async ({ query }) => {
      const { data, response } = await http.callWithResponse('GET', USERS, {
        params: { query },
        options: { operation: OPERATION },
      });
      const users = (data as { users?: { sourcedId?: unknown; email?: unknown }[] } | undefined)?.users;
      return { items: Array.isArray(users) ? users : [], total: readTotal(response, data) };
    };
    const query = {
      filter: where.contains('email', fragment),
      limit: pageSize,
      fields: ['sourcedId', 'email'],
    };
    const matches: unknown[] = [];
    let page = await paginate(fetchPage, { query });
    for (let pages = 1; ; pages++) {
      for (const row of page.data) if (row?.email === user.email) matches.push(row);
      if (matches.length > 1) throw new UnknownUserError(user.email, 'several rostering users match');
      if (!page.hasNextPage()) return idOf(matches[0]);
      if (pages >= maxPages)
        throw new UnknownUserError(
          user.email,
          `too many rostering users (over ${maxPages * pageSize}) have an email containing ${JSON.stringify(fragment)}`,
        );
      page = await page.getNextPage();
    }
  };
}

/** The `sourcedId` of a user the roster responded, if it has one. */
function idOf(row: unknown): string | undefined {
  const id = (row as { sourcedId?: unknown } | undefined)?.sourcedId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Options of {@link cachedResolver}. */
export interface UserCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
}

/**
 * Wraps a resolver with a small cache: found ids are kept `ttlMs` per email (not-found responses are not kept,
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
