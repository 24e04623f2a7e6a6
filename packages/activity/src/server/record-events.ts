import type { EventInput } from '../caliper/common';
import { activityCompletedEvent } from '../caliper/completed';
import type { ProfileEventInput } from '../caliper/profile';
import { timeSpentEvent } from '../caliper/time-spent';
import type { CaliperActivityCompletedEvent, CaliperTimeSpentEvent } from '../caliper/types';
import type { CompletionMetrics } from '../completion';
import type { TimeWindow } from '../protocol';
import { newEventId } from '../uuid';
import { nameBasedUuid } from './ids';

// What `record` sends, built in one place for `record` and for the activity queue's workers, so the queue sends the
// same events with the same ids (docs/decisions.md#d-queue-same-events).

/** The events of one `record`: a TimeSpentEvent when `time` was given, then the completion. */
export type RecordEvents = (CaliperTimeSpentEvent | CaliperActivityCompletedEvent)[];

/** The two kinds of event a `record` sends, as its name-based ids name them. */
export type RecordEventKind = 'timeSpent' | 'completion';

/**
 * The id of a `record`'s event of `kind`: fresh without an idempotency key; with one, name-based on the key, the
 * user's rostering id and the activity, so a repeat is the same event (docs/decisions.md#d-runid-correlates).
 */
export async function recordEventId(
  kind: RecordEventKind,
  key: string | undefined,
  sourcedId: string,
  activityId: string,
): Promise<string> {
  return key === undefined
    ? newEventId()
    : `urn:uuid:${await nameBasedUuid(`${kind}:${sourcedId}:${activityId}:${key}`)}`;
}

/** What the events of one `record` are made of, beside the profile members. */
export interface RecordEventsInput {
  /** The checked time window, when `time` was given. */
  window?: TimeWindow | undefined;
  /** The completion's event time: `time.endedAt`, else when it was recorded. */
  eventTime: string;
  /** The metrics, `pctComplete` included when decision 10 computed it. */
  metrics: CompletionMetrics;
  /** The id of each event. */
  idOf: (kind: RecordEventKind) => string | Promise<string>;
}

/** The Caliper events of one `record`, in the order they are sent. */
export async function recordEvents(
  profile: Omit<ProfileEventInput, keyof EventInput>,
  input: RecordEventsInput,
): Promise<RecordEvents> {
  const events: RecordEvents = [];
  const { window } = input;
  if (window) events.push(timeSpentEvent({ ...profile, id: await input.idOf('timeSpent'), window }));
  events.push(
    activityCompletedEvent({
      ...profile,
      id: await input.idOf('completion'),
      eventTime: input.eventTime,
      metrics: input.metrics,
    }),
  );
  return events;
}
