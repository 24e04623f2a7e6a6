import type { Logger, RequestOptions } from '@learnkit/core';
import type { ActorInput } from '../caliper/profile';
import type { CourseConfig, CourseRef, LearnkitConfig } from '../config/types';
import type { CaliperClient } from './caliper-client';
import type { pctCompleteTally } from './pct-complete';
import type { ActivityUser } from './users';

// Its own module so the handler (handler.ts) and the server that builds it (activity-server.ts) both name it
// without importing each other (docs/decisions.md#d-source-shape).

/** What both paths share: who the actor is, which configured course, and decision 10. */
export interface ServerContext {
  config: () => Promise<LearnkitConfig>;
  caliper: CaliperClient;
  /** The actor of a user (looks their id up when `platformId` is missing). */
  actorOf(user: ActivityUser): Promise<ActorInput & { sourcedId: string }>;
  /** The configured course a reference names, or a message naming the configured ones. */
  courseOf(config: LearnkitConfig, ref: CourseRef): CourseConfig | string;
  /** Decision 10 for one student's completions of one call, in order (see {@link pctCompleteTally}). */
  pctCompleteOf(studentId: string, options?: RequestOptions): ReturnType<typeof pctCompleteTally>;
  log: Logger | undefined;
}
