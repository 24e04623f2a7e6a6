import type { FaultSpec, RevokeFilter } from '../faults.js';
import type { MockPlatform } from '../platform.js';

// The control operations of `learnkit-mock serve` that let a test in any language inject faults and read what the
// mock saw, over HTTP (docs/decisions.md#d-i17-mock-control). The trigger of events lives in control.ts.

/** Where faults are injected (POST), listed (GET) and cleared (DELETE). */
export const FAULTS_PATH = '/__learnkit-mock/faults';
/** Where issued tokens are revoked (POST `{ clientId?, kind? }`). */
export const REVOKE_PATH = '/__learnkit-mock/tokens/revoke';
/** The request log, newest last (GET). */
export const REQUESTS_PATH = '/__learnkit-mock/requests';
/** The Caliper events the ingest accepted, in arrival order (GET). */
export const CALIPER_EVENTS_PATH = '/__learnkit-mock/caliper-events';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (message: string) => json(400, { error: 'bad_request', message });

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

/** The fault a JSON body describes, or the message that says what is wrong with it. */
function faultOf(body: unknown): FaultSpec | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return 'the body must be a JSON object such as { "path": "/auth/1.0/token", "status": 503, "times": 2 }';
  for (const [key, value] of Object.entries(body)) {
    const type = FAULT_MEMBERS[key];
    if (type === undefined)
      return `unknown member "${key}"; a fault takes ${Object.keys(FAULT_MEMBERS).join(', ')}`;
    const ok = type === 'any' || (type === 'true' ? value === true : type.split('|').includes(typeof value));
    if (!ok) return `${key} must be ${type === 'true' ? 'true' : `a ${type.replace('|', ' or a ')}`}`;
  }
  const spec = body as FaultSpec;
  if (spec.delayMs !== undefined && !(spec.delayMs >= 0 && Number.isFinite(spec.delayMs)))
    return 'delayMs must be a number of milliseconds >= 0';
  return spec;
}

/** Reads a JSON body; an empty one is `{}`. */
async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  return text.trim() === '' ? {} : JSON.parse(text);
}

/**
 * The fault and inspection operations of the control path: a response for the paths it serves, else undefined.
 * `log` gets one line per fault injected or cleared and per revocation.
 */
export function faultControl(
  platform: MockPlatform,
  log: (line: string) => void,
): (request: Request, pathname: string) => Promise<Response> | undefined {
  const faults = async (request: Request): Promise<Response> => {
    if (request.method === 'GET') return json(200, { faults: platform.faults.active() });
    if (request.method === 'DELETE') {
      const cleared = platform.faults.active().length;
      platform.faults.clear();
      log(`faults cleared (${cleared})`);
      return json(200, { cleared });
    }
    let body: unknown;
    try {
      body = await bodyOf(request);
    } catch {
      return problem('the body must be JSON, such as { "path": "/auth/1.0/token", "status": 503 }');
    }
    const spec = faultOf(body);
    if (typeof spec === 'string') return problem(spec);
    try {
      const fault = platform.faults.inject(spec);
      log(`fault #${fault.id} injected: ${JSON.stringify(spec)}`);
      return json(201, { fault });
    } catch (error) {
      return problem((error as Error).message);
    }
  };

  const revoke = async (request: Request): Promise<Response> => {
    let body: unknown;
    try {
      body = await bodyOf(request);
    } catch {
      return problem(
        'the body must be JSON: { "clientId"?: "partner-client", "kind"?: "client" | "developer" }',
      );
    }
    const { clientId, kind, ...rest } = (body ?? {}) as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length > 0) return problem(`unknown member "${extra[0]}"; revoke takes clientId and kind`);
    if (clientId !== undefined && typeof clientId !== 'string') return problem('clientId must be a string');
    if (kind !== undefined && kind !== 'client' && kind !== 'developer')
      return problem('kind must be "client" or "developer"');
    const filter: RevokeFilter = {
      ...(clientId !== undefined && { clientId }),
      ...(kind !== undefined && { kind }),
    };
    const revoked = platform.faults.revokeTokens(filter);
    log(`tokens revoked: ${revoked}`);
    return json(200, { revoked });
  };

  const routes: Record<string, { methods: string[]; handle: (request: Request) => Promise<Response> }> = {
    [FAULTS_PATH]: { methods: ['GET', 'POST', 'DELETE'], handle: faults },
    [REVOKE_PATH]: { methods: ['POST'], handle: revoke },
    [REQUESTS_PATH]: {
      methods: ['GET'],
      handle: async () => json(200, { requests: platform.state.requests }),
    },
    [CALIPER_EVENTS_PATH]: {
      methods: ['GET'],
      handle: async () => json(200, { events: platform.state.caliperEvents.map((stored) => stored.event) }),
    },
  };

  return (request, pathname) => {
    const route = Object.hasOwn(routes, pathname) ? routes[pathname] : undefined;
    if (!route) return undefined;
    if (!route.methods.includes(request.method)) {
      return Promise.resolve(
        new Response(
          JSON.stringify({ error: 'method_not_allowed', message: `use ${route.methods.join(' or ')}` }),
          {
            status: 405,
            headers: { 'content-type': 'application/json', allow: route.methods.join(', ') },
          },
        ),
      );
    }
    return route.handle(request);
  };
}
