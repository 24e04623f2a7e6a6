import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContractRecorder, contractFetch, formatResult, loadContract } from '@learnkit/contract';
import { HttpResponse, http } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import {
  createMockPlatform,
  type MockClient,
  type MockPlatform,
  type MockPlatformOptions,
} from '../../src/index.js';

/** How the tests reach the platform: MSW handlers in-process, or the loopback HTTP server. */
export type Transport = 'msw' | 'loopback';

/** A consumer endpoint's response to one delivery. */
export type Responder = (request: Request) => Response | Promise<Response>;

/** A delivery as a test consumer received it. */
export type Received = {
  url: string;
  headers: Headers;
  body: string;
  envelope: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
};

/** A parsed response. */
export type CannedResponse = { status: number; headers: Headers; body: unknown; text: string };

export const contract = loadContract();

/** Everything a behaviour test needs, the same whatever the transport. */
export type Harness = {
  transport: Transport;
  platform: MockPlatform;
  /** The URL the platform is reached at (MSW: the base URL; loopback: the server's URL). */
  url: string;
  /** A raw request to the platform, checked against the contract. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A request with JSON in and out. */
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<CannedResponse>;
  /** A token for `client` from `POST /auth/1.0/token`. */
  token(client: MockClient, scopes?: string[]): Promise<string>;
  /** Makes `url` a consumer endpoint; returns what it received. */
  consumer(url: string, responder?: Responder): Received[];
  /** Recreates the platform with options (and re-wires the transport). */
  restart(options?: MockPlatformOptions): Promise<void>;
  /** Lets this test send requests that break the contract on purpose (responses are still checked). */
  allowBadRequests(): void;
  /** Lets this test see responses outside the contract (injected faults, unknown paths). */
  allowBadResponses(): void;
  recorder: ContractRecorder;
};

/** Sets up a harness per test for `transport` and checks every exchange against the contract afterwards. */
export function useHarness(transport: Transport, defaults: MockPlatformOptions = {}): Harness {
  const recorder = new ContractRecorder();
  const responders = new Map<string, { responder: Responder; received: Received[] }>();
  let mswServer: SetupServer | undefined;
  let loopback: { url: string; close(): Promise<void> } | undefined;
  let consumerServer: Server | undefined;
  let consumerUrl = '';
  let strictRequests = true;
  let strictResponses = true;

  const receive = async (url: string, request: Request): Promise<Response> => {
    const entry = responders.get(url);
    if (!entry) return new Response('no consumer here', { status: 404 });
    const body = await request.clone().text();
    entry.received.push({ url, headers: new Headers(request.headers), body, envelope: JSON.parse(body) });
    return entry.responder(request);
  };

  const harness = {
    transport,
    recorder,
    url: '',
    platform: undefined as unknown as MockPlatform,
    async fetch(path: string, init?: RequestInit) {
      return contractFetch(contract, recorder)(`${harness.url}${path}`, init);
    },
    async call(
      method: string,
      path: string,
      options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await harness.fetch(path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    async token(client: MockClient, scopes?: string[]) {
      const form = new URLSearchParams({ grant_type: 'client_credentials' });
      if (scopes) form.set('scope', scopes.join(' '));
      const rawResponse = await harness.call('POST', '/auth/1.0/token', {
        body: form.toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
        },
      });
      expect(rawResponse.status).toBe(200);
      return (rawResponse.body as { access_token: string }).access_token;
    },
    consumer(url: string, responder: Responder = () => new Response(null, { status: 204 })) {
      const received: Received[] = [];
      responders.set(url, { responder, received });
      if (transport === 'msw') {
        mswServer!.use(
          http.post(url, async ({ request }) => {
            const response = await receive(url, request);
            return response.type === 'error' ? HttpResponse.error() : response;
          }),
        );
      }
      return received;
    },
    async restart(options: MockPlatformOptions = {}) {
      await stopPlatform();
      await startPlatform({ ...defaults, ...options });
    },
    allowBadRequests() {
      strictRequests = false;
    },
    allowBadResponses() {
      strictResponses = false;
    },
  };

  async function startPlatform(options: MockPlatformOptions) {
    if (transport === 'msw') {
      harness.platform = createMockPlatform(options);
      mswServer!.resetHandlers(...harness.platform.handlers);
      for (const [url] of responders) {
        mswServer!.use(
          http.post(url, async ({ request }) => {
            const response = await receive(url, request);
            return response.type === 'error' ? HttpResponse.error() : response;
          }),
        );
      }
      harness.url = harness.platform.baseUrl;
    } else {
      // Loopback deliveries go through --forward-to to a real local consumer that routes by the original URL.
      harness.platform = createMockPlatform({ forwardTo: consumerUrl, ...options });
      loopback = await harness.platform.listen();
      harness.url = loopback.url;
    }
  }

  async function stopPlatform() {
    harness.platform?.close();
    await loopback?.close();
    loopback = undefined;
  }

  beforeAll(async () => {
    if (transport === 'msw') {
      const server = setupServer();
      server.listen({ onUnhandledRequest: 'error' });
      mswServer = server;
    } else {
      consumerServer = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', async () => {
          const original = String(req.headers['x-learnkit-forwarded-from'] ?? '');
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers))
            if (typeof value === 'string') headers.set(name, value);
          const request = new Request(original || 'http://invalid.test/', {
            method: 'POST',
            headers,
            body: Buffer.concat(chunks),
          });
          const response = await receive(original, request);
          if (response.type === 'error') {
            req.socket.destroy();
            return;
          }
          const out: Record<string, string> = {};
          response.headers.forEach((value, name) => {
            out[name] = value;
          });
          res.writeHead(response.status, out);
          res.end(Buffer.from(await response.arrayBuffer()));
        });
      });
      await new Promise<void>((resolve) => consumerServer!.listen(0, '127.0.0.1', resolve));
      consumerUrl = `http://127.0.0.1:${(consumerServer.address() as AddressInfo).port}/forwarded`;
    }
  });

  beforeEach(async () => {
    recorder.clear();
    responders.clear();
    strictRequests = true;
    strictResponses = true;
    await startPlatform(defaults);
  });

  afterEach(async () => {
    await stopPlatform();
    mswServer?.resetHandlers();
    const violations = recorder.violations().filter((result) => {
      const isResponse = result.where.endsWith('response');
      return isResponse ? strictResponses : strictRequests;
    });
    if (violations.length > 0) throw new Error(violations.map(formatResult).join('\n\n'));
  });

  afterAll(async () => {
    mswServer?.close();
    consumerServer?.closeAllConnections();
    await new Promise<void>((resolve) =>
      consumerServer ? consumerServer.close(() => resolve()) : resolve(),
    );
  });

  return harness;
}
