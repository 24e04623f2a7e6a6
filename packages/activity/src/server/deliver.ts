import { caliperEventFromMessage } from '../caliper/from-message';
import type { CaliperActivityCompletedEvent, CaliperTimeSpentEvent } from '../caliper/types';
import type { CourseConfig, LearnkitConfig } from '../config/types';
import type { ActivityMessage } from '../protocol';
import type { ServerContext } from './context';
import { messageEntry } from './queue/entry';
import type { ActivityUser } from './users';

// Where the handler puts the messages a request owns: on the handler's queue when it has one, else to the ingest now
// (docs/decisions.md#d-handler-on-queue).

/** Stores queue entries (JSON), resolving once the store holds them all. */
export type Enqueue = (payloads: string[]) => Promise<unknown>;

/** The messages of one body this request owns (claimed), and what building their events needs. */
export interface Owned {
  user: ActivityUser;
  owned: ActivityMessage[];
  courses: Map<ActivityMessage, CourseConfig>;
  config: LearnkitConfig;
  now: () => number;
}

/**
 * Delivers the owned messages: on the queue, one entry each, stored in one call (accepted once stored: a worker
 * sends them, docs/decisions.md#d-handler-on-queue); without one, as Caliper events in one request now.
 */
export async function deliver(
  ctx: ServerContext,
  enqueue: Enqueue | undefined,
  { user, owned, courses, config, now }: Owned,
): Promise<{ accepted: number; duplicates: number }> {
  if (enqueue) {
    const at = now();
    await enqueue(
      owned.map((message) =>
        JSON.stringify(messageEntry(config, courses.get(message) as CourseConfig, user, message, at)),
      ),
    );
    return { accepted: owned.length, duplicates: 0 };
  }
  const actor = await ctx.actorOf(user);
  // Decision 10: earlier units from the gradebook, plus units of completions before this one in the body.
  const pctCompleteOf = ctx.pctCompleteOf(actor.sourcedId);
  const events: (CaliperTimeSpentEvent | CaliperActivityCompletedEvent)[] = [];
  for (const message of owned) {
    const course = courses.get(message) as CourseConfig;
    const pctComplete =
      message.kind === 'completion' ? await pctCompleteOf(course, message.completion) : undefined;
    events.push(
      caliperEventFromMessage(message, {
        sensor: config.sensor,
        app: config.app,
        course,
        actor,
        ...(pctComplete !== undefined && { pctComplete }),
      }),
    );
  }
  const sent = await ctx.caliper.send(events, { sensor: config.sensor });
  return { accepted: sent.accepted, duplicates: sent.duplicates + sent.skipped.length };
}
