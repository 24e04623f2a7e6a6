import { Buffer } from 'node:buffer';
import {
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ProxyAgent, type RequestInit as UndiciRequestInit, fetch as undiciFetch } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, type FetchLike } from '../src/index';
import { useSdkMock } from './harness';

// Behind an egress proxy (docs/core.md#behind-a-proxy, docs/decisions.md#d-egress-proxy): Node's fetch ignores
// HTTP_PROXY, so a partner passes LearnKit a `fetch` that goes through the proxy, here undici's ProxyAgent as the
// docs show it. The proxy below is a small forwarding HTTP proxy on loopback; the mock platform is its target.

/** One request the proxy forwarded: how it reached the proxy, and where it went. */
interface Proxied {
  /** `absolute-form`: `GET http://host/path`; `tunnel`: an origin-form request inside a CONNECT tunnel. */
  via: 'absolute-form' | 'tunnel';
  method: string;
  url: URL;
}

interface TestProxy {
  url: string;
  /** Every request forwarded, in order. */
  forwarded: Proxied[];
  /** The authorities CONNECT opened a tunnel to. */
  tunnels: string[];
  /** Requests refused for missing proxy credentials. */
  refused: number;
  close(): Promise<void>;
}

const USER = 'partner';
const PASSWORD = 'proxy-secret';
const CREDENTIALS = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

// Hop-by-hop headers and the proxy's own: not forwarded to the target.
const HOP = new Set(['connection', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'te', 'upgrade']);
const endToEnd = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP.has(name)));

/**
 * A forwarding proxy that asks for Basic credentials (407 without them). An absolute-form request
 * (`GET http://127.0.0.1:1234/path`) is forwarded to its URL. A CONNECT to an http:// target gets 200 and the
 * tunnel's bytes are read as HTTP by this same server, so the requests inside it are seen and forwarded too (a real
 * proxy sees only ciphertext in an https:// tunnel; the target here is plain HTTP on loopback).
 */
async function startProxy(): Promise<TestProxy> {
  const forwarded: Proxied[] = [];
  const tunnels: string[] = [];
  const tunnelTargets = new WeakMap<Socket, string>();
  let refused = 0;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const tunnel = tunnelTargets.get(request.socket);
    let url: URL;
    if (tunnel) {
      url = new URL(request.url ?? '/', `http://${tunnel}`);
    } else if (request.url?.startsWith('http://')) {
      if (request.headers['proxy-authorization'] !== CREDENTIALS) {
        refused++;
        response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
        return;
      }
      url = new URL(request.url);
    } else {
      response.writeHead(400).end('not a proxy request');
      return;
    }
    forwarded.push({ via: tunnel ? 'tunnel' : 'absolute-form', method: request.method ?? 'GET', url });
    const upstream = forward(
      url,
      { method: request.method, headers: { ...endToEnd(request.headers), host: url.host } },
      (rawResponse) => {
        response.writeHead(rawResponse.statusCode ?? 502, endToEnd(rawResponse.headers));
        rawResponse.pipe(response);
      },
    );
    upstream.on('error', (error) => response.writeHead(502).end(error.message));
    request.pipe(upstream);
  };

  const server: Server = createServer(handle);
  server.on('connect', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    if (request.headers['proxy-authorization'] !== CREDENTIALS) {
      refused++;
      socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const authority = request.url ?? '';
    tunnels.push(authority);
    tunnelTargets.set(socket, authority);
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.unshift(head);
    // The tunnel carries plain HTTP to an http:// target: let this server parse it.
    server.emit('connection', socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    tunnels,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ctx = useSdkMock('loopback');
let proxy: TestProxy;
beforeEach(async () => {
  proxy = await startProxy();
});
afterEach(() => proxy.close());

/** The `fetch` of docs/core.md#behind-a-proxy: undici's fetch with a ProxyAgent as its dispatcher. */
function proxiedFetch(agent: ProxyAgent): FetchLike {
  return async (url, init) => {
    const response = await undiciFetch(String(url), { ...init, dispatcher: agent } as UndiciRequestInit);
    return response as unknown as Response;
  };
}

/** A few calls of different families; the token request comes first. */
async function someCalls(fetch: FetchLike) {
  const lk = ctx.lk({ fetch });
  const { documentId } = ctx.platform.fixtures.case;
  const { student } = ctx.platform.fixtures.roster;
  const doc = await lk.case.documents.get(documentId);
  const user = await lk.rostering.users.get(student.sourcedId);
  const types = await lk.insights.types.list();
  expect(doc.sourcedId).toBe(documentId);
  expect(user.sourcedId).toBe(student.sourcedId);
  expect(types.data.length).toBeGreaterThan(0);
  return { documentId, studentId: student.sourcedId };
}

describe('behind a proxy: LearnKit with `fetch` through undici ProxyAgent', () => {
  for (const tunnel of [true, false]) {
    it(`sends every request, the token request included, through the proxy (${tunnel ? 'CONNECT, the default' : 'absolute-form, proxyTunnel: false'})`, async () => {
      const target = new URL(ctx.baseUrl);
      const proxyUrl = new URL(proxy.url);
      proxyUrl.username = USER;
      proxyUrl.password = PASSWORD;
      const agent = new ProxyAgent({ uri: proxyUrl.href, proxyTunnel: tunnel });
      try {
        const { documentId, studentId } = await someCalls(proxiedFetch(agent));
        const seen = proxy.forwarded.map((entry) => `${entry.method} ${entry.url.pathname}`);
        expect(seen).toEqual([
          'POST /auth/1.0/token',
          `GET /ims/case/v1p1/CFDocuments/${documentId}`,
          `GET /rostering/1.0/users/${studentId}`,
          'GET /insights/1.0/types',
        ]);
        expect(proxy.forwarded.every((entry) => entry.url.host === target.host)).toBe(true);
        expect(new Set(proxy.forwarded.map((entry) => entry.via))).toEqual(
          new Set([tunnel ? 'tunnel' : 'absolute-form']),
        );
        if (tunnel) expect(proxy.tunnels.length).toBeGreaterThan(0);
        expect(proxy.tunnels.every((authority) => authority === target.host)).toBe(true);
        expect(proxy.refused).toBe(0);
        // Nothing reached the platform but through the proxy: it responded exactly what the proxy forwarded.
        expect(ctx.platform.state.requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual(seen);
      } finally {
        await agent.close();
      }
    });
  }

  for (const tunnel of [true, false]) {
    it(`refused by the proxy (no credentials): a ConnectionError whose cause says 407, nothing reaches the platform (${tunnel ? 'CONNECT' : 'absolute-form'})`, async () => {
      const agent = new ProxyAgent({ uri: proxy.url, proxyTunnel: tunnel });
      try {
        const lk = ctx.lk({ fetch: proxiedFetch(agent), retry: false });
        const error = await lk.case.documents
          .get(ctx.platform.fixtures.case.documentId)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConnectionError);
        const causes: string[] = [];
        for (let cause = (error as Error).cause; cause instanceof Error; cause = cause.cause)
          causes.push(cause.message);
        expect(causes.join(' / ')).toMatch(/407/);
        expect(proxy.refused).toBe(1);
        expect(proxy.forwarded).toEqual([]);
        expect(ctx.platform.state.requests).toEqual([]);
      } finally {
        await agent.close();
      }
    });
  }
});
