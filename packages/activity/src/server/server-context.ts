import { type Logger, ValidationError } from '@learnkit/core';
import { createLogger } from '@learnkit/core/internal';
import type { ActorInput } from '../caliper/profile';
import { describeCourse, findCourse } from '../config/courses';
import { type CaliperClient, caliperClientOver } from './caliper-client';
import { type ConfigInit, configSource } from './config';
import type { ServerContext } from './context';
import { type ClientInit, type LooseHttp, toHttp } from './http';
import { masteredUnitsSoFar, pctCompleteTally } from './pct-complete';
import { cachedResolver, type ResolveUserId, rosterLookup, UnknownUserError } from './users';

/** Default time a user id found by email is cached. */
export const DEFAULT_USER_CACHE_TTL_MS = 10 * 60_000;

/** What the server and the activity queue both take to reach the platform and name the student. */
export interface ContextOptions {
  client: ClientInit;
  config?: ConfigInit | undefined;
  resolveUserId?: ResolveUserId | undefined;
  userCacheTtlMs?: number | undefined;
  baseUrl?: string | undefined;
  caliper?: CaliperClient | undefined;
  now?: (() => number) | undefined;
  logger?: Logger | false | undefined;
}

/**
 * The context of `createActivityServer` and `createActivityQueue`: the transport, the configuration, the actor of a
 * user (looked up by email and cached) and decision 10, built once from their shared options.
 */
export function serverContext(options: ContextOptions): {
  ctx: ServerContext;
  http: LooseHttp;
  now: () => number;
} {
  const { http, baseUrl: clientBase } = toHttp(options.client);
  const baseUrl = (options.baseUrl ?? clientBase)?.replace(/\/+$/, '');
  if (!baseUrl || !/^https?:\/\/[^/\s]+\S*$/.test(baseUrl))
    throw new ValidationError([
      {
        path: ['baseUrl'],
        message:
          'is required when client is an HTTP client: pass the platform base URL as baseUrl (actor ids are <baseUrl>/rostering/1.0/users/<id>), or pass the LearnKit you hold as client',
      },
    ]);
  const now = options.now ?? Date.now;
  const config = configSource(options.config);
  const caliper = options.caliper ?? caliperClientOver(http);
  const log = createLogger(options.logger);
  const resolve = cachedResolver(options.resolveUserId ?? rosterLookup(http), {
    ttlMs: options.userCacheTtlMs ?? DEFAULT_USER_CACHE_TTL_MS,
    maxEntries: 10_000,
    now,
  });
  const warned = new Set<string>();

  const ctx: ServerContext = {
    config,
    caliper,
    log,
    async actorOf(user) {
      const sourcedId = user.platformId ?? (await resolve(user));
      if (sourcedId === undefined) throw new UnknownUserError(user.email, 'no rostering user matches');
      const actor: ActorInput & { sourcedId: string } = {
        id: `${baseUrl}/rostering/1.0/users/${encodeURIComponent(sourcedId)}`,
        email: user.email,
        sourcedId,
      };
      if (user.name !== undefined) actor.name = user.name;
      if (user.role !== undefined) actor.role = user.role;
      return actor;
    },
    courseOf(cfg, ref) {
      return (
        findCourse(cfg.courses, ref) ??
        `course ${JSON.stringify(ref)} is not in learnkit.config.json, whose courses are: ${cfg.courses.map(describeCourse).join(', ')}`
      );
    },
    pctCompleteOf(studentId, requestOptions) {
      // Units mastered earlier in the course (gradebook history), or NaN when it cannot be found (no courseId).
      return pctCompleteTally(async (course) => {
        if (course.courseId === undefined) {
          const name = describeCourse(course);
          if (!warned.has(name)) {
            warned.add(name);
            log?.warn(
              { course: name },
              'pctComplete not computed: the course has totalLessons but no courseId to find its gradebook history',
            );
          }
          return Number.NaN;
        }
        return masteredUnitsSoFar(http, studentId, course.courseId, requestOptions);
      });
    },
  };
  return { ctx, http, now };
}
