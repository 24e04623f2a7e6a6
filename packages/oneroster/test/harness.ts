import { attachContract, ContractRecorder, contractFetch, loadContract } from '@learnkit/contract';
import {
  clientCredentials,
  createHttpClient,
  createTokenCache,
  type HttpClient,
  type HttpClientOptions,
} from '@learnkit/core';
import {
  createMockPlatform,
  type ListeningServer,
  type MockClient,
  type MockPlatform,
  type MockPlatformOptions,
} from '@learnkit/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createOneRosterClient, type OneRosterClient } from '../src/index';

/** How the tests reach the mock platform: MSW interception, or a loopback HTTP server. */
export type Mode = 'msw' | 'loopback';

const contract = loadContract();

/** One request as the SDK sent it (after the transport: auth header, query string, body). */
export interface Sent {
  method: string;
  url: URL;
  body: string | null;
}

/**
 * A fresh mock platform per test, reached through `mode`; every request and response is checked against
 * openapi/ and a violation fails the test. `sent` lists the platform requests (token requests included).
 */
export function useOneRosterMock(mode: Mode, options: MockPlatformOptions = {}) {
  const server = mode === 'msw' ? setupServer() : undefined;
  const recorder: ContractRecorder & { settled?: () => Promise<void> } = server
    ? attachContract(server, contract)
    : new ContractRecorder();
  let listening: ListeningServer | undefined;
  const sent: Sent[] = [];
  const reading = new Set<Promise<void>>();

  const ctx = {
    mode,
    platform: undefined as unknown as MockPlatform,
    baseUrl: '',
    sent,
    /** The contract checks made so far in this test (one per request, one per response). */
    async contractChecks(): Promise<number> {
      await recorder.settled?.();
      return recorder.results.length;
    },
    /** Waits until the bodies of the requests sent so far are in `sent` (MSW hands them over asynchronously). */
    async flush(): Promise<void> {
      while (reading.size > 0) await Promise.all([...reading]);
    },
    /** Requests to the OneRoster API (no token requests) since the test began. */
    apiRequests: () => sent.filter((request) => request.url.pathname.startsWith('/ims/oneroster/')),
    /** The operationIds whose request the contract checker passed, over every test of the file so far. */
    covered: new Set<string>(),
    /** The `fetch` the SDK must use: the contract-checking wrapper on loopback, MSW's patched global otherwise. */
    fetch: undefined as HttpClientOptions['fetch'],
    /** Core HTTP client options for a mock client, with quick retries so fault tests stay fast. */
    options(client?: MockClient, extra: Partial<HttpClientOptions> = {}): HttpClientOptions {
      const who = client ?? ctx.platform.clients.partner;
      return {
        baseUrl: ctx.baseUrl,
        auth: clientCredentials({
          tokenUrl: `${ctx.baseUrl}/auth/1.0/token`,
          clientId: who.clientId,
          clientSecret: who.clientSecret,
          style: 'basic',
          cache: createTokenCache(),
          fetch: ctx.fetch,
        }),
        retry: { initialDelayMs: 1, maxDelayMs: 5 },
        fetch: ctx.fetch,
        logger: false,
        ...extra,
      };
    },
    /** A core HTTP client for the partner (what the umbrella would share). */
    http(extra: Partial<HttpClientOptions> = {}): HttpClient<object> {
      return createHttpClient(ctx.options(undefined, extra));
    },
    /** A OneRoster client for the partner. */
    client(extra: Partial<HttpClientOptions> = {}): OneRosterClient {
      return createOneRosterClient(ctx.options(undefined, extra));
    },
  };

  // The contract check is built once per file; the platform is fresh per test.
  if (server) {
    const msw = server;
    msw.events.on('request:start', ({ request }) => {
      const copy = request.clone();
      const entry: Sent = { method: request.method, url: new URL(request.url), body: null };
      sent.push(entry);
      const read = copy.text().then((text) => {
        entry.body = text || null;
      });
      reading.add(read);
      void read.finally(() => reading.delete(read));
    });
    beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => msw.close());
  }

  beforeEach(async () => {
    ctx.platform = createMockPlatform(options);
    sent.length = 0;
    recorder.clear();
    if (server) {
      server.resetHandlers(...ctx.platform.handlers);
      ctx.baseUrl = ctx.platform.baseUrl;
      ctx.fetch = undefined;
    } else {
      listening = await ctx.platform.listen();
      ctx.baseUrl = listening.url;
      const checked = contractFetch(contract, recorder, globalThis.fetch);
      ctx.fetch = async (input, init) => {
        const request = new Request(input, init);
        sent.push({
          method: request.method,
          url: new URL(request.url),
          body: request.body ? await request.clone().text() : null,
        });
        return checked(request);
      };
    }
  });

  afterEach(async () => {
    ctx.platform.close();
    await listening?.close();
    listening = undefined;
    await recorder.settled?.();
    recorder.assertClean();
    for (const result of recorder.results) if (result.operationId) ctx.covered.add(result.operationId);
  });

  return ctx;
}
