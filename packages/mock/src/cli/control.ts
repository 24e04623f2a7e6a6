import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '../catalogue.js';
import {
  CONTROL_OPERATIONS,
  type ControlOperationId,
  type ControlOperationTypes,
} from '../generated/control-operations.js';
import type { components } from '../generated/mock-control.js';
import { bufferBodyWithin, parseJsonText } from '../internal/body.js';
import { HttpError } from '../internal/http-error.js';
import { MAX_BODY_BYTES } from '../internal/limits.js';
import { json } from '../internal/responses.js';
import type { MockPlatform } from '../platform.js';
import { controlRefusal } from '../validation/control.js';
import { refuseControlCaller, refuseControlContentType } from './control-guard.js';
import { sampleEventData } from './samples.js';

// The control operations of `learnkit-mock serve`, outside every platform path and never in the MSW handlers: the
// event trigger (docs/decisions.md#d-mock-trigger-command), and the faults, token revocation, request log and Caliper events
// that let a test in any language drive the mock over HTTP (docs/decisions.md#d-mock-control-over-http). Their paths,
// bodies and responses are stated by openapi/mock-control.yaml, which routes and checks them here through the table
// and schemas `pnpm gen` makes of it (docs/decisions.md#d-mock-control-document).

const PREFIX = '/__learnkit-mock';

/** Where `learnkit-mock trigger` reaches the running server. */
export const CONTROL_PATH = `${PREFIX}${CONTROL_OPERATIONS.triggerEvent.path}`;

type Schemas = components['schemas'];

/** What the trigger endpoint takes: the type, data over the sample values, the causing client's label or id. */
export type TriggerRequest = Schemas['TriggerRequest'];

/** What the trigger endpoint returns (201): the event raised, its subscribers and when it is routed. */
export type TriggerResponse = Schemas['TriggerResponse'];

/** What the launch endpoint takes: the student (`as`), the app's launch URL (`to`), a fault. */
export type LaunchRequest = Schemas['LaunchRequest'];

/** What the launch endpoint returns (201): the token, the page that posts it, its claims. */
export type LaunchResponse = Schemas['LaunchResponse'];

/** Where `learnkit-mock launch` reaches the running server. */
export const LAUNCH_PATH = `${PREFIX}${CONTROL_OPERATIONS.launchApp.path}`;

/** The JSON body an operation takes, as its document types it (`undefined` for one that takes none). */
type BodyOf<Id extends ControlOperationId> = [NonNullable<ControlOperationTypes[Id]['requestBody']>] extends [
  { content: { 'application/json': infer B } },
]
  ? B
  : undefined;

/** What each control operation does with a request the document took (its body checked). */
export type ControlHandlers = {
  [Id in ControlOperationId]: (body: BodyOf<Id>) => Response | Promise<Response>;
};

/** What the control path needs besides the platform. */
type ControlOptions = { routedInMs: number; log: (line: string) => void; changed: (line: string) => void };

// Handlers throw these; the dispatcher responds to them.
const problem = (message: string, status = 400, error = 'bad_request') => json(status, { error, message });

/** `run()`, whose Error (what `emit` or `inject` refuses) is the caller's 400; a bug elsewhere stays a 500. */
function refusing<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw problem((error as Error).message);
  }
}

/** Raises the event a trigger asks for; the rules the document cannot state are refused here. */
function trigger(platform: MockPlatform, options: ControlOptions, body: TriggerRequest): Response {
  const { type, data = {}, origin } = body;
  if (!isWebhookEventType(type))
    throw problem(
      `unknown event type ${JSON.stringify(type)}; the catalogue has: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
    );
  const clients = [...platform.state.clients.values()];
  const client = clients.find((candidate) => candidate.clientId === origin || candidate.label === origin);
  if (origin !== undefined && !client) {
    const known = clients.map((c) => c.label).join(', ');
    throw problem(`unknown client ${JSON.stringify(origin)} for origin; use a label or client id: ${known}`);
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
  const subscribers = [...platform.state.subscriptions.values()].filter(
    (subscription) => subscription.deletedAt === null && subscription.eventTypes.includes(type),
  ).length;
  const rawResponse: TriggerResponse = {
    event,
    ...(originClientId && { originClientId }),
    subscribers,
    routedInMs: options.routedInMs,
  };
  const cause = originClientId ? ` as caused by ${originClientId}` : '';
  options.changed(`event ${type} ${event.id} raised by learnkit-mock trigger${cause}`);
  return json(201, rawResponse);
}

/**
 * The handler of every operation of openapi/mock-control.yaml, by operationId. `routedInMs` is the outbox delay
 * as the server's clock runs it; `log` gets one line per fault injected or cleared and per revocation, `changed`
 * one per event raised (a change of the state).
 */
export function controlHandlers(platform: MockPlatform, options: ControlOptions): ControlHandlers {
  const { state, faults } = platform;
  const { log } = options;
  return {
    listFaults: () => json(200, { faults: faults.active() }),
    injectFault: (spec) => {
      const fault = refusing(() => faults.inject(spec));
      log(`fault #${fault.id} injected: ${JSON.stringify(spec)}`);
      return json(201, { fault });
    },
    clearFaults: () => {
      const cleared = faults.active().length;
      faults.clear();
      log(`faults cleared (${cleared})`);
      return json(200, { cleared });
    },
    revokeTokens: (filter) => {
      const revoked = faults.revokeTokens(filter);
      log(`tokens revoked: ${revoked}`);
      return json(200, { revoked });
    },
    listRequests: () => json(200, { requests: state.requests }),
    listCaliperEvents: () => json(200, { events: state.caliperEvents.map((c) => c.event) }),
    triggerEvent: (body) => trigger(platform, options, body),
    launchApp: async (body) => {
      const made = await platform.lti
        .launch({ user: body.as, targetLinkUri: body.to, audience: body.audience, fault: body.fault })
        .catch((error: Error) => {
          throw problem(error.message);
        });
      log(`launch of ${body.as} to ${body.to}${body.fault ? ` (fault ${body.fault})` : ''}`);
      return json(201, made);
    },
  };
}

type Row = (typeof CONTROL_OPERATIONS)[ControlOperationId];

/**
 * The JSON body of a request to `row` (`{}` for an empty optional one), else a 400 showing the document's example;
 * read within `MAX_BODY_BYTES` (413) and the platform's depth and number limits (400), as a platform body is
 * (docs/decisions.md#d-mock-control-origin).
 */
async function bodyOf(request: Request, row: Row): Promise<unknown> {
  if (!('body' in row)) return undefined;
  let text: string;
  let parsed: { value: unknown } | null;
  try {
    const chunks = (await bufferBodyWithin(request, MAX_BODY_BYTES)) ?? [];
    text = await new Blob(chunks as BlobPart[]).text();
    if (row.body === 'optional' && text.trim() === '') return {};
    parsed = parseJsonText(text);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw problem(error.message, error.status, error.status === 413 ? 'payload_too_large' : 'bad_request');
  }
  if (!parsed) throw problem(`the body must be JSON, such as ${row.example}`);
  return parsed.value;
}

const OPERATION_IDS = Object.keys(CONTROL_OPERATIONS) as ControlOperationId[];

/**
 * The response to a request at `path` below the prefix: the operation the document states at its method and path,
 * with its query and body checked against the document; 405 with `Allow` for a path of the document called with
 * another method, 404 for any other path (docs/decisions.md#d-mock-control-document).
 */
async function rawResponse(handlers: ControlHandlers, request: Request, path: string): Promise<Response> {
  const atPath = OPERATION_IDS.filter((id) => CONTROL_OPERATIONS[id].path === path);
  const id = atPath.find((candidate) => CONTROL_OPERATIONS[candidate].method === request.method);
  if (id === undefined) {
    if (atPath.length === 0) throw problem(`no control operation at ${PREFIX}${path}`, 404);
    const methods = atPath.map((candidate) => CONTROL_OPERATIONS[candidate].method);
    return json(
      405,
      { error: 'method_not_allowed', message: `use ${methods.join(' or ')}` },
      { allow: methods.join(', ') },
    );
  }
  const wrongType = refuseControlContentType(request);
  if (wrongType) return wrongType;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const body = await bodyOf(request, CONTROL_OPERATIONS[id]);
  const refused =
    controlRefusal(id, 'query', query) ?? (body === undefined ? undefined : controlRefusal(id, 'body', body));
  if (refused) throw problem(refused);
  return (handlers[id] as (body: unknown) => Response | Promise<Response>)(body);
}

/**
 * The control endpoints of `learnkit-mock serve`: a response for a path under `/__learnkit-mock/`, undefined for
 * every other request (the platform returns those).
 */
export function createControl(
  platform: MockPlatform,
  options: ControlOptions,
): (request: Request) => Promise<Response> | undefined {
  const handlers = controlHandlers(platform, options);
  return (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${PREFIX}/`)) return undefined;
    const refused = refuseControlCaller(request);
    if (refused) return Promise.resolve(refused);
    return rawResponse(handlers, request, pathname.slice(PREFIX.length)).catch((error: unknown) => {
      if (error instanceof Response) return error;
      throw error;
    });
  };
}
