import type { CourseConfig } from '../config/types';
import type { ActivityMessage, CompletionMessage, TimeSpentMessage } from '../protocol';
import { activityCompletedEvent } from './completed';
import type { ActorInput } from './profile';
import { timeSpentEvent } from './time-spent';
import type { CaliperActivityCompletedEvent, CaliperEntityRef, CaliperTimeSpentEvent } from './types';

/** What the server knows and the browser must not be trusted with: who, and the configured course and app. */
export interface MessageContext {
  /** The partner application's base URL (`sensor` of learnkit.config.json); activity URLs start with it. */
  sensor: string;
  /** The partner application (`app` of learnkit.config.json), sent as `object.app`. */
  app: {
    /** The application's name. */
    name: string;
    /** The application's platform id, sent when given. */
    id?: string;
  };
  /** The configured course the message's `activity.course` names (see `findCourse`). */
  course: CourseConfig;
  /** The signed-in student, as your server knows them (never taken from the message). */
  actor: ActorInput;
  /** The application as `edApp` of the event, when you send one. */
  edApp?: CaliperEntityRef;
  /** `pctComplete` the server computed (decision 10); used when the completion gives none. */
  pctComplete?: number;
}

/** The Caliper event of one tracker message; its id is the message's id, so resends dedupe downstream. */
export function caliperEventFromMessage(
  message: TimeSpentMessage,
  context: MessageContext,
): CaliperTimeSpentEvent;
export function caliperEventFromMessage(
  message: CompletionMessage,
  context: MessageContext,
): CaliperActivityCompletedEvent;
export function caliperEventFromMessage(
  message: ActivityMessage,
  context: MessageContext,
): CaliperTimeSpentEvent | CaliperActivityCompletedEvent;
export function caliperEventFromMessage(
  message: ActivityMessage,
  context: MessageContext,
): CaliperTimeSpentEvent | CaliperActivityCompletedEvent {
  const { pctComplete, ...rest } = context;
  const input = {
    ...rest,
    id: message.id,
    runId: message.runId,
    activity: { id: message.activity.id, name: message.activity.name },
  };
  if (message.kind === 'timeSpent') return timeSpentEvent({ ...input, window: message.window });
  const metrics = { ...message.completion };
  if (metrics.pctComplete === undefined && pctComplete !== undefined) metrics.pctComplete = pctComplete;
  return activityCompletedEvent({ ...input, eventTime: message.at, metrics });
}
