import { ValidationError } from '@learnkit/core';
import { caliperEventFromMessage } from '../../caliper/from-message';
import type { CompletionMetrics } from '../../completion';
import type { CourseConfig, LearnkitConfig } from '../../config/types';
import type { ActivityMessage, TimeWindow } from '../../protocol';
import type { AnyCaliperEvent } from '../caliper-client';
import type { ServerContext } from '../context';
import { checkRecord, type RecordParams } from '../record';
import { type RecordEventKind, recordEventId, recordEvents } from '../record-events';
import { type ActivityUser, UnknownUserError } from '../users';

// What the queue stores: the checked parameters of a `record` with everything decided at record time (the run, the
// event time, the ids it can know, the configured course), and nothing that needs the platform: the roster and the
// gradebook are read by the worker that sends it (docs/decisions.md#d-queue-gradebook-in-worker).

/** A `queue.record`, as stored. */
export interface RecordEntry {
  v: 1;
  kind: 'record';
  /** When it was recorded, ms since the epoch. */
  at: number;
  sensor: string;
  app: LearnkitConfig['app'];
  course: CourseConfig;
  user: ActivityUser;
  activity: { id: string; name: string };
  metrics: CompletionMetrics;
  window?: TimeWindow;
  runId: string;
  /** The idempotency key, when given. */
  key?: string;
  /** The event ids, when known at record time (always, but with a key and no `platformId`). */
  ids?: Partial<Record<RecordEventKind, string>>;
  eventTime: string;
}

/** A Caliper event sent as is: a dead letter retried. */
export interface EventEntry {
  v: 1;
  kind: 'event';
  at: number;
  sensor: string;
  event: AnyCaliperEvent;
}

/**
 * A message of the browser tracker the handler took (a time window or a completion), with the user its request was
 * made by and the configured course: the worker builds its Caliper event, whose id is the browser's
 * (docs/decisions.md#d-handler-on-queue).
 */
export interface MessageEntry {
  v: 1;
  kind: 'message';
  at: number;
  sensor: string;
  app: LearnkitConfig['app'];
  course: CourseConfig;
  user: ActivityUser;
  message: ActivityMessage;
}

/** What a queue entry holds. */
export type QueueEntry = RecordEntry | EventEntry | MessageEntry;

const KINDS = new Set(['record', 'event', 'message']);

const pick = <T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> => {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
};

/**
 * The entry of a `queue.record`: checked exactly as `record` checks (the same `ValidationError`), with the run id,
 * the event time and, where the platform is not needed to know them, the event ids decided now.
 */
export async function recordEntry(
  ctx: ServerContext,
  params: RecordParams,
  now: number,
): Promise<{ entry: RecordEntry; eventIds: string[] | undefined }> {
  const { config, course, window } = await checkRecord(ctx, params);
  const activity = { id: params.activity.id, name: params.activity.name };
  const key = params.idempotencyKey;
  const kinds: RecordEventKind[] = window ? ['timeSpent', 'completion'] : ['completion'];
  const sourcedId = params.user.platformId;
  // With a key, ids are named by the rostering id: known now only when the caller gave it.
  const known = key === undefined || sourcedId !== undefined;
  const ids: Partial<Record<RecordEventKind, string>> = {};
  if (known)
    for (const kind of kinds) ids[kind] = await recordEventId(kind, key, sourcedId as string, activity.id);
  const entry: RecordEntry = {
    v: 1,
    kind: 'record',
    at: now,
    sensor: config.sensor,
    app: config.app,
    course,
    user: pick(params.user, ['email', 'platformId', 'name', 'role']),
    activity,
    metrics: pick(params.metrics, [
      'xpEarned',
      'totalQuestions',
      'correctQuestions',
      'masteredUnits',
      'pctComplete',
    ]),
    runId: params.runId ?? crypto.randomUUID(),
    eventTime: window?.endedAt ?? new Date(now).toISOString(),
  };
  if (window) entry.window = window;
  if (key !== undefined) entry.key = key;
  if (known) entry.ids = ids;
  return { entry, eventIds: known ? kinds.map((kind) => ids[kind] as string) : undefined };
}

/** The queue entry of a message the handler took from `user`, with the configured course it names. */
export function messageEntry(
  config: LearnkitConfig,
  course: CourseConfig,
  user: ActivityUser,
  message: ActivityMessage,
  now: number,
): MessageEntry {
  return {
    v: 1,
    kind: 'message',
    at: now,
    sensor: config.sensor,
    app: config.app,
    course,
    user: pick(user, ['email', 'platformId', 'name', 'role']),
    message,
  };
}

/** The entry a payload holds, or undefined when it is not one this version writes. */
export function parseEntry(payload: string): QueueEntry | undefined {
  try {
    const entry = JSON.parse(payload) as QueueEntry;
    return entry?.v === 1 && KINDS.has(entry.kind) ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** What building an entry's events gave: its events, or why it can never be sent (a dead letter). */
export type Built = { events: AnyCaliperEvent[]; sensor: string } | { refused: string };

/** Errors that no retry can change: the roster has no such user, a value no filter can carry. */
const isPermanent = (error: unknown) => error instanceof UnknownUserError || error instanceof ValidationError;

/** One tally of decision 10 per student and one configured course object per course, for a whole batch. */
interface Round {
  tallies: Map<string, ReturnType<ServerContext['pctCompleteOf']>>;
  courses: Map<string, CourseConfig>;
}

/** The actor, the batch's course object and the student's tally of an entry. */
async function studentOf(ctx: ServerContext, entry: RecordEntry | MessageEntry, round: Round) {
  const actor = await ctx.actorOf(entry.user);
  // One configured course object per course, so decision 10 reads each history once and adds up in order.
  const courseKey = JSON.stringify(entry.course);
  const course = round.courses.get(courseKey) ?? entry.course;
  round.courses.set(courseKey, course);
  let tally = round.tallies.get(actor.sourcedId);
  if (!tally) {
    tally = ctx.pctCompleteOf(actor.sourcedId);
    round.tallies.set(actor.sourcedId, tally);
  }
  return { actor, course, tally };
}

/** The Caliper events of a record or a tracker message, as `record` and the handler build them. */
async function eventsOf(
  ctx: ServerContext,
  entry: RecordEntry | MessageEntry,
  round: Round,
): Promise<AnyCaliperEvent[]> {
  const { actor, course, tally } = await studentOf(ctx, entry, round);
  if (entry.kind === 'message') {
    const { message } = entry;
    // Decision 10 for a completion, as the handler computes it when it sends at once.
    const pctComplete = message.kind === 'completion' ? await tally(course, message.completion) : undefined;
    return [
      caliperEventFromMessage(message, {
        sensor: entry.sensor,
        app: entry.app,
        course,
        actor,
        ...(pctComplete !== undefined && { pctComplete }),
      }),
    ];
  }
  const metrics = { ...entry.metrics };
  const pctComplete = await tally(course, metrics);
  if (pctComplete !== undefined) metrics.pctComplete = pctComplete;
  return recordEvents(
    { sensor: entry.sensor, app: entry.app, course, actor, activity: entry.activity, runId: entry.runId },
    {
      window: entry.window,
      eventTime: entry.eventTime,
      metrics,
      idOf: (kind) => entry.ids?.[kind] ?? recordEventId(kind, entry.key, actor.sourcedId, entry.activity.id),
    },
  );
}

/**
 * Builds the events of a batch's entries with `record`'s own code: the actor (a roster look-up when `platformId` is
 * missing, cached), decision 10 from the gradebook once per student and course for the whole batch, the completions
 * of one student adding up in order. Results go into `built` as they come, so a retry after a transient failure
 * (which this throws) builds only what is left, and keeps the events it built.
 */
export async function buildEntries(
  ctx: ServerContext,
  items: readonly { id: string; entry: QueueEntry | undefined }[],
  built: Map<string, Built>,
  round: Round,
): Promise<void> {
  for (const { id, entry } of items) {
    if (built.has(id)) continue;
    if (!entry) {
      built.set(id, { refused: 'the entry is not one this version of LearnKit can read' });
      continue;
    }
    if (entry.kind === 'event') {
      built.set(id, { events: [entry.event], sensor: entry.sensor });
      continue;
    }
    try {
      const events = await eventsOf(ctx, entry, round);
      built.set(id, { events, sensor: entry.sensor });
    } catch (error) {
      if (!isPermanent(error)) throw error;
      built.set(id, { refused: (error as Error).message });
    }
  }
}
