import type { Core } from './core.js';
import { nestsDeeperThanValue } from './internal/body.js';
import { MAX_JSON_DEPTH } from './internal/limits.js';
import { areaOf, errorResponse, json } from './internal/responses.js';

/** A fault to inject into the next matching requests. */
export type FaultSpec = {
  /** HTTP method to match (any when omitted). */
  method?: string;
  /** Path to match: a string is an exact path (`*` matches any run of characters), a RegExp is tested on the path. */
  path?: string | RegExp;
  /** How many matching requests the fault applies to (default 1; `Infinity` for all). */
  times?: number;
  /** Respond with this status and the area's error body (or `body`). */
  status?: number;
  /** `Retry-After` header value: seconds, or an HTTP date. */
  retryAfter?: number | string;
  /** A JSON body to respond with instead of the area's error body. */
  body?: unknown;
  /** Never respond: the request hangs until the client gives up (aborts). */
  hang?: true;
  /** Reset the connection: a network error for the client. */
  reset?: true;
  /** Respond with a body that is not JSON (`text/html`), status 200 unless `status` says otherwise. */
  nonJson?: true;
  /**
   * response the headers (status 200 unless `status` says otherwise, JSON content type) and the first bytes of a body,
   * then nothing more: the body stalls until the client gives up on it. Needs a transport that streams responds, as
   * MSW does; `listen()` writes a response whole, so there the headers wait with the body.
   */
  stallBody?: true;
  /**
   * response a redirect to this URL (absolute, or relative to the request), with status 307 unless `status` says
   * 301, 302, 303 or 308. Point it at another origin to check that no credential follows.
   */
  redirectTo?: string;
  /** Wait this many real milliseconds before responding (or before the normal handling, when nothing else is set). */
  delayMs?: number;
  /**
   * Lapse this many milliseconds of the platform's clock after the fault is injected, however many `times` it has
   * left: with `times: Infinity`, "the ingest responds with 503 for 2 minutes" (a manual clock moves with the test's).
   */
  forMs?: number;
  /** Only requests whose body contains this text (an event id, say): "the ingest refuses this one event". */
  bodyIncludes?: string;
};

/** A fault as stored, with the requests it has left. */
export type ActiveFault = FaultSpec & {
  /** A sequence number of the platform's faults, from 1. */
  id: number;
  /** How many more matching requests it applies to; it is removed when this reaches 0. */
  remaining: number;
  /** How many requests it has matched so far. */
  hits: number;
  /** With `forMs`: when it lapses, in ms on the platform's clock. */
  expiresAt?: number;
};

/** Which tokens `revokeTokens` revokes (docs/decisions.md#d-revoke-tokens-filter). */
export type RevokeFilter = {
  /** Only tokens issued to this client (any client when omitted). */
  clientId?: string | undefined;
  /** Only client-credentials or only developer tokens (both when omitted). */
  kind?: 'client' | 'developer' | undefined;
};

/** What the core does with a request a fault matched. */
export type FaultAction =
  | { kind: 'respond'; response: Response; delayMs?: number }
  | { kind: 'hang' }
  | { kind: 'reset'; delayMs?: number }
  | { kind: 'delay'; delayMs: number };

/** Fault injection: statuses, hangs, stalled bodies, redirects, resets, non-JSON bodies, delays, token revocation. */
export class Faults {
  readonly #core: Core;
  readonly #faults: ActiveFault[] = [];
  // Bodies stalled so far, ended by clear(): a reader of a copy (a contract check) would wait on them for ever.
  readonly #stalled = new Set<ReadableStreamDefaultController<Uint8Array>>();
  #next = 1;

  constructor(core: Core) {
    this.#core = core;
  }

  /** Makes the next `times` requests matching `method` and `path` fail as described; returns the stored fault. */
  inject(spec: FaultSpec): ActiveFault {
    const { status, redirectTo } = spec;
    const times = spec.times ?? 1;
    const refuse = (message: string) => {
      throw new RangeError(message);
    };
    if (!(times === Number.POSITIVE_INFINITY || (Number.isSafeInteger(times) && times > 0)))
      refuse('times must be a positive whole number (or Infinity: for every matching request)');
    // The stored fault gets a response by `GET /__learnkit-mock/faults`: a body deeper than the platform reads would
    // fail there for every later caller (docs/decisions.md#d-mock-hostile-input).
    if (spec.body !== undefined && nestsDeeperThanValue(spec.body, MAX_JSON_DEPTH))
      refuse(
        `body must nest at most ${MAX_JSON_DEPTH} levels of arrays and objects (itself level 1); flatten it`,
      );
    if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599))
      refuse('status must be an HTTP status from 200 to 599');
    if (spec.stallBody && status !== undefined && NULL_BODY_STATUSES.has(status))
      refuse('a stalled body needs a status that carries a body (not 204, 205 or 304)');
    if (redirectTo !== undefined && (typeof redirectTo !== 'string' || redirectTo === ''))
      refuse('redirectTo must be a URL, absolute or relative to the request');
    if (redirectTo !== undefined && status !== undefined && !REDIRECT_STATUSES.has(status))
      refuse('status of a redirect must be 301, 302, 303, 307 or 308');
    if (spec.forMs !== undefined && !(typeof spec.forMs === 'number' && spec.forMs > 0))
      refuse('forMs must be a positive number of milliseconds');
    if (
      spec.bodyIncludes !== undefined &&
      !(typeof spec.bodyIncludes === 'string' && spec.bodyIncludes !== '')
    )
      refuse('bodyIncludes must be a non-empty string');
    const fault: ActiveFault = { ...spec, id: this.#next++, remaining: times, hits: 0 };
    if (spec.forMs !== undefined) fault.expiresAt = this.#core.clock.now() + spec.forMs;
    this.#faults.push(fault);
    return fault;
  }

  /** Revokes issued tokens (all, or those matching the filter): later calls with them get 401. Returns how many. */
  revokeTokens({ clientId, kind }: RevokeFilter = {}): number {
    const revoked = this.#core.state.tokens.filter(
      (token) =>
        !token.revoked && (!clientId || token.clientId === clientId) && (!kind || token.kind === kind),
    );
    for (const token of revoked) token.revoked = true;
    return revoked.length;
  }

  /** Removes every fault that has not run out, and ends the bodies stalled so far (a reader gets what was sent). */
  clear(): void {
    this.#faults.length = 0;
    for (const controller of this.#stalled) {
      try {
        controller.close();
      } catch {} // already cancelled by its reader
    }
    this.#stalled.clear();
  }

  /** The faults still waiting for requests. */
  active(): readonly ActiveFault[] {
    this.#lapse();
    return this.#faults;
  }

  /** Whether a fault that matches `method` and `pathname` looks at the body: then `take` needs it. */
  wantsBody(method: string, pathname: string): boolean {
    return this.#faults.some((fault) => fault.bodyIncludes !== undefined && matches(fault, method, pathname));
  }

  /** The action for a request, consuming one use of the first matching fault. */
  take(method: string, pathname: string, body?: string): FaultAction | undefined {
    this.#lapse();
    const index = this.#faults.findIndex(
      (fault) =>
        matches(fault, method, pathname) &&
        (fault.bodyIncludes === undefined || (body?.includes(fault.bodyIncludes) ?? false)),
    );
    if (index < 0) return undefined;
    const fault = this.#faults[index]!;
    fault.hits++;
    fault.remaining--;
    if (fault.remaining <= 0) this.#faults.splice(index, 1);
    return this.#actionOf(fault, pathname);
  }

  /** Removes the faults whose `forMs` has passed on the platform's clock. */
  #lapse(): void {
    const now = this.#core.clock.now();
    for (let i = this.#faults.length - 1; i >= 0; i--) {
      const expiresAt = this.#faults[i]?.expiresAt;
      if (expiresAt !== undefined && now >= expiresAt) this.#faults.splice(i, 1);
    }
  }

  /** What a request matched by `fault` gets. */
  #actionOf(fault: ActiveFault, pathname: string): FaultAction {
    const { status, delayMs } = fault;
    if (fault.hang) return { kind: 'hang' };
    if (fault.reset) return { kind: 'reset', delayMs };
    const headers: Record<string, string> =
      fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
    const respond = (response: Response): FaultAction => ({ kind: 'respond', response, delayMs });
    const plain = (body: BodyInit | null, status: number, own: Record<string, string> = {}) =>
      respond(new Response(body, { status, headers: { ...own, ...headers } }));
    if (fault.redirectTo !== undefined) return plain(null, status ?? 307, { location: fault.redirectTo });
    if (fault.stallBody)
      return plain(stalledBody(this.#stalled), status ?? 200, { 'content-type': 'application/json' });
    if (fault.nonJson) {
      const html = '<html><body><h1>502 Bad Gateway</h1><p>upstream hiccup</p></body></html>';
      return plain(html, status ?? 200, { 'content-type': 'text/html; charset=utf-8' });
    }
    if (status === undefined) return { kind: 'delay', delayMs: delayMs ?? 0 };
    if (NULL_BODY_STATUSES.has(status)) return plain(null, status);
    if (fault.body !== undefined) return respond(json(status, fault.body, headers));
    return respond(errorResponse(areaOf(pathname), status, `injected fault: ${status}`, undefined, headers));
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// These statuses cannot carry a body.
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
// What a stalled body sends before it stalls: the start of a JSON object, so a client that read it would fail to parse.
const STALLED_PREFIX = '{"stalled":';

/** A body that sends its first bytes and then nothing, until its reader cancels it or `clear()` ends it. */
function stalledBody(stalled: Set<ReadableStreamDefaultController<Uint8Array>>): ReadableStream<Uint8Array> {
  let own: ReadableStreamDefaultController<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      own = controller;
      stalled.add(controller);
      controller.enqueue(new TextEncoder().encode(STALLED_PREFIX));
    },
    cancel() {
      if (own) stalled.delete(own);
    },
  });
}

function matches(fault: ActiveFault, method: string, pathname: string): boolean {
  if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) return false;
  if (fault.path === undefined) return true;
  if (fault.path instanceof RegExp) return fault.path.test(pathname);
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  if (!fault.path.includes('*')) return trim(fault.path) === trim(pathname);
  const pattern = fault.path
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(pathname);
}
