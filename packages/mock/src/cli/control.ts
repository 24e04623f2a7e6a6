import { isWebhookEventType } from '../catalogue.js';
import type { MockPlatform } from '../platform.js';
import type { WebhookEnvelope } from '../state.js';
import { faultControl } from './control-faults.js';
import { sampleEventData } from './samples.js';

/**
 * Where `learnkit-mock trigger` reaches the running server. Only the CLI's server answers it (never the MSW
 * handlers), outside every platform path (docs/decisions.md#d-i14-trigger).
 */
export const CONTROL_PATH = '/__learnkit-mock/events';

/** What the trigger endpoint takes. */
export type TriggerRequest = { type: string; data?: Record<string, unknown>; origin?: string };

/** What the trigger endpoint answers (201). */
export type TriggerResponse = {
  /** The event as raised: its envelope is what deliveries will carry. */
  event: WebhookEnvelope;
  /** The client the event was raised as caused by, if any. */
  originClientId?: string;
  /** Subscriptions (not deleted) that list the event's type: each gets it or a logged reason why not. */
  subscribers: number;
  /** About how long until the outbox drain routes it, in real milliseconds. */
  routedInMs: number;
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (status: number, message: string) => json(status, { error: 'bad_request', message });

/**
 * The control endpoints of `learnkit-mock serve`: the event trigger at {@link CONTROL_PATH}, and the faults,
 * token revocation, request log and Caliper events of control-faults.ts; returns undefined for every other
 * request (the platform answers those). `routedInMs` is the outbox delay as the
 * server's clock runs it.
 */
export function createControl(
  platform: MockPlatform,
  options: {
    routedInMs: number;
    onTrigger?: (response: TriggerResponse) => void;
    /** Where fault injections, clears and revocations are reported (default nowhere). */
    log?: (line: string) => void;
  },
): (request: Request) => Promise<Response> | undefined {
  const faults = faultControl(platform, options.log ?? (() => {}));
  const trigger = async (request: Request): Promise<Response> => {
    let body: Partial<TriggerRequest>;
    try {
      body = (await request.json()) as Partial<TriggerRequest>;
    } catch {
      return problem(
        400,
        'the body must be JSON: { "type": "user.created", "data"?: {...}, "origin"?: "partner" }',
      );
    }
    const { type, data = {}, origin } = body ?? {};
    if (!isWebhookEventType(type)) return problem(400, `unknown event type ${JSON.stringify(type)}`);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return problem(400, 'data must be an object of the members of the event data');
    }
    let originClientId: string | undefined;
    if (origin !== undefined) {
      const client = [...platform.state.clients.values()].find(
        (candidate) => candidate.clientId === origin || candidate.label === origin,
      );
      if (!client) {
        const known = [...platform.state.clients.values()].map((c) => c.label).join(', ');
        return problem(
          400,
          `unknown client ${JSON.stringify(origin)} for origin; use a label or client id: ${known}`,
        );
      }
      originClientId = client.clientId;
    }
    let event: WebhookEnvelope | undefined;
    try {
      event = platform.emit(type, { ...sampleEventData(platform, type), ...data }, { originClientId });
    } catch (error) {
      return problem(400, (error as Error).message);
    }
    if (event === undefined) {
      // A finding in SHADOW is hidden by the platform: there is nothing to deliver (docs/decisions.md#d-insight-findings).
      return problem(
        400,
        `a ${type} finding in SHADOW raises no event; give rolloutState NOTIFY or ENFORCE in --data`,
      );
    }
    let subscribers = 0;
    for (const subscription of platform.state.subscriptions.values()) {
      if (subscription.deletedAt === null && subscription.eventTypes.includes(type)) subscribers++;
    }
    const answer: TriggerResponse = {
      event,
      ...(originClientId && { originClientId }),
      subscribers,
      routedInMs: options.routedInMs,
    };
    options.onTrigger?.(answer);
    return json(201, answer);
  };

  return (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith('/__learnkit-mock/')) return undefined;
    const answer = faults(request, pathname);
    if (answer) return answer;
    if (pathname !== CONTROL_PATH)
      return Promise.resolve(problem(404, `no control operation at ${pathname}`));
    if (request.method !== 'POST') {
      return Promise.resolve(
        new Response(JSON.stringify({ error: 'method_not_allowed', message: 'use POST' }), {
          status: 405,
          headers: { 'content-type': 'application/json', allow: 'POST' },
        }),
      );
    }
    return trigger(request);
  };
}
