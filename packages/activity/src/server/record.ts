import { type RequestOptions, ValidationError } from '@learnkit/core';
import type { ValidationIssue } from '@learnkit/core/internal';
import type { CaliperActivityCompletedEvent, CaliperTimeSpentEvent } from '../caliper/types';
import { isNonNegative, isRecord, isText, show } from '../check';
import { type CompletionMetrics, completionProblem } from '../completion';
import { courseRefProblem } from '../config/courses';
import type { CourseConfig, CourseRef, LearnkitConfig } from '../config/types';
import { isActivitySlug, isIsoTime, type TimeWindow } from '../protocol';
import type { ServerContext } from './context';
import { UUID_PATTERN } from './ids';
import type { ActivityUser } from './users';

/**
 * Time of a run measured by your own code. Give it **only when the front end ran the activity with
 * `time: false`**: otherwise the browser already sent this time, and it would be counted twice.
 */
export interface RecordTime {
  /** ISO 8601 (or a Date): when the run began. */
  startedAt: string | Date;
  /** ISO 8601 (or a Date): when it ended; not before `startedAt`. */
  endedAt: string | Date;
  /** Active (focused) milliseconds. */
  activeMs: number;
  /** Inactive milliseconds (default 0). `activeMs + inactiveMs` may not exceed the span by more than 1 s. */
  inactiveMs?: number | undefined;
}

/** Parameters of `record` (spec: the `activity.record` table). */
export interface RecordParams {
  /** `email` required; `platformId` (the rostering `sourcedId`) saves a roster look-up. */
  user: ActivityUser;
  /** `id` (URL-safe slug), `name`, and a `course` of learnkit.config.json: `{ code }` or `{ subject, grade }`. */
  activity: {
    /** URL-safe activity slug; forms the activity URL of the events. */
    id: string;
    /** The activity's display name, sent as `object.activity.name`. */
    name: string;
    /** The course, which must match one of learnkit.config.json: `{ code }` or `{ subject, grade }`. */
    course: CourseRef;
  };
  /** `xpEarned` required; `totalQuestions`/`correctQuestions` together; `masteredUnits`; `pctComplete` 0..100. */
  metrics: CompletionMetrics;
  /** Only with `time: false` on the front end (see {@link RecordTime}); sent as a TimeSpentEvent. */
  time?: RecordTime | undefined;
  /**
   * The run id the client persisted (a UUID); default a fresh one. It correlates the events of a run and never
   * dedupes: every `record` is a new completion, also with a `runId` recorded before (a resumed run).
   */
  runId?: string | undefined;
  /**
   * Your own key for this completion (an attempt id, a job id; up to 255 characters). A `record` repeated with
   * the same key, user and activity (a retry after a lost response) is the same completion: same event ids, counted
   * in `duplicates`. Without a key, every call is a new completion.
   */
  idempotencyKey?: string | undefined;
}

/** Per-call settings of `record`. */
export type RecordOptions = Pick<RequestOptions, 'signal' | 'timeoutMs' | 'deadlineMs' | 'retry'>;

/** What `record` sent. */
export interface RecordResult {
  /** The run id used (given, or made). */
  runId: string;
  /** The Caliper events sent: a TimeSpentEvent when `time` was given, then the completion. */
  events: (CaliperTimeSpentEvent | CaliperActivityCompletedEvent)[];
  /** `pctComplete` sent (given, or computed by decision 10), if any. */
  pctComplete?: number | undefined;
  /** Events the platform stored now. */
  accepted: number;
  /** Events it already had: a repeat of a `record` with the same `idempotencyKey`. */
  duplicates: number;
}

// Slack for clocks read separately: active + inactive may exceed endedAt - startedAt by this much.
const SPAN_SLACK_MS = 1000;

const toIso = (v: unknown): string | undefined =>
  v instanceof Date
    ? Number.isNaN(v.getTime())
      ? undefined
      : v.toISOString()
    : isIsoTime(v)
      ? v
      : undefined;

/** The checked members of `record`'s parameters; throws nothing, returns every problem found. */
export function recordIssues(params: unknown): { issues: ValidationIssue[]; window?: TimeWindow } {
  const issues: ValidationIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  if (!isRecord(params)) {
    add([], 'record needs { user, activity, metrics, time?, runId?, idempotencyKey? }');
    return { issues };
  }
  const { user, activity, metrics, time, runId, idempotencyKey } = params;
  if (!isRecord(user)) add(['user'], `must be an object with email, got ${show(user)}`);
  else {
    if (!isText(user.email, 320) || !/^[^\s@]+@[^\s@]+$/.test(user.email))
      add(['user', 'email'], `must be an email address, got ${show(user.email)}`);
    for (const key of ['platformId', 'name', 'role'] as const)
      if (user[key] !== undefined && !isText(user[key])) add(['user', key], `must be a non-empty string`);
  }
  if (!isRecord(activity)) add(['activity'], `must be { id, name, course }, got ${show(activity)}`);
  else {
    if (!isActivitySlug(activity.id))
      add(['activity', 'id'], `must be a URL-safe slug of A-Za-z0-9._~-, got ${show(activity.id)}`);
    if (!isText(activity.name))
      add(['activity', 'name'], `must be a non-empty string, got ${show(activity.name)}`);
    const problem = courseRefProblem(activity.course);
    if (problem) add(['activity', 'course'], problem.replace(/^course /, ''));
  }
  const metricsProblem = completionProblem(metrics, 'metrics');
  if (metricsProblem) {
    // A field's problem reads "metrics: xpEarned must be ..."; the others are about the metrics as a whole.
    const [[field], message] = metricsProblem;
    if (field) add(['metrics', field], message.slice(`metrics: ${field} `.length));
    else add(['metrics'], message.replace(/^metrics:? /, ''));
  }
  if (runId !== undefined && !(typeof runId === 'string' && UUID_PATTERN.test(runId)))
    add(['runId'], `must be a UUID (the run id the client persisted), got ${show(runId)}`);
  if (idempotencyKey !== undefined && !isText(idempotencyKey, 255))
    add(
      ['idempotencyKey'],
      `must be a non-empty string of at most 255 characters (your id of this completion), got ${show(idempotencyKey)}`,
    );
  let window: TimeWindow | undefined;
  if (time !== undefined) {
    if (!isRecord(time))
      add(['time'], `must be { startedAt, endedAt, activeMs, inactiveMs? }, got ${show(time)}`);
    else {
      const startedAt = toIso(time.startedAt);
      const endedAt = toIso(time.endedAt);
      const inactiveMs = time.inactiveMs ?? 0;
      if (!startedAt)
        add(['time', 'startedAt'], `must be an ISO 8601 date-time or a Date, got ${show(time.startedAt)}`);
      if (!endedAt)
        add(['time', 'endedAt'], `must be an ISO 8601 date-time or a Date, got ${show(time.endedAt)}`);
      if (!isNonNegative(time.activeMs))
        add(['time', 'activeMs'], `must be a number of ms >= 0, got ${show(time.activeMs)}`);
      if (!isNonNegative(inactiveMs))
        add(['time', 'inactiveMs'], `must be a number of ms >= 0, got ${show(time.inactiveMs)}`);
      if (startedAt && endedAt && isNonNegative(time.activeMs) && isNonNegative(inactiveMs)) {
        const span = Date.parse(endedAt) - Date.parse(startedAt);
        if (span < 0) add(['time', 'endedAt'], 'must not be before startedAt');
        else if (time.activeMs + inactiveMs > span + SPAN_SLACK_MS)
          add(
            ['time', 'activeMs'],
            `activeMs + inactiveMs (${time.activeMs + inactiveMs} ms) exceed endedAt - startedAt (${span} ms)`,
          );
        else window = { activeMs: time.activeMs, inactiveMs, startedAt, endedAt };
      }
    }
  }
  return window ? { issues, window } : { issues };
}

/**
 * `record`'s parameters checked as `record` checks them, the course included: a `ValidationError` listing every
 * problem, else the configuration, the configured course and the time window. `queue.record` checks with this too,
 * so both refuse the same input with the same error (docs/decisions.md#d-queue-same-events).
 */
export async function checkRecord(
  ctx: ServerContext,
  params: RecordParams,
): Promise<{ config: LearnkitConfig; course: CourseConfig; window: TimeWindow | undefined }> {
  const { issues, window } = recordIssues(params);
  if (issues.length) throw new ValidationError(issues);
  const config = await ctx.config();
  const course = ctx.courseOf(config, params.activity.course);
  if (typeof course === 'string')
    throw new ValidationError([{ path: ['activity', 'course'], message: course }]);
  return { config, course, window };
}
