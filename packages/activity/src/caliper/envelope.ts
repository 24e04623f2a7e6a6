import { invalid } from '../invalid';
import { toIso } from './common';
import { CALIPER_CONTEXT, type CaliperEnvelope, type CaliperEvent, type CaliperEventBase } from './types';

/** Input of {@link envelope}. */
export interface EnvelopeInput<E extends CaliperEventBase> {
  /** The sending application's IRI. */
  sensor: string;
  /** At least one event. */
  events: readonly E[];
  /** Default now. */
  sendTime?: string | Date;
}

/**
 * A Caliper 1.2 envelope around `events`, the body of POST /caliper/v1p2.
 *
 * @example
 * await fetch(`${baseUrl}/caliper/v1p2`, { method: 'POST', body: JSON.stringify(envelope({ sensor, events })) });
 */
export function envelope<E extends CaliperEventBase = CaliperEvent>(
  input: EnvelopeInput<E>,
): CaliperEnvelope<E> {
  if (input.events.length === 0)
    throw invalid(['events'], 'envelope: events must hold at least one event; pass the events to send');
  return {
    sensor: input.sensor,
    sendTime: toIso(input.sendTime ?? new Date()),
    dataVersion: CALIPER_CONTEXT,
    data: [...input.events],
  };
}
