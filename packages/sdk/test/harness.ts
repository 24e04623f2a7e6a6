import { attachContract, ContractRecorder, contractFetch, loadContract } from '@learnkit/contract';
import {
  createMockPlatform,
  type ListeningServer,
  type MockClient,
  type MockPlatform,
  type MockPlatformOptions,
} from '@learnkit/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createTokenCache, type FetchLike, LearnKit, type LearnKitOptions } from '../src/index';

/** How the tests reach the mock platform: MSW interception, or a loopback HTTP server. */
export type Mode = 'msw' | 'loopback';

const contract = loadContract();

/** One request as the SDK sent it (after the transport: auth header, query string, body). */
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string | null;
}

/** The activity configuration of the tests (the seeded platform's Math grade 3 course). */
export const TEST_CONFIG = {
  sensor: 'https://app.example.com',
  app: { name: 'SDK tests' },
  courses: [{ subject: 'Math', grade: 3, courseId: 'course-math-g3' }],
};

/**
 * A fresh mock platform per test, reached through `mode`. Every request and response is checked against
 * `openapi/` and a violation fails the test; `sent` lists every request the SDK made (token requests included).
 */
export function useSdkMock(mode: Mode, options: MockPlatformOptions = {}) {
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
    authUrl: '',
    sent,
    /** The `fetch` the SDK must use: the contract-checking wrapper on loopback, MSW's patched global otherwise. */
    fetch: undefined as FetchLike | undefined,
    /** Waits until the bodies of the requests sent so far are in `sent`. */
    async flush(): Promise<void> {
      while (reading.size > 0) await Promise.all([...reading]);
    },
    /** Token requests sent so far (both endpoints). */
    tokenRequests: () =>
      sent.filter(
        (r) => r.url.pathname.endsWith('/auth/1.0/token') || r.url.pathname.endsWith('/oauth2/token'),
      ),
    /** A LearnKit for a mock client (partner by default), isolated token cache, quick retries, no env. */
    lk(extra: Partial<LearnKitOptions> = {}, client?: MockClient): LearnKit {
      const who = client ?? ctx.platform.clients.partner;
      return new LearnKit({
        baseUrl: ctx.baseUrl,
        clientId: who.clientId,
        clientSecret: who.clientSecret,
        fetch: ctx.fetch,
        retry: { initialDelayMs: 1, maxDelayMs: 5 },
        logger: false,
        tokenCache: createTokenCache(),
        env: {},
        activity: { config: TEST_CONFIG },
        ...extra,
      });
    },
  };

  if (server) {
    const msw = server;
    msw.events.on('request:start', ({ request }) => {
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
  });

  afterEach(async () => {
    ctx.platform.close();
    await listening?.close();
    listening = undefined;
    await recorder.settled?.();
    recorder.assertClean();
  });

  return ctx;
}
