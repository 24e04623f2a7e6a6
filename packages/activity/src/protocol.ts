/**
 * `@learnkit/activity/protocol`: the wire protocol from the browser tracker to the partner's server
 * (docs/decisions.md#d-browser-to-server).
 *
 * One JSON body, POSTed to the configured endpoint with `credentials: 'same-origin'` (or sent by
 * `navigator.sendBeacon` on exit): `{ v: 1, events: [...] }`. Every event carries a stable id made in the
 * browser (`urn:uuid:...`), which becomes the Caliper event id, so the server dedupes resends by it.
 * The server responds with 202 when it took the whole batch, 400 when the body is invalid, 401 when no user.
 *
 * @packageDocumentation
 * @module \@learnkit/activity/protocol
 */
import { isNonNegative, isRecord, isText, show } from './check';
import { type CompletionMetrics, completionProblem } from './completion';
import { isCourseRef } from './config/courses';
import type { CourseRef } from './config/types';
import { EVENT_ID_PATTERN } from './uuid';

/** The protocol version, `v` of every body. */
export const PROTOCOL_VERSION = 1;

/** Most events in one body; the tracker splits larger outboxes. */
export const MAX_BATCH_EVENTS = 100;

/** Most bytes of one body; far below the 64 KiB that beacons and keepalive fetches may carry. */
export const MAX_BATCH_BYTES = 16_384;

/** The activity an event belongs to, as given to `activity.start`. */
export interface ActivityRef {
  /** URL-safe activity slug. */
  id: string;
  /** Display name of the activity; becomes `object.activity.name` of its Caliper events. */
  name: string;
  /** The course it belongs to; the server matches it against `learnkit.config.json`. */
  course: CourseRef;
}

/** One time window: active and inactive milliseconds between two wall-clock instants (ISO 8601). */
export interface TimeWindow {
  /** Active milliseconds in this window; sent in seconds as the `active` item of the TimeSpentEvent. */
  activeMs: number;
  /** Inactive milliseconds in this window (by default, time with the page hidden); 0 sends no `inactive` item. */
  inactiveMs: number;
  /** When the window opened: an ISO 8601 date-time with a zone. */
  startedAt: string;
  /** When the window closed: an ISO 8601 date-time with a zone; the default event time. */
  endedAt: string;
}

/** A time window of a run; becomes one Caliper TimeSpentEvent. */
export interface TimeSpentMessage {
  /** Tells the two messages apart. */
  kind: 'timeSpent';
  /** `urn:uuid:...`, made once in the browser and kept across every resend. */
  id: string;
  /** The run the window belongs to (`ActivityInstance.runId`); sent as the event's `extensions.runId`. */
  runId: string;
  /** The activity that was running. */
  activity: ActivityRef;
  /** The measured time. */
  window: TimeWindow;
}

/** The completion of a run; becomes one Caliper ActivityEvent `Completed`. */
export interface CompletionMessage {
  /** Tells the two messages apart. */
  kind: 'completion';
  /** `urn:uuid:...`, one per run, so retrying `end()` cannot complete the activity twice. */
  id: string;
  /** The run that was completed; sent as the event's `extensions.runId`. */
  runId: string;
  /** The activity that was completed. */
  activity: ActivityRef;
  /** When `end()` was called (ISO 8601); the event time. */
  at: string;
  /** The metrics given to `end(data)` (its `time` left out). */
  completion: CompletionMetrics;
}

/** Any event of a body. */
export type ActivityMessage = TimeSpentMessage | CompletionMessage;

/** The body the tracker sends. */
export interface ActivityBatch {
  /** The protocol version, always {@link PROTOCOL_VERSION}; other values are refused with 400. */
  v: typeof PROTOCOL_VERSION;
  /** 1 to {@link MAX_BATCH_EVENTS} events, of any run and kind. */
  events: ActivityMessage[];
}

/** The result of {@link parseActivityBatch}. */
export type ParseResult<T> =
  | {
      /** The body is valid. */
      ok: true;
      /** The body, typed. */
      value: T;
    }
  | {
      /** The body is invalid. */
      ok: false;
      /** One message per problem, naming the field (for example `events[0].window must be an object`). */
      errors: string[];
    };

const SLUG = /^[A-Za-z0-9._~-]{1,128}$/;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** Whether `v` is an ISO 8601 date-time with a zone, as Caliper's `date-time` wants. */
export const isIsoTime = (v: unknown): v is string =>
  typeof v === 'string' && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v));

/** Whether `v` is a URL-safe activity slug (letters, digits, `.`, `_`, `~`, `-`; 1 to 128 characters). */
export const isActivitySlug = (v: unknown): v is string => typeof v === 'string' && SLUG.test(v);

/** What is wrong with one event of a body (a message naming the field), or undefined. */
export function messageProblem(m: unknown, at = 'event'): string | undefined {
  if (!isRecord(m)) return `${at} must be an object`;
  if (typeof m.id !== 'string' || !EVENT_ID_PATTERN.test(m.id)) return `${at}.id must be urn:uuid:<uuid>`;
  if (!isText(m.runId, 128)) return `${at}.runId must be a non-empty string`;
  const a = m.activity;
  if (!isRecord(a) || !isActivitySlug(a.id)) return `${at}.activity.id must be a URL-safe slug`;
  if (!isText(a.name)) return `${at}.activity.name must be a non-empty string`;
  if (!isCourseRef(a.course)) return `${at}.activity.course must be { subject, grade } or { code }`;
  if (m.kind === 'timeSpent') {
    const w = m.window;
    if (!isRecord(w)) return `${at}.window must be an object`;
    if (!isNonNegative(w.activeMs) || !isNonNegative(w.inactiveMs))
      return `${at}.window.activeMs and inactiveMs must be numbers >= 0`;
    if (!isIsoTime(w.startedAt) || !isIsoTime(w.endedAt))
      return `${at}.window.startedAt and endedAt must be ISO 8601 date-times`;
    return undefined;
  }
  if (m.kind === 'completion') {
    if (!isIsoTime(m.at)) return `${at}.at must be an ISO 8601 date-time`;
    return completionProblem(m.completion, `${at}.completion`)?.[1];
  }
  return `${at}.kind must be "timeSpent" or "completion", got ${show(m.kind)}`;
}

/**
 * Checks a parsed request body against the protocol; the server handler runs it before anything else.
 *
 * @example
 * const result = parseActivityBatch(await req.json());
 * if (!result.ok) return new Response(result.errors.join('\n'), { status: 400 });
 */
export function parseActivityBatch(body: unknown): ParseResult<ActivityBatch> {
  if (!isRecord(body) || body.v !== PROTOCOL_VERSION)
    return { ok: false, errors: [`body must be { v: ${PROTOCOL_VERSION}, events: [...] }`] };
  const events = body.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_BATCH_EVENTS)
    return { ok: false, errors: [`events must be an array of 1 to ${MAX_BATCH_EVENTS} events`] };
  const errors = events.flatMap((m, i) => messageProblem(m, `events[${i}]`) ?? []);
  return errors.length ? { ok: false, errors } : { ok: true, value: body as unknown as ActivityBatch };
}
