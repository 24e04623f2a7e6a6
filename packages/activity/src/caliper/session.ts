import { type EventInput, eventHead } from './common';
import type { CaliperEntityRef, CaliperSessionEvent, SessionRecording } from './types';

/** Input of {@link sessionEvent}: the event's own members, with the head ({@link EventInput}) optional. */
export interface SessionEventInput
  extends EventInput,
    Pick<CaliperSessionEvent, 'object' | 'session' | 'extensions'> {
  /** `LoggedIn`, `LoggedOut`, `TimedOut`, ... (`Archived` has {@link sessionArchivedEvent}). */
  action: string;
  /** The person, as an entity or an IRI (an IRI-only actor must match a rostering user). */
  actor: CaliperEntityRef;
}

/**
 * A Caliper SessionEvent.
 *
 * @example
 * sessionEvent({ action: 'LoggedIn', actor: { id: userUrl, type: 'Person' }, object: 'https://app.example.com' });
 */
export function sessionEvent(input: SessionEventInput): CaliperSessionEvent {
  const event: CaliperSessionEvent = {
    ...eventHead('SessionEvent', input.action, input),
    actor: input.actor,
  };
  if (input.object !== undefined) event.object = input.object;
  if (input.session !== undefined) event.session = input.session;
  if (input.extensions !== undefined) event.extensions = input.extensions;
  return event;
}

/** Input of {@link sessionArchivedEvent}: the recording of an existing session. */
export interface SessionArchivedInput extends Omit<SessionEventInput, 'action' | 'object'> {
  /** The recording; `type: 'SessionRecording'` is filled in. */
  recording: Omit<SessionRecording, 'type'>;
}

/**
 * A SessionEvent `Archived` carrying its SessionRecording, which the platform applies to an existing session
 * (it never creates one).
 *
 * @example
 * sessionArchivedEvent({ actor: { id: userUrl, type: 'Person' },
 *   recording: { session: sessionIri, isProctored: true, webcamUsed: true, storageKey: 'rec/42' } });
 */
export function sessionArchivedEvent(input: SessionArchivedInput): CaliperSessionEvent {
  const object: SessionRecording = { type: 'SessionRecording', ...input.recording };
  return sessionEvent({ ...input, action: 'Archived', object });
}
