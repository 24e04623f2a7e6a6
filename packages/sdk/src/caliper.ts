import type {
  CaliperClient,
  CaliperSendInput,
  CaliperSendOptions,
  CaliperSendResult,
} from '@learnkit/activity/server';
import { ApiPromise, ValidationError } from '@learnkit/core';

/**
 * `lk.caliper`: the platform's Caliper 1.2 ingest (`POST /caliper/v1p2`) over the instance's transport.
 * `send` takes one event, a list, or a whole envelope; bare events are wrapped with the `sensor` of the call,
 * else the one of the activity configuration (`learnkit.config.json`). Sends are idempotent (keyed by event
 * id) and retried on transient failures.
 */
export type LearnKitCaliper = CaliperClient;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An envelope carries its own sensor; bare events (one or a list) need one. */
const isEnvelope = (input: CaliperSendInput): boolean =>
  isRecord(input) &&
  'data' in input &&
  ('sensor' in input || 'dataVersion' in input) &&
  !('@context' in input);

/**
 * @internal `inner` with the sensor of bare events defaulting to the activity configuration's, read only when
 * a call needs it.
 */
export function withConfiguredSensor(inner: CaliperClient, sensor: () => Promise<string>): LearnKitCaliper {
  return {
    hasAccepted: (id) => inner.hasAccepted(id),
    send(input: CaliperSendInput, options?: CaliperSendOptions): ApiPromise<CaliperSendResult> {
      if (options?.sensor !== undefined || isEnvelope(input)) return inner.send(input, options);
      return ApiPromise.fromResult(async () => {
        const configured = await configuredSensor();
        return inner.send(input, { ...options, sensor: configured }).withRawResponse();
      });
    },
  };

  /** The sensor of the activity configuration, or the ValidationError that says how to give one. */
  async function configuredSensor(): Promise<string> {
    let configured: string;
    try {
      configured = await sensor();
    } catch (cause) {
      const error = new ValidationError([
        {
          path: ['sensor'],
          message:
            'is required to send bare events: pass lk.caliper.send(events, { sensor }), send an envelope, or give ' +
            `an activity configuration, whose sensor is used (${cause instanceof Error ? cause.message : String(cause)})`,
        },
      ]);
      Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true });
      throw error;
    }
    return configured;
  }
}
