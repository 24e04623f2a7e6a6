import type { HttpHandler } from 'msw';
import { createMswHandlers, loadMsw } from './adapters/msw.js';
import type { WebhookEventType } from './catalogue.js';
import { VirtualClock } from './clock.js';
import { type Core, isoSeconds, resolveOptions, trimSlash } from './core.js';
import { DeliveryEngine } from './deliveries.js';
import { type EmitOptions, emittedData, raiseEvent } from './events.js';
import { Faults } from './faults.js';
import { bufferBodyWithin, streamOf } from './internal/body.js';
import { hostPolicy, hostProblem } from './internal/host.js';
import { HttpError } from './internal/http-error.js';
import { MAX_TARGET_LENGTH } from './internal/limits.js';
import { areaOf, errorResponse, json, renderError } from './internal/responses.js';
import { createMockLti } from './lti.js';
import { buildRouter } from './operations/index.js';
import { decodeState, encodeState } from './persistence.js';
import type { MockFixtures, MockPlatform, MockPlatformOptions } from './platform-types.js';
import { seedCase } from './seed/case.js';
import { type MockClients, seedClients } from './seed/clients.js';
import { seedRoster } from './seed/roster.js';
import { createState, snapshotState } from './state.js';
import { issueToken } from './tokens.js';

// The platform's types have their own module (docs/decisions.md#d-source-shape), re-exported whole.
export type * from './platform-types.js';

/** The saved state, checked against the options that must agree with it. */
function readSavedState(options: MockPlatformOptions) {
  if (options.savedState === undefined) return undefined;
  const saved = decodeState(options.savedState);
  for (const name of ['seed', 'frameworkItems'] as const) {
    if (options[name] !== undefined && options[name] !== saved[name]) {
      throw new TypeError(
        `the saved state was made with ${name} ${saved[name]}, not ${options[name]}; leave ${name} out to use the saved one, or start without the saved state`,
      );
    }
  }
  return saved;
}

/** Resolves once `signal` aborts, or after `ms` when given (a delay fault that the client may cut short). */
const until = (signal: AbortSignal, ms?: number) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = ms === undefined ? undefined : setTimeout(resolve, ms);
    const abort = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener('abort', abort, { once: true });
  });

/**
 * Responds with the request's `X-Request-Id` (a fresh one when it sent none or an unfit one), as the platform's
 * gateway does, so a test can tie a response to its request (docs/decisions.md#d-request-id-per-call).
 */
function withRequestId(request: Request, response: Response): Response {
  if (response.type === 'error' || response.headers.has('x-request-id')) return response;
  const sent = request.headers.get('x-request-id');
  const id =
    sent !== null && /^[\x21-\x7e]{1,200}$/.test(sent)
      ? sent
      : `req_${crypto.randomUUID().replaceAll('-', '')}`;
  try {
    response.headers.set('x-request-id', id);
  } catch {
    // Immutable headers: a network-error fault (`Response.error()`) or a fetched response given as a fault, which
    // is passed on as it is (a copy would lose what makes it a fault).
  }
  return response;
}

/** Creates an in-memory platform with seeded data, a drivable clock, credentials and fault injection. */
export function createMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  const resolved = resolveOptions(options);
  const saved = readSavedState(options);
  const state = createState();
  const clock = new VirtualClock(options.clock ?? 'manual', {
    start: options.startTime,
    onError: (error, label) => state.errors.push({ label, error }),
  });
  const core = {
    state,
    clock,
    options: resolved,
    tokensByValue: new Map(),
    iso: (at?: number) => isoSeconds(at ?? clock.now()),
  } as Omit<Core, 'deliveries' | 'raise'> as Core;
  core.deliveries = new DeliveryEngine(core);
  core.raise = (type, data, emitOptions) => raiseEvent(core, type, data, emitOptions);

  const seed = saved?.seed ?? options.seed ?? 1;
  const frameworkItems = saved?.frameworkItems ?? options.frameworkItems ?? 300;
  const now = core.iso();
  // Seeded even when a saved state replaces the data: the fixtures (ids) and clients come from the seed.
  const { clients, application } = seedClients(state, seed, now);
  const fixtures: MockFixtures = {
    roster: seedRoster(state, seed, now, resolved.baseUrl),
    case: seedCase(state, seed, frameworkItems, resolved.baseUrl),
    application,
  };
  if (saved) {
    // docs/decisions.md#d-mock-state-file: the saved data replaces the seeded data; what is derived from it is rebuilt.
    Object.assign(state, saved.state, { requests: state.requests, errors: state.errors });
    for (const token of state.tokens) core.tokensByValue.set(token.token, token);
    for (const key of Object.keys(clients) as (keyof MockClients)[]) {
      clients[key] = state.clients.get(clients[key].clientId) ?? clients[key];
    }
    core.deliveries.restore();
  }

  const faults = new Faults(core);
  const lti = createMockLti(core, () => clients.application.clientId);
  const router = buildRouter();
  // The launch key set, public like the platform's (openapi/lti.yaml; docs/decisions.md#d-mock-lti-launcher).
  router.on('GET', '/.well-known/jwks.json', async () =>
    json(200, await lti.keySet(), { 'cache-control': 'max-age=300' }),
  );
  const basePath = trimSlash(new URL(resolved.baseUrl).pathname);
  const tokenPath = `${trimSlash(new URL(resolved.authUrl).pathname)}/oauth2/token`;
  // Ends the hung requests at close(): `hang` waits for it or for the client to leave.
  const closing = new AbortController();
  let mswHandlers: HttpHandler[] | undefined;

  /** The path below the base path, or undefined for a request outside it. */
  const routePath = (pathname: string): string | undefined => {
    if (pathname === tokenPath || pathname === `${tokenPath}/`) return '/oauth2/token';
    if (basePath === '') return pathname;
    if (pathname === basePath || pathname.startsWith(`${basePath}/`))
      return pathname.slice(basePath.length) || '/';
    return undefined;
  };

  const route = async (request: Request, url: URL, path: string): Promise<Response> => {
    const area = areaOf(path);
    const match = router.match(request.method, path);
    if (match.kind === 'none') return errorResponse(area, 404, `No operation at ${request.method} ${path}`);
    if (match.kind === 'method') {
      return errorResponse(area, 405, `${request.method} is not allowed on ${path}`, undefined, {
        allow: match.allowed.join(', '),
      });
    }
    try {
      // The whole body, within the route's limit, before the handler runs: nothing is stored from a body that
      // turns out too large (docs/decisions.md#d-mock-limits).
      const chunks = await bufferBodyWithin(request, match.maxBodyBytes);
      const read =
        chunks === null
          ? request
          : new Request(request, { body: streamOf(chunks), duplex: 'half' } as RequestInit);
      return await match.handler({ core, request: read, query: url.searchParams }, match.params);
    } catch (error) {
      if (!(error instanceof HttpError)) state.errors.push({ label: `${request.method} ${path}`, error });
      return renderError(area, error);
    }
  };

  const hosts = hostPolicy([resolved.baseUrl, resolved.authUrl], options.allowedHosts);

  /** A 414 or 400 for a request line refused before faults and routing (docs/decisions.md#d-mock-host). */
  const refuseRequestLine = (request: Request, url: URL, path: string): Response | undefined => {
    const length = url.pathname.length + url.search.length;
    if (length > MAX_TARGET_LENGTH) {
      return errorResponse(
        areaOf(path),
        414,
        `the request target (path and query) is ${length} characters; the platform accepts at most ${MAX_TARGET_LENGTH}`,
      );
    }
    const host = request.headers.get('host');
    const problem = host === null ? undefined : hostProblem(host, url.hostname, hosts);
    return problem ? errorResponse(areaOf(path), 400, problem) : undefined;
  };

  const requestLogSize = Math.max(1, options.requestLogSize ?? 10_000);

  const rawResponse = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const below = routePath(url.pathname);
    const path = below ?? url.pathname;
    const log = (status: number, fault?: string) => {
      // A target refused for its length (414) is logged by its beginning, so a log line stays a line.
      const logged = status === 414 && path.length > 100 ? `${path.slice(0, 100)}...` : path;
      const entry = {
        method: request.method,
        path: logged,
        status,
        at: clock.now(),
        ...(fault ? { fault } : {}),
      };
      state.requests.push(entry);
      // Never more than `requestLogSize` entries, as documented: the oldest goes (V8 trims an array's front in
      // place, so this stays O(1) per request; docs/decisions.md#d-mock-hostile-input).
      while (state.requests.length > requestLogSize) state.requests.shift();
      options.onRequest?.(entry);
    };
    const refused = refuseRequestLine(request, url, path);
    if (refused) {
      log(refused.status);
      return refused;
    }
    // A fault that looks at the body reads a copy; the route reads the request itself.
    const body = faults.wantsBody(request.method, path) ? await request.clone().text() : undefined;
    const fault = faults.take(request.method, path, body);
    if (fault?.kind === 'hang') {
      log(0, 'hang');
      // Held until the client aborts (or the platform closes); the caller's timeout is what ends it.
      await until(AbortSignal.any([request.signal, closing.signal]));
      return Response.error();
    }
    if (fault && 'delayMs' in fault && fault.delayMs) await until(request.signal, fault.delayMs);
    if (fault?.kind === 'reset') {
      log(0, 'reset');
      return Response.error();
    }
    if (fault?.kind === 'respond') {
      log(fault.response.status, 'status');
      return fault.response;
    }
    const response =
      below === undefined
        ? errorResponse(
            areaOf(path),
            404,
            `${url.pathname} is outside the platform's base URL ${resolved.baseUrl}`,
          )
        : await route(request, url, path);
    log(response.status);
    return response;
  };

  const handle = async (request: Request): Promise<Response> => {
    let response: Response;
    try {
      response = await rawResponse(request);
    } catch (error) {
      // A bug outside the routes (a fault, the log callback): a 500 that names it, never a thrown promise.
      state.errors.push({ label: `${request.method} ${request.url}`, error });
      response = renderError('platform', error);
    }
    return withRequestId(request, response);
  };

  const platform: MockPlatform = {
    baseUrl: resolved.baseUrl,
    authUrl: resolved.authUrl,
    get handlers() {
      mswHandlers ??= createMswHandlers(
        { baseUrl: resolved.baseUrl, authUrl: resolved.authUrl, handle },
        options.msw ?? loadMsw(),
      );
      return mswHandlers;
    },
    clock,
    clients,
    fixtures,
    state,
    faults,
    lti,
    handle,
    emit: ((type: WebhookEventType, data: Record<string, unknown>, emitOptions: EmitOptions = {}) => {
      const raised = emittedData(type, data);
      return raised === undefined ? undefined : core.raise(type, raised, emitOptions).envelope;
    }) as MockPlatform['emit'],
    developerToken(tokenOptions = {}) {
      const id = tokenOptions.developerId ?? application.developerId;
      const developer = state.developers.get(id) ?? {
        id,
        email: `${id}@developers.learnkit.test`,
        manageWebhooks: new Set(tokenOptions.manageWebhooks),
      };
      state.developers.set(id, developer);
      return issueToken(core, developer, [], 'developer-sso', tokenOptions.ttlSec).token;
    },
    accessToken(client, scopes) {
      const clientId = typeof client === 'string' ? client : client.clientId;
      const found = state.clients.get(clientId);
      if (!found) throw new TypeError(`unknown client ${clientId}`);
      return issueToken(core, found, scopes ?? found.scopes, 'test-helper').token;
    },
    snapshot: () => snapshotState(state),
    saveState: () => encodeState(state, { seed, frameworkItems, baseUrl: resolved.baseUrl }),
    async listen(listenOptions) {
      const { listen } = await import('./adapters/node-server.js');
      return listen(handle, listenOptions);
    },
    close() {
      clock.stop();
      closing.abort();
    },
  };
  return platform;
}
