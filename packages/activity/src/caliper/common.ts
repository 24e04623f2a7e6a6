import { newEventId } from '../uuid';
import { CALIPER_CONTEXT, type CaliperEntityRef } from './types';

/** Members every builder takes: all optional, with fresh defaults. */
export interface EventInput {
  /** The event id, `urn:uuid:<uuid>` (default a fresh one); keep it stable across resends. */
  id?: string;
  /** When it happened (default now). */
  eventTime?: string | Date;
  /** The application, as an entity or an IRI. */
  edApp?: CaliperEntityRef;
}

/** An ISO 8601 string for a Date or a string (kept as is). */
export const toIso = (t: string | Date): string => (typeof t === 'string' ? t : t.toISOString());

/** `@context`, `id`, `type`, `action`, `eventTime` and `edApp` of an event. */
export function eventHead<T extends string, A extends string>(type: T, action: A, input: EventInput) {
  const head = {
    '@context': CALIPER_CONTEXT,
    id: input.id ?? newEventId(),
    type,
    action,
    eventTime: toIso(input.eventTime ?? new Date()),
  } as const;
  return input.edApp === undefined ? head : { ...head, edApp: input.edApp };
}
