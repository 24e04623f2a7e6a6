import {
  attachContract,
  ContractRecorder,
  contractFetch,
  formatResult,
  loadContract,
} from '@learnkit/contract';
import type { FetchLike } from '@learnkit/core';
import {
  createMockPlatform,
  type ListeningServer,
  type MockPlatform,
  type MockPlatformOptions,
} from '@learnkit/mock';
import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** How a test reaches the mock platform: MSW interception in-process, or its loopback HTTP server. */
export type Mode = 'msw' | 'loopback';

/** One request as a client sent it (after the transport: auth header, query string, body). */
export interface Sent {
  /** The HTTP method. */
  method: string;
  /** The whole URL. */
  url: URL;
  /** The headers as sent. */
  headers: Headers;
  /** The body as text, or null when there was none. */
  body: string | null;
}

/** One webhook delivery attempt as the platform POSTed it, and the status it got (null: no response). */
export interface Delivery {
  /** Where it went: the subscription URL, or the platform's `forwardTo`. */
  url: string;
  /** The headers as sent, names in lower case (`x-service-webhook-signature`, ...). */
  headers: Record<string, string>;
  /** The body as sent (the signed bytes, as text). */
  body: string;
  /** The status the platform saw; null when the attempt failed without one (network error, time-out). */
  status: number | null;
}

/** What {@link usePlatform} takes besides the mode. */
export interface UsePlatformOptions {
  /**
   * Options of every test's fresh platform, or a function giving them when the test starts (for a value that
   * exists only then, such as the `forwardTo` URL of a consumer the test listens on).
   */
  platform?: MockPlatformOptions | (() => MockPlatformOptions) | undefined;
  /** Exchanges (`METHOD url request|response`) the contract does not describe, such as a consumer endpoint. */
  ignore?: RegExp | undefined;
  /**
   * `test` (default): a fresh platform for each test. `file`: one platform for the whole file, for tests that
   * start processes against it once (a CLI, an MCP server); requests, deliveries and checks still reset per test.
   */
  scope?: 'test' | 'file' | undefined;
}

/** The loaded contract of openapi/, built once per process (compiling the schemas is the slow part). */
export const contract = loadContract();

/** The harness of one test file: a fresh platform per test, the requests sent, and the contract checks. */
export interface PlatformHarness {
  /** How this file reaches the platform. */
  mode: Mode;
  /** This test's platform (fresh in each `beforeEach`). */
  platform: MockPlatform;
  /** Where clients send API calls: the platform's base URL (MSW) or its server's URL (loopback). */
  baseUrl: string;
  /** Where clients ask for tokens. */
  authUrl: string;
  /** The `fetch` clients must use: the contract-checking recorder on loopback, undefined (MSW's global) otherwise. */
  fetch: FetchLike | undefined;
  /** Every request sent in this test, token requests included. */
  sent: Sent[];
  /** Every webhook delivery attempt the platform made in this test, in order. */
  deliveries: Delivery[];
  /** The operationIds whose exchanges passed the contract checks, over every test of the file so far. */
  covered: Set<string>;
  /** The MSW server (MSW mode only), for a test that adds a handler of its own (a consumer endpoint). */
  server: SetupServer | undefined;
  /** The contract checks of this test: one per request and one per response. */
  recorder: ContractRecorder;
  /** Waits until the bodies of the requests sent so far are in `sent` (MSW hands them over asynchronously). */
  flush(): Promise<void>;
  /** How many contract checks were made so far in this test. */
  contractChecks(): Promise<number>;
  /** Token requests sent so far (both token endpoints). */
  tokenRequests(): Sent[];
  /** Lets this test send requests outside the contract on purpose (responses are still checked). */
  allowBadRequests(): void;
  /** Lets this test get returns outside the contract on purpose, such as an injected fault (requests are still checked). */
  allowBadResponses(): void;
}

const isTokenPath = (url: URL) =>
  url.pathname.endsWith('/auth/1.0/token') || url.pathname.endsWith('/oauth2/token');

/**
 * Registers the hooks of one test file: a fresh mock platform per test, reached through `mode`, every request
 * and response checked against openapi/ (a violation fails the test), and every request collected in `sent`.
 *
 * @example
 * const ctx = usePlatform('msw');
 * it('reads a document', async () => { ... ctx.platform ... ctx.sent ... });
 */
export function usePlatform(mode: Mode, options: UsePlatformOptions = {}): PlatformHarness {
  const server = mode === 'msw' ? setupServer() : undefined;
  const recorder: ContractRecorder & { settled?: () => Promise<void> } = server
    ? attachContract(server, contract)
    : new ContractRecorder();
  const ignore = options.ignore;
  let listening: ListeningServer | undefined;
  let strictRequests = true;
  let strictResponses = true;
  const sent: Sent[] = [];
  const deliveries: Delivery[] = [];
  const reading = new Set<Promise<void>>();

  const ctx: PlatformHarness = {
    mode,
    platform: undefined as unknown as MockPlatform,
    baseUrl: '',
    authUrl: '',
    fetch: undefined,
    sent,
    deliveries,
    covered: new Set(),
    server,
    recorder,
    async flush() {
      while (reading.size > 0) await Promise.all([...reading]);
    },
    async contractChecks() {
      await recorder.settled?.();
      return recorder.results.length;
    },
    tokenRequests: () => sent.filter((request) => isTokenPath(request.url)),
    allowBadRequests() {
      strictRequests = false;
    },
    allowBadResponses() {
      strictResponses = false;
    },
  };

  if (server) {
    server.events.on('request:start', ({ request }) => {
      const copy = request.clone();
      const entry: Sent = {
        method: request.method,
        url: new URL(request.url),
        headers: new Headers(request.headers),
        body: null,
      };
      sent.push(entry);
      const read = copy.text().then((text) => {
        entry.body = text || null;
      });
      reading.add(read);
      void read.finally(() => reading.delete(read));
    });
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => server.close());
  }

  async function start(): Promise<void> {
    const given = typeof options.platform === 'function' ? options.platform() : options.platform;
    ctx.platform = createMockPlatform({ ...given, fetch: recordDeliveries(deliveries, given?.fetch) });
    if (server) {
      ctx.baseUrl = ctx.platform.baseUrl;
      ctx.authUrl = ctx.platform.authUrl;
      ctx.fetch = undefined;
    } else {
      listening = await ctx.platform.listen();
      ctx.baseUrl = listening.url;
      ctx.authUrl = listening.url;
      const checked = contractFetch(contract, recorder, globalThis.fetch);
      ctx.fetch = async (input, init) => {
        const request = new Request(input, init);
        sent.push({
          method: request.method,
          url: new URL(request.url),
          headers: new Headers(request.headers),
          body: request.body ? await request.clone().text() : null,
        });
        return checked(request);
      };
    }
  }

  async function stop(): Promise<void> {
    // Ends the bodies a fault left stalled (the recorder's copies would wait on them), then the platform.
    ctx.platform.faults.clear();
    ctx.platform.close();
    await listening?.close();
    listening = undefined;
  }

  if (options.scope === 'file') {
    beforeAll(start);
    afterAll(stop);
  }

  beforeEach(async () => {
    if (options.scope !== 'file') await start();
    sent.length = 0;
    deliveries.length = 0;
    strictRequests = true;
    strictResponses = true;
    recorder.clear();
    server?.resetHandlers(...ctx.platform.handlers);
  });

  afterEach(async () => {
    if (options.scope !== 'file') await stop();
    await recorder.settled?.();
    const allowed = (where: string) =>
      (ignore?.test(where) ?? false) ||
      (!strictRequests && where.endsWith('request')) ||
      (!strictResponses && where.endsWith('response'));
    const violations = recorder.violations().filter((result) => !allowed(result.where));
    for (const result of recorder.results)
      if (result.ok && result.operationId) ctx.covered.add(result.operationId);
    recorder.clear();
    if (violations.length > 0) throw new Error(violations.map(formatResult).join('\n\n'));
  });

  return ctx;
}

/**
 * The `fetch` of a platform's deliveries that records each attempt in `deliveries`: the test's own `fetch` when it
 * gives one, else `globalThis.fetch` looked up at each attempt (so MSW still intercepts, as the mock's default).
 */
function recordDeliveries(deliveries: Delivery[], given: typeof fetch | undefined): typeof fetch {
  return async (input, init) => {
    const delivery: Delivery = {
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers)),
      body: typeof init?.body === 'string' ? init.body : '',
      status: null,
    };
    deliveries.push(delivery);
    const response = await (given ?? globalThis.fetch)(input, init);
    delivery.status = response.status;
    return response;
  };
}
