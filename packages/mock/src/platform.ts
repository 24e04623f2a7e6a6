import type { HttpHandler } from 'msw';
import { createMswHandlers, loadMsw, type MswModule } from './adapters/msw.js';
import type { ListeningServer, ListenOptions } from './adapters/node-server.js';
import type { EventType, InsightEventType } from './catalogue.js';
import { type ClockMode, type MockClock, VirtualClock } from './clock.js';
import { type Core, isoSeconds, type ResolvedOptions } from './core.js';
import { DeliveryEngine } from './deliveries.js';
import { type EmitOptions, emittedData, raiseEvent } from './events.js';
import { Faults } from './faults.js';
import { HttpError } from './internal/http-error.js';
import { areaOf, errorResponse, renderError } from './internal/responses.js';
import { Router } from './internal/router.js';
import { registerApplications } from './routes/applications.js';
import { registerAuth } from './routes/auth.js';
import { registerCaliper } from './routes/caliper.js';
import { registerCase } from './routes/case.js';
import type { RequestContext } from './routes/context.js';
import { registerInsights } from './routes/insights.js';
import { registerOneRoster } from './routes/oneroster.js';
import { registerRostering } from './routes/rostering.js';
import { registerWebhooks } from './routes/webhooks.js';
import { type CaseFixtures, seedCase } from './seed/case.js';
import { type ApplicationFixtures, type MockClients, seedClients } from './seed/clients.js';
import { type RosterFixtures, seedRoster } from './seed/roster.js';
import {
  createState,
  type Delivery,
  type DeliveryAttempt,
  type MockClient,
  type MockState,
  type RequestLogEntry,
  snapshotState,
  type WebhookEnvelope,
} from './state.js';
import { issueClientToken, issueDeveloperToken } from './tokens.js';

/** Options of `createMockPlatform`. */
export type MockPlatformOptions = {
  /** The platform's base URL (default `https://api.learnkit.test`); MSW intercepts it, responses link to it. */
  baseUrl?: string;
  /** The identity provider's address: `${authUrl}/oauth2/token` (default: the base URL). */
  authUrl?: string;
  /** `manual` (default: time moves only with `clock.advance`), `realtime`, or `fast` (scheduled waits 60x shorter). */
  clock?: ClockMode;
  /** Start of a manual clock (default: now, whole seconds). */
  startTime?: number | Date;
  /** Seed of the generated data (default 1). */
  seed?: number;
  /** Items of the seeded CASE framework (default 300). */
  frameworkItems?: number;
  /** Access token lifetime in seconds (default 3600). */
  tokenTtlSec?: number;
  /** Delay from a change to the outbox drain that dispatches it (default 60 000 ms). */
  outboxDelayMs?: number;
  /** How long a rotated-out signing secret keeps signing in-flight deliveries (default 24 h on the mock clock). */
  rotationWindowMs?: number;
  /** How long a consumer may take to answer, in real milliseconds (default 10 000). */
  deliveryTimeoutMs?: number;
  /** Delivery attempts before a delivery is dead and its subscription disabled (default 8). */
  maxDeliveryAttempts?: number;
  /** Retry backoff: first delay and cap (default 10 min doubling to 6 h). */
  retryBackoffMs?: {
    /** Delay before the second attempt, in mock-clock ms (default 600,000: 10 min); doubles per attempt. */
    initial?: number;
    /** Longest delay between attempts, in mock-clock milliseconds (default 21,600,000: 6 h). */
    max?: number;
  };
  /** Send every delivery here instead of the subscription URL (what the CLI's `--forward-to` sets). */
  forwardTo?: string;
  /** The `fetch` deliveries use (default: `globalThis.fetch`, looked up at each attempt so MSW intercepts it). */
  fetch?: typeof fetch;
  /** Called after every delivery attempt, with the delivery and the attempt's outcome. */
  onDeliveryAttempt?: (delivery: Delivery, attempt: DeliveryAttempt) => void;
  /** Called after every request the platform answers. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * How many entries `state.requests` keeps, newest last (default 10,000), so a long-running `learnkit-mock serve`
   * or a benchmark does not grow without bound. Use `onRequest` to see every request.
   */
  requestLogSize?: number;
  /** The `msw` module for `.handlers` (default: loaded on first use). */
  msw?: MswModule;
};

/** Well-known ids of the seeded data. */
export type MockFixtures = {
  /** Ids of the seeded CASE framework and Course Sequence. */
  case: CaseFixtures;
  /** Ids of the seeded districts, schools, courses, classes and users. */
  roster: RosterFixtures;
  /** Ids of the seeded application and the developer who registered it. */
  application: ApplicationFixtures;
};

/** Options of `developerToken`. */
export type DeveloperTokenOptions = {
  /** The developer (default: the one who registered the seeded application and holds its `app:manage_webhooks` grant). */
  developerId?: string;
  /** For a new developer: the applications on which they hold `app:manage_webhooks` (default none). */
  manageWebhooks?: string[];
  /** Lifetime in seconds (default: the token lifetime). */
  ttlSec?: number;
};

/** The mock platform: state, clock, credentials, faults and the two transports over one `handle`. */
export type MockPlatform = {
  /** The base URL the platform answers on. */
  readonly baseUrl: string;
  /** The identity provider's address (`${authUrl}/oauth2/token`). */
  readonly authUrl: string;
  /** MSW request handlers: `setupServer(...platform.handlers)`. */
  readonly handlers: HttpHandler[];
  /** The clock every time in the mock comes from. */
  readonly clock: MockClock;
  /** Credentials the platform accepts. */
  readonly clients: MockClients;
  /** Ids of the seeded framework, roster and application. */
  readonly fixtures: MockFixtures;
  /** Everything the platform holds: tokens issued, events raised, deliveries and attempts, Caliper events, ... */
  readonly state: MockState;
  /** Fault injection and token revocation. */
  readonly faults: Faults;
  /** Answers one request (both transports call this). */
  handle(request: Request): Promise<Response>;
  /**
   * Raises an insight finding's event as the platform would: returns its envelope, or `undefined` when the
   * finding is in `SHADOW` (its stage when `data` pins no `rolloutState`), which produces no event. An omitted
   * `insightGroup` is the type's group, null for a type without one.
   */
  emit(
    type: InsightEventType,
    data: Record<string, unknown>,
    options?: EmitOptions,
  ): WebhookEnvelope | undefined;
  /**
   * Raises a catalogue event as the platform would and returns its envelope. `data` holds exactly the members
   * the catalogue lists for `type` (references only); anything else throws a `TypeError`.
   */
  emit(
    type: Exclude<EventType, InsightEventType>,
    data: Record<string, unknown>,
    options?: EmitOptions,
  ): WebhookEnvelope;
  /** Raises a catalogue event as the platform would: its envelope, or `undefined` for an insight in `SHADOW`. */
  emit(type: EventType, data: Record<string, unknown>, options?: EmitOptions): WebhookEnvelope | undefined;
  /** A developer single-sign-on token for the developer-tool path of the webhook operations. */
  developerToken(options?: DeveloperTokenOptions): string;
  /** Issues an access token without a token request (for tests that do not exercise the token endpoint). */
  accessToken(client: MockClient | string, scopes?: string[]): string;
  /** A deep plain copy of the stored data, for before/after comparisons. */
  snapshot(): Record<string, unknown>;
  /** Serves the platform on a loopback HTTP server. */
  listen(options?: ListenOptions): Promise<ListeningServer>;
  /** Stops real timers and releases hung requests (servers from `listen` close separately). */
  close(): void;
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function resolveOptions(options: MockPlatformOptions): ResolvedOptions {
  const baseUrl = trimSlash(options.baseUrl ?? 'https://api.learnkit.test');
  return {
    baseUrl,
    authUrl: trimSlash(options.authUrl ?? baseUrl),
    tokenTtlSec: options.tokenTtlSec ?? 3600,
    outboxDelayMs: options.outboxDelayMs ?? 60_000,
    rotationWindowMs: options.rotationWindowMs ?? 24 * 3_600_000,
    deliveryTimeoutMs: options.deliveryTimeoutMs ?? 10_000,
    maxAttempts: options.maxDeliveryAttempts ?? 8,
    initialBackoffMs: options.retryBackoffMs?.initial ?? 10 * 60_000,
    maxBackoffMs: options.retryBackoffMs?.max ?? 6 * 3_600_000,
    forwardTo: options.forwardTo,
    fetch: options.fetch,
    onDeliveryAttempt: options.onDeliveryAttempt,
  };
}

function buildRouter(): Router<RequestContext> {
  const router = new Router<RequestContext>();
  registerAuth(router);
  registerCase(router);
  registerOneRoster(router);
  registerWebhooks(router);
  registerCaliper(router);
  registerRostering(router);
  registerApplications(router);
  registerInsights(router);
  return router;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Creates an in-memory platform with seeded data, a drivable clock, credentials and fault injection. */
export function createMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  const resolved = resolveOptions(options);
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
  core.raise = (type, data, emitOptions = {}) =>
    raiseEvent(core, type, data, emitOptions, (event) => core.deliveries.enqueue(event));

  const seed = options.seed ?? 1;
  const now = core.iso();
  const { clients, application } = seedClients(state, seed, now);
  const fixtures: MockFixtures = {
    roster: seedRoster(state, seed, now, resolved.baseUrl),
    case: seedCase(state, seed, options.frameworkItems ?? 300, resolved.baseUrl),
    application,
  };

  const faults = new Faults(core);
  const router = buildRouter();
  const basePath = trimSlash(new URL(resolved.baseUrl).pathname);
  const tokenPath = `${trimSlash(new URL(resolved.authUrl).pathname)}/oauth2/token`;
  const hangs = new Set<() => void>();
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
      return await match.handler({ core, request, query: url.searchParams }, match.params);
    } catch (error) {
      if (!(error instanceof HttpError)) state.errors.push({ label: `${request.method} ${path}`, error });
      return renderError(area, error);
    }
  };

  const requestLogSize = Math.max(1, options.requestLogSize ?? 10_000);

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const below = routePath(url.pathname);
    const path = below ?? url.pathname;
    const log = (status: number, fault?: string) => {
      const entry = { method: request.method, path, status, at: clock.now(), ...(fault ? { fault } : {}) };
      state.requests.push(entry);
      // Trim in batches: one splice per `requestLogSize` requests keeps the log O(1) per request.
      if (state.requests.length >= 2 * requestLogSize)
        state.requests.splice(0, state.requests.length - requestLogSize);
      options.onRequest?.(entry);
    };
    const fault = faults.take(request.method, path);
    if (fault?.kind === 'hang') {
      log(0, 'hang');
      // Held until the client aborts (or the platform closes); the caller's timeout is what ends it.
      return new Promise<Response>((resolve) => {
        const release = () => {
          hangs.delete(release);
          resolve(Response.error());
        };
        hangs.add(release);
        if (request.signal.aborted) release();
        else request.signal.addEventListener('abort', release, { once: true });
      });
    }
    if (fault && 'delayMs' in fault && fault.delayMs) await sleep(fault.delayMs, request.signal);
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
    handle,
    emit: ((type: EventType, data: Record<string, unknown>, emitOptions: EmitOptions = {}) => {
      const raised = emittedData(type, data);
      return raised === undefined ? undefined : core.raise(type, raised, emitOptions).envelope;
    }) as MockPlatform['emit'],
    developerToken(tokenOptions = {}) {
      const id = tokenOptions.developerId ?? application.developerId;
      let developer = state.developers.get(id);
      if (!developer) {
        developer = {
          id,
          email: `${id}@developers.learnkit.test`,
          manageWebhooks: new Set(tokenOptions.manageWebhooks ?? []),
        };
        state.developers.set(id, developer);
      }
      return issueDeveloperToken(core, developer, tokenOptions.ttlSec).token;
    },
    accessToken(client, scopes) {
      const clientId = typeof client === 'string' ? client : client.clientId;
      const found = state.clients.get(clientId);
      if (!found) throw new TypeError(`unknown client ${clientId}`);
      return issueClientToken(core, found, scopes ?? found.scopes, 'test-helper').token;
    },
    snapshot: () => snapshotState(state),
    async listen(listenOptions) {
      const { listen } = await import('./adapters/node-server.js');
      return listen(handle, listenOptions);
    },
    close() {
      clock.stop();
      for (const release of [...hangs]) release();
    },
  };
  return platform;
}
