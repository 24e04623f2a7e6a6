import { isRecord } from '@learnkit/core';
import { isWebhookEventType } from '../catalogue.js';
import type { FaultSpec, RevokeFilter } from '../faults.js';
import { json } from '../internal/responses.js';
import type { MockPlatform } from '../platform.js';
import type { WebhookEnvelope } from '../state.js';
import { sampleEventData } from './samples.js';

// The control operations of `learnkit-mock serve`, outside every platform path and never in the MSW handlers: the
// event trigger (docs/decisions.md#d-i14-trigger), and the faults, token revocation, request log and Caliper events
// that let a test in any language drive the mock over HTTP (docs/decisions.md#d-i17-mock-control).

const PREFIX = '/__learnkit-mock/';

/** Where `learnkit-mock trigger` reaches the running server. */
export const CONTROL_PATH = `${PREFIX}events`;

/** What the trigger endpoint takes: the type, data over the sample values, the causing client's label or id. */
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

// Handlers throw these; the dispatcher answers them.
const problem = (message: string, status = 400) => json(status, { error: 'bad_request', message });

/** The JSON body (`{}` when there is none and `optional`), else a 400 showing `example`. */
async function bodyOf(request: Request, example: string, optional = false): Promise<unknown> {
  const text = await request.text();
  if (optional && text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw problem(`the body must be JSON, such as ${example}`);
  }
}

const FAULT_EXAMPLE = '{ "path": "/auth/1.0/token", "status": 503, "times": 2 }';

/** The members a fault takes over HTTP, and the JSON type of each (`path` is a string: `*` matches any run). */
const FAULT_MEMBERS: Record<string, 'string' | 'number' | 'true' | 'number|string' | 'any'> = {
  method: 'string',
  path: 'string',
  times: 'number',
  status: 'number',
  retryAfter: 'number|string',
  body: 'any',
  hang: 'true',
  reset: 'true',
  nonJson: 'true',
  stallBody: 'true',
  redirectTo: 'string',
  delayMs: 'number',
};

/** The fault a JSON body describes; throws a 400 that says what is wrong with it. */
function faultOf(body: unknown): FaultSpec {
  if (!isRecord(body)) throw problem(`the body must be a JSON object such as ${FAULT_EXAMPLE}`);
  for (const [key, value] of Object.entries(body)) {
    const type = FAULT_MEMBERS[key];
    if (type === undefined)
      throw problem(`unknown member "${key}"; a fault takes ${Object.keys(FAULT_MEMBERS).join(', ')}`);
    const ok = type === 'any' || (type === 'true' ? value === true : type.split('|').includes(typeof value));
    if (!ok) throw problem(`${key} must be ${type === 'true' ? 'true' : `a ${type.replace('|', ' or a ')}`}`);
  }
  const spec = body as FaultSpec;
  if (spec.delayMs !== undefined && !(spec.delayMs >= 0 && Number.isFinite(spec.delayMs)))
    throw problem('delayMs must be a number of milliseconds >= 0');
  return spec;
}

/**
 * The control endpoints of `learnkit-mock serve`: a response for a path under `/__learnkit-mock/`, undefined for
 * every other request (the platform answers those). `routedInMs` is the outbox delay as the server's clock runs
 * it; `log` (default nowhere) gets one line per fault injected or cleared and per revocation.
 */
export function createControl(
  platform: MockPlatform,
  options: {
    routedInMs: number;
    onTrigger?: (response: TriggerResponse) => void;
    log?: (line: string) => void;
  },
): (request: Request) => Promise<Response> | undefined {
  const { state, faults } = platform;
  const log = options.log ?? (() => {});

  const injectFault = async (request: Request): Promise<Response> => {
    if (request.method === 'GET') return json(200, { faults: faults.active() });
    if (request.method === 'DELETE') {
      const cleared = faults.active().length;
      faults.clear();
      log(`faults cleared (${cleared})`);
      return json(200, { cleared });
    }
    const spec = faultOf(await bodyOf(request, FAULT_EXAMPLE, true));
    try {
      const fault = faults.inject(spec);
      log(`fault #${fault.id} injected: ${JSON.stringify(spec)}`);
      return json(201, { fault });
    } catch (error) {
      throw problem((error as Error).message);
    }
  };

  const revoke = async (request: Request): Promise<Response> => {
    const example = '{ "clientId"?: "partner-client", "kind"?: "client" | "developer" }';
    const body = (await bodyOf(request, example, true)) ?? {};
    const { clientId, kind, ...rest } = body as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length > 0) throw problem(`unknown member "${extra[0]}"; revoke takes clientId and kind`);
    if (clientId !== undefined && typeof clientId !== 'string') throw problem('clientId must be a string');
    if (kind !== undefined && kind !== 'client' && kind !== 'developer')
      throw problem('kind must be "client" or "developer"');
    // An absent member (undefined) filters nothing.
    const revoked = faults.revokeTokens({ clientId, kind } as RevokeFilter);
    log(`tokens revoked: ${revoked}`);
    return json(200, { revoked });
  };

  const trigger = async (request: Request): Promise<Response> => {
    const example = '{ "type": "user.created", "data"?: {...}, "origin"?: "partner" }';
    const body = (await bodyOf(request, example)) as Partial<TriggerRequest> | null;
    const { type, data = {}, origin } = body ?? {};
    if (!isWebhookEventType(type)) throw problem(`unknown event type ${JSON.stringify(type)}`);
    if (!isRecord(data)) throw problem('data must be an object of the members of the event data');
    const clients = [...state.clients.values()];
    const client = clients.find((candidate) => candidate.clientId === origin || candidate.label === origin);
    if (origin !== undefined && !client) {
      const known = clients.map((c) => c.label).join(', ');
      throw problem(
        `unknown client ${JSON.stringify(origin)} for origin; use a label or client id: ${known}`,
      );
    }
    const originClientId = origin === undefined ? undefined : client?.clientId;
    let event: WebhookEnvelope | undefined;
    try {
      event = platform.emit(type, { ...sampleEventData(platform, type), ...data }, { originClientId });
    } catch (error) {
      throw problem((error as Error).message);
    }
    // A finding in SHADOW is hidden by the platform: there is nothing to deliver (docs/decisions.md#d-insight-findings).
    if (event === undefined)
      throw problem(
        `a ${type} finding in SHADOW raises no event; give rolloutState NOTIFY or ENFORCE in --data`,
      );
    const subscribers = [...state.subscriptions.values()].filter(
      (subscription) => subscription.deletedAt === null && subscription.eventTypes.includes(type),
    ).length;
    const answer: TriggerResponse = {
      event,
      ...(originClientId && { originClientId }),
      subscribers,
      routedInMs: options.routedInMs,
    };
    options.onTrigger?.(answer);
    return json(201, answer);
  };

  const routes: Record<string, [methods: string[], handle: (request: Request) => Promise<Response>]> = {
    faults: [['GET', 'POST', 'DELETE'], injectFault],
    'tokens/revoke': [['POST'], revoke],
    requests: [['GET'], async () => json(200, { requests: state.requests })],
    'caliper-events': [['GET'], async () => json(200, { events: state.caliperEvents.map((c) => c.event) })],
    events: [['POST'], trigger],
  };

  return (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(PREFIX)) return undefined;
    const name = pathname.slice(PREFIX.length);
    const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
    if (!route) return Promise.resolve(problem(`no control operation at ${pathname}`, 404));
    const [methods, handle] = route;
    if (!methods.includes(request.method)) {
      const message = `use ${methods.join(' or ')}`;
      return Promise.resolve(
        json(405, { error: 'method_not_allowed', message }, { allow: methods.join(', ') }),
      );
    }
    return handle(request).catch((error: unknown) => {
      if (error instanceof Response) return error;
      throw error;
    });
  };
}
