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

/** `run()`, whose Error (what `emit` or `inject` refuses) is the caller's 400; a bug elsewhere stays a 500. */
function refusing<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw problem((error as Error).message);
  }
}

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

/**
 * `body` if it is an object whose every member is one of `rules` and of the JSON type the rule names (`true`: only
 * true; `any`), else a 400 naming the member: a typo must not change what is asked.
 */
function checked(body: unknown, rules: Record<string, string>, what: string, example: string) {
  if (!isRecord(body)) throw problem(`the body must be a JSON object such as ${example}`);
  for (const [key, value] of Object.entries(body)) {
    const type = Object.hasOwn(rules, key) ? rules[key]! : undefined;
    if (type === undefined)
      throw problem(`unknown member "${key}"; ${what} takes ${Object.keys(rules).join(', ')}`);
    const ok = type === 'any' || (type === 'true' ? value === true : type.split('|').includes(typeof value));
    if (!ok) throw problem(`${key} must be ${type === 'true' ? 'true' : `a ${type.replace('|', ' or a ')}`}`);
  }
  return body;
}

const FAULT_EXAMPLE = '{ "path": "/auth/1.0/token", "status": 503, "times": 2 }';

/** The members a fault takes over HTTP, and the JSON type of each (`path` is a string: `*` matches any run). */
const FAULT_MEMBERS: Record<string, string> = {
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

/**
 * The control endpoints of `learnkit-mock serve`: a response for a path under `/__learnkit-mock/`, undefined for
 * every other request (the platform answers those). `routedInMs` is the outbox delay as the server's clock runs
 * it; `log` gets one line per fault injected or cleared and per revocation, `changed` one per event raised (a
 * change of the state).
 */
export function createControl(
  platform: MockPlatform,
  options: { routedInMs: number; log: (line: string) => void; changed: (line: string) => void },
): (request: Request) => Promise<Response> | undefined {
  const { state, faults } = platform;
  const { log } = options;

  const injectFault = async (request: Request): Promise<Response> => {
    const body = await bodyOf(request, FAULT_EXAMPLE, true);
    const spec = checked(body, FAULT_MEMBERS, 'a fault', FAULT_EXAMPLE) as FaultSpec;
    if (spec.delayMs !== undefined && !(spec.delayMs >= 0 && Number.isFinite(spec.delayMs)))
      throw problem('delayMs must be a number of milliseconds >= 0');
    const fault = refusing(() => faults.inject(spec));
    log(`fault #${fault.id} injected: ${JSON.stringify(spec)}`);
    return json(201, { fault });
  };

  const clearFaults = async (): Promise<Response> => {
    const cleared = faults.active().length;
    faults.clear();
    log(`faults cleared (${cleared})`);
    return json(200, { cleared });
  };

  const revoke = async (request: Request): Promise<Response> => {
    const example = '{ "clientId"?: "partner-client", "kind"?: "client" | "developer" }';
    const body = (await bodyOf(request, example, true)) ?? {};
    const filter = checked(body, { clientId: 'string', kind: 'string' }, 'revoke', example) as RevokeFilter;
    if (filter.kind !== undefined && filter.kind !== 'client' && filter.kind !== 'developer')
      throw problem('kind must be "client" or "developer"');
    const revoked = faults.revokeTokens(filter);
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
    const event = refusing(() =>
      platform.emit(type, { ...sampleEventData(platform, type), ...data }, { originClientId }),
    );
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
    const cause = originClientId ? ` as caused by ${originClientId}` : '';
    options.changed(`event ${type} ${event.id} raised by learnkit-mock trigger${cause}`);
    return json(201, answer);
  };

  // By method and name (the path below the prefix).
  const routes = new Map<string, (request: Request) => Promise<Response>>([
    ['GET faults', async () => json(200, { faults: faults.active() })],
    ['POST faults', injectFault],
    ['DELETE faults', clearFaults],
    ['POST tokens/revoke', revoke],
    ['GET requests', async () => json(200, { requests: state.requests })],
    ['GET caliper-events', async () => json(200, { events: state.caliperEvents.map((c) => c.event) })],
    ['POST events', trigger],
  ]);

  const answer = async (request: Request, name: string): Promise<Response> => {
    const handle = routes.get(`${request.method} ${name}`);
    if (handle) return handle(request);
    const methods = [...routes.keys()]
      .filter((key) => key.endsWith(` ${name}`))
      .map((key) => key.split(' ')[0]);
    if (methods.length === 0) throw problem(`no control operation at ${PREFIX}${name}`, 404);
    const message = `use ${methods.join(' or ')}`;
    return json(405, { error: 'method_not_allowed', message }, { allow: methods.join(', ') });
  };

  return (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(PREFIX)) return undefined;
    return answer(request, pathname.slice(PREFIX.length)).catch((error: unknown) => {
      if (error instanceof Response) return error;
      throw error;
    });
  };
}
